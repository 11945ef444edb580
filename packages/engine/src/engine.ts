/**
 * The engine proper, independent of the network: databases, cursors, command execution and
 * the periodic TTL sweep and storage health.
 *
 * Concurrency model: every command runs to completion synchronously (mingo is synchronous and
 * the journal append is a synchronous write), so commands from all connections are applied
 * one at a time, in arrival order, and each sees the effects of all earlier ones. Only
 * durability is asynchronous: `execute` returns a promise that resolves once the journal of
 * the command's database is fsynced up to that point, and the server waits for it before
 * replying. Reads wait too, so no client ever observes a write that could still be lost.
 */
import type { Document } from "./bson.js";
import { isReadOnlyCommand, runCommand, type ConnectionInfo, type EngineServices } from "./commands/index.js";
import { CursorManager } from "./cursors.js";
import { Database, validateDatabaseName } from "./database.js";
import { CommandError } from "./errors.js";
import { newStats, type EngineStats } from "./query.js";
import { DatabaseFiles, listDatabaseDirectories } from "./storage.js";
import { sweepExpired } from "./ttl.js";

export interface EngineConfig {
  dbPath: string;
  compactEvery: number;
  log: (line: string) => void;
  /** Called whenever the storage health changes (a write failed, or the disk works again). */
  onStorageChange?: (health: StorageHealth) => void;
}

export interface StorageHealth {
  ok: boolean;
  /** What failed, naming the database and the file, while not ok. */
  error?: string;
}

export interface Execution {
  reply: Document;
  /** Resolves when the command's effects (and everything before them) are on disk. */
  durable: Promise<void>;
}

export class Engine implements EngineServices {
  readonly stats: EngineStats = newStats();
  readonly cursors = new CursorManager();
  readonly startedAt = new Date();
  port = 0;
  private readonly dbs = new Map<string, Database>();

  constructor(private readonly config: EngineConfig) {}

  get log(): (line: string) => void {
    return this.config.log;
  }

  /** Loads every database found under dbPath. */
  loadAll(): void {
    for (const name of listDatabaseDirectories(this.config.dbPath)) {
      try {
        validateDatabaseName(name);
      } catch {
        this.log(`ignoring directory ${name} in dbPath: not a database name`);
        continue;
      }
      const db = this.create(name);
      db.load();
      this.dbs.set(name, db);
    }
  }

  database(name: string): Database {
    let db = this.dbs.get(name);
    if (!db) {
      db = this.create(name);
      this.dbs.set(name, db);
    }
    return db;
  }

  databases(): Database[] {
    return [...this.dbs.values()];
  }

  dropDatabase(name: string): void {
    const db = this.dbs.get(name);
    if (!db) return;
    this.dbs.delete(name);
    db.removeFiles();
  }

  execute(dbName: unknown, body: Document, connection: ConnectionInfo): Execution {
    this.stats.commands++;
    let reply: Document;
    try {
      reply = runCommand(this, dbName, body, connection);
    } catch (error) {
      if (error instanceof CommandError) {
        reply = error.toReply();
      } else {
        const err = error as Error;
        this.log(`internal error in command ${Object.keys(body)[0] ?? "?"}: ${err.stack ?? err.message}`);
        reply = new CommandError("InternalError", err.message ?? String(error)).toReply();
      }
    }
    const db = typeof dbName === "string" ? this.dbs.get(dbName) : undefined;
    // A read answered while storage fails does not wait for a journal that can no longer sync.
    const waitsForDisk = db !== undefined && !(db.storageFailure && isReadOnlyCommand(Object.keys(body)[0]));
    return { reply, durable: waitsForDisk ? db.whenDurable() : Promise.resolve() };
  }

  /** The TTL monitor's pass: deletes the documents expired at `now`. */
  sweepTtl(now: number): number {
    return sweepExpired(this.databases(), this.log, now);
  }

  /** Closes idle cursors. */
  reapCursors(): void {
    this.cursors.reapIdle();
  }

  storageHealth(): StorageHealth {
    const failed = this.databases().find((db) => db.storageFailure);
    return failed ? { ok: false, error: `database "${failed.name}": ${failed.storageFailure!.message}` } : { ok: true };
  }

  /** Retries every database stopped by a storage failure. Returns true when all are healthy. */
  retryStorage(): boolean {
    const failed = this.databases().filter((db) => db.storageFailure);
    if (failed.length === 0) return true;
    failed.forEach((db) => db.retryStorage());
    this.storageChanged();
    return this.storageHealth().ok;
  }

  private lastHealth: StorageHealth = { ok: true };

  private storageChanged(): void {
    const health = this.storageHealth();
    if (health.ok === this.lastHealth.ok && health.error === this.lastHealth.error) return;
    this.lastHealth = health;
    this.config.onStorageChange?.(health);
  }

  async close(): Promise<void> {
    this.cursors.clear();
    const dbs = this.databases();
    this.dbs.clear();
    await Promise.all(dbs.map((db) => db.close()));
  }

  private create(name: string): Database {
    const db: Database = new Database(
      name,
      new DatabaseFiles(this.config.dbPath, name, (error) => {
        db.markFailed(error);
        this.storageChanged();
      }),
      { compactEvery: this.config.compactEvery, log: this.log },
    );
    return db;
  }
}
