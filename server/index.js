// `npm start`: serves the production build (docs/decisions/051). PORT (default 3000) and HOST
// (default all interfaces) choose where it listens.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import url from "node:url";

import { createRequestHandler } from "@remix-run/node";

import { createAppServer } from "./app-server.js";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.resolve(root, process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
const mode = process.env.NODE_ENV ?? "production";
process.env.NODE_ENV = mode;

// A page's parallel loaders share one sign-in lookup through this scope, one per GET or HEAD
// request (app/services/request-scope.server.ts; the same storage, found by its symbol).
// Requests that change data get none: their loaders must see what the action wrote.
const requestScope = (globalThis[Symbol.for("flowmap.request-scope")] ??= new AsyncLocalStorage());
const remixHandler = createRequestHandler(build, mode);
const handleRequest = (request) =>
  request.method === "GET" || request.method === "HEAD" ? requestScope.run(new Map(), () => remixHandler(request)) : remixHandler(request);

const server = createAppServer({
  handleRequest,
  boundary: build.entry.module,
  build,
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

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[flowmap] listening on http://${host ?? "localhost"}:${port}`);
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
  });
}
