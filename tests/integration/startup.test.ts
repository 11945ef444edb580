import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { nodeArgs, PROJECT_ROOT } from "../support/processes";

/** The server's start-up checks in a process of their own; every case has its own DATA_DIR. */
function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-startup-"));
  return new Promise<{
    status: number | null;
    stdout: string;
    stderr: string;
    dataDir: string;
  }>((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs("tests/support/start-server.ts"), {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({
        status,
        stdout,
        stderr,
        dataDir,
      });
    });
  });
}

// Each case is a process of its own with its own data directory: they run side by side.
describe.concurrent("start-up", () => {
  it("starts on the embedded defaults, seeds once and stops cleanly on SIGTERM", async () => {
    const first = await start({});
    expect(first.stderr).not.toContain("cannot start");
    expect(first.stdout).toContain("[db] using the embedded engine");
    expect(first.stdout).toContain("seeded 35 benchmark(s) and 5 flow-mapping rule(s)");
    expect(first.stdout).toContain("started");
    expect(first.status).toBe(0);
    // The engine's files and the generated cookie key stay in DATA_DIR.
    expect(fs.existsSync(path.join(first.dataDir, "db", "flowmap"))).toBe(true);
    expect(fs.readFileSync(path.join(first.dataDir, "session-secret"), "utf8").length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT must be a whole number"],
    [{ MONGODB_URI: "postgres://db/flowmap" }, "MONGODB_URI must start with mongodb://"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL must be an email address"],
  ])("refuses to start with %j and names the variable", async (env, message) => {
    const result = await start(env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Flowmap cannot start. Invalid configuration");
    expect(result.stderr).toContain(message);
  });
});

// Alone, after the others. The child is killed after 30 s (status null), so status 1 proves the
// server gave up by itself: its server-selection timeout (5 s) ended the wait, not the test.
describe("start-up without its database", () => {
  it("gives up on its own when MONGODB_URI cannot be reached, without printing credentials", async () => {
    const result = await start({
      MONGODB_URI: "mongodb://admin:hunter2@127.0.0.1:1/flowmap",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot reach the database at mongodb://127.0.0.1:1/flowmap");
    expect(result.stderr).toContain("Check MONGODB_URI");
    expect(result.stderr).not.toContain("hunter2");
  });
});
