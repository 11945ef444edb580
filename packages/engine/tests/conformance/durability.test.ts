/**
 * Engine-only: durability across kill -9, journal tail recovery, restarts, compaction, TTL
 * expiry and data directory handling. (A real MongoDB cannot be killed from here.)
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MongoClient, MongoServerError, type Db, type Document } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { startEngine, type StorageHealth } from "../../src/index.js";
import { io } from "../../src/journal.js";
import { nodeArgs } from "../support/processes.js";
import { startTestEngine, tempDir } from "./harness.js";

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
  const child = spawn(process.execPath, [...nodeArgs("tests/conformance/fixtures/engine-child.ts"), ...args], { stdio: ["pipe", "pipe", "pipe"] });
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
  return { engine, client, logs, close, dbPath, db: client.db("durable") };
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
    const ids = (
      await docs
        .find({}, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .toArray()
    ).map((d) => d._id);
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

/** A copy of a live data directory, as a crash would leave it (every acknowledged write is fsynced). */
function crashCopy(dbPath: string): string {
  const copy = scratchDir();
  cpSync(dbPath, copy, { recursive: true });
  rmSync(join(copy, "engine.lock")); // its process died with the crash
  return copy;
}

/** The error an engine start on `dbPath` fails with (a start that succeeds fails the test). */
async function refusal(dbPath: string): Promise<Error> {
  const started = await startEngine({ dbPath, log: () => undefined }).catch((error: unknown) => error as Error);
  if (!(started instanceof Error)) {
    await started.close();
    throw new Error(`the engine started on ${dbPath}`);
  }
  return started;
}

/** Offsets of the journal's frames (u32 length | u32 crc | payload). */
function frameOffsets(path: string): number[] {
  const bytes = readFileSync(path);
  const offsets: number[] = [];
  for (let at = 0; at < bytes.length; at += 8 + bytes.readUInt32LE(at)) offsets.push(at);
  return offsets;
}

async function writeNumbered(db: Db, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await db.collection<{ _id: number }>("docs").insertOne({ _id: i });
}

const idsOf = async (db: Db): Promise<number[]> => (await db.collection<{ _id: number }>("docs").find().sort({ _id: 1 }).toArray()).map((d) => d._id);

describe("damaged files (engine, on a copy of the data directory)", () => {
  it("refuses a journal damaged in the middle, naming the file and npm run db:repair, and changes nothing", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 20);
    const copy = crashCopy(live.dbPath);
    const journal = join(copy, "durable", "journal.bson");
    const offsets = frameOffsets(journal);
    expect(offsets.length).toBeGreaterThanOrEqual(20);
    const damaged = readFileSync(journal);
    damaged[offsets[10] + 12] ^= 0xff; // inside the 11th record's payload: 10 records before it survive
    writeFileSync(journal, damaged);

    const refused = await refusal(copy);
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toContain(journal);
    expect(refused.message).toMatch(/damaged in the middle: record checksum mismatch at offset \d+/);
    expect(refused.message).toContain("npm run db:repair");
    expect(readFileSync(journal).equals(damaged)).toBe(true);
    expect(readdirSync(join(copy, "durable")).filter((f) => f.includes("corrupt") || f.includes("damaged"))).toEqual([]);
  });

  it("npm run db:repair keeps the damaged journal whole and cuts it to the last good record", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 12);
    const copy = crashCopy(live.dbPath);
    const journal = join(copy, "durable", "journal.bson");
    const offsets = frameOffsets(journal);
    const damaged = readFileSync(journal);
    damaged[offsets[6] + 9] ^= 0x01;
    writeFileSync(journal, damaged);

    const repair = spawnSync(process.execPath, [...nodeArgs("src/cli/repair.ts"), "--dbpath", copy], { encoding: "utf8" });
    expect(repair.status, repair.stderr).toBe(0);
    expect(repair.stdout).toMatch(/database "durable": record checksum mismatch at offset \d+\. Kept 6 record\(s\)/);
    const kept = readdirSync(join(copy, "durable")).filter((f) => f.startsWith("journal.bson.damaged-"));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(copy, "durable", kept[0])).equals(damaged)).toBe(true);
    expect(statSync(journal).size).toBe(offsets[6]);

    const restarted = await openEngine(copy);
    // The first records create the collection and its index; the rest are the inserts before the damage.
    const ids = await idsOf(restarted.db);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i));
    expect(ids.length).toBeLessThan(12);
    expect(restarted.logs.filter((l) => l.includes("journal recovery"))).toEqual([]);
  });

  it("repairs only a torn last record by itself: a zero-filled tail and a last record with a bad checksum", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 8);
    for (const damage of ["zeros", "last-checksum"] as const) {
      const copy = crashCopy(live.dbPath);
      const journal = join(copy, "durable", "journal.bson");
      if (damage === "zeros") appendFileSync(journal, Buffer.alloc(4096));
      else {
        const bytes = readFileSync(journal);
        bytes[bytes.length - 1] ^= 0xff;
        writeFileSync(journal, bytes);
      }
      const reopened = await openEngine(copy);
      expect(
        reopened.logs.some((l) => l.startsWith('journal recovery: database "durable"')),
        damage,
      ).toBe(true);
      expect(await idsOf(reopened.db)).toEqual(damage === "zeros" ? [0, 1, 2, 3, 4, 5, 6, 7] : [0, 1, 2, 3, 4, 5, 6]);
      await reopened.close();
    }
  });

  it("refuses to start when the snapshot is missing but the journal continues from it, and says why", async () => {
    const live = await openEngine(scratchDir(), 5);
    await writeNumbered(live.db, 23); // several snapshots; the journal continues from the last one
    for (const extraWrites of [0, 3]) {
      if (extraWrites) await live.db.collection<{ _id: number }>("docs").insertMany([{ _id: 100 }, { _id: 101 }, { _id: 102 }]);
      const copy = crashCopy(live.dbPath);
      rmSync(join(copy, "durable", "snapshot.bson"));
      const refused = await refusal(copy);
      expect(refused).toBeInstanceOf(Error);
      expect(refused.message).toMatch(/snapshot .*snapshot\.bson is missing, but the journal .*journal\.bson continues from generation \d+/);
      expect(refused.message).toContain("Put the right snapshot.bson back");
    }
  });

  it("refuses a flip of any bit or byte of a middle record's header, and of its record header, changing nothing", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 40);
    const copy = crashCopy(live.dbPath);
    const dir = join(copy, "durable");
    const journal = join(dir, "journal.bson");
    const offsets = frameOffsets(journal);
    expect(offsets.length).toBeGreaterThanOrEqual(40);
    const intact = readFileSync(journal);
    const middle = offsets[Math.floor(offsets.length / 2)];
    // Each flip: [offset, xor]. Every bit and every whole byte of the frame header (length, checksum),
    // and every byte of the record's own header document ({ seq, n }) behind it.
    const flips: Array<[number, number]> = [];
    for (let byte = 0; byte < 8; byte++) {
      for (let bit = 0; bit < 8; bit++) flips.push([middle + byte, 1 << bit]);
      flips.push([middle + byte, 0xff]);
    }
    for (let byte = 8; byte < 8 + intact.readUInt32LE(middle + 8); byte++) flips.push([middle + byte, 0xff]);
    for (const [at, xor] of flips) {
      const damaged = Buffer.from(intact);
      damaged[at] ^= xor;
      writeFileSync(journal, damaged);
      const refused = await refusal(copy);
      const what = `byte ${at - middle} of the record, xor 0x${xor.toString(16)}`;
      expect(refused.message, what).toMatch(/is damaged in the middle/);
      expect(refused.message, what).toContain(journal);
      expect(refused.message, what).toContain("npm run db:repair");
      expect(readFileSync(journal).equals(damaged), what).toBe(true);
      expect(
        readdirSync(dir).filter((f) => f.includes("corrupt") || f.includes("damaged")),
        what,
      ).toEqual([]);
    }
  });

  it("refuses a last record whose length was damaged in front of its complete contents", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 6);
    const copy = crashCopy(live.dbPath);
    const journal = join(copy, "durable", "journal.bson");
    const last = frameOffsets(journal).at(-1)!;
    for (const [byte, xor] of [
      [1, 0x01],
      [2, 0x10],
      [3, 0x10],
      [0, 0x80],
    ]) {
      const damaged = readFileSync(journal);
      damaged[last + byte] ^= xor;
      writeFileSync(journal, damaged);
      expect((await refusal(copy)).message).toMatch(/is damaged in the middle: (truncated record|implausible record length)/);
      damaged[last + byte] ^= xor;
      writeFileSync(journal, damaged);
    }
  });

  it("still recovers the last record torn at any byte, keeping every record before it", async () => {
    const live = await openEngine(scratchDir());
    await writeNumbered(live.db, 5);
    const source = crashCopy(live.dbPath);
    const journal = join(source, "durable", "journal.bson");
    const size = statSync(journal).size;
    const last = frameOffsets(journal).at(-1)!;
    for (let cut = last + 1; cut < size; cut++) {
      const copy = scratchDir();
      cpSync(source, copy, { recursive: true });
      truncateSync(join(copy, "durable", "journal.bson"), cut);
      const reopened = await openEngine(copy);
      expect(
        reopened.logs.some((l) => l.startsWith('journal recovery: database "durable"')),
        `cut at ${cut}`,
      ).toBe(true);
      expect(await idsOf(reopened.db), `cut at ${cut}`).toEqual([0, 1, 2, 3]);
      await reopened.close();
    }
  });

  it("refuses to start when the journal its snapshot expects is missing or emptied; db:repair starts from the snapshot", async () => {
    // A database never compacted (its snapshot is the empty one it was created with) and one whose
    // snapshot holds documents, with writes after it in the journal.
    for (const compactEvery of [undefined, 5]) {
      const live = await openEngine(scratchDir(), compactEvery);
      await writeNumbered(live.db, 12);
      for (const damage of ["deleted", "emptied"] as const) {
        const copy = crashCopy(live.dbPath);
        const journal = join(copy, "durable", "journal.bson");
        if (damage === "deleted") rmSync(journal);
        else truncateSync(journal, 0);
        const refused = await refusal(copy);
        expect(refused.message, damage).toContain(`journal ${journal} ${damage === "deleted" ? "is missing" : "holds no records"}`);
        expect(refused.message, damage).toContain("snapshot.bson expects it");
        expect(refused.message, damage).toContain("npm run db:repair");

        const repair = spawnSync(process.execPath, [...nodeArgs("src/cli/repair.ts"), "--dbpath", copy], { encoding: "utf8" });
        expect(repair.status, repair.stderr).toBe(0);
        expect(repair.stdout).toMatch(/database "durable": the journal its snapshot expects was missing or empty; started a new empty journal/);
        const restarted = await openEngine(copy, compactEvery);
        const ids = await idsOf(restarted.db);
        // As of the snapshot: a prefix of what was written, without the journal's writes.
        expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i));
        expect(ids.length).toBeLessThan(12);
        if (compactEvery) expect(ids.length).toBeGreaterThan(0);
        await restarted.db.collection<{ _id: number }>("docs").insertOne({ _id: 100 });
        await restarted.close();
        const again = await openEngine(copy, compactEvery);
        expect(await idsOf(again.db)).toEqual([...ids, 100]);
        await again.close();
      }
    }
  });

  it("refuses a second engine on the same data directory from another process, naming the process", async () => {
    const dbPath = scratchDir();
    const child = spawnChild([dbPath, "fixed", "1"]);
    await child.waitFor((lines) => lines.includes("DONE"));
    const refused = await refusal(dbPath);
    expect(refused.message).toContain(`in use by process ${child.process.pid}`);
  });

  it("creates data files readable by their owner only (0600) in directories of mode 0700", async () => {
    const root = join(scratchDir(), "fresh");
    const live = await openEngine(root, 5);
    await writeNumbered(live.db, 12);
    await live.close();
    const modes = (path: string): number => statSync(path).mode & 0o777;
    expect(modes(root)).toBe(0o700);
    expect(modes(join(root, "durable"))).toBe(0o700);
    for (const file of readdirSync(join(root, "durable"))) expect([file, modes(join(root, "durable", file))]).toEqual([file, 0o600]);
  });
});

describe("storage failures (engine, simulated through its file layer)", () => {
  const original = { ...io };
  afterEach(() => Object.assign(io, original));
  const failWith = (code: string) => () => {
    throw Object.assign(new Error(`${code}: simulated`), { code });
  };

  it.each([
    ["a full disk on append", "ENOSPC", "writeSync"],
    ["an I/O error on fsync", "EIO", "fdatasync"],
  ] as const)("reports %s, refuses writes, and takes writes again once the disk works, without a restart", async (_label, code, operation) => {
    const changes: StorageHealth[] = [];
    const dbPath = scratchDir();
    const engine = await startEngine({ dbPath, port: 0, log: () => undefined, storageRetryMs: 3_600_000, onStorageChange: (h) => changes.push(h) });
    const client = new MongoClient(engine.uri);
    cleanup.push(async () => {
      Object.assign(io, original);
      await client.close();
      await engine.close();
    });
    const docs = client.db("durable").collection<{ _id: number }>("docs");
    await docs.insertOne({ _id: 1 });

    if (operation === "writeSync") io.writeSync = failWith(code) as typeof io.writeSync;
    else io.fsyncSync = failWith(code) as typeof io.fsyncSync;
    if (operation === "fdatasync")
      io.fdatasync = ((_fd: number, callback: (error: Error | null) => void) => callback(Object.assign(new Error(`${code}: simulated`), { code }))) as typeof io.fdatasync;
    const failed = await docs.insertOne({ _id: 2 }).catch((error: unknown) => error as MongoServerError);
    expect(failed).toBeInstanceOf(MongoServerError);
    expect(engine.storageHealth()).toMatchObject({ ok: false, error: expect.stringContaining(code) as unknown });
    expect(changes.at(-1)).toMatchObject({ ok: false });
    await expect(docs.insertOne({ _id: 3 })).rejects.toThrow(/storage failure|could not be made durable/);
    // Reads are still answered, from memory: a page that only reads keeps working.
    expect((await docs.find({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1]);
    expect(await docs.countDocuments({ _id: { $lte: 1 } })).toBe(1);

    // Still failing: the retry keeps the database stopped.
    expect(engine.retryStorage()).toBe(false);
    Object.assign(io, original);
    expect(engine.retryStorage()).toBe(true);
    expect(engine.storageHealth()).toEqual({ ok: true });
    expect(changes.at(-1)).toEqual({ ok: true });
    await docs.insertOne({ _id: 4 });
    const before = (await docs.find().sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(before).toContain(1);
    expect(before).toContain(4);
    expect(before).not.toContain(3);

    await client.close();
    await engine.close();
    const reopened = await openEngine(dbPath);
    expect(await idsOf(reopened.db)).toEqual(before);
  });
});

describe("TTL monitor (engine, controlled clock)", () => {
  it("deletes exactly what is due at the given time, following updates and dropped indexes", async () => {
    const { engine, stop } = await startTestEngine({ ttlMonitor: false });
    cleanup.push(stop);
    const client = new MongoClient(engine.uri);
    await client.connect();
    cleanup.push(() => client.close());
    const sessions = client.db("app").collection<{ _id: string; expire?: unknown }>("sessions");
    await sessions.createIndex({ expire: 1 }, { expireAfterSeconds: 60 });
    const t0 = Date.UTC(2030, 0, 1);
    await sessions.insertMany([
      { _id: "a", expire: new Date(t0) },
      { _id: "b", expire: new Date(t0 + 10_000) },
      { _id: "c", expire: [new Date(t0 + 500_000), new Date(t0 + 5_000)] },
      { _id: "d", expire: "not a date" },
      { _id: "e" },
    ]);
    await sessions.updateOne({ _id: "b" }, { $set: { expire: new Date(t0 + 3_600_000) } }); // touched: lives on
    const left = async (): Promise<string[]> => (await sessions.find().sort({ _id: 1 }).toArray()).map((d) => d._id);

    expect(engine.sweepTtl(t0 + 59_999)).toBe(0);
    expect(engine.sweepTtl(t0 + 60_000)).toBe(1);
    expect(await left()).toEqual(["b", "c", "d", "e"]);
    expect(engine.sweepTtl(t0 + 70_000)).toBe(1); // c: the earliest date of its array
    expect(await left()).toEqual(["b", "d", "e"]);
    expect(engine.sweepTtl(t0 + 3_600_000 + 59_000)).toBe(0);
    await sessions.insertOne({ _id: "f", expire: new Date(t0) });
    await sessions.dropIndex("expire_1");
    expect(engine.sweepTtl(t0 + 10 * 3_600_000)).toBe(0);
    expect(await left()).toEqual(["b", "d", "e", "f"]);
  });
});

describe("access (engine with a token)", () => {
  it("admits only connections whose handshake carries the token", async () => {
    const token = "t0ken-for-the-app-only-1234567890";
    const { engine, stop, logs } = await startTestEngine({ token });
    cleanup.push(stop);
    expect(engine.uri).toBe(`mongodb://127.0.0.1:${engine.port}/?appName=${token}`);
    const app = new MongoClient(engine.uri);
    cleanup.push(() => app.close());
    await app.db("x").collection("c").insertOne({ ok: 1 });
    expect(await app.db("x").collection("c").countDocuments()).toBe(1);

    for (const uri of [`mongodb://127.0.0.1:${engine.port}`, `mongodb://127.0.0.1:${engine.port}/?appName=wrong-token-but-long-enough-123`]) {
      const outsider = new MongoClient(uri, { serverSelectionTimeoutMS: 1_500 });
      cleanup.push(() => outsider.close());
      await expect(outsider.db("x").collection("c").countDocuments()).rejects.toThrow();
    }
    expect(logs.some((l) => /refused, no valid token in its handshake/.test(l))).toBe(true);
    expect(await app.db("x").collection("c").countDocuments()).toBe(1);
  });
});
