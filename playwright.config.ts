import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { klaviyoServerEnv } from "./tests/e2e/support/klaviyo";
import { oauthServerEnv } from "./tests/e2e/support/oauth";
import { researchServerEnv } from "./tests/e2e/support/research";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `flowmap-e2e-${port}`);
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The production build, served the way `npm start` serves it.
    command: "node ./server/index.js ./build/server/index.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: "premium@flowmap.test",
      // The browser tests act as clients on separate networks (X-Forwarded-For per test, see
      // tests/e2e/support/app.ts): the loopback "proxy" they come through is trusted to say so.
      TRUST_PROXY: "loopback",
      ADMIN_EMAILS: "admin@flowmap.test",
      SESSION_SECRET: "e2e-session-secret-with-enough-length",
      // Passwords hashed at scrypt N=2^10, as in the other tests (docs/development.md): the
      // production cost (2^17, 128 MiB and a few hundred ms of CPU per hash) on every register and
      // sign-in was minutes of the browser suite. The production cost has its own test
      // (tests/integration/auth/password.test.ts).
      FLOWMAP_SCRYPT_LOG_N: "10",
      // The address the browser opens: the provider's return address is built from it.
      APP_URL: `http://localhost:${port}`,
      // Third-party sign-in against the loopback provider that tests/e2e/oauth.spec.ts starts on a
      // fixed port (E2E_OAUTH_PORT, default 3299) with a fixed client secret.
      ...oauthServerEnv(),
      // Send to Klaviyo against the loopback stand-in that tests/e2e/klaviyo.spec.ts starts on a
      // fixed port (E2E_KLAVIYO_PORT, default 3298).
      ...klaviyoServerEnv(),
      // AI research may read one loopback fixture site (tests/e2e/research.spec.ts starts it).
      ...researchServerEnv(),
    },
  },
});
