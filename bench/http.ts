import { spawn, type ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

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
  /** The app's process id (its CPU time is read from /proc, see `cpuMs`). */
  pid: number;
  /** The app's DATA_DIR (its engine's address is in `db/engine.uri`). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * CPU time the process has used so far (all its threads, user + system), in ms; null where
 * /proc is not there. Less sensitive than throughput to what else the machine is running.
 */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS = 100;

/** Ends a child process: SIGTERM, then SIGKILL if it is still there after 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Registers a bench user through the JSON API and returns its session cookie (`name=value`). */
export async function registerBenchUser(url: string, user: { firstName: string; lastName: string; email: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...user, password: "correct horse battery staple 1" }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("register set no session cookie");
  return cookie;
}

/** Serves the production build the way `npm start` does (server/index.js), on a free loopback port and a temp data dir. */
export async function serveBuild(extraEnv: Record<string, string> = {}): Promise<ServedApp> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npm run build` first.");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-bench-"));
  // BENCH_APP_NODE_ARGS: extra node options for the app process only (e.g. --cpu-prof).
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "server/index.js", "build/server/index.js"], {
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
    pid: child.pid!,
    dataDir,
    async stop() {
      await stopChild(child);
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

export interface FixedLoadResult extends LoadResult {
  requests: number;
  seconds: number;
  /** The app process's CPU time per request (all threads), when it could be read. */
  cpuMsPerRequest: number | null;
}

/**
 * Exactly `requests` requests over `connections` connections: every path measured this way does
 * the same amount of work, whatever the machine's load does to the time it takes.
 */
export async function loadFixed(
  app: ServedApp,
  pathName: string,
  requests: number,
  { connections = 10, headers }: { connections?: number; headers?: Record<string, string> } = {},
): Promise<FixedLoadResult> {
  const cpuBefore = cpuMs(app.pid);
  const started = performance.now();
  const run = autocannon({ url: `${app.url}${pathName}`, amount: requests, connections, headers }) as unknown as EventEmitter & Promise<autocannon.Result>;
  // The time of the last answer, not of the promise: autocannon notices that it is done on its
  // next sampling tick (once a second), which would round every run up to whole seconds.
  let finished = started;
  run.on("response", () => (finished = performance.now()));
  const result = await run;
  const seconds = (finished - started) / 1000;
  const cpuAfter = cpuMs(app.pid);
  const done = result.requests.total;
  return {
    path: pathName,
    requests: done,
    seconds,
    requestsPerSecond: done / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && done > 0 ? (cpuAfter - cpuBefore) / done : null,
  };
}

export function formatLoad(r: LoadResult) {
  return `${r.path.padEnd(12)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${
    r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ""
  }`;
}
