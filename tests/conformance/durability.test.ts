/**
 * Engine-only: durability across kill -9, journal tail recovery, restarts, compaction, TTL
 * expiry and data directory handling. (A real MongoDB cannot be killed from here.)
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, rmSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MongoClient, MongoServerError, type Document } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { startEngine } from "../../engine/index";
import { startTestEngine, tempDir } from "./harness";

const CHILD = fileURLToPath(new URL("./fixtures/engine-child.ts", import.meta.url));

/** Run after each test, last registered first: engines, clients, children, directories. */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!();
});

interface Child {
  process: ChildProcessWithoutNullStreams;
  lines: string[];
  /** Resolves when a line satisfying `predicate` has been printed (checks past lines too). */
  waitFor(predicate: (lines: string[]) => boolean, timeoutMs?: number): Promise<void>;
  killHard(): Promise<void>;
}

function spawnChild(args: string[]): Child {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  let stderr = "";
  let partial = "";
  const listeners = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    listeners.forEach((l) => l());
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Never leave a writer running if the test fails before killing it.
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return {
    process: child,
    lines,
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (predicate(lines)) {
            stopWaiting();
            resolve();
          }
        };
        const timer = setTimeout(() => {
          stopWaiting();
          reject(new Error(`child did not get there in time; stdout tail: ${lines.slice(-3).join(" | ")}; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        const onExit = (): void => {
          stopWaiting();
          reject(new Error(`child exited early; stderr: ${stderr.slice(-2000)}`));
        };
        const stopWaiting = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
      });
    },
    async killHard() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

const acked = (lines: string[]): number[] => lines.filter((l) => l.startsWith("ACK ")).map((l) => Number(l.slice(4)));
const incs = (lines: string[]): number => lines.filter((l) => l === "INC").length;

async function openEngine(dbPath: string, compactEvery?: number) {
  const logs: string[] = [];
  const engine = await startEngine({ dbPath, port: 0, log: (line) => logs.push(line), compactEvery, ttlMonitorIntervalMs: 200 });
  const client = new MongoClient(engine.uri);
  await client.connect();
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await client.close();
    await engine.close();
  };
  cleanup.push(close);
  return { engine, client, logs, close, db: client.db("durable") };
}

function scratchDir(): string {
  const dir = tempDir("flowmap-durability-");
  cleanup.unshift(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("durability (engine)", () => {
  it("keeps every acknowledged write after kill -9 during concurrent writes", async () => {
    const dbPath = scratchDir();
    const child = spawnChild([dbPath, "writer"]);
    await child.waitFor((lines) => acked(lines).length >= 400 && incs(lines) >= 60);
    await child.killHard();
    const ackedIds = acked(child.lines);
    const ackedIncs = incs(child.lines);

    const { db, logs } = await openEngine(dbPath);
    const docs = db.collection<{ _id: number; email: string }>("docs");
    const present = await docs.countDocuments({ _id: { $in: ackedIds } });
    expect(present).toBe(ackedIds.length);
    // Writes sent but not yet acknowledged may or may not be there; nothing else may be.
    expect(await docs.countDocuments()).toBeGreaterThanOrEqual(ackedIds.length);
    const hits = await db.collection<{ _id: string; n: number }>("counters").findOne({ _id: "hits" });
    expect(hits!.n).toBeGreaterThanOrEqual(ackedIncs);
    expect(hits!.n).toBeLessThanOrEqual(ackedIncs + 2); // at most one in flight per incrementer

    // The unique index survived too.
    const duplicate = await docs.insertOne({ _id: -1, email: `user${ackedIds[0]}@example.com` }).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(MongoServerError);
    expect((duplicate as MongoServerError).code).toBe(11000);
    expect(logs.filter((l) => /internal error|skipped/.test(l))).toEqual([]);
  });

  it("recovers a truncated journal tail up to the last complete record, with a log line", async () => {
    const dbPath = scratchDir();
    const child = spawnChild([dbPath, "fixed", "20"]);
    await child.waitFor((lines) => lines.includes("DONE"));
    await child.killHard();

    const journal = join(dbPath, "durable", "journal.bson");
    const size = statSync(journal).size;
    expect(size).toBeGreaterThan(0);
    truncateSync(journal, size - 7); // the last insert was cut short by the crash

    const first = await openEngine(dbPath);
    expect(first.logs.some((l) => /journal recovery: database "durable": truncated record/.test(l))).toBe(true);
    const docs = first.db.collection<{ _id: number; email?: string }>("docs");
    const ids = (await docs.find({}, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(ids).toEqual(Array.from({ length: 19 }, (_, i) => i));
    expect(readdirSync(join(dbPath, "durable")).some((f) => f.startsWith("journal.bson.corrupt-"))).toBe(true);

    // The journal continues cleanly after the recovered point.
    await docs.insertOne({ _id: 100, email: "after@example.com" });
    await first.close();
    const second = await openEngine(dbPath);
    expect(second.logs.filter((l) => l.includes("journal recovery"))).toEqual([]);
    expect(await second.db.collection("docs").countDocuments()).toBe(20);
  });

  it("recovers from garbage appended to the journal", async () => {
    const dbPath = scratchDir();
    const child = spawnChild([dbPath, "fixed", "12"]);
    await child.waitFor((lines) => lines.includes("DONE"));
    await child.killHard();
    appendFileSync(join(dbPath, "durable", "journal.bson"), Buffer.from([0x10, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3]));

    const { db, logs } = await openEngine(dbPath);
    expect(logs.some((l) => l.startsWith("journal recovery:"))).toBe(true);
    expect(await db.collection("docs").countDocuments()).toBe(12);
  });

  it("restarts with the same data and indexes, unique still enforced", async () => {
    const dbPath = scratchDir();
    const first = await openEngine(dbPath);
    const users = first.db.collection("users");
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ tenant: 1, handle: 1 }, { unique: true });
    await users.createIndex({ seenAt: 1 }, { expireAfterSeconds: 86400 });
    await users.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: `u${i}`, email: `u${i}@x.io`, tenant: `t${i % 3}`, handle: `h${i}` })) as Document[]);
    await users.updateOne({ _id: "u1" } as Document, { $set: { name: "One" } });
    await users.deleteOne({ _id: "u2" } as Document);
    await first.db.collection("other").insertOne({ keep: true });
    await first.db.collection("gone").insertOne({ x: 1 });
    await first.db.collection("gone").drop();
    const indexesBefore = await users.indexes();
    await first.close();

    const second = await openEngine(dbPath);
    const again = second.db.collection("users");
    expect(await again.countDocuments()).toBe(29);
    expect(await again.findOne({ _id: "u1" } as Document)).toMatchObject({ name: "One" });
    expect(await again.indexes()).toEqual(indexesBefore);
    expect((await second.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort()).toEqual(["other", "users"]);
    const dup = await again.insertOne({ email: "u3@x.io" }).catch((e: unknown) => e as MongoServerError);
    expect((dup as MongoServerError).code).toBe(11000);
    const compound = await again.insertOne({ email: "new@x.io", tenant: "t0", handle: "h0" }).catch((e: unknown) => e as MongoServerError);
    expect((compound as MongoServerError).keyValue).toEqual({ tenant: "t0", handle: "h0" });
  });

  it("compacts the journal into a snapshot and restarts from both", async () => {
    const dbPath = scratchDir();
    const first = await openEngine(dbPath, 10);
    const c = first.db.collection<{ _id: number; v: number }>("compact");
    for (let i = 0; i < 55; i++) await c.insertOne({ _id: i, v: 0 });
    for (let i = 0; i < 55; i += 5) await c.updateOne({ _id: i }, { $inc: { v: 1 } });
    await c.deleteMany({ _id: { $gte: 50 } });
    const dir = join(dbPath, "durable");
    expect(existsSync(join(dir, "snapshot.bson"))).toBe(true);
    // At most compactEvery records since the last snapshot.
    expect(statSync(join(dir, "journal.bson")).size).toBeLessThan(10 * 400);
    const expected = await c.find().sort({ _id: 1 }).toArray();
    await first.close();

    const second = await openEngine(dbPath, 10);
    expect(await second.db.collection("compact").find().sort({ _id: 1 }).toArray()).toEqual(expected);
  });

  it("expires documents through a TTL index", async () => {
    const { engine, stop } = await startTestEngine({ ttlMonitorIntervalMs: 200 });
    cleanup.push(stop);
    const client = new MongoClient(engine.uri);
    await client.connect();
    cleanup.push(() => client.close());
    const sessions = client.db("app").collection("sessions");
    await sessions.createIndex({ lastSeen: 1 }, { expireAfterSeconds: 1 });
    const now = Date.now();
    await sessions.insertMany([
      { _id: "old1", lastSeen: new Date(now - 5000) },
      { _id: "old2", lastSeen: [new Date(now + 3_600_000), new Date(now - 5000)] },
      { _id: "soon", lastSeen: new Date(now) },
      { _id: "later", lastSeen: new Date(now + 3_600_000) },
      { _id: "noDate", lastSeen: "yesterday" },
      { _id: "missing" },
    ] as Document[]);
    const remaining = async (): Promise<string[]> => (await sessions.find().sort({ _id: 1 }).toArray()).map((d) => String(d._id));
    const deadline = Date.now() + 5000;
    while ((await remaining()).length > 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await remaining()).toEqual(["later", "missing", "noDate"]);
  });

  it("drops a database with its files, leaving the others", async () => {
    const dbPath = scratchDir();
    const { client } = await openEngine(dbPath);
    await client.db("keep").collection("c").insertOne({ a: 1 });
    await client.db("scratch").collection("c").insertOne({ a: 1 });
    expect(existsSync(join(dbPath, "scratch"))).toBe(true);
    expect(await client.db("scratch").dropDatabase()).toBe(true);
    expect(existsSync(join(dbPath, "scratch"))).toBe(false);
    const names = (await client.db("admin").admin().listDatabases()).databases.map((d) => d.name);
    expect(names).toContain("keep");
    expect(names).not.toContain("scratch");
    expect(await client.db("scratch").collection("c").countDocuments()).toBe(0);
    await client.db("scratch").collection("c").insertOne({ again: true });
    expect(await client.db("scratch").collection("c").countDocuments()).toBe(1);
    expect(await client.db("keep").collection("c").countDocuments()).toBe(1);
  });

  it("refuses a second engine on the same dbPath and non-loopback hosts", async () => {
    const dbPath = scratchDir();
    await openEngine(dbPath);
    await expect(startEngine({ dbPath, log: () => undefined })).rejects.toThrow(/already used|in use/);
    await expect(startEngine({ dbPath: scratchDir(), host: "0.0.0.0", log: () => undefined })).rejects.toThrow(/127\.0\.0\.1/);
  });
});
