// Client JavaScript per page, from the production build (build/client): what the browser loads for
// each route: the entry, every route module from root down to the route, their shared chunks and,
// followed through the files themselves, every chunk those import (statically or lazily, like the
// signed-in dashboard that `/` loads on demand). Each file is counted once, gzip-compressed, against
// the budget (landing 100 KB, every other page 160 KB: bench/targets.ts). A chunk holding classic
// zod (rather than `zod/mini`) is named: no page may ship it (docs/decisions/071).
//
// `npx tsx bench/bundles.ts` after `npm run build` is the check `npm test` runs after its build:
// it prints the same lines and ends with 1 when a page is over its budget or ships classic zod.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

import { LANDING_JS_BUDGET_BYTES, PAGE_JS_BUDGET_BYTES } from "./targets";

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

/** What the browser build holds for each page, measured against the budgets. */
export interface BundleReport {
  /** The report, one line a page, then the lazy chunks and the classic zod check. */
  lines: string[];
  /** The pages over their budget. */
  overBudget: string[];
  /** The browser files that hold classic zod. */
  classicZod: string[];
}

/**
 * Measures a browser build: `clientDir` is its directory (build/client), where the URL
 * `/assets/x.js` is the file `<clientDir>/assets/x.js`; `appDir` holds the route files.
 */
export function measureBundles(clientDir = "build/client", appDir = "app"): BundleReport {
  const manifest = readManifest(clientDir);
  const source = new Map<string, string>();
  const read = (url: string): string => {
    let text = source.get(url);
    if (text === undefined) {
      text = fs.readFileSync(path.join(clientDir, url), "utf8");
      source.set(url, text);
    }
    return text;
  };
  const gzipCache = new Map<string, number>();
  const gzipBytes = (url: string): number => {
    let size = gzipCache.get(url);
    if (size === undefined) {
      size = gzipSync(read(url)).length;
      gzipCache.set(url, size);
    }
    return size;
  };
  return report(manifest, { read, gzipBytes, appDir });
}

function readManifest(clientDir: string): Manifest {
  const dir = path.join(clientDir, "assets");
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) throw new Error("No client build manifest: run `npm run build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

interface Files {
  read: (url: string) => string;
  gzipBytes: (url: string) => number;
  appDir: string;
}

/** The build's own import specifiers in a file: `from"./…"`, `import"./…"`, `import("./…")` (relative or from the root). */
function importsOf({ read }: Files, url: string): { eager: string[]; lazy: string[] } {
  const text = read(url);
  const resolve = (spec: string) => (spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(url), spec));
  const eager = [...text.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((m) => resolve(m[1]));
  const lazy = [...text.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)].map((m) => resolve(m[1]));
  return { eager, lazy };
}

/** Every file a set of files loads at once: the start files and their static imports, followed. */
function closure(build: Files, start: Iterable<string>): Set<string> {
  const files = new Set<string>();
  const visit = (url: string) => {
    if (files.has(url)) return;
    files.add(url);
    for (const file of importsOf(build, url).eager) visit(file);
  };
  for (const url of start) visit(url);
  return files;
}

/** The chunks those files load on demand (`import()`), each with what it adds beyond the files. */
function onDemand(build: Files, files: Set<string>): Map<string, Set<string>> {
  const lazy = new Map<string, Set<string>>();
  const queue = [...files];
  while (queue.length) {
    const url = queue.pop() as string;
    for (const entry of importsOf(build, url).lazy) {
      if (lazy.has(entry) || files.has(entry)) continue;
      const adds = new Set([...closure(build, [entry])].filter((file) => !files.has(file)));
      lazy.set(entry, adds);
      queue.push(...adds);
    }
  }
  return lazy;
}

/** Classic zod registers its schemas under "ZodType"; `zod/mini` under "ZodMiniType". */
function hasClassicZod({ read }: Files, url: string) {
  return /["']ZodType["']/.test(read(url));
}

/** Pages are the routes written as .tsx with a view; .ts routes are resource routes (no page). */
function isPage({ appDir }: Files, route: ManifestRoute) {
  return route.id !== "root" && !route.id.endsWith("/_layout") && fs.existsSync(path.join(appDir, `${route.id}.tsx`));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

function report(manifest: Manifest, build: Files): BundleReport {
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + build.gzipBytes(file), 0);
  const lines = ["Client JavaScript per page (gzip; entry + route chain + every chunk they import, followed through the files):"];
  const overBudget: string[] = [];
  const classic = new Set<string>();
  const lazyNotes = new Map<string, number>();
  const measured = (label: string, bytes: number, budget: number, note = "") => {
    const ok = bytes <= budget;
    if (!ok) overBudget.push(label);
    lines.push(`  ${label.padEnd(40)} ${kb(bytes)}  (budget ${budget / KB} KB: ${ok ? "meets" : "MISSES"})${note}`);
  };
  const routes = Object.values(manifest.routes).sort((a, b) => a.id.localeCompare(b.id));
  for (const route of routes) {
    if (!isPage(build, route)) continue;
    const start = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      start.add(at.module);
      for (const chunk of at.imports ?? []) start.add(chunk);
    }
    const files = closure(build, start);
    const lazy = onDemand(build, files);
    for (const file of [...files, ...[...lazy.values()].flatMap((adds) => [...adds])]) if (hasClassicZod(build, file)) classic.add(file);
    const atOnce = sum(files);
    if (route.id === "routes/_index") {
      // `/` is two pages: the landing signed out, served without any script (docs/decisions/087),
      // and the dashboard (a lazy chunk) signed in.
      measured("/ signed out (landing)", 0, LANDING_JS_BUDGET_BYTES, `  no script: HTML and CSS only (the route chain, ${kb(atOnce).trim()}, loads signed in)`);
      for (const [entry, adds] of lazy) {
        if (!path.posix.basename(entry).startsWith("signed-in-home")) continue;
        measured("/ signed in (dashboard, lazy chunk)", atOnce + sum(adds), PAGE_JS_BUDGET_BYTES, `  = ${kb(atOnce).trim()} + ${kb(sum(adds)).trim()} on hydration`);
      }
    } else {
      measured(route.id.replace(/^routes\//, ""), atOnce, PAGE_JS_BUDGET_BYTES);
    }
    for (const [entry, adds] of lazy) {
      if (!path.posix.basename(entry).startsWith("signed-in-home"))
        lazyNotes.set(path.posix.basename(entry).replace(/-[A-Za-z0-9_-]{8}\.js$/, ""), Math.max(lazyNotes.get(entry) ?? 0, sum(adds)));
    }
  }
  lines.push(`  ${overBudget.length === 0 ? "every page meets its budget" : `${overBudget.length} page(s) over budget`}`);
  for (const [name, bytes] of lazyNotes) lines.push(`  loaded only when used: ${name} (up to ${kb(bytes).trim()})`);
  lines.push(classic.size === 0 ? "  classic zod in the browser: none (zod/mini only)" : `  classic zod in the browser: ${[...classic].join(", ")}`);
  return { lines, overBudget, classicZod: [...classic] };
}

export function runBundleBench(): Promise<string[]> {
  return Promise.resolve(measureBundles().lines);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { lines, overBudget, classicZod } = measureBundles();
  console.log(lines.join("\n"));
  if (overBudget.length > 0 || classicZod.length > 0) {
    console.error(`Client JavaScript over budget: ${[...overBudget, ...classicZod.map((file) => `classic zod in ${file}`)].join("; ")} (budgets in bench/targets.ts).`);
    process.exitCode = 1;
  }
}
