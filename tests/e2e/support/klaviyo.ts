/**
 * The loopback stand-in Klaviyo the e2e app server is configured for (KLAVIYO_API_URL). The
 * server's environment is fixed before any test runs, so the port is fixed too; the stand-in
 * itself starts in a worker fixture (tests/e2e/klaviyo.spec.ts).
 */
export const KLAVIYO_PORT = Number(process.env.E2E_KLAVIYO_PORT ?? 3298);

export function klaviyoServerEnv(): Record<string, string> {
  return { KLAVIYO_API_URL: `http://127.0.0.1:${KLAVIYO_PORT}` };
}
