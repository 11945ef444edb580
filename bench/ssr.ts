// The signed-in pages' weight and server time: the HTML each page sends (bytes, elements, class
// attributes) and the app's CPU time per request under load, for an account with everything filled
// in (bench/signed-in.ts). Targets: the dashboard's HTML at most 50 KB for an account with all its
// figures entered, and its server time at most 12 ms a request on the 2-core machine. The 404 page,
// which renders almost nothing, is measured beside them as the floor of any page.
//
// Fairness: one app process serves every path; each is warmed up first; then every round sends
// each path the same number of requests (10 connections), one path after the other, so a change in
// the machine's load hits all of them alike. The app's CPU time per request (all its threads, from
// /proc) is the server time: unlike throughput and latency, it does not depend on what else the
// machine runs.
import { fullAccount } from "./signed-in";
import { cpuMs, loadFixed, registerBenchUser, serveBuild, type FixedLoadResult, type ServedApp } from "./http";
import { formatWeight, kb, weighHtml } from "./page-weight";
import { DASHBOARD_HTML_CEILING_BYTES, DASHBOARD_HTML_TARGET_BYTES, DASHBOARD_SERVER_MS_TARGET } from "./targets";
const ROUNDS = 3;
const REQUESTS_PER_ROUND = 300;
// Enough for the JIT to settle: the first hundred dashboards cost about half again as much CPU as later ones.
const WARM_UP_REQUESTS = 300;
/** Sequential requests for the single-request latency (one connection, nothing queued). */
const SEQUENTIAL_REQUESTS = 100;

interface Page {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** The status every request must get. */
  status: number;
}

async function fetchPage(app: ServedApp, page: Page) {
  // Every request must be the page itself (the signed-in page, not a redirect to sign-in).
  const response = await fetch(`${app.url}${page.path}`, { headers: page.headers, redirect: "manual" });
  const html = await response.text();
  if (response.status !== page.status) throw new Error(`${page.path} answered ${response.status}, not ${page.status}`);
  return html;
}

/** Median wall time of one request at a time (the page's own latency, with no queue in front of it). */
async function sequentialMs(app: ServedApp, page: Page) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const started = performance.now();
    await fetchPage(app, page);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

interface Total {
  page: Page;
  requests: number;
  seconds: number;
  cpuMs: number | null;
  p99s: number[];
  failures: number;
  sequentialMs: number;
}

function add(total: Total, round: FixedLoadResult) {
  total.requests += round.requests;
  total.seconds += round.seconds;
  total.cpuMs = total.cpuMs === null || round.cpuMsPerRequest === null ? null : total.cpuMs + round.cpuMsPerRequest * round.requests;
  total.p99s.push(round.p99);
  total.failures += round.errors + (total.page.status === 200 ? round.non2xx : 0);
}

const cpuPerRequest = (t: Total) => (t.cpuMs === null ? null : t.cpuMs / t.requests);
const verdict = (met: boolean) => (met ? "meets" : "MISSES");

function timeLine(t: Total) {
  const cpu = cpuPerRequest(t);
  return `  ${t.page.label.padEnd(34)} app CPU ${cpu === null ? "n/a" : `${cpu.toFixed(1)} ms`}/request   one at a time ${t.sequentialMs.toFixed(1)} ms   ${(t.requests / t.seconds).toFixed(0)} req/s   p99 ${Math.max(...t.p99s)} ms${
    t.failures ? `   (${t.failures} failed)` : ""
  }`;
}

export async function runSsrBench(): Promise<string[]> {
  const app = await serveBuild();
  try {
    const free = await fullAccount(app, "ssr-free@example.com", { premium: false });
    const premium = await fullAccount(app, "ssr-premium@example.com");
    const dashboard: Page = { label: "/dashboard (free, every figure)", path: "/dashboard", headers: { Cookie: free.cookie }, status: 200 };
    const timed: Page[] = [
      { label: "404 page (floor)", path: "/no-such-page", status: 404 },
      dashboard,
      { label: "/dashboard (premium, every figure)", path: "/dashboard", headers: { Cookie: premium.cookie }, status: 200 },
      { label: "/flow-mappings (premium, a flow)", path: "/flow-mappings", headers: { Cookie: premium.cookie }, status: 200 },
      { label: "/user-settings", path: "/user-settings", headers: { Cookie: free.cookie }, status: 200 },
    ];

    const newAccount = await registerBenchUser(app.url, { firstName: "New", lastName: "Account", email: "ssr-new@example.com" });
    const weighed: Page[] = [
      ...timed.slice(0, 3),
      { label: "/dashboard (new account, no figure)", path: "/dashboard", headers: { Cookie: newAccount }, status: 200 },
      ...timed.slice(3),
    ];
    const lines = ["Page weight (HTML as sent without compression, gzip beside it):"];
    for (const page of weighed) {
      const weight = weighHtml(await fetchPage(app, page));
      const target =
        page === dashboard
          ? `   (target <= ${kb(DASHBOARD_HTML_TARGET_BYTES)}: ${verdict(weight.bytes <= DASHBOARD_HTML_TARGET_BYTES)}; the page-weight test's ceiling ${kb(DASHBOARD_HTML_CEILING_BYTES)})`
          : "";
      lines.push(`  ${page.label.padEnd(34)} ${formatWeight(weight)}${target}`);
    }

    for (const page of timed) await loadFixed(app, page.path, WARM_UP_REQUESTS, { headers: page.headers });
    const totals: Total[] = [];
    for (const page of timed)
      totals.push({ page, requests: 0, seconds: 0, cpuMs: cpuMs(app.pid) === null ? null : 0, p99s: [], failures: 0, sequentialMs: await sequentialMs(app, page) });
    for (let round = 0; round < ROUNDS; round++) {
      for (const total of totals) add(total, await loadFixed(app, total.page.path, REQUESTS_PER_ROUND, { headers: total.page.headers }));
    }
    const dashboardCpu = cpuPerRequest(totals[1]!);
    lines.push(
      `Server time (autocannon, 10 connections, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests a page after ${WARM_UP_REQUESTS} to warm up; then ${SEQUENTIAL_REQUESTS} one at a time; production build):`,
      ...totals.map(timeLine),
      `  /dashboard server time: ${dashboardCpu === null ? "n/a (no /proc)" : `${dashboardCpu.toFixed(1)} ms of app CPU a request (target <= ${DASHBOARD_SERVER_MS_TARGET} ms: ${verdict(dashboardCpu <= DASHBOARD_SERVER_MS_TARGET)})`}`,
    );
    return lines;
  } finally {
    await app.stop();
  }
}
