// `npm run build`: the Remix production build (build/ and public/build/), then the engine's worker
// bundle (scripts/build-engine-worker.mjs).
//
// Remix's compiler runs here rather than through the `remix build` command, so that its esbuild
// contexts are disposed once the build is written. esbuild's service process (Go) waits at the end
// of its input until every open context is disposed, and meanwhile pings this process every second.
// `remix build` never disposes them and exits with `process.exit`: a ping left unanswered at that
// moment leaves the service with nothing able to run, and Go aborts with "fatal error: all
// goroutines are asleep - deadlock!" and a stack trace (docs/decisions/114). With the contexts
// disposed, the service ends as soon as this process does, whatever ping is in flight, and nothing
// keeps this process alive: it ends on its own, without an explicit exit.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// @remix-run/dev is pinned to an exact version in package.json: these are its compiler's modules.
const { readConfig } = require("@remix-run/dev/dist/config.js");
const remixCompiler = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logThrown } = require("@remix-run/dev/dist/compiler/utils/log.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");

const mode = (process.env.NODE_ENV ??= "production");
if (mode === "development") {
  console.error("npm run build makes the production build; for development run `npm run dev`.");
  process.exit(1);
}

async function buildApp() {
  const started = Date.now();
  logger.info(`building... (NODE_ENV=${mode})`);
  const config = await readConfig(process.cwd());
  fs.rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
  fs.mkdirSync(config.assetsBuildDirectory, { recursive: true });
  const compiler = await remixCompiler.create({ config, options: { mode, sourcemap: false }, fileWatchCache: createFileWatchCache(), logger });
  try {
    await compiler.compile();
  } finally {
    await compiler.dispose();
  }
  logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

try {
  await buildApp();
  await import("./build-engine-worker.mjs");
} catch (error) {
  logThrown(error);
  process.exitCode = 1;
}
