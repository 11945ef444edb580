import { afterEach, vi } from "vitest";

// A console.error in a test is a failure unless the test expects it (it can spy and restore).
const errorSpy = vi.spyOn(console, "error");

afterEach(() => {
  const calls = errorSpy.mock.calls;
  if (calls.length === 0) return;
  const printed = calls.map((call: unknown[]) => call.map(String).join(" ")).join("\n");
  errorSpy.mockClear();
  throw new Error(`console.error was called during the test:\n${printed}`);
});
