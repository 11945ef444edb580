import crypto from "node:crypto";

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";
import { startOAuthProvider, type ProviderProfile } from "../../support/oauth-provider";
import type { CookieJar as Jar } from "../../support/requests";

// A real authorization server on loopback, configured as the app's provider for this file.
const provider = await startOAuthProvider();
// The site's public origin is the tests' loopback base URL, so the provider sends people back there.
useEnv({ ...provider.env(), APP_URL: "http://127.0.0.1:3000", OAUTH_REDIRECT_URI: undefined, ADMIN_EMAILS: undefined, FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { BASE_URL, CookieJar, DOCUMENT_HEADERS, apiBody, args, expectRedirect, formRequest, getRequest, setCookieOf, statusOf, toastOf } = await import("../../support/requests");
const apiLogin = await import("~/routes/api+/login");
const apiLoginCallback = await import("~/routes/api+/login.callback");
const apiUser = await import("~/routes/api+/auth.user");
const login = await import("~/routes/_auth+/login");
const { UserModel } = await import("~/models/user.server");
const { SessionModel } = await import("~/models/session.server");

await useTestDatabase({ clearBeforeEach: true });
afterAll(() => provider.close());

const DEFAULT_PROFILE: ProviderProfile = { sub: "user-1", email: "oauth.user@example.com", email_verified: true, given_name: "Olive", family_name: "Auth" };
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  provider.profile = { ...DEFAULT_PROFILE };
  provider.failNextToken = undefined;
  provider.requests.length = 0;
  // A failed flow is logged as a warning; keep the test output quiet and assert on it instead.
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** Step 1: the browser opens /api/login and is sent to the provider with a state cookie. */
async function start(jar: Jar) {
  const response = await apiLogin.loader(args(getRequest("/api/login", { cookie: jar, headers: DOCUMENT_HEADERS })));
  jar.apply(response);
  return response;
}

/** Step 2: the provider (real HTTP on loopback) approves and sends the browser back with ?code&state. */
async function authorize(location: string) {
  const response = await fetch(location, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("Location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${BASE_URL}/api/login/callback`);
  return back;
}

/** Step 3: the callback, with whatever cookies the browser holds. */
function callback(back: URL, jar: Jar) {
  return apiLoginCallback.loader(args(getRequest(`${back.pathname}${back.search}`, { cookie: jar, headers: DOCUMENT_HEADERS })));
}

async function signInThroughProvider(jar = new CookieJar()) {
  const started = await start(jar);
  const back = await authorize(started.headers.get("Location") ?? "");
  const response = await callback(back, jar);
  jar.apply(response);
  return { response, jar };
}

describe("third-party sign-in through the route loaders", () => {
  it("GET /api/login sends the browser to the provider with PKCE (S256) and a state cookie", async () => {
    const jar = new CookieJar();
    const response = await start(jar);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.url}/authorize`);
    const params = location.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(provider.clientId);
    expect(params.get("redirect_uri")).toBe(`${BASE_URL}/api/login/callback`);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("scope")).toBe("openid email profile");

    const stateCookie = response.headers.getSetCookie().find((c) => c.startsWith("fm_oauth"));
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
    expect(stateCookie).toMatch(/Path=\/api\/login/);
    expect(stateCookie).toMatch(/Max-Age=300/);
    // The cookie holds the state and its verifier; the challenge sent is the verifier's S256.
    const stored = new URLSearchParams(decodeURIComponent(stateCookie?.split(";")[0].split("=").slice(1).join("=") ?? ""));
    const state = params.get("state") ?? "";
    const verifier = stored.get(state) ?? "";
    expect(crypto.createHash("sha256").update(verifier).digest("base64url")).toBe(params.get("code_challenge"));
  });

  it("creates the account on first sign-in, starts a session and says 'Welcome Back!'", async () => {
    const { response, jar } = await signInThroughProvider();
    expectRedirect(response, "/");
    expect(await toastOf(response)).toMatchObject({ title: "Welcome Back!", variant: "success" });
    expect(setCookieOf(response, "fm_session")).toMatch(/HttpOnly/);

    const users = await UserModel.find({}).lean();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email: "oauth.user@example.com",
      firstName: "Olive",
      lastName: "Auth",
      authProvider: "loopback",
      oauthSubject: "user-1",
      role: "User",
    });
    expect(users[0].passwordHash).toBeUndefined();

    const me = await apiUser.loader(args(getRequest("/api/auth/user", { cookie: jar })));
    expect(me.status).toBe(200);
    expect(await apiBody(me)).toMatchObject({ email: "oauth.user@example.com", authProvider: "loopback" });

    // The token exchange proved possession of the PKCE verifier.
    const tokenCall = provider.requests.find((r) => r.path === "/token");
    expect(tokenCall?.params.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(tokenCall?.params.grant_type).toBe("authorization_code");
  });

  it("finds the same account on the next sign-in with the same subject (even if the email changed)", async () => {
    await signInThroughProvider();
    const first = await UserModel.findOne({ oauthSubject: "user-1" }).lean();
    provider.profile = { ...DEFAULT_PROFILE, email: "renamed@example.com" };
    const { response } = await signInThroughProvider();
    expectRedirect(response, "/");
    const users = await UserModel.find({}).lean();
    expect(users).toHaveLength(1);
    expect(users[0]._id).toBe(first?._id);
  });

  it("never takes over an existing password account with the same verified email: refused, no link, no session", async () => {
    const existing = await createUser({ email: "oauth.user@example.com", password: "secret1" });
    provider.profile = { ...DEFAULT_PROFILE, sub: "sub-linked", email: "OAuth.User@example.com", email_verified: true };
    const { response, jar } = await signInThroughProvider();
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toEqual(
      expect.objectContaining({
        title: "Sign-in failed",
        description: "An account with this email exists: sign in with your password, then connect loopback in settings.",
        variant: "destructive",
      }),
    );
    expect(jar.has("fm_session")).toBe(false);
    const users = await UserModel.find({}).lean();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ _id: existing.user.id, authProvider: "local" });
    expect(users[0].oauthSubject).toBeUndefined();
    // The password still works.
    expect(statusOf(await login.action(args(formRequest("/login", { email: existing.user.email, password: "secret1" }))))).toBe(302);
  });

  it("connects the provider when the sign-in comes from a session of that same account (its owner)", async () => {
    const existing = await createUser({ email: "oauth.user@example.com", password: "secret1" });
    provider.profile = { ...DEFAULT_PROFILE, sub: "sub-owner", email_verified: true };
    const { response, jar } = await signInThroughProvider(new CookieJar(existing.cookie));
    expectRedirect(response, "/");
    const me = await apiUser.loader(args(getRequest("/api/auth/user", { cookie: jar })));
    expect(await apiBody(me)).toMatchObject({ id: existing.user.id });
    expect(await UserModel.findById(existing.user.id).lean()).toMatchObject({ authProvider: "loopback", oauthSubject: "sub-owner" });
  });

  it("refuses an UNVERIFIED email that matches an existing account, with a clear toast and no link", async () => {
    const existing = await createUser({ email: "oauth.user@example.com" });
    provider.profile = { ...DEFAULT_PROFILE, sub: "attacker", email_verified: false };
    const { response, jar } = await signInThroughProvider();

    expectRedirect(response, "/login");
    expect(await toastOf(response)).toEqual(
      expect.objectContaining({
        title: "Sign-in failed",
        description: "An account with this email already exists. Sign in with your password instead.",
        variant: "destructive",
      }),
    );
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(jar.has("fm_session")).toBe(false);
    const users = await UserModel.find({}).lean();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ _id: existing.user.id, authProvider: "local" });
    expect(users[0].oauthSubject).toBeUndefined();
  });

  it("creates no account for an UNVERIFIED email nobody has registered yet", async () => {
    provider.profile = { ...DEFAULT_PROFILE, sub: "unverified", email: "someone.else@example.com", email_verified: false };
    const { response } = await signInThroughProvider();

    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({
      title: "Sign-in failed",
      description: expect.stringContaining("has not verified your email address"),
      variant: "destructive",
    });
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(await UserModel.countDocuments({})).toBe(0);
  });

  it("clears the state cookie once the sign-in has finished", async () => {
    const jar = new CookieJar();
    const started = await start(jar);
    const stateCookie = (started.headers.get("Set-Cookie") ?? "").split("=")[0];
    expect(stateCookie).toMatch(/^fm_oauth:/);
    const response = await callback(await authorize(started.headers.get("Location") ?? ""), jar);
    expectRedirect(response, "/");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith(`${stateCookie}=`));
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it("sends a tampered state back to /login with 'Sign-in failed'", async () => {
    const jar = new CookieJar();
    const started = await start(jar);
    const back = await authorize(started.headers.get("Location") ?? "");
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const response = await callback(back, jar);

    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({ title: "Sign-in failed", variant: "destructive" });
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(await UserModel.countDocuments({})).toBe(0);
    // The token endpoint was never asked: the code is useless without the matching state.
    expect(provider.requests.some((r) => r.path === "/token")).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it("refuses a callback without the state cookie (another browser, or a forged link)", async () => {
    const started = await start(new CookieJar());
    const back = await authorize(started.headers.get("Location") ?? "");
    const response = await callback(back, new CookieJar());
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({ title: "Sign-in failed" });
    expect(await UserModel.countDocuments({})).toBe(0);
  });

  it("sends a token endpoint error back to /login with 'Sign-in failed'", async () => {
    provider.failNextToken = "invalid_grant";
    const { response } = await signInThroughProvider();
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({ title: "Sign-in failed", variant: "destructive" });
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(await UserModel.countDocuments({})).toBe(0);
    expect(provider.requests.filter((r) => r.path === "/token")).toHaveLength(1);
  });

  it("sends a refusal at the provider (?error=access_denied) back to /login with 'Sign-in failed'", async () => {
    const jar = new CookieJar();
    const started = await start(jar);
    const state = new URL(started.headers.get("Location") ?? "").searchParams.get("state") ?? "";
    const response = await callback(new URL(`/api/login/callback?error=access_denied&state=${encodeURIComponent(state)}`, BASE_URL), jar);
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({ title: "Sign-in failed" });
  });

  it("replaces a session the browser already had (new session id)", async () => {
    const { cookie, sessionId } = await createUser();
    const jar = new CookieJar();
    jar.setFromHeader(cookie);
    const { response } = await signInThroughProvider(jar);
    expectRedirect(response, "/");
    expect(await SessionModel.exists({ _id: sessionId })).toBeNull();
  });

  it("finishes the sign-in at /api/login itself when OAUTH_REDIRECT_URI sends the provider's answer there", async () => {
    vi.stubEnv("OAUTH_REDIRECT_URI", `${BASE_URL}/api/login`);
    try {
      const jar = new CookieJar();
      const started = await start(jar);
      expect(new URL(started.headers.get("Location") ?? "").searchParams.get("redirect_uri")).toBe(`${BASE_URL}/api/login`);
      const approved = await fetch(started.headers.get("Location") ?? "", { redirect: "manual" });
      const back = new URL(approved.headers.get("Location") ?? "");
      expect(back.pathname).toBe("/api/login");
      const response = await apiLogin.loader(args(getRequest(`${back.pathname}${back.search}`, { cookie: jar, headers: DOCUMENT_HEADERS })));
      expectRedirect(response, "/");
      expect(await toastOf(response)).toMatchObject({ title: "Welcome Back!" });
      expect(await UserModel.countDocuments({ oauthSubject: "user-1" })).toBe(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("shows the configured provider's label on the login page", async () => {
    expect(await login.loader(args(getRequest("/login")))).toEqual({ oauthLabel: "Continue with Loopback ID" });
  });
});
