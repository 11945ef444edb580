// Lighthouse performance scores (simulated mobile throttling, lighthouse's default) of the landing
// page and of the signed-in pages (`/dashboard`, `/flow-mappings`, `/user-settings`,
// `/onboarding/answers`) for an account with everything filled in (bench/signed-in.ts), on the
// production build served on a loopback port with a temporary data dir. Builds nothing itself
// (`npm run bench` builds first). Each page runs three times under /tmp/lighthouse.lock (the
// machine's cores are shared, so a run never overlaps another Lighthouse run) and the median is
// reported.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { serveBuild } from "./http";
import { fullAccount } from "./signed-in";
import { SIGNED_IN_LIGHTHOUSE_TARGET } from "./targets";

const RUNS = 3;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** The page, whether it is signed in, and its target score. */
const PAGES: ReadonlyArray<{ path: string; label: string; signedIn: boolean; target: number }> = [
  { path: "/", label: "/ (landing, signed out)", signedIn: false, target: 100 },
  { path: "/dashboard", label: "/dashboard (premium, every figure)", signedIn: true, target: SIGNED_IN_LIGHTHOUSE_TARGET },
  { path: "/flow-mappings", label: "/flow-mappings (a flow)", signedIn: true, target: SIGNED_IN_LIGHTHOUSE_TARGET },
  { path: "/user-settings", label: "/user-settings", signedIn: true, target: SIGNED_IN_LIGHTHOUSE_TARGET },
  { path: "/onboarding/answers", label: "/onboarding/answers", signedIn: true, target: 95 },
];

interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse sometimes loses a trace on a busy machine ("Please run Lighthouse again"): such a run is repeated, twice at most. */
async function runLighthouse(pageUrl: string, headers?: Record<string, string>): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(pageUrl, headers);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes("run Lighthouse again")) throw error;
    }
  }
}

function runLighthouseOnce(pageUrl: string, headers?: Record<string, string>): Promise<LighthouseResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-lighthouse-"));
  const report = path.join(outDir, "report.json");
  const args = [
    "/tmp/lighthouse.lock",
    path.resolve("node_modules/.bin/lighthouse"),
    pageUrl,
    "--quiet",
    "--only-categories=performance",
    "--output=json",
    `--output-path=${report}`,
    "--chrome-flags=--headless=new --no-sandbox",
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("flock", args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`);
        const lhr = JSON.parse(fs.readFileSync(report, "utf8")) as {
          categories: { performance: { score: number } };
          audits: Record<string, { numericValue?: number }>;
        };
        resolve({
          score: Math.round(lhr.categories.performance.score * 100),
          fcp: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        fs.rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

/** The run with the median score (its metrics travel with it). */
function median(results: LighthouseResult[]): LighthouseResult {
  return [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
}

function line(label: string, runs: LighthouseResult[], target: number) {
  const m = median(runs);
  return `  ${label.padEnd(34)} performance ${String(m.score).padStart(3)} (target ${target}: ${m.score >= target ? "meets" : "MISSES"})   FCP ${(m.fcp / 1000).toFixed(1)} s  LCP ${(m.lcp / 1000).toFixed(1)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}   runs: ${runs.map((r) => r.score).join(", ")}`;
}

export async function runLighthouseBench(): Promise<string[]> {
  if (!fs.existsSync(CHROME)) return [`  skipped: no Chromium at ${CHROME} (set CHROME_PATH)`];
  // BENCH_LIGHTHOUSE_PAGES=/dashboard,/user-settings measures only those pages.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
  const pages = PAGES.filter((page) => !only || only.includes(page.path));
  const app = await serveBuild();
  try {
    const { cookie } = await fullAccount(app, "lighthouse-bench@example.com");
    const headersOf = (page: (typeof PAGES)[number]) => (page.signedIn ? { Cookie: cookie } : undefined);
    // One unmeasured visit each, so first-request work on the server does not count.
    for (const page of pages) {
      const response = await fetch(`${app.url}${page.path}`, { headers: headersOf(page), redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status} to the bench account`);
    }
    const runs = pages.map(() => [] as LighthouseResult[]);
    for (let i = 0; i < RUNS; i++) {
      for (const [index, page] of pages.entries()) runs[index]!.push(await runLighthouse(`${app.url}${page.path}`, headersOf(page)));
    }
    return [
      `Lighthouse ${RUNS} runs per page, median (simulated mobile, ${path.basename(CHROME)} headless):`,
      ...pages.map((page, index) => line(page.label, runs[index]!, page.target)),
    ];
  } finally {
    await app.stop();
  }
}
