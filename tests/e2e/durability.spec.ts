import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

// The production server keeps its data across a restart and across kill -9 (embedded database).
const port = Number(process.env.E2E_PORT ?? 3210) + 7;
const base = `http://127.0.0.1:${port}`;

async function startApp(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: "ignore",
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the app did not start");
}

function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  return exited;
}

async function signIn(email: string) {
  return fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "durable-secret" }),
  });
}

test("an account survives a clean restart and a kill -9", async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-durability-"));
  const emails = ["first@durable.test", "second@durable.test"];

  let app = await startApp(dataDir);
  const created = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Dura", lastName: "Ble", email: emails[0], password: "durable-secret" }),
  });
  expect(created.status).toBe(201);
  await stopped(app, "SIGTERM");

  app = await startApp(dataDir);
  expect((await signIn(emails[0])).status).toBe(200);
  const second = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Kill", lastName: "Nine", email: emails[1], password: "durable-secret" }),
  });
  expect(second.status).toBe(201);
  // No warning, no shutdown: the process is gone mid-flight.
  await stopped(app, "SIGKILL");

  app = await startApp(dataDir);
  try {
    for (const email of emails) {
      const response = await signIn(email);
      expect(response.status, email).toBe(200);
      expect((await response.json()).email).toBe(email);
    }
  } finally {
    await stopped(app, "SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
