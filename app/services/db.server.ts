import fs from "node:fs";
import path from "node:path";

import mongoose from "mongoose";

import { startEngineWorker, type EngineWorker } from "@flowmap/engine/worker-host";
import { getEnv } from "~/services/env.server";

/**
 * One database connection per process, kept on globalThis so that dev rebuilds (which
 * re-import the server build) reuse it instead of opening another.
 */
interface DbState {
  connecting?: Promise<typeof mongoose>;
  engine?: EngineWorker;
  kind?: "embedded" | "mongodb";
  description?: string;
  /** Where this process published its engine's address for the command-line tools. */
  addressFile?: string;
}
const globalForDb = globalThis as typeof globalThis & { __flowmapDb?: DbState };
const state: DbState = (globalForDb.__flowmapDb ??= {});

/** How long an unreachable MONGODB_URI may hold up the start before it fails. */
export const SERVER_SELECTION_TIMEOUT_MS = 5_000;

mongoose.set("strictQuery", true);

/** Describes a MongoDB URI for logs: host and database, never the credentials. */
export function describeUri(uri: string) {
  try {
    const url = new URL(uri.replace(/^mongodb(\+srv)?:/, "http:"));
    const db = url.pathname.replace(/^\//, "") || "(default database)";
    return `${uri.startsWith("mongodb+srv:") ? "mongodb+srv" : "mongodb"}://${url.host}/${db}`;
  } catch {
    return "mongodb://(unparseable address)";
  }
}

export class DatabaseStartError extends Error {
  name = "DatabaseStartError";
}

export interface ConnectOptions {
  /**
   * For the command-line tools (`npm run seed`, `npm run user:role`): when the app is running on
   * the same DATA_DIR, use its engine instead of refusing. The app itself never shares.
   */
  shareRunningEngine?: boolean;
  /** How long an unreachable MONGODB_URI may hold up the connection: SERVER_SELECTION_TIMEOUT_MS unless given. */
  serverSelectionTimeoutMs?: number;
}

export function connectDb(options: ConnectOptions = {}): Promise<typeof mongoose> {
  // Already connected (a test harness, or a script that connected itself): reuse it.
  if (!state.connecting && mongoose.connection.readyState === 1) return Promise.resolve(mongoose);
  state.connecting ??= openConnection(options).catch((error: unknown) => {
    state.connecting = undefined;
    throw error;
  });
  return state.connecting;
}

async function openConnection(options: ConnectOptions) {
  const env = getEnv();
  let uri = env.MONGODB_URI;
  let dbName: string | undefined;
  if (uri) {
    state.kind = "mongodb";
    state.description = describeUri(uri);
  } else {
    const dbPath = path.resolve(env.DATA_DIR, "db");
    const running = await openEmbeddedEngine(dbPath, options);
    uri = running.uri;
    dbName = "flowmap";
    state.kind = "embedded";
    state.description = running.description;
  }
  try {
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? SERVER_SELECTION_TIMEOUT_MS,
      autoIndex: true,
      ...(dbName ? { dbName } : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseStartError(`Cannot reach the database at ${state.description}: ${reason}`);
  }
  console.info(`[db] using ${state.kind === "embedded" ? "the " : "MongoDB at "}${state.description}`);
  return mongoose;
}

/**
 * Where a running app publishes its engine's connection string (token included, readable by
 * its owner only), so the command-line tools can use the same data meanwhile.
 */
const ENGINE_ADDRESS_FILE = "engine.uri";

/**
 * Starts the embedded engine in its own thread on the data directory. When another process
 * already owns the directory, the app refuses to start (two apps on one directory would share
 * one engine and break when the first stops); the command-line tools use that engine instead.
 */
async function openEmbeddedEngine(dbPath: string, options: ConnectOptions) {
  const addressFile = path.join(dbPath, ENGINE_ADDRESS_FILE);
  try {
    state.engine = await startEngineWorker({
      dbPath,
      log: (line) => console.info(`[db] ${line}`),
      onStorageChange: (health) => (health.ok ? console.info("[db] storage works again; writes resume") : console.error(`[db] storage failure: ${health.error}`)),
      allowFaultInjection: getEnv().NODE_ENV === "test",
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const owner = /in use by process (\d+)/.exec(message)?.[1];
    if (!owner) throw new DatabaseStartError(`The embedded database in ${dbPath} could not start: ${message}`);
    const shared = options.shareRunningEngine ? readAddress(addressFile) : null;
    if (!shared) {
      throw new DatabaseStartError(
        `The data directory ${path.dirname(dbPath)} (DATA_DIR) is already used by another Flowmap app (process ${owner}). ` +
          `Two apps on one data directory would share one database engine and fail when the first one stops: ` +
          `stop the other app, or give this one its own DATA_DIR.`,
      );
    }
    return { uri: shared, description: `embedded engine of the running app (process ${owner}, files in ${dbPath})` };
  }
  fs.writeFileSync(addressFile, state.engine.uri, { mode: 0o600 });
  state.addressFile = addressFile;
  return { uri: state.engine.uri, description: `embedded engine on 127.0.0.1:${state.engine.port} (files in ${dbPath})` };
}

function readAddress(file: string) {
  try {
    const uri = fs.readFileSync(file, "utf8").trim();
    return /^mongodb:\/\/127\.0\.0\.1:\d+\/\?appName=[A-Za-z0-9_-]+$/.test(uri) ? uri : null;
  } catch {
    return null;
  }
}

/**
 * Whether this process runs the embedded engine itself: its data directory is locked to one app
 * at a time, so no other app instance uses this database while it runs.
 */
export function isSoleInstance() {
  return state.engine !== undefined;
}

/** The app's engine, for tests that simulate disk failures through it (NODE_ENV=test only). */
export function embeddedEngine(): EngineWorker | undefined {
  return state.engine;
}

export type DbHealth = {
  state: "connected" | "connecting" | "disconnected";
  kind?: string;
  /** The embedded engine's files: "failing" while writes cannot reach the disk. */
  storage?: "ok" | "failing";
  error?: string;
};

export function dbHealth(): DbHealth {
  const ready = mongoose.connection.readyState;
  const health: DbHealth = {
    state: ready === 1 ? "connected" : ready === 2 ? "connecting" : "disconnected",
    kind: state.kind,
  };
  if (state.engine) {
    const storage = state.engine.storageHealth();
    health.storage = storage.ok ? "ok" : "failing";
    if (!storage.ok) health.error = storage.error;
  }
  return health;
}

/** For tests and scripts: close the connection (and the embedded engine when it was ours). */
export async function disconnectDb() {
  await mongoose.disconnect();
  if (state.engine) {
    if (state.addressFile) fs.rmSync(state.addressFile, { force: true });
    await state.engine.close();
  }
  state.engine = undefined;
  state.addressFile = undefined;
  state.connecting = undefined;
  state.kind = undefined;
}
