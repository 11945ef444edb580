// Server rendering throughput of the signed-in frame: `/dashboard` (benchmark card included) and
// `/user-settings` against the 404 page, which renders almost nothing, under the same load.
// Ratios, not absolute figures, because the machine is shared.
//
// Fairness: one app process serves all three paths; each is warmed up first; then every round
// sends each path the same number of requests (10 connections), one path after the other, so
// a change in the machine's load hits all of them alike; throughput is summed over the rounds.
// The app's CPU time per request (all its threads, from /proc) is printed beside it: it does not
// depend on what else the machine runs.
import { loadFixed, registerBenchUser, serveBuild, type FixedLoadResult, type ServedApp } from "./http";

/** The signed-in dashboard must serve at least this share of the 404 page's requests per second. */
export const SSR_RATIO_TARGET = 0.6;
const ROUNDS = 3;
const REQUESTS_PER_ROUND = 300;
// Enough for the JIT to settle: the first hundred dashboards cost about half again as much CPU as later ones.
const WARM_UP_REQUESTS = 300;

interface Page {
  path: string;
  headers?: Record<string, string>;
  /** The status every request must get. */
  status: number;
}

async function probe(app: ServedApp, page: Page) {
  // Every request must be the page itself (the signed-in page, not a redirect to sign-in).
  const response = await fetch(`${app.url}${page.path}`, { headers: page.headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== page.status) throw new Error(`${page.path} answered ${response.status}, not ${page.status}`);
}

interface Total {
  path: string;
  requests: number;
  seconds: number;
  cpuMs: number | null;
  p99s: number[];
  failures: number;
}

function add(total: Total, round: FixedLoadResult, expectErrors: boolean) {
  total.requests += round.requests;
  total.seconds += round.seconds;
  total.cpuMs = total.cpuMs === null || round.cpuMsPerRequest === null ? null : total.cpuMs + round.cpuMsPerRequest * round.requests;
  total.p99s.push(round.p99);
  total.failures += round.errors + (expectErrors ? 0 : round.non2xx);
}

const rps = (t: Total) => t.requests / t.seconds;
const cpuPerRequest = (t: Total) => (t.cpuMs === null ? null : t.cpuMs / t.requests);

function line(t: Total) {
  const cpu = cpuPerRequest(t);
  return `  ${t.path.padEnd(15)} ${rps(t).toFixed(0).padStart(5)} req/s   app CPU ${cpu === null ? "n/a" : `${cpu.toFixed(1)} ms`}/request   p99 ${Math.max(...t.p99s)} ms${
    t.failures ? `   (${t.failures} failed)` : ""
  }`;
}

export async function runSsrBench(): Promise<string[]> {
  const app = await serveBuild();
  try {
    const cookie = await registerBenchUser(app.url, { firstName: "Bench", lastName: "Mark", email: "ssr-bench@example.com" });
    const pages: Page[] = [
      { path: "/no-such-page", status: 404 },
      { path: "/dashboard", headers: { Cookie: cookie }, status: 200 },
      { path: "/user-settings", headers: { Cookie: cookie }, status: 200 },
    ];
    for (const page of pages) {
      await probe(app, page);
      await loadFixed(app, page.path, WARM_UP_REQUESTS, { headers: page.headers });
    }
    const totals: Total[] = pages.map((p) => ({ path: p.path, requests: 0, seconds: 0, cpuMs: 0, p99s: [], failures: 0 }));
    const roundRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results: FixedLoadResult[] = [];
      for (const [i, page] of pages.entries()) {
        const result = await loadFixed(app, page.path, REQUESTS_PER_ROUND, { headers: page.headers });
        add(totals[i]!, result, page.status !== 200);
        results.push(result);
      }
      roundRatios.push(results[1]!.requestsPerSecond / results[0]!.requestsPerSecond);
    }
    const [notFound, dashboard, settings] = totals as [Total, Total, Total];
    const ratio = (t: Total) => rps(t) / rps(notFound);
    const cpuRatio = (t: Total) => {
      const a = cpuPerRequest(notFound);
      const b = cpuPerRequest(t);
      return a === null || b === null ? "n/a" : (a / b).toFixed(2);
    };
    const verdict = ratio(dashboard) >= SSR_RATIO_TARGET ? "meets" : "MISSES";
    return [
      `Signed-in pages against the 404 page (autocannon, 10 connections, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests a page after ${WARM_UP_REQUESTS} to warm up, production build):`,
      ...totals.map(line),
      `  /dashboard / 404 throughput: ${ratio(dashboard).toFixed(2)} (target >= ${SSR_RATIO_TARGET}: ${verdict}; rounds ${roundRatios.map((r) => r.toFixed(2)).join(", ")}); by app CPU per request: ${cpuRatio(dashboard)}`,
      `  /user-settings / 404 throughput: ${ratio(settings).toFixed(2)}; by app CPU per request: ${cpuRatio(settings)}`,
    ];
  } finally {
    await app.stop();
  }
}
