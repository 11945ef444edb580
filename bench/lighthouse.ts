// Lighthouse performance scores (simulated mobile throttling, lighthouse's default) of the landing
// page and of the signed-in `/onboarding/answers`, on the production build served on a loopback
// port with a temporary data dir. Builds nothing itself (`npm run bench` builds first). Each page
// runs three times under /tmp/lighthouse.lock (the machine's cores are shared, so a run never
// overlaps another Lighthouse run) and the median is reported.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "../app/lib/questionnaire/fields";

import { registerBenchUser, serveBuild } from "./http";

const RUNS = 3;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGETS = { landing: 100, answers: 95 } as const;

interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** A user with a completed questionnaire and a session cookie for it. */
async function signedInWithAnswers(url: string): Promise<string> {
  const cookie = await registerBenchUser(url, { firstName: "Light", lastName: "House", email: "lighthouse-bench@example.com" });
  const texts = Object.fromEntries(
    [...GENERAL_FIELDS, ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS, "businessOperationDescription"].map((field) => [field, `Answer for ${field}`]),
  );
  const answers = await fetch(`${url}/api/onboarding`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify({ ...texts, companyName: "Lighthouse Coffee", businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" }),
  });
  if (answers.status !== 201) throw new Error(`onboarding answered ${answers.status}: ${await answers.text()}`);
  const page = await fetch(`${url}/onboarding/answers`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (page.status !== 200) throw new Error(`/onboarding/answers answered ${page.status} to the bench user`);
  return cookie;
}

function runLighthouse(pageUrl: string, headers?: Record<string, string>): Promise<LighthouseResult> {
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
  const app = await serveBuild();
  try {
    const cookie = await signedInWithAnswers(app.url);
    // One unmeasured visit each, so first-request work on the server does not count.
    await fetch(`${app.url}/`);
    await fetch(`${app.url}/onboarding/answers`, { headers: { Cookie: cookie } });
    const landing: LighthouseResult[] = [];
    const answers: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      landing.push(await runLighthouse(`${app.url}/`));
      answers.push(await runLighthouse(`${app.url}/onboarding/answers`, { Cookie: cookie }));
    }
    return [
      `Lighthouse ${RUNS} runs per page, median (simulated mobile, ${path.basename(CHROME)} headless):`,
      line("/ (landing, signed out)", landing, TARGETS.landing),
      line("/onboarding/answers (signed in)", answers, TARGETS.answers),
    ];
  } finally {
    await app.stop();
  }
}
