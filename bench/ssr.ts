// Server rendering throughput of the signed-in frame: `/dashboard` (benchmark card included) and
// `/user-settings` against the 404 page, which renders almost nothing, under the same load.
// Ratios, not absolute figures, because the machine is shared.
import { formatLoad, load, serveBuild, type LoadResult } from "./http";

/** The signed-in dashboard must serve at least this share of the 404 page's requests per second. */
export const SSR_RATIO_TARGET = 0.6;
const SECONDS = 8;

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ firstName: "Bench", lastName: "Mark", email: "ssr-bench@example.com", password: "correct horse battery staple 1" }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("register set no session cookie");
  return cookie;
}

async function loadSignedIn(url: string, path: string, cookie: string, seconds = SECONDS): Promise<LoadResult> {
  // Every request must be the signed-in page itself (200), not a redirect to sign-in.
  const probe = await fetch(`${url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status} to the signed-in bench user`);
  return load(url, path, seconds, 10, { Cookie: cookie });
}

export async function runSsrBench(): Promise<string[]> {
  const app = await serveBuild();
  try {
    const cookie = await signUp(app.url);
    // Warm-up: the first requests compile and fill caches.
    await load(app.url, "/no-such-page", 1);
    await loadSignedIn(app.url, "/dashboard", cookie, 1);
    const notFound = await load(app.url, "/no-such-page", SECONDS);
    const dashboard = await loadSignedIn(app.url, "/dashboard", cookie);
    const settings = await loadSignedIn(app.url, "/user-settings", cookie);
    const ratio = (r: LoadResult) => r.requestsPerSecond / notFound.requestsPerSecond;
    const verdict = ratio(dashboard) >= SSR_RATIO_TARGET ? "meets" : "MISSES";
    return [
      `Signed-in pages against the 404 page (autocannon, 10 connections, ${SECONDS} s each, production build):`,
      `  ${formatLoad(notFound)}`,
      `  ${formatLoad(dashboard)}`,
      `  ${formatLoad(settings)}`,
      `  /dashboard / 404 throughput: ${ratio(dashboard).toFixed(2)} (target >= ${SSR_RATIO_TARGET}: ${verdict})`,
      `  /user-settings / 404 throughput: ${ratio(settings).toFixed(2)}`,
    ];
  } finally {
    await app.stop();
  }
}
