import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { BASE_URL, apiBody, args, formRequest, getRequest, jsonRequest, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const apiRegister = await import("~/routes/api+/auth.register");
const apiUser = await import("~/routes/api+/auth.user");
const { action: registerAction } = await import("~/routes/_auth+/register");
const logout = await import("~/routes/api+/logout");
const { HIDDEN_CHARACTERS_MESSAGE } = await import("~/web/boundary.server");
const { parseEnv } = await import("~/services/env.server");

await useTestDatabase({ clearBeforeEach: true });

const account = (overrides: Record<string, string> = {}) => ({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "secret1", ...overrides });

describe("the JSON API", () => {
  it("requires Content-Type: application/json for a body (415 otherwise)", async () => {
    const request = jsonRequest("/api/auth/register", { body: account() });
    request.headers.set("Content-Type", "text/plain");
    const response = await apiRegister.action(args(request));
    expect(response.status).toBe(415);
    expect(await apiBody(response)).toEqual({ message: "Send the request body as JSON with Content-Type: application/json.", code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it.each([
    ["NUL", "Ada\u0000"],
    ["right-to-left override", "\u202Enimda"],
    ["left-to-right isolate", "Bob\u2066x\u2069"],
  ])("refuses a name with a %s character at the field (422)", async (_label, firstName) => {
    const response = await apiRegister.action(args(jsonRequest("/api/auth/register", { body: account({ firstName }) })));
    expect(response.status).toBe(422);
    expect(await apiBody(response)).toEqual({ message: HIDDEN_CHARACTERS_MESSAGE, errors: { firstName: HIDDEN_CHARACTERS_MESSAGE }, code: "VALIDATION_FAILED" });
  });

  it("leaves passwords alone (they are never shown)", async () => {
    const response = await apiRegister.action(args(jsonRequest("/api/auth/register", { body: account({ password: "pass\u202Eword1" }) })));
    expect(response.status).toBe(201);
  });
});

describe("page forms", () => {
  it("refuse a name with a text-direction override (422, nothing created)", async () => {
    const thrown = await thrownBy(registerAction(args(formRequest("/register", { ...account({ lastName: "x\u202Ey" }), confirmPassword: "secret1" }))));
    expect(statusOf(thrown)).toBe(422);
  });

  it("refuse a body over the limit while reading it (413)", async () => {
    const thrown = await thrownBy(registerAction(args(formRequest("/register", { ...account(), confirmPassword: "secret1", filler: "x".repeat(300 * 1024) }))));
    expect(statusOf(thrown)).toBe(413);
  });
});

describe("sign-out", () => {
  it("a navigation another site started signs nobody out; the app's own (or a typed) one does", async () => {
    const { cookie } = await createUser();
    const crossSite = await logout.loader(args(getRequest("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } })));
    expect(crossSite.status).toBe(302);
    expect(crossSite.headers.get("Set-Cookie")).toBeNull();
    expect((await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie })))).status).toBe(200);

    const own = await logout.loader(args(getRequest("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "same-origin" } })));
    expect(own.headers.get("Set-Cookie")).toMatch(/fm_session=;/);
    expect((await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie })))).status).toBe(401);
  });

  it("a foreign Referer without Sec-Fetch-Site (an older browser following another site's link) signs nobody out, nor does a request with no sign at all", async () => {
    const { cookie } = await createUser();
    const signedIn = async () => (await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie })))).status;
    const cases: Array<Record<string, string>> = [{ Referer: "https://evil.example/page" }, { Referer: "http://127.0.0.1:4000/" }, { Referer: "null" }, {}];
    for (const headers of cases) {
      const response = await logout.loader(args(getRequest("/api/logout", { cookie, headers: { Accept: "text/html", ...headers } })));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("fm_session="))).toBe(false);
      // The person is told how to sign out if it was them.
      expect(await toastOf(response)).toMatchObject({ title: "You are still signed in", description: "To sign out, use Logout on the User Settings page." });
      expect(await signedIn()).toBe(200);
    }

    // The app's own page as Referer (a browser without Sec-Fetch-Site, JavaScript off) does sign out.
    const own = await logout.loader(args(getRequest("/api/logout", { cookie, headers: { Referer: `${BASE_URL}/user-settings` } })));
    expect(own.headers.get("Set-Cookie")).toMatch(/fm_session=;/);
    expect(await signedIn()).toBe(401);
  });

  it("a cross-site POST is refused", async () => {
    const { cookie } = await createUser();
    const response = await logout.action(args(formRequest("/api/logout", {}, { cookie, origin: "https://evil.example" })));
    expect(response.status).toBe(403);
    expect((await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie })))).status).toBe(200);
  });
});

describe("configuration", () => {
  it("names a bad TRUST_PROXY, COOKIE_SECURE or REGISTRATION_RATE_LIMIT", () => {
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY must be/);
    expect(() => parseEnv({ COOKIE_SECURE: "sometimes" })).toThrow(/COOKIE_SECURE must be/);
    expect(() => parseEnv({ REGISTRATION_RATE_LIMIT: "0" })).toThrow(/REGISTRATION_RATE_LIMIT must be/);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8", COOKIE_SECURE: "true" })).toMatchObject({ TRUST_PROXY: "loopback, 10.0.0.0/8" });
  });
});
