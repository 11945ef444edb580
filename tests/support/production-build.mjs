// The production build as tests/integration/build.test.ts checks it, shared with `npm test`
// (scripts/test.js): the suite builds once, before its Vitest stage, and the build test, the
// start-up test, the JavaScript budgets and the browser tests all use that one build. Run alone,
// the build and start-up tests make their own.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The variable through which `npm test` tells the Vitest stage where the record of its build is. */
export const SUITE_BUILD_ENV = "FLOWMAP_SUITE_BUILD";

const HOLD_EXIT = fileURLToPath(new URL("./hold-exit.mjs", import.meta.url));

/**
 * @typedef {{ status: number | null; output: string }} BuildResult
 * @typedef {BuildResult & { root: string }} BuildRecord
 */

/**
 * Runs `npm run build` (scripts/build.mjs) in `cwd` with the process held at its exit
 * (tests/support/hold-exit.mjs), in production mode with no other variable than PATH and HOME, and
 * waits for its end: "close" comes once the output pipes are closed by every holder, esbuild's
 * service included. With `echo`, the output is also written to this process's own as it comes.
 * @param {string} cwd
 * @param {{ echo?: boolean }} [options]
 * @returns {Promise<BuildResult>}
 */
export function buildHeldAtExit(cwd, { echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", HOLD_EXIT, "scripts/build.mjs"], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    /** @param {NodeJS.WriteStream} echoTo */
    const collect = (echoTo) => (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (echo) echoTo.write(chunk);
    };
    child.stdout.on("data", collect(process.stdout));
    child.stderr.on("data", collect(process.stderr));
    const killer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(killer);
      resolve({ status, output });
    });
  });
}

/**
 * Writes the record of a build made in `root` to `file`, for the Vitest stage that follows.
 * @param {string} file
 * @param {BuildRecord} record
 */
export function writeBuildRecord(file, record) {
  fs.writeFileSync(file, JSON.stringify(record));
}

/**
 * The build `npm test` made in `root` before this Vitest run, or null when there is none (a test
 * file run alone, `npm test -- unit`, or a record of another checkout).
 * @param {string} root
 * @returns {BuildResult | null}
 */
export function suiteBuild(root) {
  const file = process.env[SUITE_BUILD_ENV];
  if (!file || !fs.existsSync(file)) return null;
  /** @type {BuildRecord} */
  const record = JSON.parse(fs.readFileSync(file, "utf8"));
  if (path.resolve(record.root) !== path.resolve(root)) return null;
  return { status: record.status, output: record.output };
}
