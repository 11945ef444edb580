import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-startup-"));
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", "tests/support/start-server.ts"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DATA_DIR: dataDir, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { ...result, seconds: (Date.now() - started) / 1000, dataDir };
}

describe("start-up", () => {
  it("starts on the embedded defaults, seeds once and stops cleanly on SIGTERM", () => {
    const first = start({});
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
  ])("refuses to start with %j and names the variable", (env, message) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Flowmap cannot start. Invalid configuration");
    expect(result.stderr).toContain(message);
  });

  it("fails within about 5 seconds when MONGODB_URI cannot be reached, without printing credentials", () => {
    const result = start({ MONGODB_URI: "mongodb://admin:hunter2@127.0.0.1:1/flowmap" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot reach the database at mongodb://127.0.0.1:1/flowmap");
    expect(result.stderr).toContain("Check MONGODB_URI");
    expect(result.stderr).not.toContain("hunter2");
    expect(result.seconds).toBeLessThan(15);
  });
});
