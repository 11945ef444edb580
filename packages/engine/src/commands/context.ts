/**
 * What a command handler sees, and typed accessors for command fields.
 */
import type { Document } from "../bson.js";
import type { CursorManager } from "../cursors.js";
import type { Database } from "../database.js";
import { CommandError, typeMismatch } from "../errors.js";
import { parseCollation, type EvalContext } from "../mingo.js";
import type { EngineStats } from "../query.js";
import { cloneDeep, isPlainObject, numberParameter } from "../values.js";
import { validateCollectionName } from "../database.js";

/** The engine as command handlers use it. */
export interface EngineServices {
  readonly stats: EngineStats;
  readonly cursors: CursorManager;
  readonly port: number;
  readonly startedAt: Date;
  readonly log: (line: string) => void;
  /** The database, created in memory if it does not exist (files appear on first write). */
  database(name: string): Database;
  databases(): Database[];
  dropDatabase(name: string): void;
}

export interface ConnectionInfo {
  id: number;
  remoteAddress: string;
}

export interface CommandContext {
  engine: EngineServices;
  db: Database;
  body: Document;
  /** The command name as sent (first field of the body). */
  name: string;
  connection: ConnectionInfo;
}

export type CommandHandler = (ctx: CommandContext) => Document;

export function getDocument(body: Document, field: string): Document | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw typeMismatch(field, "object");
  return value;
}

export function getArray(body: Document, field: string): unknown[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw typeMismatch(field, "array");
  return value;
}

export function getBoolean(body: Document, field: string, fallback: boolean): boolean {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  const n = numberParameter(value);
  if (n !== undefined) return n !== 0;
  throw typeMismatch(field, "bool");
}

export function getInteger(body: Document, field: string, fallback: number): number {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  const n = numberParameter(value);
  if (n === undefined || !Number.isFinite(n)) throw typeMismatch(field, "long");
  return Math.trunc(n);
}

/** The collection name a command targets (the value of its first field). */
export function collectionName(ctx: CommandContext): string {
  const value = ctx.body[ctx.name];
  if (typeof value !== "string") {
    throw new CommandError("InvalidNamespace", `collection name has invalid type ${value === null ? "null" : typeof value}`);
  }
  return validateCollectionName(ctx.db.name, value);
}

/**
 * Evaluation context for queries on this database: collation, `let` variables, and a resolver
 * for $lookup and friends that returns copies (mingo may modify what it is given).
 */
export function evalContext(ctx: CommandContext, source: Document = ctx.body): EvalContext {
  const collation = parseCollation(source.collation);
  const variables = getDocument(source, "let");
  return {
    collation,
    variables,
    resolveCollection: (name: string) => {
      const collection = ctx.db.getCollection(name);
      return collection ? [...collection.docs.values()].map(cloneDeep) : [];
    },
  };
}
