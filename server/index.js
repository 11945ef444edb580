// `npm start`: serves the production build (docs/decisions/051); `npm run dev` (`--dev`) runs the
// same server with Vite's development server inside it, which compiles the app on request and
// updates the open pages on every change. PORT (default
// 3000) and HOST (default all interfaces) choose where it listens. SIGTERM or SIGINT (Ctrl-C)
// stops it cleanly: no new connections, requests in progress finish, then the database closes
// (the embedded engine writes its snapshot and releases DATA_DIR/db), then the process exits with 0.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import url from "node:url";

import { createRequestHandler } from "@remix-run/node";

import { createAppServer } from "./app-server.js";

/** How long requests in progress may take to finish once stopping; longer ones are cut off. */
const DRAIN_GRACE_MS = 10_000;
/** How long closing the database (its final snapshot) may take before the process gives up on it. */
const CLOSE_GRACE_MS = 30_000;

// The app's closing steps (the database) are handed to this server when the build loads
// (app/services/startup.server.ts), so that they run after the last request, not on the signal.
// Its draining steps run on the signal: they end the answers that would never end by themselves
// (progress streams), so the requests in progress can finish.
const closers = [];
const drainers = [];
globalThis[Symbol.for("flowmap.shutdown")] = { onStop: (close) => closers.push(close), onDrain: (drain) => drainers.push(drain) };

// `npm run dev`: the server build comes from Vite's development server and is read again for
// every request (Vite recompiles what changed), so the handler and the request boundary read the
// current one.
const underDevServer = process.argv.includes("--dev");

/** @type {import("node:http").Server | undefined} */
let server;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));

// The mode is settled before the build loads: loading it runs the start-up checks of the
// configuration (app/services/startup.server.ts), which must judge the same mode the requests are
// then served in. A production-only rule (APP_URL with third-party sign-in) checked as development
// would let the server start and then fail every request.
const mode = process.env.NODE_ENV || (underDevServer ? "development" : "production");
process.env.NODE_ENV = mode;

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
/** Vite's development server (`npm run dev`), its middleware in front of the app. */
const vite = underDevServer ? await createViteServer() : undefined;
const loadBuild = async () =>
  vite ? vite.ssrLoadModule("virtual:remix/server-build") : import(url.pathToFileURL(path.resolve(root, process.argv[2] ?? "build/server/index.js")).href);
let build = await loadBuild();

// A page's parallel loaders share one sign-in lookup through this scope, one per GET or HEAD
// request (app/web/request-scope.server.ts; the same storage, found by its symbol).
// Requests that change data get none: their loaders must see what the action wrote.
const requestScope = (globalThis[Symbol.for("flowmap.request-scope")] ??= new AsyncLocalStorage());
const remixHandler = createRequestHandler(underDevServer ? () => build : build, mode);
const handleRequest = (request) => (request.method === "GET" || request.method === "HEAD" ? requestScope.run(new Map(), () => remixHandler(request)) : remixHandler(request));

server = createAppServer({
  // Before every request in development: Vite's own files and modules, and the current build.
  middlewares: vite
    ? [
        vite.middlewares,
        (_req, _res, next) =>
          void loadBuild().then((loaded) => {
            build = loaded;
            next();
          }, next),
      ]
    : [],
  handleRequest,
  boundary: underDevServer ? current(() => build.entry.module) : build.entry.module,
  build: underDevServer ? current(() => build) : build,
  // The build's hashed files (Vite writes them under assets/); in development Vite serves them.
  staticDirs: [
    ...(vite
      ? []
      : [
          {
            urlPath: `${build.publicPath}assets`,
            dir: path.resolve(root, build.assetsBuildDirectory, "assets"),
            immutable: true,
            maxAge: "1y",
          },
        ]),
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
};
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);

/**
 * Vite's development server in middleware mode. Remix's plugin starts a second Vite server of its
 * own, which ends the process on SIGTERM (and at the end of stdin) as soon as it has closed itself:
 * that would cut the shutdown below short of closing the database. Those listeners are taken off;
 * stop() closes Vite, and with it that second server, as one of its steps.
 */
async function createViteServer() {
  const before = { SIGTERM: process.listeners("SIGTERM"), end: process.stdin.listeners("end") };
  const created = await (await import("vite")).createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  for (const listener of process.listeners("SIGTERM")) if (!before.SIGTERM.includes(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end")) if (!before.end.includes(listener)) process.stdin.off("end", listener);
  return created;
}

/** An object that reads every property from what `get` returns now: the current build in development. */
function current(get) {
  return new Proxy({}, { get: (_target, name) => get()[name] });
}

/**
 * The one shutdown path: stop accepting connections, let the requests in progress finish (for
 * at most DRAIN_GRACE_MS), close the database, exit. A second signal exits at once. Node's own
 * closeIdleConnections/closeAllConnections do the connections' part (docs/decisions/159).
 */
async function stop(signal) {
  if (stopping) {
    console.log(`[flowmap] ${signal} again: exiting without waiting`);
    process.exit(1);
  }
  stopping = true;
  if (server?.listening) {
    const drained = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    console.log(`[flowmap] ${signal}: stopping; no new connections, finishing the requests in progress`);
    for (const drain of drainers) {
      try {
        drain();
      } catch (error) {
        console.error("[flowmap] a draining step failed:", error);
      }
    }
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
  await vite?.close();
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
