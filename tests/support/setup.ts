import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, vi } from "vitest";

// Tests never write into the working copy's ./data.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-test-data-"));

// A console.error in a test is a failure unless the test expects it (it can spy and restore).
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;

if (!process.env.ALLOW_CONSOLE_ERROR) {
  errorSpy = vi.spyOn(console, "error");
}

afterEach(() => {
  if (!errorSpy) return;
  const calls = errorSpy.mock.calls;
  if (calls.length > 0) {
    const first = calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n");
    errorSpy.mockClear();
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
