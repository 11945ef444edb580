// Client JavaScript per page, from the production build (public/build): what the browser loads for
// each route: the entry, every route module from root down to the route, their shared chunks and,
// followed through the files themselves, every chunk those import (statically or lazily, like the
// signed-in dashboard that `/` loads on demand). Each file is counted once, gzip-compressed, against
// the budget (landing 100 KB, every other page 160 KB). A chunk holding classic zod (rather than
// `zod/mini`) is named: no page may ship it (docs/decisions/071).
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

const source = new Map<string, string>();
function read(url: string): string {
  let text = source.get(url);
  if (text === undefined) {
    text = fs.readFileSync(path.join("public", url), "utf8");
    source.set(url, text);
  }
  return text;
}

const gzipCache = new Map<string, number>();
function gzipBytes(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(read(url)).length;
    gzipCache.set(url, size);
  }
  return size;
}

/** The build's own import specifiers in a file: `from"/build/…"`, `import"/build/…"`, `import("/build/…")`. */
function importsOf(url: string): { eager: string[]; lazy: string[] } {
  const text = read(url);
  const resolve = (spec: string) => (spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(url), spec));
  const eager = [...text.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((m) => resolve(m[1]));
  const lazy = [...text.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)].map((m) => resolve(m[1]));
  return { eager, lazy };
}

/** Every file a set of files loads at once: the start files and their static imports, followed. */
function closure(start: Iterable<string>): Set<string> {
  const files = new Set<string>();
  const visit = (url: string) => {
    if (files.has(url)) return;
    files.add(url);
    for (const file of importsOf(url).eager) visit(file);
  };
  for (const url of start) visit(url);
  return files;
}

/** The chunks those files load on demand (`import()`), each with what it adds beyond the files. */
function onDemand(files: Set<string>): Map<string, Set<string>> {
  const lazy = new Map<string, Set<string>>();
  const queue = [...files];
  while (queue.length) {
    const url = queue.pop() as string;
    for (const entry of importsOf(url).lazy) {
      if (lazy.has(entry) || files.has(entry)) continue;
      const adds = new Set([...closure([entry])].filter((file) => !files.has(file)));
      lazy.set(entry, adds);
      queue.push(...adds);
    }
  }
  return lazy;
}

/** Classic zod registers its schemas under "ZodType"; `zod/mini` under "ZodMiniType". */
function hasClassicZod(url: string) {
  return /["']ZodType["']/.test(read(url));
}

/** Pages are the routes written as .tsx with a view; .ts routes are resource routes (no page). */
function isPage(route: ManifestRoute) {
  return route.id !== "root" && !route.id.endsWith("/_layout") && fs.existsSync(path.join("app", `${route.id}.tsx`));
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

export function runBundleBench(): Promise<string[]> {
  const manifest = readManifest();
  const lines = ["Client JavaScript per page (gzip; entry + route chain + every chunk they import, followed through the files):"];
  let failures = 0;
  const classic = new Set<string>();
  const lazyNotes = new Map<string, number>();
  const report = (label: string, bytes: number, budget: number, note = "") => {
    const ok = bytes <= budget;
    if (!ok) failures++;
    lines.push(`  ${label.padEnd(40)} ${kb(bytes)}  (budget ${budget / KB} KB: ${ok ? "meets" : "MISSES"})${note}`);
  };
  const routes = Object.values(manifest.routes).sort((a, b) => a.id.localeCompare(b.id));
  for (const route of routes) {
    if (!isPage(route)) continue;
    const start = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      start.add(at.module);
      for (const chunk of at.imports ?? []) start.add(chunk);
    }
    const files = closure(start);
    const lazy = onDemand(files);
    for (const file of [...files, ...[...lazy.values()].flatMap((adds) => [...adds])]) if (hasClassicZod(file)) classic.add(file);
    const atOnce = sum(files);
    if (route.id === "routes/_index") {
      // `/` is two pages: the landing signed out, served without any script (docs/decisions/087),
      // and the dashboard (a lazy chunk) signed in.
      report("/ signed out (landing)", 0, LANDING_BUDGET, `  no script: HTML and CSS only (the route chain, ${kb(atOnce).trim()}, loads signed in)`);
      for (const [entry, adds] of lazy) {
        if (!path.posix.basename(entry).startsWith("signed-in-home")) continue;
        report("/ signed in (dashboard, lazy chunk)", atOnce + sum(adds), APP_BUDGET, `  = ${kb(atOnce).trim()} + ${kb(sum(adds)).trim()} on hydration`);
      }
    } else {
      report(route.id.replace(/^routes\//, ""), atOnce, APP_BUDGET);
    }
    for (const [entry, adds] of lazy) {
      if (!path.posix.basename(entry).startsWith("signed-in-home"))
        lazyNotes.set(path.posix.basename(entry).replace(/-[A-Z0-9]+\.js$/, ""), Math.max(lazyNotes.get(entry) ?? 0, sum(adds)));
    }
  }
  lines.push(`  ${failures === 0 ? "every page meets its budget" : `${failures} page(s) over budget`}`);
  for (const [name, bytes] of lazyNotes) lines.push(`  loaded only when used: ${name} (up to ${kb(bytes).trim()})`);
  lines.push(classic.size === 0 ? "  classic zod in the browser: none (zod/mini only)" : `  classic zod in the browser: ${[...classic].join(", ")}`);
  return Promise.resolve(lines);
}
