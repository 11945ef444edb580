/**
 * Starts the embedded engine in a worker thread of the calling process and talks to it.
 *
 * The app's thread only sends and receives wire messages over loopback: query evaluation,
 * journal fsyncs (made on the engine's own thread, not in libuv's pool shared with password
 * hashing), TTL sweeps and snapshots all run in the worker. A worker thread lives and dies
 * with its process, so a killed app never leaves an engine holding the data directory.
 *
 * Entry point: the prebuilt `engine-worker.js` beside the server build (`npm run build` makes
 * it), else the TypeScript source through tsx (development, tests, scripts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { StorageHealth } from "./engine";
import type { FromWorker, ToWorker, WorkerConfig } from "./worker-protocol";

export interface EngineWorkerOptions extends Omit<WorkerConfig, "token"> {
  /** The secret connections must present (default: 32 random bytes, new at every start). */
  token?: string;
  log?: (line: string) => void;
  onStorageChange?: (health: StorageHealth) => void;
}

export interface EngineWorker {
  port: number;
  /** The connection string, token included: give it only to the app and its own tools. */
  uri: string;
  storageHealth(): StorageHealth;
  /** False once the engine's thread has stopped. */
  readonly running: boolean;
  /** Tests only (allowFaultInjection): make file writes or fsyncs fail with `code`, or work again (null). */
  injectFault(operation: "write" | "fsync", code: string | null): Promise<void>;
  /** Tests only (allowFaultInjection): a TTL pass at time `now`. */
  sweepTtl(now: number): Promise<number>;
  retryStorage(): Promise<boolean>;
  close(): Promise<void>;
}

export class EngineStartError extends Error {
  name = "EngineStartError";
}

function entryPoint(): { file: URL; typescript: boolean } {
  const bundled = new URL("./engine-worker.js", import.meta.url);
  const source = new URL("./worker.ts", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) {
    // A server build made without the worker step leaves an older worker bundle behind: prefer
    // the source when it is there to run.
    const server = fileURLToPath(new URL("./index.js", import.meta.url));
    const stale = existsSync(server) && statSync(server).mtimeMs > statSync(fileURLToPath(bundled)).mtimeMs;
    if (!stale || !existsSync(fileURLToPath(source)) || !tsxLoader()) return { file: bundled, typescript: false };
  }
  if (existsSync(fileURLToPath(source))) return { file: source, typescript: true };
  // Bundled into a server build whose worker bundle is missing: the source tree is one level up.
  const fromBuild = new URL("../engine/worker.ts", import.meta.url);
  if (existsSync(fileURLToPath(fromBuild))) return { file: fromBuild, typescript: true };
  throw new EngineStartError(`the engine's worker entry is missing (${fileURLToPath(bundled)}): run "npm run build"`);
}

/** tsx's ESM API (`tsImport`), as a file URL; null when tsx is not installed. */
function tsxLoader(): string | null {
  try {
    const cjs = createRequire(import.meta.url).resolve("tsx/esm/api");
    const esm = cjs.replace(/\.cjs$/, ".mjs");
    return pathToFileURL(existsSync(esm) ? esm : cjs).href;
  } catch {
    return null;
  }
}

function spawnWorker(config: WorkerConfig): Worker {
  const entry = entryPoint();
  if (!entry.typescript) return new Worker(entry.file, { workerData: config });
  const loader = tsxLoader();
  if (!loader) throw new EngineStartError('running the engine from its TypeScript source needs tsx (npm install), or run "npm run build"');
  const bootstrap = `import(${JSON.stringify(loader)}).then((api) => api.tsImport(${JSON.stringify(entry.file.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData: config });
}

/** Data directories with an engine thread started by this process (a pid file cannot tell threads apart). */
const runningHere = new Set<string>();

export async function startEngineWorker(options: EngineWorkerOptions): Promise<EngineWorker> {
  const dir = resolve(options.dbPath);
  if (runningHere.has(dir)) throw new EngineStartError(`dbPath ${options.dbPath} is already used by another engine in this process`);
  runningHere.add(dir);
  try {
    const engine = await launch(options);
    const close = engine.close.bind(engine);
    engine.close = () => close().finally(() => runningHere.delete(dir));
    return engine;
  } catch (error) {
    runningHere.delete(dir);
    throw error;
  }
}

function launch(options: EngineWorkerOptions): Promise<EngineWorker> {
  const { log = (line: string) => process.stderr.write(`[engine] ${line}\n`), onStorageChange, token, ...rest } = options;
  const config: WorkerConfig = { ...rest, token: token ?? randomBytes(24).toString("base64url") };
  const worker = spawnWorker(config);
  let health: StorageHealth = { ok: true };
  let running = true;
  let nextId = 1;
  const pending = new Map<number, (value: unknown) => void>();
  let closed: ((error?: string) => void) | null = null;
  let stopping = false;
  let ready = false;

  return new Promise<EngineWorker>((resolve, reject) => {
    let started = false;
    worker.on("message", (message: FromWorker) => {
      switch (message.type) {
        case "log":
          log(message.line);
          return;
        case "storage":
          health = message.health;
          onStorageChange?.(health);
          return;
        case "failed":
          started = true;
          reject(new EngineStartError(message.message));
          return;
        case "done":
          pending.get(message.id)?.(message.value);
          pending.delete(message.id);
          return;
        case "closed":
          closed?.(message.error);
          return;
        case "ready": {
          started = true;
          ready = true;
          const call = (request: ToWorker & { id: number }): Promise<unknown> =>
            new Promise((done) => {
              pending.set(request.id, done);
              worker.postMessage(request);
            });
          let closing: Promise<void> | null = null;
          resolve({
            port: message.port,
            uri: message.uri,
            storageHealth: () => (running ? health : { ok: false, error: "the database engine has stopped" }),
            get running() {
              return running;
            },
            async injectFault(operation, code) {
              const allowed = await call({ type: "fault", id: nextId++, operation, code });
              if (!allowed) throw new Error("fault injection is off for this engine (allowFaultInjection)");
            },
            sweepTtl: async (now) => Number(await call({ type: "sweepTtl", id: nextId++, now })),
            retryStorage: async () => Boolean(await call({ type: "retryStorage", id: nextId++ })),
            close() {
              closing ??= running
                ? new Promise<void>((done, fail) => {
                    stopping = true;
                    closed = (error) => (error ? fail(new Error(error)) : done());
                    worker.postMessage({ type: "close" } satisfies ToWorker);
                  }).finally(() => worker.terminate().then(() => undefined))
                : Promise.resolve();
              return closing;
            },
          });
          return;
        }
      }
    });
    worker.on("error", (error) => {
      log(`engine thread failed: ${error.stack ?? error.message}`);
      if (!started) {
        started = true;
        reject(new EngineStartError(error.message));
      }
    });
    worker.on("exit", (code) => {
      running = false;
      if (!started) reject(new EngineStartError(`the engine's thread exited with code ${code} before it was ready`));
      closed?.();
      pending.forEach((done) => done(undefined));
      if (ready && !stopping) log(`the engine's thread stopped unexpectedly (exit code ${code}); the database is unavailable`);
    });
  });
}
