/**
 * The app and the engine package (@flowmap/engine, packages/engine, docs/decisions/152): the app
 * reaches the engine only by the package's name, its typecheck leaves the package's sources to the
 * package, and a server build that bundles the engine's host (as a Vite build does with a linked
 * workspace package) still starts the engine's thread from the installed package.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import type { startEngineWorker as StartEngineWorker } from "@flowmap/engine/worker-host";
import { buildSync } from "esbuild";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";

const APP_DIRS = ["app", "server", "scripts", "tests", "bench"];

/** Source files under `dir`, relative to the project. */
function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) found.push(relative);
  }
  return found;
}

/** Every relative import or export specifier of a file. */
function relativeSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

describe("the engine as a package", () => {
  it("is imported by name only: no relative import reaches into packages/", () => {
    const packagesDir = path.join(PROJECT_ROOT, "packages");
    const reaching = APP_DIRS.flatMap(sourceFiles).flatMap((file) =>
      relativeSpecifiers(fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8"))
        .filter((specifier) => path.resolve(PROJECT_ROOT, path.dirname(file), specifier).startsWith(packagesDir + path.sep))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });

  it("is left out of the app's typecheck, which reads the package's declarations", () => {
    const tsconfig = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "tsconfig.json"), "utf8")) as { exclude: string[] };
    expect(tsconfig.exclude).toContain("packages");
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "packages", "engine", "package.json"), "utf8")) as {
      exports: Record<string, { types: string; default: string } | string>;
    };
    const host = manifest.exports["./worker-host"];
    expect(host).toEqual({ types: "./dist/worker-host.d.ts", default: "./dist/worker-host.js" });
  });

  describe("bundled into a server build with no worker bundle beside it", () => {
    // Under node_modules/.cache, as a server build's own files are inside the project: its package
    // imports resolve from the project's node_modules.
    const outdir = fs.mkdtempSync(path.join(PROJECT_ROOT, "node_modules", ".cache", "engine-host-bundle-"));
    const dataDir = fs.mkdtempSync(path.join(outdir, "data-"));
    afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

    it("starts the engine's thread from the installed package's worker", async () => {
      fs.writeFileSync(path.join(outdir, "package.json"), '{ "type": "module" }\n');
      // The host's own code bundled into the build (as Vite does), its other packages left as imports.
      buildSync({
        absWorkingDir: PROJECT_ROOT,
        stdin: { contents: 'export { startEngineWorker } from "@flowmap/engine/worker-host";', resolveDir: PROJECT_ROOT, loader: "js" },
        outfile: path.join(outdir, "index.js"),
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        external: ["bson", "mingo", "mingo/*", "tsx", "tsx/*"],
        logLevel: "warning",
      });
      expect(fs.readFileSync(path.join(outdir, "index.js"), "utf8")).not.toContain('from "@flowmap/engine');
      expect(fs.existsSync(path.join(outdir, "engine-worker.js"))).toBe(false);

      const { startEngineWorker } = (await import(pathToFileURL(path.join(outdir, "index.js")).href)) as { startEngineWorker: typeof StartEngineWorker };
      const engine = await startEngineWorker({ dbPath: dataDir, log: () => undefined });
      const client = new MongoClient(engine.uri);
      try {
        await client
          .db("check")
          .collection("things")
          .insertOne({ _id: 1, name: "one" } as never);
        expect(
          await client
            .db("check")
            .collection("things")
            .findOne({ _id: 1 } as never),
        ).toEqual({ _id: 1, name: "one" });
      } finally {
        await client.close();
        await engine.close();
      }
    });
  });
});
