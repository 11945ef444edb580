// `npm start`: serves the production build (docs/decisions/051). PORT (default 3000) and HOST
// (default all interfaces) choose where it listens.
import path from "node:path";
import url from "node:url";

import { createRequestHandler } from "@remix-run/node";

import { createAppServer } from "./app-server.js";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.resolve(root, process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
const mode = process.env.NODE_ENV ?? "production";
process.env.NODE_ENV = mode;

const server = createAppServer({
  handleRequest: createRequestHandler(build, mode),
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
