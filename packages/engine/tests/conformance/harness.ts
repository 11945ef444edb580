/**
 * Targets for the conformance suite: the embedded engine always, and a real MongoDB when
 * TEST_MONGODB_URI is set. The same tests run against both, so any difference in behaviour
 * between the engine and MongoDB shows up as a failing test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MongoClient, MongoServerError, type Db, type MongoClientOptions } from "mongodb";
import mongoose, { type Connection } from "mongoose";
import { afterAll, beforeAll, describe } from "vitest";
import { startEngine, type EngineOptions, type RunningEngine } from "../../src/index.js";

export const REAL_MONGODB_URI = process.env.TEST_MONGODB_URI;

export type TargetKind = "engine" | "mongodb";

/** The targets this run covers. */
export function targetKinds(): TargetKind[] {
  return ["engine", "mongodb"];
}

/** One line, printed once per file that calls it, saying what TEST_MONGODB_URI would add. */
export function announceRealMongoDb(): void {
  if (!REAL_MONGODB_URI) {
    console.info("conformance: real-MongoDB run skipped; set TEST_MONGODB_URI=mongodb://host:port to also run this suite against a real MongoDB");
  }
}

export function tempDir(prefix = "flowmap-engine-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Starts an engine on a fresh temporary directory; logs are collected instead of printed. */
export async function startTestEngine(options: Partial<EngineOptions> = {}): Promise<{
  engine: RunningEngine;
  dbPath: string;
  logs: string[];
  stop(): Promise<void>;
}> {
  const dbPath = options.dbPath ?? tempDir();
  const logs: string[] = [];
  const engine = await startEngine({ port: 0, ttlMonitorIntervalMs: 200, log: (line) => logs.push(line), ...options, dbPath });
  return {
    engine,
    dbPath,
    logs,
    async stop() {
      await engine.close();
      if (!options.dbPath) rmSync(dbPath, { recursive: true, force: true });
    },
  };
}

export interface Target {
  kind: TargetKind;
  uri: string;
  /** A database name unique to this run. */
  dbName: string;
  /** Present when the target is the embedded engine. */
  engine?: RunningEngine;
  client: MongoClient;
  db: Db;
  /** A new client (e.g. with command monitoring); closed with the target. */
  newClient(options?: MongoClientOptions): Promise<MongoClient>;
  /** A mongoose connection to the target's database; closed with the target. */
  mongoose(): Promise<Connection>;
}

/**
 * Registers beforeAll/afterAll hooks in the current describe block and returns an accessor
 * for the target (available inside tests).
 */
export function useTarget(kind: TargetKind): () => Target {
  let target: Target | undefined;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    let uri: string;
    let engine: RunningEngine | undefined;
    if (kind === "engine") {
      const started = await startTestEngine();
      engine = started.engine;
      uri = engine.uri;
      cleanups.push(() => started.stop());
    } else {
      uri = REAL_MONGODB_URI!;
    }
    const dbName = uniqueName("conformance");
    const clients: MongoClient[] = [];
    const newClient = async (options?: MongoClientOptions): Promise<MongoClient> => {
      const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000, ...options });
      await client.connect();
      clients.push(client);
      return client;
    };
    const client = await newClient();
    let connection: Connection | undefined;
    cleanups.unshift(async () => {
      await connection?.close();
      if (kind === "mongodb") await client.db(dbName).dropDatabase();
      await Promise.all(clients.map((c) => c.close()));
    });
    target = {
      kind,
      uri,
      dbName,
      engine,
      client,
      db: client.db(dbName),
      newClient,
      async mongoose() {
        connection ??= await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
        return connection;
      },
    };
  });

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  return () => {
    if (!target) throw new Error("target not started");
    return target;
  };
}

/**
 * A describe block for one target. The real-MongoDB block is always declared, and reported as
 * skipped when TEST_MONGODB_URI is unset, so a run says what it did not cover.
 */
export function describeTarget(kind: TargetKind, title: string, body: () => void): void {
  describe.skipIf(kind === "mongodb" && !REAL_MONGODB_URI)(title, body);
}

/** The server error an operation fails with; anything else (or success) fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error("expected the operation to fail");
}
