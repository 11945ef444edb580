/**
 * Embedded MongoDB-compatible engine: a durable wire-protocol server on 127.0.0.1 that the
 * mongodb driver and mongoose use exactly as they would use MongoDB. See engine/README.md.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { Engine } from "./engine";
import { lockDataDirectory } from "./lock";
import type { EngineStats } from "./query";
import { WireServer } from "./server";

export type { EngineStats } from "./query";

export interface EngineOptions {
  /** Directory holding the data; created if missing. One engine per directory. */
  dbPath: string;
  /** 0 or undefined: a random free port. */
  port?: number;
  /** Only 127.0.0.1 is allowed: the engine has no authentication. */
  host?: string;
  /** Operational messages (journal recovery, dropped connections...). Default: stderr. */
  log?: (line: string) => void;
  /** Journal records between two snapshots of a database (default 10,000). */
  compactEvery?: number;
  /** How often expired TTL documents are deleted (default 1000 ms; MongoDB uses 60 s). */
  ttlMonitorIntervalMs?: number;
}

export interface RunningEngine {
  port: number;
  /** mongodb://127.0.0.1:PORT */
  uri: string;
  /** Live counters, e.g. `documentsScanned` to check that lookups use indexes. */
  stats: EngineStats;
  close(): Promise<void>;
}

const DEFAULT_COMPACT_EVERY = 10_000;
const DEFAULT_TTL_INTERVAL_MS = 1000;
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
  const log = opts.log ?? defaultLog;

  const dbPath = resolve(opts.dbPath);
  mkdirSync(dbPath, { recursive: true });
  const unlock = lockDataDirectory(dbPath);
  const engine = new Engine({ dbPath, compactEvery, log });
  const server = new WireServer(engine, log);
  try {
    engine.loadAll();
    engine.port = await server.listen(host, port);
  } catch (error) {
    await server.close();
    await engine.close().catch(() => undefined);
    unlock();
    throw error;
  }

  const timer = setInterval(() => {
    try {
      engine.sweep();
    } catch (error) {
      log(`housekeeping failed: ${(error as Error).message}`);
    }
  }, ttlInterval);
  timer.unref();

  let closing: Promise<void> | null = null;
  return {
    port: engine.port,
    uri: `mongodb://${LOOPBACK}:${engine.port}`,
    stats: engine.stats,
    close(): Promise<void> {
      closing ??= (async () => {
        clearInterval(timer);
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
