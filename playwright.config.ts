import os from "node:os";

import { defineConfig, devices } from "@playwright/test";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Browser-test workers at once: one for every two cores (a worker keeps a browser and its own app
 * server busy), so one on the 2-core machines the suite runs on; E2E_WORKERS sets it. Each worker
 * starts its own app server (the production build), database and loopback stand-ins on ports of
 * its own (tests/e2e/support/server.ts), so the tests of one never see the other's. A spec file's
 * tests run in order in one worker (fullyParallel is off). Decision 172 has the measurements.
 */
function workerCount(): number {
  const raw = process.env.E2E_WORKERS ?? String(Math.max(1, Math.floor(os.availableParallelism() / 2)));
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number of workers, 1 or more, not '${raw}'`);
  return workers;
}

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: workerCount(),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Room for a loaded shared machine, and for workers sharing its cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    // baseURL is each worker's own server (the `baseURL` fixture in tests/e2e/support/app.ts).
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
