/**
 * Once per test run: the TypeScript entry points that tests start as processes of their own (the
 * durability writer, the repair tool) bundled to plain JavaScript with esbuild. A child then
 * starts with `node <file>`, without compiling the sources at start as `node --import tsx` does,
 * which on a loaded machine costs the writer seconds of its run. Packages stay imports, resolved
 * from node_modules. See processes.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildSync } from "esbuild";
import type { TestProject } from "vitest/node";

import { CHILD_ENTRIES, bundleName } from "./processes.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default async function setup(project: TestProject) {
  // Under node_modules, so that the bundles' package imports resolve from the workspace's packages.
  const cache = path.join(root, "node_modules", ".cache");
  await fs.mkdir(cache, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(cache, "engine-test-bin-"));
  await fs.writeFile(path.join(outdir, "package.json"), '{ "type": "module" }\n');
  // buildSync: no esbuild service is left running in this process when it exits.
  buildSync({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(CHILD_ENTRIES.map((entry) => [bundleName(entry), entry])),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  project.provide("engineChildBinDir", outdir);
  return async () => {
    await fs.rm(outdir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    engineChildBinDir: string;
  }
}
