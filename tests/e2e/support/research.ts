/**
 * The loopback website the browser tests research. Research fetches only public addresses on the
 * standard ports; RESEARCH_ALLOWED_HOSTS (test-only) lets the e2e server read this one site, on
 * the port the worker's server was told when it started (workerPorts in ./server.ts).
 */
export function researchServerEnv(port: number): Record<string, string> {
  return { RESEARCH_ALLOWED_HOSTS: `127.0.0.1:${port}` };
}
