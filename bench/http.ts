import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServedApp {
  url: string;
  stop(): Promise<void>;
}

/** Serves the production build the way `npm start` does (server/index.js), on a free loopback port and a temp data dir. */
export async function serveBuild(extraEnv: Record<string, string> = {}): Promise<ServedApp> {
  if (!fs.existsSync("build/index.js")) throw new Error("No production build: run `npm run build` first.");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-bench-"));
  const child: ChildProcess = spawn(process.execPath, ["server/index.js", "build/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, pathName: string, seconds = 8, connections = 10, headers?: Record<string, string>): Promise<LoadResult> {
  const result = await autocannon({ url: `${url}${pathName}`, duration: seconds, connections, headers });
  return {
    path: pathName,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function formatLoad(r: LoadResult) {
  return `${r.path.padEnd(12)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${
    r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ""
  }`;
}
