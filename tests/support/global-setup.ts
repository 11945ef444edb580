/**
 * Once per test run: the TypeScript entry points that tests start as processes of their own
 * (scripts, the app process, the engine writer) bundled to plain JavaScript with esbuild, the
 * way `npm run build` ships the app and its engine worker. A child then starts with `node
 * <file>` in a fraction of the time `node --import tsx` takes to load and compile the same
 * sources. Packages stay external (resolved from node_modules); the project's own code,
 * `~/` imports included, is bundled. See tests/support/processes.ts.
 */
import { readdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildSync } from "esbuild";
import type { TestProject } from "vitest/node";

import { COMPILED_ENTRIES, compiledName } from "./compiled-entries";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Every installed package (and its subpaths) stays an import, resolved from node_modules when the
 * bundle runs; relative and `~/` imports are bundled. (esbuild 0.17's `packages: "external"` would
 * also leave the `~/` alias unresolved.)
 */
function installedPackages(): string[] {
  const modules = path.join(root, "node_modules");
  const names = readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name]));
  return names.flatMap((name) => [name, `${name}/*`]);
}

export default async function setup(project: TestProject) {
  // Inside the project, so that the bundles' package imports resolve from its node_modules.
  const cache = path.join(root, "node_modules", ".cache");
  await fs.mkdir(cache, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(cache, "flowmap-test-bin-"));
  // node_modules/ ends Node's search for a package.json: say here that these files are ESM.
  await fs.writeFile(path.join(outdir, "package.json"), '{ "type": "module" }\n');
  // buildSync: no esbuild service is left running in this process (esbuild 0.17 can print a Go
  // deadlock trace when a process exits while its service still has a request out; see
  // docs/decisions/065).
  buildSync({
    absWorkingDir: root,
    // The engine (@flowmap/engine) is a package like the others: the bundles import its compiled
    // dist/, which starts its own worker thread.
    entryPoints: Object.fromEntries(COMPILED_ENTRIES.map((entry) => [compiledName(entry), entry])),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    external: installedPackages(),
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
