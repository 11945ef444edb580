import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OAuth 2.0 authorization server on loopback for tests: authorization code with PKCE
 * (S256 only), client authentication by secret (Basic or body), and a userinfo endpoint. The
 * authorize step approves at once as whatever `profile` says, the way a signed-in user would.
 */
export interface ProviderProfile {
  sub: string;
  email?: string | null;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface LoopbackProvider {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The identity the next authorization approves. */
  profile: ProviderProfile;
  /** Every request the provider received, for assertions. */
  requests: Array<{ path: string; params: Record<string, string> }>;
  /** Make the next token exchange fail with this OAuth error. */
  failNextToken?: string;
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  profile: ProviderProfile;
  expires: number;
}

function base64url(buffer: Buffer) {
  return buffer.toString("base64url");
}

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

export async function startOAuthProvider({
  port = 0,
  profile = { sub: "user-1", email: "oauth.user@example.com", email_verified: true, given_name: "Olive", family_name: "Auth" },
  clientSecret = crypto.randomBytes(16).toString("hex"),
}: {
  port?: number;
  profile?: ProviderProfile;
  /** A fixed secret, for an app server whose environment is set before the provider starts. Random by default. */
  clientSecret?: string;
} = {}): Promise<LoopbackProvider> {
  const clientId = "flowmap-test-client";
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, ProviderProfile>();

  const provider: LoopbackProvider = {
    url: "",
    port: 0,
    clientId,
    clientSecret,
    profile,
    requests: [],
    env() {
      return {
        OAUTH_AUTHORIZE_URL: `${provider.url}/authorize`,
        OAUTH_TOKEN_URL: `${provider.url}/token`,
        OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
        OAUTH_CLIENT_ID: clientId,
        OAUTH_CLIENT_SECRET: clientSecret,
        OAUTH_PROVIDER_NAME: "loopback",
        OAUTH_BUTTON_LABEL: "Continue with Loopback ID",
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", provider.url);
    const body = req.method === "POST" ? await readBody(req) : "";
    const params = Object.fromEntries(new URLSearchParams(req.method === "POST" ? body : url.search));
    provider.requests.push({ path: url.pathname, params });

    if (url.pathname === "/authorize") {
      const { response_type, client_id, redirect_uri, state, code_challenge, code_challenge_method } = params;
      if (response_type !== "code" || client_id !== clientId || !redirect_uri || !state) return json(res, 400, { error: "invalid_request" });
      if (code_challenge_method !== "S256" || !code_challenge) return json(res, 400, { error: "invalid_request", error_description: "PKCE S256 required" });
      const code = base64url(crypto.randomBytes(24));
      grants.set(code, { clientId, redirectUri: redirect_uri, challenge: code_challenge, profile: { ...provider.profile }, expires: Date.now() + 60_000 });
      const back = new URL(redirect_uri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }

    if (url.pathname === "/token" && req.method === "POST") {
      if (provider.failNextToken) {
        const error = provider.failNextToken;
        provider.failNextToken = undefined;
        return json(res, 400, { error });
      }
      let id = params.client_id;
      let secret = params.client_secret;
      const basic = req.headers.authorization?.match(/^Basic (.+)$/);
      if (basic) [id, secret] = Buffer.from(basic[1], "base64").toString().split(":").map(decodeURIComponent);
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: "invalid_client" });
      const grant = grants.get(params.code ?? "");
      grants.delete(params.code ?? "");
      if (params.grant_type !== "authorization_code" || !grant || grant.expires < Date.now()) return json(res, 400, { error: "invalid_grant" });
      if (params.redirect_uri && params.redirect_uri !== grant.redirectUri) return json(res, 400, { error: "invalid_grant" });
      const expected = base64url(
        crypto
          .createHash("sha256")
          .update(params.code_verifier ?? "")
          .digest(),
      );
      if (expected !== grant.challenge) return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      const accessToken = base64url(crypto.randomBytes(24));
      tokens.set(accessToken, grant.profile);
      return json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
    }

    if (url.pathname === "/userinfo") {
      const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      const found = token ? tokens.get(token) : undefined;
      if (!found) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, found);
    }

    json(res, 404, { error: "not_found" });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  provider.port = (server.address() as AddressInfo).port;
  provider.url = `http://127.0.0.1:${provider.port}`;
  return provider;
}
