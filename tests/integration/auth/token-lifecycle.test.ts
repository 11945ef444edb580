/**
 * Access tokens die with the password: a password change or "sign out everywhere" revokes every
 * token and every other session; creating a token needs a recent sign-in or the current password
 * (always the password when signed with a token); tokens can expire and can be read-only.
 */
import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser, signIn } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, getRequest, jsonRequest, SAME_ORIGIN, statusOf, toastOf } = await import("../../support/requests");
const tokensRoute = await import("~/routes/api+/user.tokens");
const authUser = await import("~/routes/api+/auth.user");
const profile = await import("~/routes/api+/user.profile");
const password = await import("~/routes/api+/user.password");
const everywhere = await import("~/routes/api+/user.sign-out-everywhere");
const settings = await import("~/routes/_app+/user-settings");
const { ApiTokenModel } = await import("~/models/api-token.server");
const { SessionModel } = await import("~/models/session.server");
const { API_TOKEN_LIMITS, REAUTH_REQUIRED_MESSAGE } = await import("~/lib/api/tokens");
const { READ_ONLY_TOKEN_MESSAGE } = await import("~/services/auth/api-tokens.server");

await useTestDatabase({ clearBeforeEach: true });

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function send(handler: Handler, path: string, options: Parameters<typeof jsonRequest>[1] = {}) {
  return handler(args(jsonRequest(path, { method: "GET", ...options })));
}

async function makeToken(auth: { cookie?: string; headers?: Record<string, string> }, body: Record<string, unknown> = { name: "script" }) {
  return send(tokensRoute.action, "/api/user/tokens", { method: "POST", ...auth, body });
}

async function tokenOf(response: Response) {
  expect(response.status).toBe(201);
  return apiBody<{ id: string; token: string; scope: string; expiresAt: string | null }>(response);
}

/** Makes the session look signed in `minutes` ago (sign-in time is when the session began). */
async function signedInMinutesAgo(sessionId: string, minutes: number) {
  await SessionModel.collection.updateOne({ _id: sessionId as never }, { $set: { createdAt: new Date(Date.now() - minutes * 60_000) } });
}

const stillWorks = async (token: string) => (await send(authUser.loader, "/api/auth/user", { headers: bearer(token) })).status;

describe("tokens die with the password", () => {
  it("an intruder's session makes a token; the owner changes the password: the token and that session die, the owner's session stays", async () => {
    const owner = await createUser();
    const intruder = await signIn(owner.user.id);
    const stolen = await tokenOf(await makeToken({ cookie: intruder.cookie }));
    expect(await stillWorks(stolen.token)).toBe(200);

    const changed = await send(password.action, "/api/user/password", {
      method: "PUT",
      cookie: owner.cookie,
      body: { currentPassword: owner.password, newPassword: "a brand new secret" },
    });
    expect(changed.status).toBe(200);
    expect(await stillWorks(stolen.token)).toBe(401);
    // A dead token cannot mint another.
    expect((await makeToken({ headers: bearer(stolen.token) }, { name: "more", currentPassword: "a brand new secret" })).status).toBe(401);
    expect(await ApiTokenModel.countDocuments({ userId: owner.user.id })).toBe(0);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: intruder.cookie })).status).toBe(401);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: owner.cookie })).status).toBe(200);
  });

  it("the settings page's password change revokes every token too", async () => {
    const owner = await createUser();
    const made = await tokenOf(await makeToken({ cookie: owner.cookie }));
    const result = await settings.action(
      args(
        formRequest(
          "/user-settings",
          { intent: "change-password", currentPassword: owner.password, newPassword: "another secret", confirmPassword: "another secret" },
          { cookie: owner.cookie },
        ),
      ),
    );
    expect(statusOf(result)).toBe(302);
    expect(await stillWorks(made.token)).toBe(401);
  });

  it("sign out everywhere (API) ends every other session and revokes every token; the calling session stays", async () => {
    const owner = await createUser();
    const other = await signIn(owner.user.id);
    const first = await tokenOf(await makeToken({ cookie: owner.cookie }, { name: "a" }));
    const second = await tokenOf(await makeToken({ cookie: owner.cookie }, { name: "b" }));
    const someoneElse = await createUser();
    const theirs = await tokenOf(await makeToken({ cookie: someoneElse.cookie }));

    const response = await send(everywhere.action, "/api/user/sign-out-everywhere", { method: "POST", cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(await apiBody(response)).toEqual({ message: expect.any(String), sessionsEnded: 1, tokensRevoked: 2 });
    expect(await stillWorks(first.token)).toBe(401);
    expect(await stillWorks(second.token)).toBe(401);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: other.cookie })).status).toBe(401);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: owner.cookie })).status).toBe(200);
    // Another account is untouched.
    expect(await stillWorks(theirs.token)).toBe(200);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: someoneElse.cookie })).status).toBe(200);
  });

  it("sign out everywhere with a token ends every session and the token itself", async () => {
    const owner = await createUser();
    const made = await tokenOf(await makeToken({ cookie: owner.cookie }));
    const response = await send(everywhere.action, "/api/user/sign-out-everywhere", { method: "POST", headers: bearer(made.token) });
    expect(response.status).toBe(200);
    expect(await SessionModel.countDocuments({ userId: owner.user.id })).toBe(0);
    expect(await stillWorks(made.token)).toBe(401);
  });

  it("sign out everywhere works as a plain form post on /user-settings and says what it did", async () => {
    const owner = await createUser();
    const other = await signIn(owner.user.id);
    const made = await tokenOf(await makeToken({ cookie: owner.cookie }));
    const result = (await settings.action(args(formRequest("/user-settings", { intent: "sign-out-everywhere" }, { cookie: owner.cookie })))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/user-settings");
    expect(await toastOf(result)).toMatchObject({
      title: "Signed out everywhere else",
      description: expect.stringContaining("1 other session signed out and 1 access token revoked"),
    });
    expect(await stillWorks(made.token)).toBe(401);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: other.cookie })).status).toBe(401);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("creating a token needs a recent sign-in or the current password", () => {
  it("a session signed in more than 10 minutes ago is refused with 403 REAUTH_REQUIRED, and the password lets it through", async () => {
    const owner = await createUser();
    await signedInMinutesAgo(owner.sessionId, API_TOKEN_LIMITS.recentSignInMs / 60_000 + 1);
    const refused = await makeToken({ cookie: owner.cookie });
    expect(refused.status).toBe(403);
    expect(await apiBody(refused)).toMatchObject({ code: "REAUTH_REQUIRED", message: REAUTH_REQUIRED_MESSAGE, errors: { currentPassword: REAUTH_REQUIRED_MESSAGE } });

    const wrong = await makeToken({ cookie: owner.cookie }, { name: "script", currentPassword: "not it" });
    expect(wrong.status).toBe(422);
    expect(await apiBody(wrong)).toMatchObject({ errors: { currentPassword: "Current password is incorrect" } });
    expect(await ApiTokenModel.countDocuments()).toBe(0);

    await tokenOf(await makeToken({ cookie: owner.cookie }, { name: "script", currentPassword: owner.password }));
  });

  it("a session signed in 9 minutes ago needs no password", async () => {
    const owner = await createUser();
    await signedInMinutesAgo(owner.sessionId, 9);
    await tokenOf(await makeToken({ cookie: owner.cookie }));
  });

  it("a token cannot make a token without the password", async () => {
    const owner = await createUser();
    const made = await tokenOf(await makeToken({ cookie: owner.cookie }));
    const refused = await makeToken({ headers: bearer(made.token) });
    expect(refused.status).toBe(403);
    expect(await apiBody(refused)).toMatchObject({ code: "REAUTH_REQUIRED" });
    await tokenOf(await makeToken({ headers: bearer(made.token) }, { name: "second", currentPassword: owner.password }));
  });

  it("the settings page asks for the password once the sign-in is older than 10 minutes, and refuses at the field without it", async () => {
    const owner = await createUser();
    const fresh = dataOf(await settings.loader(args(getRequest("/user-settings", { cookie: owner.cookie })))) as { tokenNeedsPassword: boolean };
    expect(fresh.tokenNeedsPassword).toBe(false);
    await signedInMinutesAgo(owner.sessionId, 11);
    const stale = dataOf(await settings.loader(args(getRequest("/user-settings", { cookie: owner.cookie })))) as { tokenNeedsPassword: boolean };
    expect(stale.tokenNeedsPassword).toBe(true);

    const post = (fields: Record<string, string>) => settings.action(args(formRequest("/user-settings", fields, { cookie: owner.cookie, origin: SAME_ORIGIN })));
    const refused = await post({ intent: "create-token", name: "Zapier" });
    expect(statusOf(refused)).toBe(403);
    expect(dataOf(refused)).toMatchObject({ result: { status: "error", error: { currentPassword: [REAUTH_REQUIRED_MESSAGE] } }, created: null });
    const made = await post({ intent: "create-token", name: "Zapier", currentPassword: owner.password, scope: "read", expiresInDays: "30" });
    expect(statusOf(made)).toBe(200);
    expect(dataOf(made)).toMatchObject({ created: { name: "Zapier", scope: "read", expiresAt: expect.any(String) } });
  });
});

describe("token expiry and read-only tokens", () => {
  it("a token made to last a day works until then and answers 401 INVALID_TOKEN after; the expired row is removed", async () => {
    const owner = await createUser();
    const made = await tokenOf(await makeToken({ cookie: owner.cookie }, { name: "short", expiresInDays: 1 }));
    const expiresAt = new Date(made.expiresAt ?? "");
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await stillWorks(made.token)).toBe(200);

    await ApiTokenModel.updateOne({ _id: made.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const after = await send(authUser.loader, "/api/auth/user", { headers: bearer(made.token) });
    expect(after.status).toBe(401);
    expect(await apiBody(after)).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await ApiTokenModel.countDocuments({ _id: made.id })).toBe(0);
  });

  it("refuses an expiry that is not a whole number of days from 1 to 365", async () => {
    const owner = await createUser();
    for (const expiresInDays of [0, -1, 1.5, 366, "7"]) {
      const response = await makeToken({ cookie: owner.cookie }, { name: "x", expiresInDays });
      expect(response.status, String(expiresInDays)).toBe(422);
      expect(Object.keys((await apiBody(response)).errors as object)).toEqual(["expiresInDays"]);
    }
    expect((await makeToken({ cookie: owner.cookie }, { name: "x", scope: "write" })).status).toBe(422);
  });

  it("a read-only token reads but every write is a 403 READ_ONLY_TOKEN that changes nothing", async () => {
    const owner = await createUser();
    const reader = await tokenOf(await makeToken({ cookie: owner.cookie }, { name: "reports", scope: "read" }));
    expect(reader.scope).toBe("read");
    expect(await stillWorks(reader.token)).toBe(200);
    expect((await send(tokensRoute.loader, "/api/user/tokens", { headers: bearer(reader.token) })).status).toBe(200);

    const rename = await send(profile.action, "/api/user/profile", { method: "PUT", headers: bearer(reader.token), body: { firstName: "Mallory", lastName: "X" } });
    expect(rename.status).toBe(403);
    expect(await apiBody(rename)).toEqual({ message: READ_ONLY_TOKEN_MESSAGE, code: "READ_ONLY_TOKEN" });
    const mint = await makeToken({ headers: bearer(reader.token) }, { name: "escalate", currentPassword: owner.password });
    expect(mint.status).toBe(403);
    expect(await ApiTokenModel.countDocuments({ userId: owner.user.id })).toBe(1);
    const me = await apiBody(await send(authUser.loader, "/api/auth/user", { cookie: owner.cookie }));
    expect(me.firstName).toBe("Test");
  });
});
