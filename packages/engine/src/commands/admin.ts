/**
 * Handshake, diagnostics and session commands: what drivers, mongosh and Compass send around
 * the actual data commands.
 */
import { arch, cpus, hostname, platform, release, totalmem, type as osType } from "node:os";
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE_BYTES, MAX_WRITE_BATCH_SIZE, type Document } from "../bson.js";
import { CommandError } from "../errors.js";
import type { CommandHandler } from "./context.js";

/** MongoDB 7.0. The mongodb 7.x driver needs at least 9 (MongoDB 4.4) and accepts up to 29. */
export const MAX_WIRE_VERSION = 21;
export const SERVER_VERSION = "7.0.0";
export const SESSION_TIMEOUT_MINUTES = 30;

export const hello: CommandHandler = (ctx) => {
  // `isMaster` (legacy) answers `ismaster`; `hello` answers `isWritablePrimary`.
  const primaryField = ctx.name === "hello" ? "isWritablePrimary" : "ismaster";
  return {
    [primaryField]: true,
    helloOk: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    // Without this the driver disables sessions; with it, lsid fields arrive and are ignored.
    logicalSessionTimeoutMinutes: SESSION_TIMEOUT_MINUTES,
    connectionId: ctx.connection.id,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
};

export const ping: CommandHandler = () => ({ ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: "flowmap-embedded-engine",
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  javascriptEngine: "none",
  storageEngines: ["flowmap-journal"],
  modules: [],
  allocator: "system",
  sysInfo: "deprecated",
  openssl: { running: "disabled", compiled: "disabled" },
  buildEnvironment: { target_arch: arch(), target_os: platform() },
  ok: 1,
});

const PARAMETERS: Document = {
  featureCompatibilityVersion: { version: "7.0" },
  authenticationMechanisms: [],
  requireApiVersion: false,
};

export const getParameter: CommandHandler = (ctx) => {
  const all = ctx.body.getParameter === "*";
  const reply: Document = {};
  for (const [name, value] of Object.entries(PARAMETERS)) {
    if (all || ctx.body[name] !== undefined) reply[name] = value;
  }
  if (Object.keys(reply).length === 0) throw new CommandError("InvalidOptions", "no option found to get");
  return { ...reply, ok: 1 };
};

export const getCmdLineOpts: CommandHandler = (ctx) => ({
  argv: ["flowmap-engine"],
  parsed: { net: { bindIp: "127.0.0.1", port: ctx.engine.port } },
  ok: 1,
});

export const getLog: CommandHandler = (ctx) => {
  if (ctx.body.getLog === "*") return { names: ["global", "startupWarnings"], ok: 1 };
  return { totalLinesWritten: 0, log: [], ok: 1 };
};

export const hostInfo: CommandHandler = () => ({
  system: {
    currentTime: new Date(),
    hostname: hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(totalmem() / (1024 * 1024)),
    numCores: cpus().length,
    cpuArch: arch(),
  },
  os: { type: osType(), name: platform(), version: release() },
  extra: {},
  ok: 1,
});

export const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

export const whatsmyuri: CommandHandler = (ctx) => ({ you: ctx.connection.remoteAddress, ok: 1 });

export const serverStatus: CommandHandler = (ctx) => {
  const uptimeMillis = Date.now() - ctx.engine.startedAt.getTime();
  return {
    host: `${hostname()}:${ctx.engine.port}`,
    version: SERVER_VERSION,
    process: "flowmap-engine",
    pid: process.pid,
    uptime: Math.floor(uptimeMillis / 1000),
    uptimeMillis,
    localTime: new Date(),
    storageEngine: { name: "flowmap-journal", supportsCommittedReads: false, persistent: true },
    flowmapEngine: { ...ctx.engine.stats, openCursors: ctx.engine.cursors.openCount },
    ok: 1,
  };
};

/** Sessions live only in the driver: the engine runs one command at a time and keeps none. */
export const sessionNoop: CommandHandler = () => ({ ok: 1 });

export function transactionsUnsupported(): CommandError {
  return new CommandError(
    "IllegalOperation",
    // Note: for write operations the driver re-wraps any code-20 error as "This MongoDB
    // deployment does not support retryable writes" (as it does with a real standalone); this
    // message is then in `errorResponse.originalError`.
    "multi-document transactions are not supported by the embedded engine (a standalone server); they need a replica set",
  );
}

export const transactionUnsupported: CommandHandler = () => {
  throw transactionsUnsupported();
};

export const authUnsupported: CommandHandler = (ctx) => {
  throw new CommandError(
    "CommandNotSupported",
    `${ctx.name}: authentication is not supported by the embedded engine (it only accepts connections from 127.0.0.1); remove credentials from the connection string`,
  );
};
