/**
 * The embedded engine's own thread. The app starts it through `startEngineWorker`
 * (worker-host.ts); queries, journal fsyncs, TTL sweeps and snapshots all run here, so none of
 * them stalls the app's event loop. The thread ends with the app's process, whatever kills it.
 *
 * Messages from the host: close, and (only when the host allowed it, in tests) fault injection
 * into the file layer, a TTL pass at a given time and a storage retry.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startEngine, type RunningEngine } from "./index.js";
import { io } from "./journal.js";
import type { FromWorker, ToWorker, WorkerConfig } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("the engine's worker.ts runs as a worker thread (see worker-host.ts)");
const config = workerData as WorkerConfig;
const send = (message: FromWorker): void => port.postMessage(message);

const original = { ...io };

function injectFault(operation: "write" | "fsync", code: string | null): void {
  const failing = (): never => {
    const error = new Error(`${code}: simulated ${operation} failure`) as NodeJS.ErrnoException;
    error.code = code ?? undefined;
    throw error;
  };
  if (operation === "write") io.writeSync = code ? (failing as typeof io.writeSync) : original.writeSync;
  else {
    io.fdatasyncSync = code ? (failing as typeof io.fdatasyncSync) : original.fdatasyncSync;
    io.fsyncSync = code ? (failing as typeof io.fsyncSync) : original.fsyncSync;
  }
}

let engine: RunningEngine;
try {
  engine = await startEngine({
    dbPath: config.dbPath,
    port: config.port ?? 0,
    token: config.token,
    compactEvery: config.compactEvery,
    ttlMonitorIntervalMs: config.ttlMonitorIntervalMs,
    ttlMonitor: config.ttlMonitor,
    storageRetryMs: config.storageRetryMs,
    log: (line) => send({ type: "log", line }),
    onStorageChange: (health) => send({ type: "storage", health }),
  });
} catch (error) {
  send({ type: "failed", message: (error as Error).message });
  process.exit(1); // ends this thread only
}

port.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "close":
      engine.close().then(
        () => send({ type: "closed" }),
        (error: unknown) => send({ type: "closed", error: (error as Error).message }),
      );
      return;
    case "fault":
      if (config.allowFaultInjection) injectFault(message.operation, message.code);
      send({ type: "done", id: message.id, value: config.allowFaultInjection === true });
      return;
    case "sweepTtl":
      send({ type: "done", id: message.id, value: config.allowFaultInjection ? engine.sweepTtl(message.now) : 0 });
      return;
    case "retryStorage":
      send({ type: "done", id: message.id, value: engine.retryStorage() });
      return;
  }
});

send({ type: "ready", port: engine.port, uri: engine.uri });
