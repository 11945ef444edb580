import { type ConnectOptions, connectDb, DatabaseStartError, disconnectDb } from "~/services/db.server";
import { ConfigError, getEnv } from "~/services/env.server";
import { keyPlacementWarning } from "~/services/klaviyo/key-vault.server";
import { getSessionSecret } from "~/services/secret.server";
import { startKlaviyoBackground, stopKlaviyoBackground } from "~/services/klaviyo/background.server";
import { stopBackgroundGenerations } from "~/services/flows/progress.server";
import { endProgressStreams } from "~/services/progress-streams.server";
import { seedOnStart } from "~/services/seed/seed.server";

let started: Promise<void> | undefined;

function fail(message: string): never {
  console.error(`Flowmap cannot start. ${message}`);
  process.exit(1);
}

/**
 * Runs once per process when the server build loads: validates the configuration, opens the
 * database and applies the seed data. A problem here ends the process with a message that says
 * what to fix; serving with a broken setup would only move the failure to the first request.
 */
export function startServer(options: Pick<ConnectOptions, "serverSelectionTimeoutMs"> = {}) {
  started ??= (async () => {
    try {
      getEnv();
    } catch (error) {
      if (error instanceof ConfigError) fail(`${error.message}\nFix the variable(s) above (see .env.example) and start again.`);
      throw error;
    }
    try {
      await connectDb(options);
    } catch (error) {
      if (error instanceof DatabaseStartError) {
        const hint = getEnv().MONGODB_URI ? "Check MONGODB_URI (or unset it to use the embedded database) and start again." : "";
        fail(`${error.message}${hint ? `\n${hint}` : ""}`);
      }
      throw error;
    }
    // Made now, not at the first sign-in, so an unwritable DATA_DIR shows at start.
    getSessionSecret();
    const keyWarning = keyPlacementWarning();
    if (keyWarning) console.warn(keyWarning);
    stopCleanlyOnSignals();
    const seeded = await seedOnStart();
    startKlaviyoBackground();
    if (seeded) {
      console.info(`[db] seeded ${seeded.benchmarks} benchmark(s) and ${seeded.rules} flow-mapping rule(s)`);
    }
  })();
  return started;
}

/**
 * What `npm start` (server/index.js) offers the app: draining steps it runs as soon as it stops
 * accepting connections, and closing steps it runs after the last request.
 */
interface ShutdownHost {
  onStop(close: () => Promise<void>): void;
  onDrain?(drain: () => void): void;
}

/**
 * Closes the database (the embedded engine's final snapshot, its lock and address files) when
 * the process is told to stop. Under `npm start` the server runs the shutdown: it stops
 * accepting, lets the requests in progress finish, then calls this closing step, then exits.
 * Progress streams end first, on the signal (they would never finish by themselves and would
 * hold the drain up until its grace ran out). The closing step first lets the generations running in the background finish (up to their timeout,
 * at most SHUTDOWN_GENERATION_GRACE_MS) and ends those left as failed, their claims released.
 * `npm run dev` runs the same server. Elsewhere (the start-up checks run alone) SIGTERM/SIGINT
 * close it directly.
 */
function stopCleanlyOnSignals() {
  const host = (globalThis as Record<symbol, unknown>)[Symbol.for("flowmap.shutdown")] as ShutdownHost | undefined;
  if (host) {
    host.onDrain?.(() => {
      const ended = endProgressStreams();
      if (ended > 0) console.info(`[flows] stopping: ${ended} progress stream(s) ended`);
    });
    host.onStop(async () => {
      stopKlaviyoBackground();
      await stopBackgroundGenerations();
      await disconnectDb();
    });
    return;
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopKlaviyoBackground();
      const deadline = setTimeout(() => process.exit(0), 5_000);
      stopBackgroundGenerations({ graceMs: 0 })
        .then(() => disconnectDb())
        .catch((error: unknown) => console.error("[db] close failed:", error))
        .finally(() => {
          clearTimeout(deadline);
          process.exit(0);
        });
    });
  }
}
