import mongoose from "mongoose";
import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser, signIn } = await import("../../support/factories");
const {
  DATA_HEADERS,
  DOCUMENT_HEADERS,
  apiBody,
  args,
  cookiePair,
  dataOf,
  expectRedirect,
  formRequest,
  getRequest,
  headersOf,
  isDataResult,
  jsonRequest,
  setCookieOf,
  statusOf,
  thrownBy,
  toastOf,
  CookieJar,
  BASE_URL,
} = await import("../../support/requests");
const { action: registerAction } = await import("~/routes/_auth+/register");
const { action: logoutAction, loader: logoutLoader } = await import("~/routes/api+/logout");
const { loader: apiUserLoader } = await import("~/routes/api+/auth.user");
const { action: apiPasswordAction } = await import("~/routes/api+/user.password");
const { loader: appLoader } = await import("~/routes/_app+/_layout");
const { loader: dashboardLoader } = await import("~/routes/_app+/dashboard");
const { action: settingsAction, loader: settingsLoader } = await import("~/routes/_app+/user-settings");
const { loader: adminLayoutLoader } = await import("~/routes/_app+/admin");
const { loader: adminIndexLoader } = await import("~/routes/_app+/admin._index");
const { SessionModel } = await import("~/models/session.server");
const { sessionCookie } = await import("~/web/auth/session-cookie.server");

await useTestDatabase({ clearBeforeEach: true });

const DAY_MS = 24 * 60 * 60 * 1000;
const me = (cookie: string | null, headers: Record<string, string> = {}) => apiUserLoader(args(getRequest("/api/auth/user", { cookie, headers })));

/** The value of the fm_session cookie, split into its base64 JSON payload and its signature. */
function decodeSessionCookie(setCookie: string | undefined) {
  const value = decodeURIComponent(cookiePair(setCookie).slice("fm_session=".length));
  const dot = value.lastIndexOf(".");
  return { payload: JSON.parse(Buffer.from(value.slice(0, dot), "base64").toString("utf8")) as unknown, signature: value.slice(dot + 1) };
}

async function registerAndGetCookie(email: string) {
  const response = await registerAction(args(formRequest("/register", { firstName: "Ada", lastName: "Lovelace", email, password: "secret1", confirmPassword: "secret1" })));
  if (!(response instanceof Response)) throw new Error("expected a redirect Response");
  return setCookieOf(response, "fm_session");
}

describe("the session cookie", () => {
  it("holds only a random session id, signed", async () => {
    const setCookie = await registerAndGetCookie("ada@example.com");
    expect(setCookie).toMatch(/^fm_session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);

    const { payload, signature } = decodeSessionCookie(setCookie);
    expect(typeof payload).toBe("string");
    expect(payload).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(signature.length).toBeGreaterThan(20);
    const user = await mongoose.connection.collection("users").findOne({ email: "ada@example.com" });
    expect(String(payload)).not.toContain("ada");
    expect(String(payload)).not.toContain(String(user?._id));
    expect(await sessionCookie().parse(cookiePair(setCookie))).toBe(payload);
  });

  it("is refused when tampered with (another session's id under this cookie's signature)", async () => {
    const mine = await createUser();
    const theirs = await createUser();
    const signature = decodeURIComponent(mine.cookie.slice(mine.cookie.lastIndexOf(".") + 1));
    const forgedValue = `${Buffer.from(JSON.stringify(theirs.sessionId)).toString("base64")}.${signature}`;
    const forged = `fm_session=${encodeURIComponent(forgedValue)}`;
    expect(await sessionCookie().parse(forged)).toBeNull();
    expect((await me(forged)).status).toBe(401);
    expect((await me(mine.cookie)).status).toBe(200);
  });

  it("names a session stored in the sessions collection, expiring in 30 days, with a TTL index", async () => {
    const before = Date.now();
    const { user, sessionId } = await createUser();
    const doc = await mongoose.connection.collection<{ _id: string; userId?: string; expire?: Date }>("sessions").findOne({ _id: sessionId });
    expect(doc?.userId).toBe(user.id);
    if (!(doc?.expire instanceof Date)) throw new Error("the session has no expiry date");
    const expire = doc.expire.getTime();
    expect(expire).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1_000);
    expect(expire).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1_000);

    const indexes = await mongoose.connection.collection("sessions").indexes();
    expect(indexes).toContainEqual(expect.objectContaining({ key: { expire: 1 }, expireAfterSeconds: 0 }));
  });

  it("refuses an expired session even before the TTL monitor removes it", async () => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.updateOne({ _id: sessionId }, { $set: { expire: new Date(Date.now() - 1_000) } });
    expect((await me(cookie)).status).toBe(401);
  });

  it("extends a session that is used (30 days of idleness end it, not 30 days in total)", async () => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.updateOne({ _id: sessionId }, { $set: { expire: new Date(Date.now() + 10 * DAY_MS) } });
    expect((await me(cookie)).status).toBe(200);
    const doc = await SessionModel.findById(sessionId).lean();
    expect(doc?.expire.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });
});

describe("logout", () => {
  it.each([
    ["GET", (request: Request) => logoutLoader(args(request))],
    ["POST", (request: Request) => logoutAction(args(request))],
  ] as const)("%s /api/logout ends the session on the server, clears the cookie and goes to /", async (method, run) => {
    const { user, cookie, sessionId } = await createUser();
    const otherDevice = await signIn(user.id);
    const request =
      method === "GET" ? getRequest("/api/logout", { cookie, headers: { ...DOCUMENT_HEADERS, Referer: `${BASE_URL}/user-settings` } }) : formRequest("/api/logout", {}, { cookie });
    const response = await run(request);

    expectRedirect(response, "/");
    const cleared = setCookieOf(response, "fm_session");
    expect(cleared).toMatch(/^fm_session=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const jar = new CookieJar(cookie).apply(response);
    expect(jar.has("fm_session")).toBe(false);

    expect(await SessionModel.exists({ _id: sessionId })).toBeNull();
    // The old cookie no longer works, wherever it is replayed from.
    expect((await me(cookie)).status).toBe(401);
    // Only this device is signed out.
    expect((await me(otherDevice.cookie)).status).toBe(200);
  });

  it("is harmless when already signed out", async () => {
    const response = await logoutLoader(args(getRequest("/api/logout", { headers: { "Sec-Fetch-Site": "none" } })));
    expectRedirect(response, "/");
    expect(setCookieOf(response, "fm_session")).toMatch(/^fm_session=;/);
  });
});

describe("a password change ends every other session of the user", () => {
  async function setUp() {
    const account = await createUser({ password: "old-secret" });
    const laptop = await signIn(account.user.id);
    const phone = await signIn(account.user.id);
    const stranger = await createUser();
    return { account, laptop, phone, stranger };
  }

  async function expectOnlyCurrentLeft({ account, laptop, phone, stranger }: Awaited<ReturnType<typeof setUp>>) {
    const remaining = await SessionModel.find({ userId: account.user.id }, { _id: 1 }).lean();
    expect(remaining.map((s) => s._id)).toEqual([account.sessionId]);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await me(laptop.cookie)).status).toBe(401);
    expect((await me(phone.cookie)).status).toBe(401);
    expect((await me(stranger.cookie)).status).toBe(200);
  }

  it("through the settings page", async () => {
    const state = await setUp();
    const response = await settingsAction(
      args(
        formRequest(
          "/user-settings",
          { intent: "change-password", currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secret" },
          { cookie: state.account.cookie },
        ),
      ),
    );
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(response, "/user-settings");
    await expectOnlyCurrentLeft(state);
  });

  it("through the API", async () => {
    const state = await setUp();
    const response = await apiPasswordAction(
      args(jsonRequest("/api/user/password", { method: "PUT", body: { currentPassword: "old-secret", newPassword: "new-secret" }, cookie: state.account.cookie })),
    );
    expect(response.status).toBe(200);
    expect(await apiBody(response)).toEqual({ message: "Your password has been changed successfully!" });
    await expectOnlyCurrentLeft(state);
  });

  it("but a refused change keeps every session", async () => {
    const { account, laptop } = await setUp();
    const response = await apiPasswordAction(
      args(jsonRequest("/api/user/password", { method: "PUT", body: { currentPassword: "wrong", newPassword: "new-secret" }, cookie: account.cookie })),
    );
    expect(response.status).toBe(422);
    expect((await me(laptop.cookie)).status).toBe(200);
  });
});

describe("signed-in pages without a session", () => {
  const pages = [
    ["/dashboard", [appLoader, dashboardLoader]],
    ["/user-settings", [appLoader, settingsLoader]],
    ["/user-settings?edit=name", [appLoader, settingsLoader]],
    ["/admin", [appLoader, adminLayoutLoader, adminIndexLoader]],
  ] as const;

  it.each(pages)("%s redirects to /login?redirectTo=<path> when no one is signed in", async (path, loaders) => {
    for (const loader of loaders) {
      const thrown = await thrownBy(loader(args(getRequest(path, { headers: DOCUMENT_HEADERS }))));
      if (!(thrown instanceof Response)) throw new Error("expected a thrown redirect");
      expectRedirect(thrown, `/login?${new URLSearchParams({ redirectTo: path })}`);
      // A first visit is not an ended session: no 'Unauthorized' toast.
      expect(await toastOf(thrown)).toBeNull();
    }
  });

  it.each(pages)("%s with a stale cookie: a page load goes to login with the 'Unauthorized' toast", async (path, loaders) => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.deleteOne({ _id: sessionId });
    for (const loader of loaders) {
      const thrown = await thrownBy(loader(args(getRequest(path, { cookie, headers: DOCUMENT_HEADERS }))));
      if (!(thrown instanceof Response)) throw new Error("expected a thrown redirect");
      expectRedirect(thrown, `/login?${new URLSearchParams({ redirectTo: path })}`);
      expect(await toastOf(thrown)).toMatchObject({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
      expect(setCookieOf(thrown, "fm_session")).toMatch(/^fm_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    }
  });

  it.each(pages)("%s with a stale cookie: a client-side data request gets a 401", async (path, loaders) => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.deleteOne({ _id: sessionId });
    for (const loader of loaders) {
      const thrown = await thrownBy(loader(args(getRequest(path, { cookie, headers: DATA_HEADERS }))));
      // Remix 2.17 single fetch: a thrown data() is a DataWithResponseInit, not a Response.
      expect(isDataResult(thrown)).toBe(true);
      expect(statusOf(thrown)).toBe(401);
      expect(dataOf(thrown)).toEqual({
        message: "You are logged out. Logging in again...",
        loginPath: `/login?${new URLSearchParams({ redirectTo: path })}`,
      });
      expect(headersOf(thrown).get("Set-Cookie")).toMatch(/^fm_session=;/);
    }
  });

  it("treats a request without Sec-Fetch-Dest that accepts HTML as a page load", async () => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.deleteOne({ _id: sessionId });
    const thrown = await thrownBy(dashboardLoader(args(getRequest("/dashboard", { cookie, headers: { Accept: "text/html" } }))));
    if (!(thrown instanceof Response)) throw new Error("expected a thrown redirect");
    expect(thrown.status).toBe(302);
    expect(await toastOf(thrown)).toMatchObject({ title: "Unauthorized" });
  });

  it("lets a live session in (and the admin pages let an admin in)", async () => {
    const admin = await createAdmin();
    expect(dataOf(await dashboardLoader(args(getRequest("/dashboard", { cookie: admin.cookie }))))).toMatchObject({ user: { role: "Admin" } });
    expect(await adminLayoutLoader(args(getRequest("/admin", { cookie: admin.cookie })))).toBeNull();
  });

  it("the API answers 401 for a deleted session and for no session at all", async () => {
    const { cookie, sessionId } = await createUser();
    await SessionModel.deleteOne({ _id: sessionId });
    for (const response of [await me(cookie), await me(null)]) {
      expect(response.status).toBe(401);
      expect(await apiBody(response)).toEqual({ message: "You are not signed in. Sign in and try again.", code: "UNAUTHENTICATED" });
    }
  });
});
