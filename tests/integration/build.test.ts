import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";
import { buildHeldAtExit, suiteBuild } from "../support/production-build.mjs";

// Under `npm test` the suite has built the project once before this stage, the way this test
// builds (tests/support/production-build.mjs), and this test checks that build. Run alone, it runs
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

let copy: string | undefined;
/** The folder that was built, and the build's exit status and output. */
let built: { root: string; status: number | null; output: string };

beforeAll(async () => {
  const shared = suiteBuild(PROJECT_ROOT);
  if (shared) {
    built = { root: PROJECT_ROOT, ...shared };
    return;
  }
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-build-"));
  for (const entry of PROJECT_FILES) fs.cpSync(path.join(PROJECT_ROOT, entry), path.join(copy, entry), { recursive: true });
  fs.mkdirSync(path.join(copy, "public"));
  fs.symlinkSync(path.join(PROJECT_ROOT, "node_modules"), path.join(copy, "node_modules"));
  built = { root: copy, ...(await buildHeldAtExit(copy)) };
}, 300_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("npm run build", () => {
  it("ends cleanly with its process held at the exit, having written the server build, the engine worker and the browser's files", () => {
    const { root, status, output } = built;
    expect(output).not.toContain("all goroutines are asleep");
    expect(output).not.toContain("fatal error");
    expect(status, output).toBe(0);
    expect(output).toContain("[flowmap] built in");
    expect(fs.existsSync(path.join(root, "build", "server", "index.js"))).toBe(true);
    expect(fs.existsSync(path.join(root, "build", "server", "engine-worker.js"))).toBe(true);
    const assets = fs.readdirSync(path.join(root, "build", "client", "assets"));
    expect(assets.some((name) => /^manifest-[0-9a-f]+\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => /^entry\.client-.+\.js$/.test(name))).toBe(true);
    expect(assets.some((name) => name.endsWith(".css"))).toBe(true);
  });
});
