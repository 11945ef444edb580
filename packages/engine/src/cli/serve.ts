/**
 * Runs the embedded engine alone, in the foreground:
 *
 *   npm run db:serve -- --port 27018 --dbpath ./data/engine
 *
 * It admits only connections that present its token (a random one per start, or --token), sent
 * by the driver as the connection string's appName: connect with mongosh, Compass or the driver
 * at the printed URI. Ctrl-C (SIGINT) or SIGTERM closes it cleanly (journals flushed, snapshots
 * written).
 */
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEngine } from "../index.js";

const USAGE = "usage: npm run db:serve -- [--port 27017] [--dbpath ./data/engine] [--token SECRET]";

function parseOptions(): { port: number; dbPath: string; token: string } {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "27017" },
      dbpath: { type: "string", default: "./data/engine" },
      dbPath: { type: "string" },
      token: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}\n${USAGE}`);
  const token = values.token ?? randomBytes(24).toString("base64url");
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new Error(`--token must be 16 to 128 letters, digits, "-" or "_"\n${USAGE}`);
  return { port, dbPath: resolve(values.dbPath ?? values.dbpath ?? "./data/engine"), token };
}

async function main(): Promise<void> {
  const { port, dbPath, token } = parseOptions();
  const engine = await startEngine({
    dbPath,
    port,
    token,
    log: (line) => process.stderr.write(`[engine] ${line}\n`),
  });
  console.log(`Flowmap embedded engine listening on 127.0.0.1:${engine.port} (dbpath ${dbPath})`);
  console.log(`Connect with: mongosh "${engine.uri}"`);
  console.log(`(the appName in that URI is the engine's token: connections without it are refused)`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`[engine] ${signal} again: exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    engine.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[engine] close failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
