import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { measureBundles } from "../../bench/bundles";
import { PAGE_JS_BUDGET_BYTES } from "../../bench/targets";

// The check `npm test` runs on the production build (bench/bundles.ts), here on small browser
// builds written for the purpose: a manifest as Remix writes it, chunks that import each other as
// Vite writes them, and the route files the pages come from.

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A module that gzip cannot shrink below about `bytes`: a fixed pseudo-random sequence (xorshift)
 * of base64 characters, each of which carries 6 bits, so 4/3 as many characters as bytes.
 */
function incompressible(bytes: number, seed = 7) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let state = seed;
  const chars: string[] = [];
  for (let i = 0; i < Math.ceil((bytes * 4) / 3); i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    chars.push(alphabet[(state >>> 0) % 64]);
  }
  return `export const data="${chars.join("")}";`;
}

/** A browser build with one page route, `_app+/report`, whose own chunk is `reportChunk`. */
function writeBuild({ reportChunk, lazyChunk }: { reportChunk: string; lazyChunk?: string }) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-bundles-"));
  const assets = path.join(dir, "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  fs.mkdirSync(path.join(dir, "app", "routes", "_app+"), { recursive: true });
  fs.writeFileSync(path.join(dir, "app", "routes", "_app+", "report.tsx"), "");
  const files: Record<string, string> = {
    "entry.client-A1.js": 'import{r}from"./components-B2.js";r();',
    "components-B2.js": "export function r(){}",
    "root-C3.js": 'import{r}from"./components-B2.js";export default r;',
    "report-D4.js": lazyChunk ? `${reportChunk}const open=()=>import("./panel-E5.js");` : reportChunk,
  };
  if (lazyChunk) files["panel-E5.js"] = lazyChunk;
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(assets, name), text);
  const manifest = {
    entry: { module: "/assets/entry.client-A1.js", imports: ["/assets/components-B2.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root-C3.js", imports: ["/assets/components-B2.js"] },
      "routes/_app+/report": { id: "routes/_app+/report", parentId: "root", path: "report", module: "/assets/report-D4.js" },
    },
  };
  fs.writeFileSync(path.join(assets, "manifest-0a1b2c.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
  return measureBundles(path.join(dir, "client"), path.join(dir, "app"));
}

describe("the client JavaScript budget check", () => {
  it("passes a page whose entry, route chain and chunks are within the budget", () => {
    const report = writeBuild({ reportChunk: incompressible(20 * 1024) });
    expect(report.overBudget).toEqual([]);
    expect(report.classicZod).toEqual([]);
    expect(report.lines.join("\n")).toMatch(/_app\+\/report +2\d\.\d KB {2}\(budget 160 KB: meets\)/);
  });

  it("fails a page whose JavaScript is over the budget, naming it", () => {
    const report = writeBuild({ reportChunk: incompressible(PAGE_JS_BUDGET_BYTES + 20 * 1024) });
    expect(report.overBudget).toEqual(["_app+/report"]);
    expect(report.lines.join("\n")).toContain("1 page(s) over budget");
  });

  it("counts a lazily loaded chunk apart from the page, and finds classic zod in it", () => {
    const report = writeBuild({ reportChunk: incompressible(20 * 1024), lazyChunk: `${incompressible(PAGE_JS_BUDGET_BYTES, 11)}const t="ZodType";` });
    expect(report.overBudget).toEqual([]);
    expect(report.classicZod).toEqual(["/assets/panel-E5.js"]);
    expect(report.lines.join("\n")).toMatch(/loaded only when used: panel-E5\.js/);
  });
});
