// For a before/after: `BENCH_ENGINE_MODULE=<path to an engine entry, e.g. packages/engine/src/index.ts>` makes bench/event-loop.ts
// load this into the app's process (`node --import tsx --import`), which starts that engine in the
// app's own thread (how the app ran before the engine had a thread of its own) and points the
// app at it.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import type { startEngine as StartEngine } from "@flowmap/engine";

const engineModule = process.env.BENCH_ENGINE_MODULE;
if (engineModule) {
  const { startEngine } = (await import(pathToFileURL(resolve(engineModule)).href)) as { startEngine: typeof StartEngine };
  const engine = await startEngine({ dbPath: join(process.env.DATA_DIR ?? "data", "inproc"), port: 0, log: () => undefined });
  process.env.MONGODB_URI = `${engine.uri}/flowmap`;
}
