import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/setup.ts"],
    globalSetup: ["./tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forked processes, not worker threads: the journal syncs inline off the main thread, which the
    // storage-failure tests (tests/conformance/durability.test.ts) rely on not doing.
    pool: "forks",
    // Test files share their worker process; each closes the engines and children it starts.
    isolate: false,
    // One worker more than the cores: a test often waits on a child process, a socket or an fsync.
    maxWorkers: availableParallelism() + 1,
  },
});
