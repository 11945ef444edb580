import fs from "node:fs";
import path from "node:path";

import mongoose from "mongoose";

import { startEngine, type RunningEngine } from "../../engine";
import { getEnv } from "~/services/env.server";

/**
 * One database connection per process, kept on globalThis so that dev rebuilds (which
 * re-import the server build) reuse it instead of opening another.
 */
interface DbState {
  connecting?: Promise<typeof mongoose>;
  engine?: RunningEngine;
  kind?: "embedded" | "mongodb";
  description?: string;
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

export function connectDb(): Promise<typeof mongoose> {
  // Already connected (a test harness, or a script that connected itself): reuse it.
  if (!state.connecting && mongoose.connection.readyState === 1) return Promise.resolve(mongoose);
  state.connecting ??= openConnection().catch((error: unknown) => {
    state.connecting = undefined;
    throw error;
  });
  return state.connecting;
}

async function openConnection() {
  const env = getEnv();
  let uri = env.MONGODB_URI;
  if (uri) {
    state.kind = "mongodb";
    state.description = describeUri(uri);
  } else {
    const dbPath = path.resolve(env.DATA_DIR, "db");
    const running = await openEmbeddedEngine(dbPath);
    uri = `${running.uri}/flowmap`;
    state.kind = "embedded";
    state.description = running.description;
  }
  try {
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      autoIndex: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseStartError(`Cannot reach the database at ${state.description}: ${reason}`);
  }
  console.info(`[db] using ${state.kind === "embedded" ? "the " : "MongoDB at "}${state.description}`);
  return mongoose;
}

/** Where a running app publishes its engine, so scripts can use the same data meanwhile. */
const ENGINE_ADDRESS_FILE = "engine.uri";

/**
 * Starts the embedded engine on the data directory. When another process (the running app)
 * already owns it, the command-line tools connect to that process's engine instead of failing.
 */
async function openEmbeddedEngine(dbPath: string) {
  const addressFile = path.join(dbPath, ENGINE_ADDRESS_FILE);
  try {
    state.engine = await startEngine({ dbPath, port: 0, log: (line) => console.info(`[db] ${line}`) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const shared = /in use by process/.test(message) ? readAddress(addressFile) : null;
    if (!shared) throw new DatabaseStartError(`The embedded database in ${dbPath} could not start: ${message}`);
    return { uri: shared, description: `embedded engine of the running app at ${shared} (files in ${dbPath})` };
  }
  fs.writeFileSync(addressFile, state.engine.uri);
  return { uri: state.engine.uri, description: `embedded engine at ${state.engine.uri} (files in ${dbPath})` };
}

function readAddress(file: string) {
  try {
    const uri = fs.readFileSync(file, "utf8").trim();
    return /^mongodb:\/\/127\.0\.0\.1:\d+$/.test(uri) ? uri : null;
  } catch {
    return null;
  }
}

export type DbHealth = { state: "connected" | "connecting" | "disconnected"; kind?: string };

export function dbHealth(): DbHealth {
  const ready = mongoose.connection.readyState;
  return {
    state: ready === 1 ? "connected" : ready === 2 ? "connecting" : "disconnected",
    kind: state.kind,
  };
}

/** For tests and scripts: close the connection (and the embedded engine when it was ours). */
export async function disconnectDb() {
  await mongoose.disconnect();
  if (state.engine) {
    fs.rmSync(path.resolve(getEnv().DATA_DIR, "db", ENGINE_ADDRESS_FILE), { force: true });
    await state.engine.close();
  }
  state.engine = undefined;
  state.connecting = undefined;
  state.kind = undefined;
}
