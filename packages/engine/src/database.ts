/**
 * A database: its collections in memory and its files on disk.
 *
 * Every change goes through `write()`, which hands the command a Writer. The Writer applies
 * each change to memory immediately (so the rest of the command sees it, e.g. a duplicate
 * within one insertMany) and records it; when the command's code returns, the recorded
 * changes are appended to the journal as one record, in the same synchronous turn, before any
 * other command can run. The reply is sent once that record is fsynced (see Engine).
 */
import { UUID } from "bson";
import type { Document } from "./bson.js";
import { Collection } from "./collection.js";
import { CommandError } from "./errors.js";
import { ID_INDEX_NAME, normalizeIndexSpec, type Index, type IndexSpec } from "./indexes.js";
import type { DatabaseFiles, JournalOp, SnapshotCollection } from "./storage.js";
import { keyOf, sealDocument } from "./values.js";

/** A journal bigger than this is compacted whatever the record count. */
const COMPACT_JOURNAL_BYTES = 256 * 1024 * 1024;

const INVALID_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export function validateDatabaseName(name: unknown): string {
  if (typeof name !== "string" || name.length === 0 || name.length >= 64 || INVALID_DB_CHARS.test(name)) {
    throw new CommandError("InvalidNamespace", `Invalid database name: '${String(name)}'`);
  }
  return name;
}

export function validateCollectionName(dbName: string, name: unknown): string {
  if (typeof name !== "string") throw new CommandError("InvalidNamespace", "collection name must be a string");
  if (name.length === 0 || name.includes("\0") || name.includes("$") || name.startsWith(".") || name.startsWith("system.")) {
    throw new CommandError("InvalidNamespace", `Invalid collection name: ${dbName}.${name}`);
  }
  if (Buffer.byteLength(`${dbName}.${name}`) > 255) {
    throw new CommandError("InvalidNamespace", `Fully qualified namespace is too long: ${dbName}.${name}`);
  }
  return name;
}

export interface DatabaseOptions {
  compactEvery: number;
  log: (line: string) => void;
}

export class Database {
  readonly collections = new Map<string, Collection>();
  private seq = 0;
  private recordsSinceSnapshot = 0;
  private failure: Error | null = null;

  constructor(
    readonly name: string,
    private readonly files: DatabaseFiles,
    private readonly options: DatabaseOptions,
  ) {}

  /** Loads a database from its directory (snapshot, then journal replay). */
  load(): void {
    let replayedOps = 0;
    this.seq = this.files.load(
      {
        collection: (meta) => {
          const collection = this.createCollectionInMemory(meta.name, meta.uuid, meta.options);
          for (const spec of meta.indexes) this.loadIndex(collection, spec);
        },
        document: (name, doc) => {
          const collection = this.collections.get(name);
          if (!collection) throw new Error(`snapshot document for unknown collection ${name}`);
          collection.insert(sealDocument(doc));
        },
        op: (op) => {
          replayedOps++;
          try {
            this.apply(op);
          } catch (error) {
            // Records were valid when written; this would be an engine bug. Keep going so the
            // rest of the data is available, and say so.
            this.options.log(`journal replay: database "${this.name}": skipped ${op.op} on ${op.c}: ${(error as Error).message}`);
          }
        },
      },
      this.options.log,
    );
    // Counts operations rather than records (a record holds one or more): compaction after a
    // replay comes a little early, never late.
    this.recordsSinceSnapshot = replayedOps;
  }

  get exists(): boolean {
    return this.collections.size > 0;
  }

  get sizeOnDisk(): number {
    return this.files.exists ? this.files.sizeOnDisk() : 0;
  }

  getCollection(name: string): Collection | undefined {
    return this.collections.get(name);
  }

  /** Rejects commands once the journal has failed: memory may be ahead of disk. */
  assertHealthy(): void {
    if (this.failure) {
      throw new CommandError(
        "InternalError",
        `database ${this.name} is unavailable after a storage failure (${this.failure.message}); it takes writes again once the disk accepts them`,
      );
    }
  }

  /** The storage failure that stopped this database, if any. */
  get storageFailure(): Error | null {
    return this.failure;
  }

  /**
   * After a storage failure, tries to make the disk match memory again (a fresh snapshot and a
   * new journal). Returns true when the database is healthy. Writes answered with an error
   * during the failure may be kept: like a MongoDB write that fails with a network error, their
   * outcome was unknown to the client.
   */
  retryStorage(): boolean {
    if (!this.failure) return true;
    try {
      this.files.rebuild(this.seq, this.snapshotCollections());
    } catch (error) {
      this.options.log(`storage still failing: database "${this.name}": ${(error as Error).message}`);
      return false;
    }
    this.failure = null;
    this.recordsSinceSnapshot = 0;
    this.options.log(`storage recovered: database "${this.name}" takes writes again`);
    return true;
  }

  markFailed(error: Error): void {
    if (!this.failure) {
      this.failure = error;
      this.options.log(`storage failure: database "${this.name}": ${error.message}`);
    }
  }

  /**
   * Runs a command's changes. Whatever was applied to memory is journaled, even if `fn` throws
   * halfway (an ordered insert stopping at a duplicate keeps the documents before it).
   */
  write<T>(fn: (writer: Writer) => T): T {
    this.assertHealthy();
    const writer = new Writer(this);
    try {
      return fn(writer);
    } finally {
      if (writer.ops.length > 0) this.commit(writer.ops);
    }
  }

  /** Resolves once everything written so far is on stable storage. */
  whenDurable(): Promise<void> {
    return this.files.whenDurable();
  }

  private commit(ops: JournalOp[]): void {
    this.seq++;
    try {
      this.files.append(this.seq, ops);
    } catch (error) {
      this.markFailed(error as Error);
      throw new CommandError("InternalError", `could not write the journal: ${(error as Error).message}`);
    }
    this.recordsSinceSnapshot++;
    if (this.recordsSinceSnapshot >= this.options.compactEvery || this.files.journalBytes >= COMPACT_JOURNAL_BYTES) {
      this.compact();
    }
  }

  /** Writes a snapshot and empties the journal. A failure is logged; the journal stays valid. */
  compact(): void {
    if (this.failure || this.recordsSinceSnapshot === 0) return;
    const started = Date.now();
    try {
      this.files.writeSnapshot(this.seq, this.snapshotCollections());
      this.recordsSinceSnapshot = 0;
      const ms = Date.now() - started;
      if (ms > 200) this.options.log(`compaction: database "${this.name}" snapshot written in ${ms} ms`);
    } catch (error) {
      this.options.log(`compaction failed: database "${this.name}": ${(error as Error).message}`);
    }
  }

  private snapshotCollections(): SnapshotCollection[] {
    return [...this.collections.values()].map((c) => ({
      name: c.name,
      uuid: c.uuid,
      options: c.options,
      indexes: c.secondaryIndexes().map((index) => index.spec),
      docs: c.docs.values(),
    }));
  }

  close(): Promise<void> {
    this.compact();
    return this.files.close();
  }

  /** Deletes the database's files (dropDatabase). */
  removeFiles(): void {
    this.files.remove();
    this.collections.clear();
  }

  /** Applies a journal op during recovery. */
  private apply(op: JournalOp): void {
    switch (op.op) {
      case "put": {
        const collection = this.collections.get(op.c) ?? this.createCollectionInMemory(op.c, new UUID(), {});
        const doc = sealDocument(op.d);
        const current = collection.getByKey(keyOf(doc._id));
        if (current) collection.replace(current, doc);
        else collection.insert(doc);
        return;
      }
      case "del": {
        const collection = this.collections.get(op.c);
        const current = collection?.getByKey(keyOf(op.id));
        if (collection && current) collection.remove(current);
        return;
      }
      case "createCollection":
        if (!this.collections.has(op.c)) this.createCollectionInMemory(op.c, op.uuid, op.options);
        return;
      case "dropCollection":
        this.collections.delete(op.c);
        return;
      case "createIndex": {
        const collection = this.collections.get(op.c);
        if (collection) this.loadIndex(collection, op.spec);
        return;
      }
      case "dropIndex":
        this.collections.get(op.c)?.dropIndex(op.name);
        return;
      case "renameCollection": {
        const collection = this.collections.get(op.c);
        if (!collection) return;
        this.collections.delete(op.c);
        this.collections.delete(op.to);
        collection.name = op.to;
        this.collections.set(op.to, collection);
        return;
      }
    }
  }

  private loadIndex(collection: Collection, raw: Document): void {
    const spec = normalizeIndexSpec(raw);
    collection.addIndex(collection.buildIndex(spec));
  }

  createCollectionInMemory(name: string, uuid: unknown, options: Document): Collection {
    const collection = new Collection(this.name, name, uuid, options);
    this.collections.set(name, collection);
    return collection;
  }
}

/** Applies a command's changes to memory and records them for the journal. */
export class Writer {
  readonly ops: JournalOp[] = [];

  constructor(private readonly db: Database) {}

  /** The collection, created implicitly (as MongoDB does on first insert) when missing. */
  collection(name: string): Collection {
    return this.db.getCollection(name) ?? this.createCollection(name, {});
  }

  createCollection(name: string, options: Document): Collection {
    const uuid = new UUID();
    const collection = this.db.createCollectionInMemory(name, uuid, options);
    this.ops.push({ op: "createCollection", c: name, uuid, options });
    return collection;
  }

  dropCollection(name: string): void {
    if (!this.db.collections.delete(name)) return;
    this.ops.push({ op: "dropCollection", c: name });
  }

  insert(collection: Collection, doc: Document): void {
    collection.insert(doc);
    this.ops.push({ op: "put", c: collection.name, d: doc });
  }

  replace(collection: Collection, current: Document, next: Document): void {
    collection.replace(current, next);
    this.ops.push({ op: "put", c: collection.name, d: next });
  }

  remove(collection: Collection, doc: Document): void {
    collection.remove(doc);
    this.ops.push({ op: "del", c: collection.name, id: doc._id });
  }

  /** Registers indexes already built (and validated) with Collection.buildIndex. */
  addIndexes(collection: Collection, indexes: Index[]): void {
    for (const index of indexes) {
      collection.addIndex(index);
      this.ops.push({ op: "createIndex", c: collection.name, spec: index.spec as IndexSpec });
    }
  }

  dropIndex(collection: Collection, name: string): void {
    if (name === ID_INDEX_NAME) throw new CommandError("InvalidOptions", "cannot drop _id index");
    collection.dropIndex(name);
    this.ops.push({ op: "dropIndex", c: collection.name, name });
  }

  renameCollection(collection: Collection, to: string): void {
    const from = collection.name;
    this.db.collections.delete(from);
    this.db.collections.delete(to);
    collection.name = to;
    this.db.collections.set(to, collection);
    this.ops.push({ op: "renameCollection", c: from, to });
  }
}
