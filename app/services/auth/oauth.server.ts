import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

import { upstreamFailed } from "~/services/domain-error";
import { getEnv, publicOrigin, type Env } from "~/services/env.server";
import { isProduction } from "~/services/secret.server";

export const OAUTH_STRATEGY = "oauth2";
export const OAUTH_CALLBACK_PATH = "/api/login/callback";
export const OAUTH_STATE_COOKIE = "fm_oauth";

/** The provider's user-info answer, as OpenID Connect names the fields. */
const userInfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).transform(String),
  email: z.string().email().optional().nullable(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** What the provider says about the person who signed in there. */
export interface ProviderProfile {
  /** The configured provider's name, stored with the accounts it signs in. */
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export interface OAuthSettings {
  providerName: string;
  /** How the provider is named to people ('Connect Acme SSO'). */
  displayName: string;
  buttonLabel: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string | null;
  scopes: string[];
}

/** The configured provider, or null when third-party sign-in is not set up. */
export function getOAuthSettings(): OAuthSettings | null {
  return oauthSettingsFrom(getEnv());
}

export function oauthSettingsFrom(env: Env): OAuthSettings | null {
  if (!env.OAUTH_AUTHORIZE_URL || !env.OAUTH_TOKEN_URL || !env.OAUTH_USERINFO_URL || !env.OAUTH_CLIENT_ID) return null;
  return {
    providerName: env.OAUTH_PROVIDER_NAME ?? "oauth",
    displayName: env.OAUTH_PROVIDER_NAME ?? "your work account",
    // The button names the provider people know ('Continue with Acme SSO') unless a label is set.
    buttonLabel: env.OAUTH_BUTTON_LABEL ?? (env.OAUTH_PROVIDER_NAME ? `Continue with ${env.OAUTH_PROVIDER_NAME}` : "Continue with your work account"),
    authorizeUrl: env.OAUTH_AUTHORIZE_URL,
    tokenUrl: env.OAUTH_TOKEN_URL,
    userInfoUrl: env.OAUTH_USERINFO_URL,
    clientId: env.OAUTH_CLIENT_ID,
    clientSecret: env.OAUTH_CLIENT_SECRET ?? null,
    redirectUri: env.OAUTH_REDIRECT_URI ?? null,
    scopes: env.OAUTH_SCOPES.split(/[\s,]+/).filter(Boolean),
  };
}

/** The origins a page's form may lead to besides this site: the provider's sign-in page, when configured. */
export function providerFormTargets(): string[] {
  const settings = getOAuthSettings();
  return settings ? [new URL(settings.authorizeUrl).origin] : [];
}

/** The provider's name as people see it, for messages; a neutral name when none is configured. */
export function providerDisplayName() {
  return getOAuthSettings()?.displayName ?? "your sign-in provider";
}

async function fetchProfile(settings: OAuthSettings, accessToken: string): Promise<ProviderProfile> {
  const response = await fetch(settings.userInfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw upstreamFailed("The sign-in provider did not return your profile. Please try again.");
  const parsed = userInfoSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw upstreamFailed("The sign-in provider returned a profile Flowmap cannot read.");
  const info = parsed.data;
  const [first, ...rest] = (info.name ?? "").trim().split(/\s+/);
  return {
    provider: settings.providerName,
    subject: info.sub,
    email: info.email ?? null,
    emailVerified: info.email_verified === true || info.email_verified === "true",
    firstName: info.given_name ?? first ?? "",
    lastName: info.family_name ?? rest.join(" "),
  };
}

/**
 * Authorization code flow with PKCE (S256); the state and verifier live in a short-lived cookie.
 * The flow ends with the provider's profile of the person; what it does to accounts is decided by
 * the caller (sign-in or connecting the provider to the signed-in account). Without
 * OAUTH_REDIRECT_URI the provider sends people back to /api/login/callback on the site's public
 * origin (APP_URL), whatever Host the request named.
 */
export function getOAuthStrategy(): OAuth2Strategy<ProviderProfile> | null {
  const settings = getOAuthSettings();
  if (!settings) return null;
  const redirectUri = settings.redirectUri ?? new URL(OAUTH_CALLBACK_PATH, publicOrigin()).toString();
  return new OAuth2Strategy<ProviderProfile>(
    {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authorizationEndpoint: settings.authorizeUrl,
      tokenEndpoint: settings.tokenUrl,
      redirectURI: redirectUri,
      scopes: settings.scopes,
      codeChallengeMethod: CodeChallengeMethod.S256,
      cookie: { name: OAUTH_STATE_COOKIE, path: "/api/login", httpOnly: true, sameSite: "Lax", maxAge: 300, ...(isProduction() ? { secure: true as const } : {}) },
    },
    async ({ tokens }) => fetchProfile(settings, tokens.accessToken()),
  );
}
