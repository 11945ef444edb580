// `npm start`: serves the production build (docs/decisions/051); `npm run dev` runs the same server
// under Remix's dev server, which rebuilds on every change (reloadOnRebuild below). PORT (default
// 3000) and HOST (default all interfaces) choose where it listens. SIGTERM or SIGINT (Ctrl-C)
// stops it cleanly: no new connections, requests in progress finish, then the database closes
// (the embedded engine writes its snapshot and releases DATA_DIR/db), then the process exits with 0.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

import { broadcastDevReady, createRequestHandler } from "@remix-run/node";

import { createAppServer } from "./app-server.js";

/** How long requests in progress may take to finish once stopping; longer ones are cut off. */
const DRAIN_GRACE_MS = 10_000;
/** How long closing the database (its final snapshot) may take before the process gives up on it. */
const CLOSE_GRACE_MS = 30_000;

// The app's closing steps (the database) are handed to this server when the build loads
// (app/services/startup.server.ts), so that they run after the last request, not on the signal.
const closers = [];
globalThis[Symbol.for("flowmap.shutdown")] = { onStop: (close) => closers.push(close) };

// Set by Remix's dev server (`npm run dev`) for the server it starts: the build is replaced after
// every rebuild, so the handler and the request boundary read the current one (reloadOnRebuild).
const underDevServer = Boolean(process.env.REMIX_DEV_ORIGIN);
if (underDevServer) {
  // Ctrl-C ends the dev server while this one is still closing the database: what it prints after
  // that has nowhere to go, which must not end the shutdown.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}

/** @type {import("node:http").Server | undefined} */
let server;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));

// The mode is settled before the build loads: loading it runs the start-up checks of the
// configuration (app/services/startup.server.ts), which must judge the same mode the requests are
// then served in. A production-only rule (APP_URL with third-party sign-in) checked as development
// would let the server start and then fail every request.
const mode = process.env.NODE_ENV || "production";
process.env.NODE_ENV = mode;

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.resolve(root, process.argv[2] ?? "build/index.js");
let build = await import(url.pathToFileURL(buildPath).href);

// A page's parallel loaders share one sign-in lookup through this scope, one per GET or HEAD
// request (app/web/request-scope.server.ts; the same storage, found by its symbol).
// Requests that change data get none: their loaders must see what the action wrote.
const requestScope = (globalThis[Symbol.for("flowmap.request-scope")] ??= new AsyncLocalStorage());
const remixHandler = createRequestHandler(underDevServer ? () => build : build, mode);
const handleRequest = (request) => (request.method === "GET" || request.method === "HEAD" ? requestScope.run(new Map(), () => remixHandler(request)) : remixHandler(request));

server = createAppServer({
  handleRequest,
  boundary: underDevServer ? current(() => build.entry.module) : build.entry.module,
  build: underDevServer ? current(() => build) : build,
  staticDirs: [
    {
      urlPath: build.publicPath,
      dir: path.resolve(root, build.assetsBuildDirectory),
      immutable: true,
      maxAge: "1y",
    },
    { urlPath: "/", dir: path.resolve(root, "public"), maxAge: "1h" },
  ],
});
// While stopping, every answer closes its connection, and a connection whose last answer is out
// is closed at once instead of idling until its keep-alive timeout.
server.prependListener("request", (_req, res) => {
  if (stopping) res.shouldKeepAlive = false;
  res.on("close", () => {
    if (stopping) server.closeIdleConnections();
  });
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => {
  console.log(`[flowmap] listening on http://${host ?? "localhost"}:${port}`);
  if (underDevServer) reloadOnRebuild();
};
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);

/** An object that reads every property from what `get` returns now: the current build in development. */
function current(get) {
  return new Proxy({}, { get: (_target, name) => get()[name] });
}

/**
 * Development: Remix's dev server (`remix dev --manual`, `npm run dev`) builds into build/ on every
 * change and writes build/version.txt once the server build is complete. This server then imports
 * the new build and tells the dev server it is ready, which refreshes the browser. The process, its
 * database connection and its sessions stay up across rebuilds (the app's start-up steps run again
 * and are safe to repeat). The version file is written even when only server code changed (its
 * content, the browser build's version, then stays the same), so the server build's own time of
 * writing tells one build from the next.
 */
function reloadOnRebuild() {
  const dir = path.dirname(buildPath);
  let loaded = fs.statSync(buildPath).mtimeMs;
  const reload = async () => {
    const written = fs.statSync(buildPath).mtimeMs;
    if (written === loaded) return;
    loaded = written;
    build = await import(`${url.pathToFileURL(buildPath).href}?t=${written}`);
    await broadcastDevReady(build);
  };
  let reloading = Promise.resolve();
  fs.watch(dir, (_event, file) => {
    if (file !== "version.txt") return;
    reloading = reloading.then(reload).catch((error) => console.error("[flowmap] loading the new build failed:", error));
  });
  void broadcastDevReady(build).catch((error) => console.error("[flowmap]", error));
}

/**
 * The one shutdown path: stop accepting connections, let the requests in progress finish (for
 * at most DRAIN_GRACE_MS), close the database, exit. A second signal exits at once. Node's own
 * closeIdleConnections/closeAllConnections do the connections' part (docs/decisions/159).
 */
async function stop(signal) {
  // Ctrl-C reaches the dev server and this server at once, and the dev server then sends its own
  // SIGTERM: under it, the second signal is that echo, not a request to hurry.
  if (stopping && underDevServer) return;
  if (stopping) {
    console.log(`[flowmap] ${signal} again: exiting without waiting`);
    process.exit(1);
  }
  stopping = true;
  if (server?.listening) {
    const drained = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    console.log(`[flowmap] ${signal}: stopping; no new connections, finishing the requests in progress`);
    const grace = setTimeout(() => {
      console.log(`[flowmap] requests still open after ${DRAIN_GRACE_MS / 1000} s: closing them`);
      server.closeAllConnections();
    }, DRAIN_GRACE_MS);
    await drained;
    clearTimeout(grace);
  } else {
    console.log(`[flowmap] ${signal}: stopping`);
  }
  let code = 0;
  const deadline = setTimeout(() => {
    console.error(`[flowmap] the database did not close within ${CLOSE_GRACE_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, CLOSE_GRACE_MS);
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      console.error("[flowmap] closing the database failed:", error);
      code = 1;
    }
  }
  clearTimeout(deadline);
  console.log("[flowmap] stopped");
  process.exit(code);
}
