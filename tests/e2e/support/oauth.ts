/**
 * The loopback OAuth provider the e2e app server is configured for. The server's environment is
 * fixed when it starts, so each worker's provider has a fixed port (workerPorts in ./server.ts)
 * and the client secret is fixed too; the provider itself starts in a worker fixture (`loopback`
 * in ./app.ts) so each test can choose the identity it approves.
 */
export const OAUTH_CLIENT_SECRET = "e2e-loopback-client-secret";
export const OAUTH_BUTTON_LABEL = "Continue with Loopback ID";

/** What `provider.env()` returns for a provider on `port` with OAUTH_CLIENT_SECRET. */
export function oauthServerEnv(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    OAUTH_AUTHORIZE_URL: `${url}/authorize`,
    OAUTH_TOKEN_URL: `${url}/token`,
    OAUTH_USERINFO_URL: `${url}/userinfo`,
    OAUTH_CLIENT_ID: "flowmap-test-client",
    OAUTH_CLIENT_SECRET,
    OAUTH_PROVIDER_NAME: "loopback",
    OAUTH_BUTTON_LABEL,
  };
}
