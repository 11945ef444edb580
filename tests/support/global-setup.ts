/**
 * Once per test run: the TypeScript entry points that tests start as processes of their own
 * (scripts, the app process, the engine writer) bundled to plain JavaScript with esbuild, the
 * way `npm run build` ships the app and its engine worker. A child then starts with `node
 * <file>` in a fraction of the time `node --import tsx` takes to load and compile the same
 * sources. Packages stay external (resolved from node_modules); the project's own code,
 * `~/` imports included, is bundled. See tests/support/processes.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { build, type Plugin } from "esbuild";
import type { TestProject } from "vitest/node";

import { COMPILED_ENTRIES, compiledName } from "./compiled-entries";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Bare package imports (and node: builtins) stay imports; relative and `~/` ones are bundled. */
const packagesExternal: Plugin = {
  name: "packages-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

export default async function setup(project: TestProject) {
  // Inside the project, so that the bundles' package imports resolve from its node_modules.
  const cache = path.join(root, "node_modules", ".cache");
  await fs.mkdir(cache, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(cache, "flowmap-test-bin-"));
  // node_modules/ ends Node's search for a package.json: say here that these files are ESM.
  await fs.writeFile(path.join(outdir, "package.json"), '{ "type": "module" }\n');
  await build({
    absWorkingDir: root,
    entryPoints: {
      ...Object.fromEntries(COMPILED_ENTRIES.map((entry) => [compiledName(entry), entry])),
      // Beside every bundle, as beside the server build: the engine's worker thread.
      "engine-worker": "engine/worker.ts",
    },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [packagesExternal],
    logLevel: "warning",
  });
  project.provide("compiledEntriesDir", outdir);
  return async () => {
    await fs.rm(outdir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    compiledEntriesDir: string;
  }
}
