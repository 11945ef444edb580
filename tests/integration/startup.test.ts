import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";
import { generateOfflineDraft } from "~/services/ai/offline.server";
import { STOPPED_MESSAGE } from "~/services/flows/progress.server";

import { scanJournal } from "@flowmap/engine/files";
import { nodeArgs, PROJECT_ROOT } from "../support/processes";
import { type OpenAiStub, startOpenAiStub } from "../support/openai-stub";
import { suiteBuild } from "../support/production-build.mjs";
import { LEAF_AND_KETTLE } from "../unit/flows/businesses";

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
    // A median per flow type and metric, and one default rule per flow type.
    expect(first.stdout).toContain(`seeded ${FLOW_TYPES.length * METRIC_KEYS.length} benchmark(s) and ${FLOW_TYPES.length} flow-mapping rule(s)`);
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
// server gave up by itself: its server-selection timeout ended the wait, not the test. The
// server's own timeout is 5 s (SERVER_SELECTION_TIMEOUT_MS); the test gives it 500 ms, so as not
// to wait out the five seconds.
describe("start-up without its database", () => {
  it("gives up on its own when MONGODB_URI cannot be reached, without printing credentials", async () => {
    const result = await start({
      MONGODB_URI: "mongodb://admin:hunter2@127.0.0.1:1/flowmap",
      TEST_SERVER_SELECTION_TIMEOUT_MS: "500",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot reach the database at mongodb://127.0.0.1:1/flowmap");
    expect(result.stderr).toContain("Check MONGODB_URI");
    expect(result.stderr).not.toContain("hunter2");
  });
});

/** A loopback port nothing listens on (the OS picks it; it is free again once this resolves). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let built = false;
/**
 * `npm start` builds first (prestart); so does this file, once, and then runs what ships. Under
 * `npm test` the suite has just built the project (tests/support/production-build.mjs).
 */
function buildOnce() {
  if (built) return;
  if (suiteBuild(PROJECT_ROOT)?.status === 0) {
    built = true;
    return;
  }
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  built = true;
}

/** `npm start`'s process: `node ./server/index.js ./build/server/index.js`, with its output as lines. */
function npmStart(env: Record<string, string | undefined>, { killAfterMs = 60_000 } = {}) {
  const wanted = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", HOST: "127.0.0.1", ...env };
  const child = spawn(process.execPath, ["server/index.js", "build/server/index.js"], {
    cwd: PROJECT_ROOT,
    // A variable given as undefined is left out (NODE_ENV unset, as `npm start` runs it).
    env: Object.fromEntries(Object.entries(wanted).filter((entry): entry is [string, string] => entry[1] !== undefined)) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  void exited.then(() => clearTimeout(killer));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the output contains `text`; fails if the process ends first. */
    printed(text: string) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        void exited.then((code) => reject(new Error(`npm start exited (${code}) before printing "${text}":\n${output}`)));
        check();
      });
    },
  };
}

describe.concurrent("npm start: clean shutdown", () => {
  beforeAll(buildOnce, 120_000);

  it.each([
    ["NODE_ENV unset (npm start, or the server run directly)", undefined],
    ["NODE_ENV=production", "production"],
  ])(
    "with %s, third-party sign-in and no APP_URL, refuses to start instead of failing every page",
    async (_label, nodeEnv) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-config-"));
      const provider = "http://127.0.0.1:9";
      const app = npmStart({
        NODE_ENV: nodeEnv,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        OAUTH_AUTHORIZE_URL: `${provider}/authorize`,
        OAUTH_TOKEN_URL: `${provider}/token`,
        OAUTH_USERINFO_URL: `${provider}/userinfo`,
        OAUTH_CLIENT_ID: "flowmap",
      });
      try {
        const outcome = await Promise.race([
          app.exited.then((code) => `exited ${code}`),
          app.printed("[flowmap] listening on").then(
            () => "listening",
            () => "ended",
          ),
        ]);
        expect(outcome, app.output()).toBe("exited 1");
        expect(app.output()).toContain("Flowmap cannot start. Invalid configuration");
        expect(app.output()).toContain("APP_URL");
      } finally {
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGKILL");
        await app.exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s finishes the request in progress, then closes the database (final snapshot) and releases its files",
    async (signal) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-stop-"));
      const port = await freePort();
      const app = npmStart({ PORT: String(port), DATA_DIR: dataDir });
      try {
        await app.printed("[flowmap] listening on");
        const dbDir = path.join(dataDir, "db");
        expect(fs.existsSync(path.join(dbDir, "engine.lock"))).toBe(true);
        expect(fs.existsSync(path.join(dbDir, "engine.uri"))).toBe(true);

        // A sign-in whose headers are in and whose body is not yet: in progress when the signal comes.
        const body = JSON.stringify({ email: "nobody@example.com", password: "not the password 123" });
        const inProgress = http.request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/login",
          headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
        });
        const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
          inProgress.on("response", (res) => {
            let text = "";
            res.on("data", (chunk: Buffer) => (text += chunk.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          });
          inProgress.on("error", reject);
        });
        inProgress.write(body.slice(0, 10));
        // Answered after the sign-in's headers were sent, so the server has them by now.
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

        app.child.kill(signal);
        await app.printed(`[flowmap] ${signal}: stopping`);
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow(); // no new connections
        inProgress.end(body.slice(10));
        // Answered with the database still open: a wrong password, not a failure.
        const { status, text } = await answered;
        expect(status).toBe(401);
        expect(JSON.parse(text)).toEqual({ message: "Invalid email or password.", code: "UNAUTHENTICATED", requestId: expect.any(String) });

        expect(await app.exited).toBe(0);
        expect(app.output()).toContain("[flowmap] stopped");
        expect(fs.existsSync(path.join(dbDir, "engine.lock"))).toBe(false);
        expect(fs.existsSync(path.join(dbDir, "engine.uri"))).toBe(false);
        // The final snapshot holds everything: the journal is only the snapshot's own first record.
        const journal = scanJournal(path.join(dbDir, "flowmap", "journal.bson"));
        expect(journal).toMatchObject({ records: 1, problem: null });
        expect(journal.lastSeq).toBeGreaterThan(0);
        expect(journal.continuesFrom).toBe(journal.lastSeq);
      } finally {
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGKILL");
        await app.exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

/** Calls the API of a server on loopback as a script would (JSON, the session cookie, no Origin). */
async function api(
  port: number,
  route: string,
  { method = "GET", body, cookie, headers = {} }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

/** A new account, onboarded as Leaf & Kettle through the API; its session cookie and the answers as stored. */
async function onboardedAccount(port: number) {
  const registered = await api(port, "/api/auth/register", {
    method: "POST",
    body: { firstName: "Stop", lastName: "Ping", email: `stop.${process.pid}.${port}@example.com`, password: "a long enough password" },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const cookie = (registered.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  // The wizard's create checks every text answer: the ones it leaves empty get a plain one.
  const partial = await api(port, "/api/onboarding", { method: "POST", cookie, body: LEAF_AND_KETTLE });
  const missing = Object.keys((partial.body?.errors ?? {}) as Record<string, string>);
  const answers = { ...LEAF_AND_KETTLE, ...Object.fromEntries(missing.map((field) => [field, "A full answer to this question."])) };
  const saved = await api(port, "/api/onboarding", { method: "POST", cookie, body: answers });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return { cookie, answers };
}

/** A progress stream read as it arrives: the names of its events, and when it ended. */
function followEvents(port: number, id: string, cookie: string) {
  const names: string[] = [];
  let raw = "";
  const request = http.get({ host: "127.0.0.1", port, path: `/api/ai-flow-generations/${id}/events`, headers: { Cookie: cookie, Accept: "text/event-stream" } });
  let firstEvent!: () => void;
  const started = new Promise<void>((resolve) => (firstEvent = resolve));
  const ended = new Promise<number>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const blocks = (raw + chunk).split("\n\n");
        raw = blocks.pop() ?? "";
        for (const block of blocks) {
          const name = /^event: (\w+)$/m.exec(block)?.[1];
          if (name) names.push(name);
        }
        if (names.length > 0) firstEvent();
      });
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
  });
  return { names, started, ended };
}

describe.concurrent("npm start: SIGTERM during a generation with a model", () => {
  beforeAll(buildOnce, 120_000);

  /**
   * A server with a model (the loopback stand-in, its answer held once the first step is
   * written), a generation started through the API with its progress stream open, then SIGTERM.
   */
  async function signalledMidGeneration(model: OpenAiStub, env: Record<string, string>, run: Run) {
    const dataDir = (run.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-stop-model-")));
    const port = await freePort();
    const app = (run.app = npmStart(
      { PORT: String(port), DATA_DIR: dataDir, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "stub-model", ...env },
      { killAfterMs: 150_000 },
    ));
    await app.printed("[flowmap] listening on");
    const { cookie, answers } = await onboardedAccount(port);
    const draft = generateOfflineDraft({ flowType: "onboarding", business: answers, rule: null, customContext: "" });
    const { touchpoints, ...rest } = draft as unknown as { touchpoints: unknown[] };
    const content = JSON.stringify({ touchpoints, ...rest });
    const firstStep = JSON.stringify(touchpoints[0]);
    model.script({ kind: "content", content, pauseAt: content.indexOf(firstStep) + firstStep.length + 1 });

    const started = await api(port, "/api/ai-flows/generate", { method: "POST", cookie, body: { flowType: "onboarding" }, headers: { Prefer: "respond-async" } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = String(started.body!.id);
    await model.paused();
    const events = followEvents(port, id, cookie);
    await events.started;
    expect(events.names).toEqual(["progress"]);

    app.child.kill("SIGTERM");
    await app.printed("[flowmap] SIGTERM: stopping");
    // The stream ends at once, without an outcome: it does not hold the stop up.
    expect(await events.ended).toBe(200);
    expect(events.names).toEqual(["progress"]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow(); // no new connections while draining
    return { app, dataDir, cookie, id, draft };
  }

  /** What a test started: the server process and its data directory, ended and removed whatever happened. */
  interface Run {
    app?: ReturnType<typeof npmStart>;
    dataDir?: string;
  }
  async function cleanUp(model: OpenAiStub, { app, dataDir }: Run) {
    model.resume();
    if (app && app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGKILL");
    await app?.exited;
    await model.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  /** The same DATA_DIR served again: what a user reads after the restart. */
  async function afterRestart(dataDir: string, read: (port: number) => Promise<void>) {
    const port = await freePort();
    const again = npmStart({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await again.printed("[flowmap] listening on");
      await read(port);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      if (again.child.exitCode === null && again.child.signalCode === null) again.child.kill("SIGKILL");
      await again.exited;
    }
  }

  it("lets a generation that finishes within the grace finish: the flow is saved whole, its record succeeded, and the process exits with 0", async () => {
    const model = await startOpenAiStub();
    const run: Run = {};
    try {
      const signalled = await signalledMidGeneration(model, {}, run);
      const { app, dataDir } = signalled;
      // The model goes on once the server is draining: the closing step waits for the generation.
      model.resume();
      expect(await app.exited, app.output()).toBe(0);
      expect(app.output()).toContain("[flowmap] stopped");
      expect(app.output()).not.toContain("requests still open");
      expect(app.output()).toContain("[flows] stopping: 1 progress stream(s) ended");
      expect(app.output()).not.toContain("ended as failed");

      await afterRestart(dataDir, async (port) => {
        const progress = await api(port, `/api/ai-flow-generations/${signalled.id}`, { cookie: signalled.cookie });
        expect(progress.body).toMatchObject({ state: "succeeded", error: null, flowId: expect.any(String) });
        const flows = (await api(port, "/api/flow-types/onboarding/ai-flow", { cookie: signalled.cookie })).body as unknown as Array<{ touchpoints: Array<{ title: string }> }>;
        expect(flows).toHaveLength(1);
        expect(flows[0]!.touchpoints.map((tp) => tp.title)).toEqual(signalled.draft.touchpoints.map((tp) => tp.title));
      });
    } finally {
      await cleanUp(model, run);
    }
  }, 180_000);

  it("ends a generation the model never finishes once the grace is over: nothing saved, the record failed in plain words, the claim let go, and the process exits with 0", async () => {
    const model = await startOpenAiStub();
    const run: Run = {};
    try {
      // The model's own timeout (60 s) is past the shutdown's grace for generations (20 s): the grace ends it.
      const signalled = await signalledMidGeneration(model, { OPENAI_TIMEOUT_MS: "60000" }, run);
      const { app, dataDir } = signalled;
      expect(await app.exited, app.output()).toBe(0);
      expect(app.output()).toContain("[flows] stopping: 1 generation(s) under way ended as failed, their claims released");
      expect(app.output()).toContain("[flowmap] stopped");
      expect(app.output()).not.toContain("did not close");

      await afterRestart(dataDir, async (port) => {
        const progress = await api(port, `/api/ai-flow-generations/${signalled.id}`, { cookie: signalled.cookie });
        expect(progress.body).toMatchObject({ state: "failed", steps: [], flowId: null, error: { code: "INTERRUPTED", message: STOPPED_MESSAGE } });
        expect((progress.body as { stepsShown: number }).stepsShown).toBeGreaterThanOrEqual(1);
        // No half-written flow or version.
        expect((await api(port, "/api/flow-types/onboarding/ai-flow", { cookie: signalled.cookie })).body).toEqual([]);
        expect(((await api(port, "/api/ai-flows", { cookie: signalled.cookie })).body as { total: number }).total).toBe(0);
        // The claim was let go: a new generation may start at once (here the offline one, with no model configured).
        expect((await api(port, "/api/ai-flows/generate", { method: "POST", cookie: signalled.cookie, body: { flowType: "onboarding" } })).status).toBe(201);
      });
    } finally {
      await cleanUp(model, run);
    }
  }, 180_000);
});
