/**
 * Event-loop delay of the app process under a sign-in burst with 100k sessions stored.
 *
 *   npx tsx bench/event-loop.ts          (or the "event-loop" section of `npm run bench`)
 *
 * The app runs in a child process of its own (the production server build, loaded with Remix's
 * request handler; requests are handed to it in-process, so only the app's own work counts).
 * It stores 100,000 sessions, then signs one account in many times at once (real scrypt, real
 * session writes) while perf_hooks samples its event loop every 10 ms. Target: p99 < 20 ms.
 *
 * BENCH_ENGINE_MODULE=<path to an engine/index.ts> runs that engine in the app's own thread
 * instead (how the app ran before the engine had a thread of its own), for a before/after.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { startEngine as StartEngine } from "../engine/index";

const SESSIONS = 100_000;
const SIGN_INS = 32;
const CONCURRENCY = 8;
const TARGET_P99_MS = 20;
const PASSWORD = "bench-password-1";

interface Figures {
  p99: number;
  p50: number;
  idleP99: number;
  max: number;
  signIns: number;
  failed: number;
  seconds: number;
  engine: string;
}

async function child(): Promise<void> {
  const dataDir = process.env.DATA_DIR!;
  const engineModule = process.env.BENCH_ENGINE_MODULE;
  let engineLabel = "own thread";
  if (engineModule) {
    const { startEngine } = (await import(pathToFileURL(resolve(engineModule)).href)) as { startEngine: typeof StartEngine };
    const engine = await startEngine({ dbPath: join(dataDir, "inproc"), port: 0, log: () => undefined });
    process.env.MONGODB_URI = `${engine.uri}/flowmap`;
    engineLabel = "app's thread";
  }
  const { createRequestHandler } = await import("@remix-run/node");
  const build = (await import(pathToFileURL(resolve("build/index.js")).href)) as Parameters<typeof createRequestHandler>[0];
  const handle = createRequestHandler(build, "production");
  const { default: mongoose } = await import("mongoose");

  const post = (path: string, body: unknown) =>
    handle(new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }));
  const email = "bench@example.com";
  const registered = await post("/api/auth/register", { firstName: "Ben", lastName: "Ch", email, password: PASSWORD });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);

  const sessions = mongoose.connection.collection("sessions");
  const expire = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  for (let i = 0; i < SESSIONS; i += 5_000) {
    const now = new Date();
    await sessions.insertMany(
      Array.from({ length: 5_000 }, () => ({ _id: randomBytes(32).toString("base64url") as unknown as never, sess: {}, expire, userId: "bench-user", createdAt: now, updatedAt: now })),
      { ordered: false },
    );
  }
  if ((await sessions.estimatedDocumentCount()) < SESSIONS) throw new Error("sessions were not stored");
  await new Promise((r) => setTimeout(r, 1_500)); // settle after the fill

  // The machine's own noise: the same process, idle, for as long as a short burst.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 3_000));
  idle.disable();

  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SIGN_INS) {
        next++;
        const response = await post("/api/auth/login", { email, password: PASSWORD });
        if (response.status !== 200) failed++;
        await response.arrayBuffer();
      }
    }),
  );
  histogram.disable();
  const figures: Figures = {
    p99: histogram.percentile(99) / 1e6,
    p50: histogram.percentile(50) / 1e6,
    idleP99: idle.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    signIns: SIGN_INS,
    failed,
    seconds: (performance.now() - started) / 1000,
    engine: engineLabel,
  };
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
  process.kill(process.pid, "SIGTERM"); // the app's own clean shutdown
}

export async function runEventLoopBench(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "flowmap-bench-loop-"));
  try {
    const output = await new Promise<string>((done, fail) => {
      const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child"], {
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, MONGODB_URI: "" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let stdout = "";
      proc.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      proc.on("error", fail);
      proc.on("exit", () => done(stdout));
    });
    const line = output.split("\n").find((l) => l.startsWith("FIGURES "));
    if (!line) throw new Error(`the app process printed no figures:\n${output.slice(-2000)}`);
    const f = JSON.parse(line.slice("FIGURES ".length)) as Figures;
    const verdict = f.p99 < TARGET_P99_MS ? "meets" : "MISSES";
    return [
      `App event loop during ${f.signIns} sign-ins (${CONCURRENCY} at a time, ${f.failed} failed) with ${SESSIONS.toLocaleString("en-US")} sessions stored, engine in the ${f.engine}:`,
      `  event-loop delay p99 ${f.p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms: ${verdict}), p50 ${f.p50.toFixed(1)} ms, max ${f.max.toFixed(1)} ms, burst ${f.seconds.toFixed(1)} s`,
      `  (idle, same process, before the burst: p99 ${f.idleP99.toFixed(1)} ms: the machine's own noise)`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--child")) {
  await child();
} else if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  for (const line of await runEventLoopBench()) console.log(line);
}
