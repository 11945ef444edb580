// Runs the server's start-up checks alone (configuration, database, seed) for the start-up tests.
// TEST_SERVER_SELECTION_TIMEOUT_MS, when set, shortens the wait for an unreachable MONGODB_URI.
import { startServer } from "~/services/startup.server";

const selectionTimeout = Number(process.env.TEST_SERVER_SELECTION_TIMEOUT_MS);
await startServer(Number.isFinite(selectionTimeout) && selectionTimeout > 0 ? { serverSelectionTimeoutMs: selectionTimeout } : {});
console.info("started");
process.kill(process.pid, "SIGTERM");
