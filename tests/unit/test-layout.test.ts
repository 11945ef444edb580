import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";

/** Test files (`*.test.*`, `*.spec.*`) anywhere under `dir`, relative to the project. */
function testFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(relative));
    else if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name)) found.push(relative);
  }
  return found;
}

describe("where tests live", () => {
  // Vitest runs tests/unit, tests/integration and tests/eval only (the engine package its own
  // tests/): a test beside the code would never run.
  it("no test file beside the code: unit tests go in tests/unit", () => {
    expect([...testFilesUnder("app"), ...testFilesUnder("server"), ...testFilesUnder("packages/engine/src")]).toEqual([]);
  });
});
