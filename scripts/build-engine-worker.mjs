// Part of `npm run build`: bundles the embedded engine's worker thread (engine/worker.ts) into
// build/server/engine-worker.js beside the server build, so `npm start` runs it as plain JavaScript.
import { build } from "esbuild";

await build({
  entryPoints: ["engine/worker.ts"],
  outfile: "build/server/engine-worker.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
