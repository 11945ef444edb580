import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import mongoose from "mongoose";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { forgetReadCaches } from "~/models/read-caches.server";

import { startEngine } from "@flowmap/engine";

/**
 * A database for one test file, the same code path as the app's: mongoose over the wire.
 *
 * - TEST_MONGODB_URI set: a real MongoDB, with a database of its own per test file
 *   (flowmap_test_<random>), dropped in afterAll.
 * - Otherwise: the embedded engine on a fresh temporary directory and a loopback port,
 *   without a TTL monitor (no document disappears on the wall clock), closed and removed in
 *   afterAll.
 *
 * Call it at the top level of a test file (or of a describe block): it registers the hooks at
 * once. After beforeAll, every model imported by the file has its indexes built, so unique
 * indexes are in force from the first test.
 *
 * Test files share a process (vitest.config.ts): mongoose's default connection is the same
 * object in every file. beforeAll opens it on this file's database (closing first whatever an
 * earlier file may have left open) and afterAll closes it again, so the next file finds it closed
 * and opens its own. Whatever the app cached in memory from another database is forgotten.
 *
 *   const db = await useTestDatabase({ clearBeforeEach: true });
 */
export interface TestDatabaseOptions {
  /** Empty every model's collection before each test (indexes stay). */
  clearBeforeEach?: boolean;
  /** Same as `clearBeforeEach: true` when set to "clear" or true. */
  beforeEach?: "clear" | boolean;
}

export interface TestDatabase {
  /** The connection string in use, without the database name. Set once beforeAll has run. */
  readonly uri: string;
  readonly dbName: string;
  readonly kind: "mongodb" | "embedded";
  /** Empties every collection of the models compiled so far. */
  clear(): Promise<void>;
}

interface State {
  uri: string;
  dbName: string;
  kind: "mongodb" | "embedded";
  closeEngine?: () => Promise<void>;
  dataDir?: string;
}

async function clearCollections() {
  await Promise.all(Object.values(mongoose.connection.collections).map((collection) => collection.deleteMany({})));
  // What the app kept in memory from the old contents (admin stats, benchmark medians) goes too.
  forgetReadCaches();
}

async function buildIndexes() {
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
}

export async function useTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const state: State = { uri: "", dbName: "", kind: "embedded" };

  beforeAll(async () => {
    const external = process.env.TEST_MONGODB_URI?.trim();
    if (external) {
      state.kind = "mongodb";
      state.uri = external;
      state.dbName = `flowmap_test_${crypto.randomBytes(6).toString("hex")}`;
    } else {
      state.kind = "embedded";
      state.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "flowmap-test-db-"));
      // No TTL monitor: tests control time themselves (models take a `now`), and a sweep on the
      // wall clock would delete documents a test dated in the past while it still reads them.
      const engine = await startEngine({ dbPath: state.dataDir, port: 0, ttlMonitor: false });
      state.closeEngine = () => engine.close();
      state.uri = engine.uri;
      state.dbName = "flowmap_test";
    }
    if (mongoose.connection.readyState !== 0) await mongoose.disconnect();
    await mongoose.connect(state.uri, { dbName: state.dbName, serverSelectionTimeoutMS: 5_000, autoIndex: true });
    forgetReadCaches();
    await buildIndexes();
  });

  afterAll(async () => {
    try {
      if (state.kind === "mongodb" && mongoose.connection.readyState === 1) {
        await mongoose.connection.dropDatabase();
      }
    } finally {
      await mongoose.disconnect();
      await state.closeEngine?.();
      if (state.dataDir) await fs.rm(state.dataDir, { recursive: true, force: true });
    }
  });

  if (options.clearBeforeEach || options.beforeEach === "clear" || options.beforeEach === true) {
    beforeEach(clearCollections);
  }

  return {
    get uri() {
      return state.uri;
    },
    get dbName() {
      return state.dbName;
    },
    get kind() {
      return state.kind;
    },
    clear: clearCollections,
  };
}
