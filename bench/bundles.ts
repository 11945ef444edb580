// Client JavaScript per route, from the production build's manifest (public/build/manifest-*.js):
// the entry, then every route module from root down to the route, with their shared chunks, each
// file counted once and gzip-compressed, against the budget (landing 100 KB, app pages 160 KB).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

const KB = 1024;
const LANDING_BUDGET = 100 * KB;
const APP_BUDGET = 160 * KB;

function readManifest(): Manifest {
  const dir = "public/build";
  const file = fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client build manifest: run `npm run build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

const gzipCache = new Map<string, number>();
function gzipBytes(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join("public", url))).length;
    gzipCache.set(url, size);
  }
  return size;
}

function budgetOf(id: string): number | null {
  if (id === "routes/_index") return LANDING_BUDGET;
  if (id.startsWith("routes/_app+/") && id !== "routes/_app+/_layout") return APP_BUDGET;
  return null;
}

export function runBundleBench(): Promise<string[]> {
  const manifest = readManifest();
  const lines = ["Client JavaScript per page (gzip, entry + route chain + shared chunks, from the build manifest):"];
  let failures = 0;
  for (const route of Object.values(manifest.routes)) {
    const budget = budgetOf(route.id);
    if (budget === null) continue;
    const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      files.add(at.module);
      for (const chunk of at.imports ?? []) files.add(chunk);
    }
    const total = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
    const ok = total <= budget;
    if (!ok) failures++;
    lines.push(`  ${route.id.padEnd(40)} ${(total / KB).toFixed(1).padStart(6)} KB  (budget ${budget / KB} KB: ${ok ? "meets" : "MISSES"})`);
  }
  lines.push(`  ${failures === 0 ? "every page meets its budget" : `${failures} page(s) over budget`}`);
  return Promise.resolve(lines);
}
