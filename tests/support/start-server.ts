// Runs the server's start-up checks alone (configuration, database, seed) for the start-up tests.
import { startServer } from "~/services/startup.server";

await startServer();
console.info("started");
process.kill(process.pid, "SIGTERM");
