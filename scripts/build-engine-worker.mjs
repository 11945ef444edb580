// Part of `npm run build`: bundles the embedded engine's worker thread (the `@flowmap/engine/worker`
// entry of the workspace package) into build/server/engine-worker.js beside the server build, so that a
// server build that bundles the engine's host finds its worker beside it.
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

await build({
  entryPoints: [fileURLToPath(import.meta.resolve("@flowmap/engine/worker"))],
  outfile: "build/server/engine-worker.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
