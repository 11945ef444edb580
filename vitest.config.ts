import { availableParallelism } from "node:os";

import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The import aliases (`~/…` → app/) come from tsconfig.json's `paths`, the one place they are configured.
  plugins: [tsconfigPaths({ projects: ["./tsconfig.json"] })],
  test: {
    // Every test lives under tests/, none beside the code. The engine's own tests (unit and
    // conformance) belong to its package, packages/engine: `npm test -w @flowmap/engine`.
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "tests/eval/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/setup.ts"],
    globalSetup: ["./tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forked processes, not worker threads: the engine's journal syncs inline off the main thread,
    // which the storage-failure tests (tests/integration/security/disk-full.test.ts) rely on not doing.
    pool: "forks",
    // Test files share their worker process (and its loaded modules) instead of each starting
    // afresh: module loading was half the suite's CPU time. A file therefore leaves the process as
    // it found it: environment variables set in hooks and put back (tests/support/env.ts), its
    // database closed (tests/support/db.ts), its servers and children stopped. The app reads its
    // settings when called (app/services/env.server.ts), not when its modules load.
    // docs/decisions/088-tests-share-a-process.md has the rules.
    isolate: false,
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which leaves the CPU idle while a test waits on a child process, a socket or an fsync.
    maxWorkers: availableParallelism() + 1,
  },
});
