/**
 * The loopback website the browser tests research. Research fetches only public addresses on the
 * standard ports; RESEARCH_ALLOWED_HOSTS (test-only) lets the e2e server read this one site, on a
 * port fixed before the server starts: E2E_RESEARCH_PORT, else the app's port plus 1000.
 */
export const RESEARCH_SITE_PORT = Number(process.env.E2E_RESEARCH_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000);
export const RESEARCH_SITE_ORIGIN = `http://127.0.0.1:${RESEARCH_SITE_PORT}`;

export function researchServerEnv(): Record<string, string> {
  return { RESEARCH_ALLOWED_HOSTS: `127.0.0.1:${RESEARCH_SITE_PORT}` };
}
