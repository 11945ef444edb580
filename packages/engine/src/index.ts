/**
 * Embedded MongoDB-compatible engine: a durable wire-protocol server on 127.0.0.1 that the
 * mongodb driver and mongoose use exactly as they would use MongoDB. See the package README.md.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { Engine, type StorageHealth } from "./engine.js";
import { DIR_MODE } from "./journal.js";
import { lockDataDirectory } from "./lock.js";
import type { EngineStats } from "./query.js";
import { WireServer } from "./server.js";

export type { EngineStats } from "./query.js";
export type { StorageHealth } from "./engine.js";

export interface EngineOptions {
  /** Directory holding the data; created if missing. One engine per directory. */
  dbPath: string;
  /** 0 or undefined: a random free port. */
  port?: number;
  /** Only 127.0.0.1 is allowed. */
  host?: string;
  /** Operational messages (journal recovery, dropped connections...). Default: stderr. */
  log?: (line: string) => void;
  /** Journal records between two snapshots of a database (default 10,000). */
  compactEvery?: number;
  /** How often expired TTL documents are deleted (default 60 s, as MongoDB). */
  ttlMonitorIntervalMs?: number;
  /** false: no TTL monitor at all (tests that control time call `sweepTtl(now)` themselves). */
  ttlMonitor?: boolean;
  /** The TTL monitor's clock (default Date.now). */
  clock?: () => number;
  /**
   * A secret a connection must present in its handshake, as the connection string's `appName`
   * (RunningEngine.uri carries it). Unset: any local connection is accepted.
   */
  token?: string;
  /** After a storage failure, how often the disk is tried again (default 1000 ms). */
  storageRetryMs?: number;
  /** Told when storage fails (disk full, I/O error) and when it works again. */
  onStorageChange?: (health: StorageHealth) => void;
}

export interface RunningEngine {
  port: number;
  /** mongodb://127.0.0.1:PORT, with `/?appName=TOKEN` when the engine has a token. */
  uri: string;
  /** Live counters, e.g. `documentsScanned` to check that lookups use indexes. */
  stats: EngineStats;
  /** Whether every database can write to its files. */
  storageHealth(): StorageHealth;
  /** Tries the disk again after a storage failure now (it is also retried periodically). */
  retryStorage(): boolean;
  /** Runs the TTL monitor's pass for the time `now`; returns how many documents were deleted. */
  sweepTtl(now?: number): number;
  close(): Promise<void>;
}

const DEFAULT_COMPACT_EVERY = 10_000;
const DEFAULT_TTL_INTERVAL_MS = 60_000;
const DEFAULT_STORAGE_RETRY_MS = 1000;
/** Idle cursors are looked for this often. */
const CURSOR_REAP_MS = 60_000;
const LOOPBACK = "127.0.0.1";

function defaultLog(line: string): void {
  process.stderr.write(`[engine] ${line}\n`);
}

export async function startEngine(opts: EngineOptions): Promise<RunningEngine> {
  const host = opts.host ?? LOOPBACK;
  if (host !== LOOPBACK) {
    throw new Error(`the embedded engine only listens on ${LOOPBACK} (it has no authentication); got host "${host}"`);
  }
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${String(opts.port)}`);
  if (!opts.dbPath) throw new Error("dbPath is required");
  const compactEvery = opts.compactEvery ?? DEFAULT_COMPACT_EVERY;
  if (!Number.isInteger(compactEvery) || compactEvery < 1) throw new Error("compactEvery must be a positive integer");
  const ttlInterval = opts.ttlMonitorIntervalMs ?? DEFAULT_TTL_INTERVAL_MS;
  if (!(ttlInterval > 0)) throw new Error("ttlMonitorIntervalMs must be positive");
  const retryMs = opts.storageRetryMs ?? DEFAULT_STORAGE_RETRY_MS;
  if (!(retryMs > 0)) throw new Error("storageRetryMs must be positive");
  const token = opts.token ?? null;
  if (token !== null && !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new Error("token must be 16 to 128 URL-safe characters");
  const clock = opts.clock ?? Date.now;
  const log = opts.log ?? defaultLog;

  const dbPath = resolve(opts.dbPath);
  mkdirSync(dbPath, { recursive: true, mode: DIR_MODE });
  const unlock = lockDataDirectory(dbPath);
  const engine = new Engine({ dbPath, compactEvery, log, onStorageChange: opts.onStorageChange });
  const server = new WireServer(engine, log, token);
  try {
    engine.loadAll();
    engine.port = await server.listen(host, port);
  } catch (error) {
    await server.close();
    await engine.close().catch(() => undefined);
    unlock();
    throw error;
  }

  const guarded = (what: string, fn: () => void) => () => {
    try {
      fn();
    } catch (error) {
      log(`${what} failed: ${(error as Error).message}`);
    }
  };
  const timers = [
    setInterval(
      guarded("housekeeping", () => engine.reapCursors()),
      CURSOR_REAP_MS,
    ),
    setInterval(
      guarded("storage retry", () => engine.retryStorage()),
      retryMs,
    ),
  ];
  if (opts.ttlMonitor !== false)
    timers.push(
      setInterval(
        guarded("ttl monitor", () => engine.sweepTtl(clock())),
        ttlInterval,
      ),
    );
  timers.forEach((timer) => timer.unref());

  let closing: Promise<void> | null = null;
  return {
    port: engine.port,
    uri: `mongodb://${LOOPBACK}:${engine.port}${token === null ? "" : `/?appName=${token}`}`,
    stats: engine.stats,
    storageHealth: () => engine.storageHealth(),
    retryStorage: () => engine.retryStorage(),
    sweepTtl: (now = clock()) => engine.sweepTtl(now),
    close(): Promise<void> {
      closing ??= (async () => {
        timers.forEach((timer) => clearInterval(timer));
        await server.close();
        try {
          await engine.close();
        } finally {
          unlock();
        }
      })();
      return closing;
    },
  };
}
