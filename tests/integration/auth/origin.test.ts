import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { SAME_ORIGIN, apiBody, args, formRequest, jsonRequest, statusOf, thrownBy } = await import("../../support/requests");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const apiProfile = await import("~/routes/api+/user.profile");
const apiPassword = await import("~/routes/api+/user.password");
const apiUser = await import("~/routes/api+/auth.user");
const register = await import("~/routes/_auth+/register");
const login = await import("~/routes/_auth+/login");
const settings = await import("~/routes/_app+/user-settings");
const logout = await import("~/routes/api+/logout");
const { countUsers, getPasswordHashById, getUserById } = await import("~/models/user.server");
const { SessionModel } = await import("~/models/session.server");

await useTestDatabase({ clearBeforeEach: true });

const EVIL = "https://evil.example";
const REFUSED = "This request came from another site and was refused.";
const newAccount = () => ({ firstName: "Ada", lastName: "Lovelace", email: `ada.${Math.random().toString(36).slice(2)}@example.com`, password: "secret1" });

describe("cross-site requests are refused (Origin / Referer)", () => {
  it("API: POST /api/auth/register with Origin from another site → 403, nothing stored", async () => {
    const response = await apiRegister.action(args(jsonRequest("/api/auth/register", { origin: EVIL, body: newAccount() })));
    expect(response.status).toBe(403);
    expect(await apiBody(response)).toEqual({ message: REFUSED, code: "CROSS_SITE_REQUEST" });
    expect(await countUsers()).toBe(0);
  });

  it("API: POST /api/auth/login with Origin from another site → 403, no cookie", async () => {
    const { user, password } = await createUser();
    const response = await apiLogin.action(args(jsonRequest("/api/auth/login", { origin: EVIL, body: { email: user.email, password } })));
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("API: PUT /api/user/profile and /api/user/password with the victim's cookie from another site → 403, nothing changed", async () => {
    const { user, cookie, password } = await createUser({ firstName: "Same" });
    const before = await getPasswordHashById(user.id);
    const rename = await apiProfile.action(args(jsonRequest("/api/user/profile", { method: "PUT", origin: EVIL, cookie, body: { firstName: "Pwned", lastName: "X" } })));
    const change = await apiPassword.action(
      args(jsonRequest("/api/user/password", { method: "PUT", origin: EVIL, cookie, body: { currentPassword: password, newPassword: "attacker-pw" } })),
    );
    expect([rename.status, change.status]).toEqual([403, 403]);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same" });
    expect(await getPasswordHashById(user.id)).toEqual(before);
  });

  it("pages: register, login, user settings and logout refuse a post from another site with 403", async () => {
    const { user, cookie, password, sessionId } = await createUser({ firstName: "Same" });
    const registerThrown = await thrownBy(register.action(args(formRequest("/register", { ...newAccount(), confirmPassword: "secret1" }, { origin: EVIL }))));
    const loginThrown = await thrownBy(login.action(args(formRequest("/login", { email: user.email, password }, { origin: EVIL }))));
    const settingsThrown = await thrownBy(
      settings.action(args(formRequest("/user-settings", { intent: "update-name", firstName: "Pwned", lastName: "X" }, { cookie, origin: EVIL }))),
    );
    const logoutResponse = await logout.action(args(formRequest("/api/logout", {}, { cookie, origin: EVIL })));

    expect([registerThrown, loginThrown, settingsThrown, logoutResponse].map(statusOf)).toEqual([403, 403, 403, 403]);
    expect(await countUsers()).toBe(1);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same" });
    // A forged logout does not end the session either.
    expect(await SessionModel.exists({ _id: sessionId })).not.toBeNull();
  });

  it("a Referer from another site (no Origin) → 403", async () => {
    const api = await apiRegister.action(args(jsonRequest("/api/auth/register", { headers: { Referer: `${EVIL}/page` }, body: newAccount() })));
    expect(api.status).toBe(403);
    const page = await thrownBy(
      register.action(args(formRequest("/register", { ...newAccount(), confirmPassword: "secret1" }, { origin: null, headers: { Referer: `${EVIL}/x` } }))),
    );
    expect(statusOf(page)).toBe(403);
    expect(await countUsers()).toBe(0);
  });

  it("Origin: null (sandboxed frames, data: URLs) → 403", async () => {
    const response = await apiRegister.action(args(jsonRequest("/api/auth/register", { origin: "null", body: newAccount() })));
    expect(response.status).toBe(403);
  });

  it("another port on the same host counts as another site", async () => {
    const otherPort = await apiRegister.action(args(jsonRequest("/api/auth/register", { origin: "http://127.0.0.1:4000", body: newAccount() })));
    expect(otherPort.status).toBe(403);
    expect(await countUsers()).toBe(0);
  });
});

describe("legitimate requests pass", () => {
  it("same-origin Origin: API and page", async () => {
    const api = await apiRegister.action(args(jsonRequest("/api/auth/register", { origin: SAME_ORIGIN, body: newAccount() })));
    expect(api.status).toBe(201);
    await apiBody(api);
    const page = await register.action(args(formRequest("/register", { ...newAccount(), confirmPassword: "secret1" }, { origin: SAME_ORIGIN })));
    expect(statusOf(page)).toBe(302);
    expect(await countUsers()).toBe(2);
  });

  it("same-site Referer without Origin", async () => {
    const response = await apiRegister.action(args(jsonRequest("/api/auth/register", { headers: { Referer: `${SAME_ORIGIN}/register` }, body: newAccount() })));
    expect(response.status).toBe(201);
    await apiBody(response);
  });

  it("no Origin and no Referer (an API client such as curl)", async () => {
    const { user, password, cookie } = await createUser();
    const loginResponse = await apiLogin.action(args(jsonRequest("/api/auth/login", { body: { email: user.email, password } })));
    expect(loginResponse.status).toBe(200);
    await apiBody(loginResponse);
    const rename = await apiProfile.action(args(jsonRequest("/api/user/profile", { method: "PUT", cookie, body: { firstName: "Via", lastName: "Curl" } })));
    expect(rename.status).toBe(200);
    await apiBody(rename);
    const page = await login.action(args(formRequest("/login", { email: user.email, password }, { origin: null })));
    expect(statusOf(page)).toBe(302);
  });

  it("behind a TLS-terminating proxy (https Origin, X-Forwarded-Host of the public name)", async () => {
    const response = await apiRegister.action(
      args(jsonRequest("/api/auth/register", { origin: "https://flowmap.example", headers: { "X-Forwarded-Host": "flowmap.example" }, body: newAccount() })),
    );
    expect(response.status).toBe(201);
    await apiBody(response);
  });

  it("reads are never blocked: GET with a foreign Origin still answers", async () => {
    const { cookie } = await createUser();
    const response = await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", origin: EVIL, cookie })));
    expect(response.status).toBe(200);
    await apiBody(response);
  });
});
