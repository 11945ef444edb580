// `npm run build`: the production build through Vite's build API and Remix's Vite plugin
// (vite.config.ts): the browser's files into build/client, the server build into
// build/server/index.js, then the embedded engine's worker bundle beside the server build
// (scripts/build-engine-worker.mjs). The process ends on its own once the builds are written.
import fs from "node:fs";

import { build } from "vite";

const mode = (process.env.NODE_ENV ??= "production");
if (mode === "development") {
  console.error("npm run build makes the production build; for development run `npm run dev`.");
  process.exit(1);
}

try {
  const started = performance.now();
  fs.rmSync("build", { recursive: true, force: true });
  // The classic compiler's output directory, left by an older build: public/ is copied into the
  // browser build as it is.
  fs.rmSync("public/build", { recursive: true, force: true });
  // The browser build first: the server build reads the client's manifest it writes.
  await build({ mode, build: { ssr: false } });
  await build({ mode, build: { ssr: true } });
  // Vite's own manifests of the two builds: Remix has read them, and nothing serves them.
  for (const side of ["client", "server"]) fs.rmSync(`build/${side}/.vite`, { recursive: true, force: true });
  await import("./build-engine-worker.mjs");
  console.log(`[flowmap] built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
