/**
 * Server-side cursors. A cursor reads its results from an iterator as batches are asked for:
 * a query whose plan yields documents in order is never built in full (documents are
 * immutable once stored, so each one handed out is a consistent version of it). Batches are
 * bounded by count and by MongoDB's 16 MiB reply limit.
 */
import { Long } from "bson";
import { bsonSize, MAX_BSON_OBJECT_SIZE, type Document } from "./bson.js";
import { CommandError } from "./errors.js";
import { numberParameter } from "./values.js";

/** MongoDB's default first batch for find and aggregate. */
export const DEFAULT_FIRST_BATCH = 101;
/** Idle cursors are closed after MongoDB's default cursorTimeoutMillis. */
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
/** Leaves room for the reply envelope around the documents. */
const MAX_BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;

interface OpenCursor {
  ns: string;
  source: Iterator<Document>;
  /** The next document, read ahead to know whether the cursor is exhausted. */
  next: IteratorResult<Document>;
  lastUsed: number;
}

export interface CursorReply extends Document {
  id: Long;
  ns: string;
}

export function parseBatchSize(raw: unknown, field = "batchSize"): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = numberParameter(raw);
  if (value === undefined || !Number.isInteger(value) || value < 0) {
    throw new CommandError("BadValue", `${field} must be a non-negative integer`);
  }
  return value;
}

export class CursorManager {
  private readonly cursors = new Map<number, OpenCursor>();
  private nextId = Math.floor(Math.random() * 2 ** 40) + 1;

  get openCount(): number {
    return this.cursors.size;
  }

  /** First batch plus a cursor for the rest (id 0 when everything fit, or singleBatch). */
  open(ns: string, docs: Iterable<Document>, batchSize: number | undefined, singleBatch = false): CursorReply {
    const source = docs[Symbol.iterator]();
    const cursor: OpenCursor = { ns, source, next: source.next(), lastUsed: Date.now() };
    const firstBatch = this.take(cursor, batchSize ?? DEFAULT_FIRST_BATCH);
    let id = 0;
    if (!singleBatch && !cursor.next.done) {
      id = this.nextId++;
      this.cursors.set(id, cursor);
    }
    return { firstBatch, id: Long.fromNumber(id), ns };
  }

  getMore(idValue: unknown, collection: string, dbName: string, batchSize: number | undefined): CursorReply {
    const id = cursorIdNumber(idValue);
    const cursor = this.cursors.get(id);
    if (!cursor) throw new CommandError("CursorNotFound", `cursor id ${id} not found`);
    if (cursor.ns !== `${dbName}.${collection}` && !cursor.ns.startsWith(`${dbName}.$cmd`)) {
      throw new CommandError("BadValue", `Requested getMore on namespace '${dbName}.${collection}', but cursor belongs to '${cursor.ns}'`);
    }
    cursor.lastUsed = Date.now();
    const nextBatch = this.take(cursor, batchSize && batchSize > 0 ? batchSize : Infinity);
    const exhausted = cursor.next.done === true;
    if (exhausted) this.cursors.delete(id);
    return { nextBatch, id: Long.fromNumber(exhausted ? 0 : id), ns: cursor.ns };
  }

  kill(ids: unknown[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const value of ids) {
      const id = cursorIdNumber(value);
      const cursor = this.cursors.get(id);
      cursor?.source.return?.();
      (this.cursors.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    }
    return { killed, notFound };
  }

  /** Closes cursors nobody asked for in IDLE_TIMEOUT_MS. */
  reapIdle(now = Date.now()): void {
    for (const [id, cursor] of this.cursors) if (now - cursor.lastUsed > IDLE_TIMEOUT_MS) this.cursors.delete(id);
  }

  clear(): void {
    this.cursors.clear();
  }

  private take(cursor: OpenCursor, count: number): Document[] {
    const batch: Document[] = [];
    let bytes = 0;
    while (batch.length < count && !cursor.next.done) {
      const doc = cursor.next.value;
      const size = bsonSize(doc);
      if (batch.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      batch.push(doc);
      bytes += size;
      cursor.next = cursor.source.next();
    }
    return batch;
  }
}

function cursorIdNumber(value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (value instanceof Long) return value.toNumber();
  throw new CommandError("TypeMismatch", "cursor id must be a 64-bit integer");
}
