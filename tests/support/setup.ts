import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, vi } from "vitest";

// This file runs before every test file, in a process that other test files share
// (vitest.config.ts): the two defaults below are set by the first file of each process and are the
// same for all of them. A file that needs another value sets it with useEnv (tests/support/env.ts).

// Tests never write into the working copy's ./data.
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-test-data-"));

// Passwords are hashed at the lowest cost the app accepts (scrypt N=2^10) unless a test asks for
// another: the hashing code is the same, only its work factor is lower. The production cost has
// its own test (tests/integration/auth/password.test.ts), which removes this setting.
process.env.FLOWMAP_SCRYPT_LOG_N ??= "10";

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
