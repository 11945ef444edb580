/**
 * Command dispatch: finds the handler for a command document and runs it.
 */
import type { Document } from "../bson.js";
import { validateDatabaseName } from "../database.js";
import { CommandError } from "../errors.js";
import * as admin from "./admin.js";
import type { CommandHandler, ConnectionInfo, EngineServices } from "./context.js";
import * as crud from "./crud.js";
import * as ddl from "./ddl.js";

export type { ConnectionInfo, EngineServices } from "./context.js";

/** Command names are case-sensitive in MongoDB, apart from the aliases listed here. */
const HANDLERS: Record<string, CommandHandler> = {
  hello: admin.hello,
  isMaster: admin.hello,
  ismaster: admin.hello,
  ping: admin.ping,
  buildInfo: admin.buildInfo,
  buildinfo: admin.buildInfo,
  getParameter: admin.getParameter,
  getCmdLineOpts: admin.getCmdLineOpts,
  getLog: admin.getLog,
  hostInfo: admin.hostInfo,
  connectionStatus: admin.connectionStatus,
  whatsmyuri: admin.whatsmyuri,
  serverStatus: admin.serverStatus,
  endSessions: admin.sessionNoop,
  refreshSessions: admin.sessionNoop,
  killSessions: admin.sessionNoop,
  killAllSessions: admin.sessionNoop,

  insert: crud.insert,
  find: crud.find,
  getMore: crud.getMore,
  killCursors: crud.killCursors,
  update: crud.update,
  delete: crud.deleteCommand,
  findAndModify: crud.findAndModify,
  findandmodify: crud.findAndModify,
  count: crud.count,
  distinct: crud.distinct,
  aggregate: crud.aggregate,
  explain: crud.explain,

  create: ddl.create,
  drop: ddl.drop,
  dropDatabase: ddl.dropDatabase,
  listCollections: ddl.listCollections,
  listDatabases: ddl.listDatabases,
  createIndexes: ddl.createIndexes,
  listIndexes: ddl.listIndexes,
  dropIndexes: ddl.dropIndexes,
  deleteIndexes: ddl.dropIndexes,
  renameCollection: ddl.renameCollection,
  dbStats: ddl.dbStats,
  collStats: ddl.collStats,

  startTransaction: admin.transactionUnsupported,
  commitTransaction: admin.transactionUnsupported,
  abortTransaction: admin.transactionUnsupported,
  saslStart: admin.authUnsupported,
  saslContinue: admin.authUnsupported,
  authenticate: admin.authUnsupported,
  logout: admin.authUnsupported,
};

export function commandNames(): string[] {
  return Object.keys(HANDLERS);
}

/**
 * Commands that only read: while a storage failure stops a database's writes they are still
 * answered, from memory (which may hold a write whose outcome its client was told is unknown;
 * the recovery snapshot keeps it).
 */
const READ_ONLY_COMMANDS = new Set([
  "hello",
  "isMaster",
  "ismaster",
  "ping",
  "buildInfo",
  "buildinfo",
  "connectionStatus",
  "serverStatus",
  "endSessions",
  "find",
  "getMore",
  "killCursors",
  "count",
  "distinct",
  "aggregate",
  "explain",
  "listCollections",
  "listDatabases",
  "listIndexes",
  "dbStats",
  "collStats",
]);

/** Whether a command only reads (see READ_ONLY_COMMANDS). */
export function isReadOnlyCommand(name: string | undefined): boolean {
  return name !== undefined && READ_ONLY_COMMANDS.has(name);
}

/** Runs one command. Throws CommandError for anything the client should see as `ok: 0`. */
export function runCommand(engine: EngineServices, dbName: unknown, body: Document, connection: ConnectionInfo): Document {
  const name = Object.keys(body)[0];
  if (name === undefined) throw new CommandError("CommandNotFound", "no such command: ''");
  const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler) throw new CommandError("CommandNotFound", `no such command: '${name}'`);
  // Any command inside a multi-document transaction carries these fields.
  if (body.startTransaction !== undefined || body.autocommit !== undefined) throw admin.transactionsUnsupported();
  const db = engine.database(validateDatabaseName(dbName));
  if (!READ_ONLY_COMMANDS.has(name)) db.assertHealthy();
  return handler({ engine, db, body, name, connection });
}
