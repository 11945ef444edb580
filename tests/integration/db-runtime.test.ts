import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { CompiledEntry } from "../support/compiled-entries";
import { useEnv } from "../support/env";

// The app's own database path (db.server.ts): the embedded engine in its own thread under
// DATA_DIR, and the session secret made there.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-runtime-"));
const dataDir = path.join(root, "nested", "data");
useEnv({ DATA_DIR: dataDir, MONGODB_URI: undefined, SESSION_SECRET: undefined });

const { connectDb, dbHealth, disconnectDb, embeddedEngine } = await import("~/services/db.server");
const { loader: healthz } = await import("~/routes/healthz");
const { getSessionSecret } = await import("~/services/secret.server");
const { default: mongoose } = await import("mongoose");
const { nodeArgs } = await import("../support/processes");

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const engineDir = path.join(dataDir, "db");

interface Run {
  child: ChildProcess;
  lines: string[];
  stderr: () => string;
  exited: Promise<number | null>;
  waitFor(line: string): Promise<void>;
}

/** A TypeScript entry of the project in a child process (bundled once per run, no npx). */
function run(entry: CompiledEntry, argv: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, [...nodeArgs(entry), ...argv], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", FLOWMAP_SCRYPT_LOG_N: "10", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  let partial = "";
  const waiters = new Set<() => void>();
  child.stdout!.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    waiters.forEach((check) => check());
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor(line) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!lines.includes(line)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        void exited.then(() => {
          if (waiters.delete(check)) reject(new Error(`exited before "${line}": ${stderr.slice(-1500)}`));
        });
        check();
      });
    },
  };
}

async function status() {
  const response = (await healthz({ request: new Request("http://127.0.0.1/healthz"), params: {}, context: {} })) as Response;
  return { status: response.status, body: (await response.json()) as { status: string; database: { storage?: string; error?: string } } };
}

const Probe = mongoose.model("RuntimeProbe", new mongoose.Schema({ _id: String, n: Number }));

beforeAll(async () => {
  await connectDb();
});

afterAll(async () => {
  await disconnectDb();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the app's embedded engine", () => {
  it("runs in its own thread, publishes its address for the tools readable by the owner only, and admits only token holders", async () => {
    const engine = embeddedEngine()!;
    expect(engine.running).toBe(true);
    expect(dbHealth()).toMatchObject({ state: "connected", kind: "embedded", storage: "ok" });
    const addressFile = path.join(engineDir, "engine.uri");
    expect(fs.statSync(addressFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(addressFile, "utf8")).toBe(engine.uri);
    expect(engine.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/\?appName=[\w-]{32}$/);

    // A raw client that skips the handshake token is answered with an error and disconnected.
    const refused = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(engine.port, "127.0.0.1");
      socket.on("error", reject);
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("latin1")));
      socket.on("close", () => resolve(received));
      // OP_MSG { ping: 1, $db: "admin" }
      const body = Buffer.from([0x1e, 0, 0, 0, 0x10, ...Buffer.from("ping\0"), 1, 0, 0, 0, 0x02, ...Buffer.from("$db\0"), 6, 0, 0, 0, ...Buffer.from("admin\0"), 0]);
      const header = Buffer.alloc(21);
      header.writeInt32LE(21 + body.length, 0);
      header.writeInt32LE(1, 4);
      header.writeInt32LE(2013, 12);
      socket.write(Buffer.concat([header, body]));
    });
    expect(refused).toContain("Authentication failed");
  });

  it("keeps DATA_DIR 0700 and the session secret 0600", () => {
    getSessionSecret();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(engineDir).mode & 0o777).toBe(0o700);
  });

  it("answers /healthz 503 while writes cannot reach the disk, and 200 once they can, without a restart", async () => {
    const errors = vi.spyOn(console, "error");
    const engine = embeddedEngine()!;
    await Probe.create({ _id: "before", n: 1 });
    expect((await status()).status).toBe(200);

    await engine.injectFault("write", "ENOSPC");
    await expect(Probe.create({ _id: "during", n: 2 })).rejects.toThrow();
    const failing = await status();
    expect(failing.status).toBe(503);
    expect(failing.body).toMatchObject({ status: "degraded", database: { storage: "failing" } });
    expect(failing.body.database.error).toContain("ENOSPC");
    expect(errors.mock.calls.map(String).join("\n")).toContain("storage failure");

    await engine.injectFault("write", null);
    // The engine tries the disk again every second: wait for that state, no fixed sleep.
    await vi.waitFor(async () => expect((await status()).status).toBe(200), { timeout: 20_000, interval: 100 });
    await Probe.create({ _id: "after", n: 3 });
    expect((await Probe.find().sort({ _id: 1 }).lean()).map((d) => d._id)).toEqual(expect.arrayContaining(["after", "before"]));
    errors.mockClear();
  });

  it("refuses a second app on the same DATA_DIR with a clear message, while the tools use the running app's engine", async () => {
    const second = run("tests/support/start-server.ts", [], { DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`Flowmap cannot start. The data directory ${dataDir} (DATA_DIR) is already used by another Flowmap app (process ${process.pid})`);
    expect(second.stderr()).toContain("give this one its own DATA_DIR");

    const tool = run("scripts/user-role.ts", ["nobody@example.com", "Admin"], { DATA_DIR: dataDir });
    expect(await tool.exited).toBe(1);
    expect(tool.stderr()).toContain("No account with the email nobody@example.com.");
    expect(tool.lines.join("\n")).toContain("embedded engine of the running app");
  });
});

describe("durability of the app's data (the app in a process of its own)", () => {
  it("keeps accounts across a clean restart and across kill -9", { timeout: 120_000 }, async () => {
    const ownDir = path.join(root, "restarts");
    const env = { DATA_DIR: ownDir };
    const first = run("tests/support/app-process.ts", ["register", "first@durable.test"], env);
    await first.waitFor("DONE");
    expect(first.lines).toContain("register first@durable.test 201");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = run("tests/support/app-process.ts", ["register", "second@durable.test"], env);
    await second.waitFor("DONE");
    expect(second.lines).toContain("register second@durable.test 201");
    second.child.kill("SIGKILL"); // no shutdown at all
    await second.exited;

    const third = run("tests/support/app-process.ts", ["login", "first@durable.test", "second@durable.test"], env);
    await third.waitFor("DONE");
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(third.lines).toEqual(expect.arrayContaining(["login first@durable.test 200 first@durable.test", "login second@durable.test 200 second@durable.test"]));
  });
});
