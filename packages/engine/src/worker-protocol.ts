/** Messages between the app's thread (worker-host.ts) and the engine's thread (worker.ts). */
import type { StorageHealth } from "./engine.js";

export interface WorkerConfig {
  dbPath: string;
  port?: number;
  token: string;
  compactEvery?: number;
  ttlMonitorIntervalMs?: number;
  ttlMonitor?: boolean;
  storageRetryMs?: number;
  /** Tests only: lets the host simulate disk failures and run TTL passes at a chosen time. */
  allowFaultInjection?: boolean;
}

export type ToWorker =
  | { type: "close" }
  | { type: "fault"; id: number; operation: "write" | "fsync"; code: string | null }
  | { type: "sweepTtl"; id: number; now: number }
  | { type: "retryStorage"; id: number };

export type FromWorker =
  | { type: "ready"; port: number; uri: string }
  | { type: "failed"; message: string }
  | { type: "log"; line: string }
  | { type: "storage"; health: StorageHealth }
  | { type: "done"; id: number; value: unknown }
  | { type: "closed"; error?: string };
