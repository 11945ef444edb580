import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { klaviyoServerEnv } from "./klaviyo";
import { oauthServerEnv } from "./oauth";
import { researchServerEnv } from "./research";

/**
 * The browser tests run on several workers at once (E2E_WORKERS in playwright.config.ts). Each
 * worker has an app server, a database and loopback stand-ins of its own, on ports counted from a
 * base by the worker's parallel index (0, 1, …): workers never share a port, a database or a rate
 * limit. The parallel index, not the worker index: a worker started again after a failed test
 * takes over its predecessor's index, and with it the same ports and database.
 *
 * The bases: E2E_PORT (default 3210) for the app servers, E2E_RESEARCH_PORT (default E2E_PORT +
 * 1000) for the research fixture site, E2E_PORT + 2000 for the model-streaming test's own server,
 * E2E_KLAVIYO_PORT (default E2E_PORT + 3000) and E2E_OAUTH_PORT (default E2E_PORT + 4000) for the
 * Klaviyo and sign-in stand-ins. Each base is followed by one port per worker.
 */
export interface WorkerPorts {
  app: number;
  research: number;
  model: number;
  klaviyo: number;
  oauth: number;
}

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number (1–65535), not '${raw}'`);
  return port;
}

export function workerPorts(parallelIndex: number): WorkerPorts {
  const base = portFrom("E2E_PORT", 3210);
  const ports = {
    app: base + parallelIndex,
    research: portFrom("E2E_RESEARCH_PORT", base + 1000) + parallelIndex,
    model: base + 2000 + parallelIndex,
    klaviyo: portFrom("E2E_KLAVIYO_PORT", base + 3000) + parallelIndex,
    oauth: portFrom("E2E_OAUTH_PORT", base + 4000) + parallelIndex,
  };
  // A port set for one kind that runs into another kind's range (E2E_PORT=4000 and
  // E2E_KLAVIYO_PORT=4001 on two workers) would make two servers contend for one port.
  for (let other = 0; other < parallelIndex; other++) {
    const taken = Object.entries(workerPorts(other));
    for (const [kind, port] of Object.entries(ports)) {
      const clash = taken.find(([, p]) => p === port);
      if (clash)
        throw new Error(
          `Worker ${parallelIndex}'s ${kind} port ${port} is worker ${other}'s ${clash[0]} port: leave E2E_WORKERS ports free after each of E2E_PORT, E2E_KLAVIYO_PORT, E2E_OAUTH_PORT and E2E_RESEARCH_PORT.`,
        );
    }
  }
  return ports;
}

/** This worker's database and files: under E2E_DATA_DIR when set (a fresh one per `npm test`). */
export function workerDataDir(parallelIndex: number): string {
  const root = process.env.E2E_DATA_DIR;
  return root ? path.join(root, `worker-${parallelIndex}`) : path.join(os.tmpdir(), `flowmap-e2e-${workerPorts(parallelIndex).app}`);
}

/** The settings of the app server the browser tests use, for one worker. */
export function appServerEnv(parallelIndex: number): Record<string, string> {
  const ports = workerPorts(parallelIndex);
  return {
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
    // Third-party sign-in against the worker's loopback provider (the `loopback` fixture in
    // tests/e2e/support/app.ts), with a fixed client secret.
    ...oauthServerEnv(ports.oauth),
    // Send to Klaviyo against the worker's loopback stand-in (tests/e2e/klaviyo.spec.ts).
    ...klaviyoServerEnv(ports.klaviyo),
    // AI research may read one loopback fixture site (tests/e2e/research.spec.ts starts it).
    ...researchServerEnv(ports.research),
  };
}

export interface AppServer {
  origin: string;
  /** SIGTERM, then the server's own clean shutdown (its database closed); resolves on exit. */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Whether something already listens on the port (a server left from another run). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "localhost" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** How long a server may take to answer /healthz: the embedded engine starts with it. */
const START_TIMEOUT_MS = 60_000;

/**
 * The production build, served the way `npm start` serves it, on `port` with `dataDir`; resolves
 * once /healthz answers 200, and fails at once if the process exits first (a port in use).
 */
export async function startAppServer({ port, dataDir, env }: { port: number; dataDir: string; env: Record<string, string> }): Promise<AppServer> {
  const origin = `http://localhost:${port}`;
  // Its /healthz would answer for a server that never started.
  if (await portInUse(port)) throw new Error(`Port ${port} is already in use: the browser tests' app server needs it (see E2E_PORT in tests/e2e/support/server.ts)`);
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ["./server/index.js", "./build/server/index.js"], {
    cwd: ROOT,
    // APP_URL, the address the browser opens: the sign-in provider's return address is built from it.
    env: { ...process.env, APP_URL: origin, ...env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`The app server on port ${port} exited (code ${exitCode}) before answering /healthz`);
    const status = await fetch(`${origin}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app server on port ${port} did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      await exited;
    },
  };
}
