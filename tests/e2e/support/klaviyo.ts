/**
 * The loopback stand-in Klaviyo the e2e app server is configured for (KLAVIYO_API_URL). The
 * server's environment is fixed when it starts, so each worker's stand-in has a fixed port
 * (workerPorts in ./server.ts); the stand-in itself starts in a worker fixture
 * (tests/e2e/klaviyo.spec.ts).
 */
export function klaviyoServerEnv(port: number): Record<string, string> {
  return { KLAVIYO_API_URL: `http://127.0.0.1:${port}` };
}
