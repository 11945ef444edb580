// `npm run bench`: speed figures a reviewer can reproduce. Each part prints its own lines.
import { runAdminBench } from "./admin-users";
import { runBundleBench } from "./bundles";
import { runEngineBench } from "./engine";
import { runEventLoopBench } from "./event-loop";
import { runLighthouseBench } from "./lighthouse";
import { formatLoad, load, serveBuild } from "./http";
import { runSsrBench } from "./ssr";

async function pages() {
  const app = await serveBuild();
  try {
    // Warm up both paths so the first requests' compilation does not count.
    await load(app.url, "/", 1);
    await load(app.url, "/ping", 1);
    const landing = await load(app.url, "/");
    const constant = await load(app.url, "/ping");
    return [
      "Landing page against a constant route (autocannon, 10 connections, 8 s each, production build):",
      `  ${formatLoad(landing)}`,
      `  ${formatLoad(constant)}`,
      `  landing / constant throughput: ${(landing.requestsPerSecond / constant.requestsPerSecond).toFixed(2)}`,
    ];
  } finally {
    await app.stop();
  }
}

async function main() {
  const only = process.argv[2];
  const sections: Array<[string, () => Promise<string[]>]> = [
    ["pages", pages],
    ["ssr", runSsrBench],
    ["bundles", runBundleBench],
    ["lighthouse", runLighthouseBench],
    ["engine", runEngineBench],
    ["event-loop", runEventLoopBench],
    ["flows", async () => (await import("./flows")).runFlowsBench()],
    ["admin", runAdminBench],
    ["model-path", async () => (await import("./model-path")).runModelPathBench()],
  ];
  for (const [name, run] of sections) {
    if (only && only !== name) continue;
    console.log(`\n== ${name} ==`);
    for (const line of await run()) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
