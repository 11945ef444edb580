import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";
import { startOAuthProvider, type ProviderProfile } from "../../support/oauth-provider";
import type { CookieJar as Jar } from "../../support/requests";

/**
 * Account pre-hijack: someone registers an address before its owner, with a password of their
 * own. The owner's later sign-in through the provider must not hand them that account (or Admin),
 * and a provider identity is linked to an account only by that account's signed-in owner, from
 * User Settings. Every step runs through the route loaders and actions and a real OAuth provider on
 * loopback.
 */
const provider = await startOAuthProvider();
const BOSS = "boss@example.com";
useEnv({
  ...provider.env(),
  OAUTH_PROVIDER_NAME: "Loopback ID",
  APP_URL: "http://127.0.0.1:3000",
  OAUTH_REDIRECT_URI: undefined,
  ADMIN_EMAILS: BOSS,
  FLOWMAP_SCRYPT_LOG_N: "10",
});

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { BASE_URL, CookieJar, DOCUMENT_HEADERS, SAME_ORIGIN, apiBody, args, dataOf, expectRedirect, formRequest, getRequest, jsonRequest, statusOf, toastOf } =
  await import("../../support/requests");
const apiLogin = await import("~/routes/api+/login");
const apiLoginCallback = await import("~/routes/api+/login.callback");
const apiUser = await import("~/routes/api+/auth.user");
const apiRegister = await import("~/routes/api+/auth.register");
const apiPasswordLogin = await import("~/routes/api+/auth.login");
const apiAdminUsers = await import("~/routes/api+/admin.users");
const apiLogout = await import("~/routes/api+/logout");
const loginPage = await import("~/routes/_auth+/login");
const settings = await import("~/routes/_app+/user-settings");
const root = await import("~/root");
const { contentSecurityPolicy } = await import("~/web/security.server");
const { providerFormTargets } = await import("~/services/auth/oauth.server");
const { UserModel } = await import("~/models/user.server");

await useTestDatabase({ clearBeforeEach: true });
afterAll(() => provider.close());

const REFUSAL = "An account with this email exists: sign in with your password, then connect Loopback ID in settings.";
const OWNER: ProviderProfile = { sub: "boss-at-the-provider", email: BOSS, email_verified: true, given_name: "Real", family_name: "Boss" };

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  provider.profile = { ...OWNER };
  provider.failNextToken = undefined;
  provider.requests.length = 0;
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** The provider approves (real HTTP on loopback) and sends the browser back to the callback URL. */
async function authorize(location: string) {
  const response = await fetch(location, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("Location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${BASE_URL}/api/login/callback`);
  return back;
}

async function callback(back: URL, jar: Jar) {
  const response = await apiLoginCallback.loader(args(getRequest(`${back.pathname}${back.search}`, { cookie: jar, headers: DOCUMENT_HEADERS })));
  jar.apply(response);
  return response;
}

/** "Or continue with" on the sign-in page, all the way back from the provider. */
async function signInThroughProvider(jar: Jar) {
  const started = await apiLogin.loader(args(getRequest("/api/login", { cookie: jar, headers: DOCUMENT_HEADERS })));
  jar.apply(started);
  return callback(await authorize(started.headers.get("Location") ?? ""), jar);
}

/** "Connect Loopback ID" in User Settings: the post, the provider, and the callback. */
async function startConnect(jar: Jar) {
  const started = await settings.action(args(formRequest("/user-settings", { intent: "connect-provider" }, { cookie: jar })));
  expect(started).toBeInstanceOf(Response);
  const response = started as Response;
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(`${provider.url}/authorize`);
  expect(location.searchParams.get("redirect_uri")).toBe(`${BASE_URL}/api/login/callback`);
  jar.apply(response);
  return location.toString();
}

async function roleOf(jar: Jar | string) {
  const me = await apiUser.loader(args(getRequest("/api/auth/user", { cookie: jar })));
  return (await apiBody<{ role: string }>(me)).role;
}

async function passwordSignIn(email: string, password: string) {
  const response = await apiPasswordLogin.action(args(jsonRequest("/api/auth/login", { body: { email, password } })));
  expect(response.status).toBe(200);
  return new CookieJar().apply(response);
}

describe("account pre-hijack through the provider", () => {
  it("the owner's provider sign-in is refused with what to do; the squatter gains neither the identity nor Admin", async () => {
    // 1. The attacker registers the owner's address (listed in ADMIN_EMAILS) with their own password.
    const registered = await apiRegister.action(
      args(jsonRequest("/api/auth/register", { origin: SAME_ORIGIN, body: { firstName: "Mal", lastName: "Lory", email: BOSS, password: "attacker-pw" } })),
    );
    expect(registered.status).toBe(201);
    const attacker = new CookieJar().apply(registered);
    expect(await roleOf(attacker)).toBe("User");

    // 2. The real owner signs in through the provider, which verifies the address.
    const owner = new CookieJar();
    const refused = await signInThroughProvider(owner);
    expectRedirect(refused, "/login");
    expect(await toastOf(refused)).toEqual(expect.objectContaining({ title: "Sign-in failed", description: REFUSAL, variant: "destructive" }));
    expect(owner.has("fm_session")).toBe(false);
    // The sign-in page shows it (the toast is part of the page's own data, rendered with or without JavaScript).
    const page = dataOf(await root.loader(args(getRequest("/login", { cookie: owner, headers: DOCUMENT_HEADERS })))) as { toast: { description?: string } | null };
    expect(page.toast?.description).toBe(REFUSAL);
    expect(await loginPage.loader(args(getRequest("/login", { cookie: owner })))).toEqual({ oauthLabel: "Continue with Loopback ID" });

    // No link, no role change, no second account.
    const stored = await UserModel.find({}).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: BOSS, authProvider: "local", role: "User" });
    expect(stored[0].oauthSubject).toBeUndefined();

    // 3. The attacker's old session and a fresh password sign-in are both plain Users.
    expect(await roleOf(attacker)).toBe("User");
    const again = await passwordSignIn(BOSS, "attacker-pw");
    expect(await roleOf(again)).toBe("User");
    for (const jar of [attacker, again]) {
      const admin = await apiAdminUsers.loader(args(jsonRequest("/api/admin/users", { method: "GET", cookie: jar })));
      expect(admin.status).toBe(403);
    }

    // 4. Trying again changes nothing either (the refusal is not a first-time fluke).
    expectRedirect(await signInThroughProvider(new CookieJar()), "/login");
    expect(await UserModel.countDocuments({ role: "Admin" })).toBe(0);
    expect((await UserModel.findOne({ email: BOSS }).lean())?.oauthSubject).toBeUndefined();
  });

  it("an identity an older version linked to a password account by email signs in, but ADMIN_EMAILS does not apply to it", async () => {
    const { user, cookie } = await createUser({ email: BOSS, password: "attacker-pw" });
    await UserModel.updateOne({ _id: user.id }, { $set: { authProvider: "Loopback ID", oauthSubject: OWNER.sub } });
    const owner = new CookieJar();
    expectRedirect(await signInThroughProvider(owner), "/");
    expect(await roleOf(owner)).toBe("User");
    expect(await roleOf(cookie)).toBe("User");
    expect((await UserModel.findById(user.id).lean())?.role).toBe("User");
  });

  it("an account the provider created (it has no password) becomes Admin from ADMIN_EMAILS", async () => {
    const owner = new CookieJar();
    expectRedirect(await signInThroughProvider(owner), "/");
    expect(await roleOf(owner)).toBe("Admin");
    expect((await UserModel.findOne({ email: BOSS }).lean())?.passwordHash).toBeUndefined();
  });
});

describe("connecting the provider from User Settings", () => {
  it("the owner signs in with their password, connects, and from then on the provider signs them in (ADMIN_EMAILS applies)", async () => {
    const { user, password } = await createUser({ email: BOSS, firstName: "Real" });
    const browser = await passwordSignIn(BOSS, password);
    expect(await roleOf(browser)).toBe("User");

    // The settings page offers it.
    const page = dataOf(await settings.loader(args(getRequest("/user-settings", { cookie: browser })))) as { provider: unknown };
    expect(page.provider).toEqual({ name: "Loopback ID", connected: false });

    const back = await authorize(await startConnect(browser));
    const done = await callback(back, browser);
    expectRedirect(done, "/user-settings");
    expect(await toastOf(done)).toMatchObject({ title: "Connected", description: "You can now sign in with Loopback ID.", variant: "success" });
    const stored = await UserModel.findById(user.id).lean();
    expect(stored).toMatchObject({ authProvider: "Loopback ID", oauthSubject: OWNER.sub, role: "Admin" });
    expect(stored?.oauthLinkedAt).toBeInstanceOf(Date);
    // The flow's cookies are dropped.
    expect(browser.names().filter((name) => name.startsWith("fm_oauth"))).toEqual([]);
    expect(await roleOf(browser)).toBe("Admin");
    expect(dataOf(await settings.loader(args(getRequest("/user-settings", { cookie: browser })))) as { provider: unknown }).toMatchObject({
      provider: { name: "Loopback ID", connected: true },
    });

    // Another browser signs in through the provider to the same account.
    const elsewhere = new CookieJar();
    expectRedirect(await signInThroughProvider(elsewhere), "/");
    expect(await apiBody(await apiUser.loader(args(getRequest("/api/auth/user", { cookie: elsewhere }))))).toMatchObject({ id: user.id, role: "Admin" });
    expect(await UserModel.countDocuments({})).toBe(1);
  });

  it("links nothing when the session that asked has signed out before the provider answered", async () => {
    const { user, password } = await createUser({ email: BOSS });
    const browser = await passwordSignIn(BOSS, password);
    const location = await startConnect(browser);
    browser.apply(await apiLogout.action(args(formRequest("/api/logout", {}, { cookie: browser }))));
    const done = await callback(await authorize(location), browser);
    expectRedirect(done, "/login");
    expect(await toastOf(done)).toMatchObject({ title: "Not connected", variant: "destructive" });
    expect((await UserModel.findById(user.id).lean())?.oauthSubject).toBeUndefined();
    // The code was never exchanged.
    expect(provider.requests.some((r) => r.path === "/token")).toBe(false);
  });

  it("a connect cookie made for one account does not link to another account signed in later in the same browser", async () => {
    const first = await createUser({ email: "first@example.com" });
    const second = await createUser({ email: "second@example.com" });
    const browser = new CookieJar(first.cookie);
    const location = await startConnect(browser);
    browser.apply(await apiLogout.action(args(formRequest("/api/logout", {}, { cookie: browser }))));
    browser.setFromHeader(`${second.cookie}; Path=/`);
    expectRedirect(await callback(await authorize(location), browser), "/login");
    expect(await UserModel.countDocuments({ oauthSubject: { $exists: true } })).toBe(0);
  });

  it("refuses a callback whose state was tampered with, or that arrives in a browser that did not start it", async () => {
    const { user, cookie } = await createUser({ email: BOSS });
    const browser = new CookieJar(cookie);
    const back = await authorize(await startConnect(browser));

    const tampered = new URL(back);
    tampered.searchParams.set("state", `${back.searchParams.get("state")}x`);
    expect(statusOf(await callback(tampered, new CookieJar(browser.header())))).toBe(302);

    // The victim's own session, but not the browser that started the flow (a link sent to them).
    const victim = await createUser({ email: "victim@example.com" });
    const forwarded = await callback(back, new CookieJar(victim.cookie));
    expectRedirect(forwarded, "/login");
    expect(await toastOf(forwarded)).toMatchObject({ title: "Sign-in failed" });

    expect(await UserModel.countDocuments({ oauthSubject: { $exists: true } })).toBe(0);
    expect((await UserModel.findById(user.id).lean())?.role).toBe("User");
  });

  it("a forged connect cookie (not signed by the server) counts for nothing", async () => {
    const { user, cookie } = await createUser({ email: BOSS });
    const browser = new CookieJar(cookie);
    // A sign-in flow started in this browser, and a hand-made connect cookie naming its state.
    const started = await apiLogin.loader(args(getRequest("/api/login", { cookie: browser, headers: DOCUMENT_HEADERS })));
    browser.apply(started);
    const state = new URL(started.headers.get("Location") ?? "").searchParams.get("state") ?? "";
    const forged = Buffer.from(JSON.stringify({ state, sessionId: "x".repeat(40), userId: user.id })).toString("base64");
    browser.setFromHeader(`fm_oauth_link=${encodeURIComponent(forged)}; Path=/api/login`);
    // Signed in to that account, the sign-in flow connects it as its owner; a forged cookie must
    // not turn the flow into a connect for a session it does not hold: here it is simply ignored.
    const done = await callback(await authorize(started.headers.get("Location") ?? ""), browser);
    expectRedirect(done, "/");
    expect((await UserModel.findById(user.id).lean())?.oauthSubject).toBe(OWNER.sub);
  });

  it("refuses an identity already connected to another account, and a second identity on a connected account", async () => {
    // The provider identity belongs to an account it created.
    expectRedirect(await signInThroughProvider(new CookieJar()), "/");
    const someoneElse = await createUser({ email: "someone@example.com" });
    const browser = new CookieJar(someoneElse.cookie);
    const done = await callback(await authorize(await startConnect(browser)), browser);
    expectRedirect(done, "/user-settings");
    expect(await toastOf(done)).toMatchObject({
      title: "Not connected",
      description: expect.stringContaining("already connected to another Flowmap account"),
    });
    expect((await UserModel.findById(someoneElse.user.id).lean())?.oauthSubject).toBeUndefined();

    provider.profile = { ...OWNER, sub: "second-identity", email: "someone@example.com" };
    const linked = await callback(await authorize(await startConnect(browser)), browser);
    expectRedirect(linked, "/user-settings");
    provider.profile = { ...OWNER, sub: "third-identity", email: "someone@example.com" };
    const second = await callback(await authorize(await startConnect(browser)), browser);
    expect(await toastOf(second)).toMatchObject({ title: "Not connected", description: "Your account is already connected to another Loopback ID account." });
    expect((await UserModel.findById(someoneElse.user.id).lean())?.oauthSubject).toBe("second-identity");
  });

  it("pages let a form lead to the provider's sign-in page (the Connect button's redirect), and to no other site", () => {
    expect(providerFormTargets()).toEqual([provider.url]);
    expect(contentSecurityPolicy("n", { formTargets: providerFormTargets() })).toContain(`form-action 'self' ${provider.url};`);
  });

  it("connecting requires a signed-in session, and says so when no provider is configured", async () => {
    const signedOut = await settings.action(args(formRequest("/user-settings", { intent: "connect-provider" }, { headers: DOCUMENT_HEADERS }))).catch((e: unknown) => e);
    expectRedirect(signedOut as Response, "/login?redirectTo=%2Fuser-settings");
    const { cookie } = await createUser();
    vi.stubEnv("OAUTH_CLIENT_ID", "");
    try {
      const response = (await settings.action(args(formRequest("/user-settings", { intent: "connect-provider" }, { cookie })))) as Response;
      expectRedirect(response, "/user-settings");
      expect(await toastOf(response)).toMatchObject({ title: "Third-party sign-in is not configured" });
      expect(dataOf(await settings.loader(args(getRequest("/user-settings", { cookie })))) as { provider: unknown }).toMatchObject({ provider: null });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
