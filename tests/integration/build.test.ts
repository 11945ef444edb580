import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";

// `npm run build` (scripts/build.mjs) in a copy of the project, so that the build it writes is its
// own and not the one other tests (startup.test.ts) and the browser tests serve.
const PROJECT_FILES = [
  "app",
  "scripts/build.mjs",
  "scripts/build-engine-worker.mjs",
  "package.json",
  "vite.config.ts",
  "remix.options.js",
  "postcss.config.js",
  "tsconfig.json",
  "remix.env.d.ts",
  // The app serves the export's JSON Schema and builds the OpenAPI document from it.
  "docs/flow-export.schema.json",
];

// Holds the process at its exit for 1.5 s without running JavaScript, as a busy machine can: esbuild's
// service (Vite transpiles and minifies with it, and the engine worker is bundled with it) pings
// the build every second, so one ping is always waiting unanswered when the build's process ends.
// That is the moment esbuild's service printed its deadlock trace when the classic compiler left
// build contexts open (docs/decisions/114); the build must end cleanly all the same.
const SLOW_EXIT = `process.on("exit", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500));\n`;

let copy: string;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-build-"));
  for (const entry of PROJECT_FILES) fs.cpSync(path.join(PROJECT_ROOT, entry), path.join(copy, entry), { recursive: true });
  fs.mkdirSync(path.join(copy, "public"));
  fs.symlinkSync(path.join(PROJECT_ROOT, "node_modules"), path.join(copy, "node_modules"));
  fs.writeFileSync(path.join(copy, "slow-exit.mjs"), SLOW_EXIT);
});

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

/** Runs the build to its end, including every process it started that still writes to its output. */
function build() {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "./slow-exit.mjs", "scripts/build.mjs"], {
      cwd: copy,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("error", reject);
    // "close" comes once the output pipes are closed by every holder, esbuild's service included.
    child.on("close", (status) => {
      clearTimeout(killer);
      resolve({ status, output });
    });
  });
}

describe("npm run build", () => {
  it("ends cleanly with its process held at the exit, having written the server build, the engine worker and the browser's files", async () => {
    const { status, output } = await build();
    expect(output).not.toContain("all goroutines are asleep");
    expect(output).not.toContain("fatal error");
    expect(status, output).toBe(0);
    expect(output).toContain("[flowmap] built in");
    expect(fs.existsSync(path.join(copy, "build", "server", "index.js"))).toBe(true);
    expect(fs.existsSync(path.join(copy, "build", "server", "engine-worker.js"))).toBe(true);
    const assets = fs.readdirSync(path.join(copy, "build", "client", "assets"));
    expect(assets.some((name) => /^manifest-[0-9a-f]+\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => /^entry\.client-.+\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => name.endsWith(".css"))).toBe(true);
  }, 300_000);
});
