/**
 * Personal access tokens: made, listed and revoked through the API and the settings page, and
 * accepted by every /api route as the owner's session (same user, role and plan), with a 401
 * INVALID_TOKEN for a bad or revoked one.
 */
import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, expectRedirect, formRequest, getRequest, jsonRequest, SAME_ORIGIN, setCookieOf, statusOf, toastOf } = await import("../../support/requests");
const { onboardedUser, seedRules } = await import("../flows/helpers");
const tokensRoute = await import("~/routes/api+/user.tokens");
const tokenRoute = await import("~/routes/api+/user.tokens.$id");
const authUser = await import("~/routes/api+/auth.user");
const adminStats = await import("~/routes/api+/admin.stats");
const generate = await import("~/routes/api+/ai-flows.generate");
const content = await import("~/routes/api+/ai-flows.$id.content");
const draft = await import("~/routes/api+/questionnaire.draft");
const profile = await import("~/routes/api+/user.profile");
const password = await import("~/routes/api+/user.password");
const logout = await import("~/routes/api+/logout");
const settings = await import("~/routes/_app+/user-settings");
const { ApiTokenModel } = await import("~/models/api-token.server");
const { SessionModel } = await import("~/models/session.server");
const { API_TOKEN_LIMITS, TOO_MANY_TOKENS_MESSAGE } = await import("~/lib/api/tokens");
const { userForApiToken, INVALID_TOKEN_MESSAGE } = await import("~/services/auth/api-tokens.server");

await useTestDatabase({ clearBeforeEach: true });

type Json = Record<string, unknown>;
type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function send(handler: Handler, path: string, options: Parameters<typeof jsonRequest>[1] = {}, params: Record<string, string> = {}) {
  const response = await handler(args(jsonRequest(path, { method: "GET", ...options }), params));
  return response;
}

async function makeToken(cookie: string, name = "Reporting script") {
  const response = await send(tokensRoute.action, "/api/user/tokens", { method: "POST", cookie, body: { name } });
  expect(response.status).toBe(201);
  return apiBody<{ id: string; name: string; token: string; createdAt: string }>(response);
}

describe("POST /api/user/tokens", () => {
  it("answers 201 with the token once, and keeps only its SHA-256", async () => {
    const { user, cookie } = await createUser();
    const created = await makeToken(cookie, "  Reporting script ");
    expect(created).toEqual({
      id: expect.any(String),
      name: "Reporting script",
      token: expect.stringMatching(/^fmp_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      scope: "full",
      expiresAt: null,
    });
    const stored = await ApiTokenModel.find({}).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: created.id, userId: user.id, tokenHash: crypto.createHash("sha256").update(created.token).digest("hex") });
    expect(JSON.stringify(stored)).not.toContain(created.token);
  });

  it("refuses a missing, blank or too long name and unknown fields with 422 VALIDATION_FAILED naming the field", async () => {
    const { cookie } = await createUser();
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(API_TOKEN_LIMITS.nameLength + 1) }, "name"],
      [{ name: 5 }, "name"],
      [{ name: "ok", scope: "admin" }, "scope"],
    ];
    for (const [body, field] of cases) {
      const response = await send(tokensRoute.action, "/api/user/tokens", { method: "POST", cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const answer = await apiBody(response);
      expect(answer.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(answer.errors as Json)).toContain(field);
    }
    expect(await ApiTokenModel.countDocuments()).toBe(0);
  });

  it("holds each account to the most tokens it may have (409 TOO_MANY_TOKENS)", async () => {
    const { user, cookie } = await createUser();
    await ApiTokenModel.insertMany(
      Array.from({ length: API_TOKEN_LIMITS.perUser }, (_, i) => ({ userId: user.id, name: `t${i}`, tokenHash: crypto.randomBytes(32).toString("hex") })),
    );
    const response = await send(tokensRoute.action, "/api/user/tokens", { method: "POST", cookie, body: { name: "one more" } });
    expect(response.status).toBe(409);
    expect(await apiBody(response)).toMatchObject({ code: "TOO_MANY_TOKENS" });
  });

  it("holds to the limit when creations race: one below it, of eight at once exactly one is made and seven get 409 TOO_MANY_TOKENS", async () => {
    const { user, cookie } = await createUser();
    for (let round = 0; round < 3; round++) {
      await ApiTokenModel.deleteMany({ userId: user.id });
      await ApiTokenModel.insertMany(
        Array.from({ length: API_TOKEN_LIMITS.perUser - 1 }, (_, i) => ({ userId: user.id, name: `t${i}`, tokenHash: crypto.randomBytes(32).toString("hex") })),
      );
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send(tokensRoute.action, "/api/user/tokens", { method: "POST", cookie, body: { name: `racer ${i}` } })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of responses.filter((response) => response.status === 409)) {
        expect(await apiBody(refused)).toEqual({ message: TOO_MANY_TOKENS_MESSAGE, code: "TOO_MANY_TOKENS" });
      }
      expect(await ApiTokenModel.countDocuments({ userId: user.id }), `round ${round}`).toBe(API_TOKEN_LIMITS.perUser);
    }
  });

  it("needs a signed-in user (401 UNAUTHENTICATED)", async () => {
    const response = await send(tokensRoute.action, "/api/user/tokens", { method: "POST", body: { name: "x" } });
    expect(response.status).toBe(401);
    expect(await apiBody(response)).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
  });
});

describe("GET /api/user/tokens and DELETE /api/user/tokens/{id}", () => {
  it("lists the user's own tokens, newest first, never a secret", async () => {
    const { cookie } = await createUser();
    const first = await makeToken(cookie, "first");
    const second = await makeToken(cookie, "second");
    await makeToken((await createUser()).cookie, "someone else's");
    await ApiTokenModel.collection.updateOne({ _id: first.id as never }, { $set: { createdAt: new Date("2026-01-01T00:00:00Z") } });
    const response = await send(tokensRoute.loader, "/api/user/tokens", { cookie });
    expect(response.status).toBe(200);
    const list = await apiBody<Json[]>(response);
    expect(list).toEqual([
      { id: second.id, name: "second", createdAt: second.createdAt, lastUsedAt: null, scope: "full", expiresAt: null },
      { id: first.id, name: "first", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null, scope: "full", expiresAt: null },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/fmp_|tokenHash/);
  });

  it("revokes at once: the next call with the token is 401 INVALID_TOKEN; another user's token is 404", async () => {
    const { cookie } = await createUser();
    const mine = await makeToken(cookie);
    const other = await makeToken((await createUser()).cookie);
    expect((await send(authUser.loader, "/api/auth/user", { headers: bearer(mine.token) })).status).toBe(200);

    const refused = await send(tokenRoute.action, `/api/user/tokens/${other.id}`, { method: "DELETE", cookie }, { id: other.id });
    expect(refused.status).toBe(404);
    expect(await apiBody(refused)).toMatchObject({ code: "NOT_FOUND" });

    const revoked = await send(tokenRoute.action, `/api/user/tokens/${mine.id}`, { method: "DELETE", cookie }, { id: mine.id });
    expect(revoked.status).toBe(200);
    expect(await apiBody(revoked)).toEqual({ message: "Access token revoked." });

    const after = await send(authUser.loader, "/api/auth/user", { headers: bearer(mine.token) });
    expect(after.status).toBe(401);
    expect(await apiBody(after)).toEqual({ message: INVALID_TOKEN_MESSAGE, code: "INVALID_TOKEN" });
    expect(after.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expect((await send(authUser.loader, "/api/auth/user", { headers: bearer(other.token) })).status).toBe(200);
  });
});

describe("Authorization: Bearer on every /api route", () => {
  it("is the owner's session: the same answer as the cookie", async () => {
    const { cookie } = await createUser({ firstName: "Ada" });
    const { token } = await makeToken(cookie);
    const withCookie = await apiBody(await send(authUser.loader, "/api/auth/user", { cookie }));
    const withToken = await apiBody(await send(authUser.loader, "/api/auth/user", { headers: bearer(token) }));
    expect(withToken).toEqual(withCookie);
    expect(withToken.firstName).toBe("Ada");
  });

  it("writes as the owner", async () => {
    const { user, cookie } = await createUser();
    const { token } = await makeToken(cookie);
    const renamed = await send(profile.action, "/api/user/profile", { method: "PUT", headers: bearer(token), body: { firstName: "Grace", lastName: "Hopper" } });
    expect(renamed.status).toBe(200);
    expect(await apiBody(renamed)).toMatchObject({ user: { id: user.id, firstName: "Grace", lastName: "Hopper" } });
  });

  it("keeps the owner's role: a User's token gets 403 from admin endpoints, an Admin's gets through", async () => {
    const userToken = (await makeToken((await createUser()).cookie)).token;
    const adminToken = (await makeToken((await createAdmin()).cookie)).token;
    const refused = await send(adminStats.loader, "/api/admin/stats", { headers: bearer(userToken) });
    expect(refused.status).toBe(403);
    expect(await apiBody(refused)).toMatchObject({ message: "Admin access required", code: "FORBIDDEN" });
    expect((await send(adminStats.loader, "/api/admin/stats", { headers: bearer(adminToken) })).status).toBe(200);
  });

  it("keeps the owner's plan: premium flow types and content are 402 for a free user's token", async () => {
    await seedRules();
    const free = await onboardedUser();
    const { token } = await makeToken(free.cookie);
    const premiumType = await send(generate.action, "/api/ai-flows/generate", { method: "POST", headers: bearer(token), body: { flowType: "sunset" } });
    expect(premiumType.status).toBe(402);
    expect(await apiBody(premiumType)).toMatchObject({ code: "PREMIUM_REQUIRED" });
    const flow = await apiBody<{ id: string }>(await send(generate.action, "/api/ai-flows/generate", { method: "POST", headers: bearer(token), body: { flowType: "onboarding" } }));
    const written = await send(content.action, `/api/ai-flows/${flow.id}/content`, { method: "POST", headers: bearer(token) }, { id: flow.id });
    expect(written.status).toBe(402);
  });

  it("answers a bad token with 401 INVALID_TOKEN, also next to a valid cookie and on routes that need no sign-in", async () => {
    const { cookie } = await createUser();
    for (const header of ["Bearer nope", "Bearer fmp_" + "A".repeat(43), "Bearer ", "bearer fmp_x y"]) {
      const response = await send(authUser.loader, "/api/auth/user", { headers: { Authorization: header } });
      expect(response.status, header).toBe(401);
      expect(await apiBody(response)).toMatchObject({ code: "INVALID_TOKEN" });
    }
    const withCookie = await send(authUser.loader, "/api/auth/user", { cookie, headers: bearer("fmp_wrong") });
    expect(withCookie.status).toBe(401);
    const publicRoute = await send(draft.loader, "/api/questionnaire/draft", { headers: bearer("fmp_wrong") });
    expect(publicRoute.status).toBe(401);
    expect(await apiBody(publicRoute)).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("leaves other Authorization schemes alone (a proxy's Basic credentials): the cookie still signs in", async () => {
    const { cookie } = await createUser();
    const response = await send(authUser.loader, "/api/auth/user", { cookie, headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(response.status).toBe(200);
  });

  it("is not held to the cross-site check when it carries no cookie; with a cookie it is", async () => {
    const { cookie } = await createUser();
    const { token } = await makeToken(cookie);
    const body = { firstName: "Ada", lastName: "Lovelace" };
    const scripted = await send(profile.action, "/api/user/profile", { method: "PUT", headers: bearer(token), origin: "https://elsewhere.example", body });
    expect(scripted.status).toBe(200);
    const withCookie = await send(profile.action, "/api/user/profile", { method: "PUT", cookie, headers: bearer(token), origin: "https://elsewhere.example", body });
    expect(withCookie.status).toBe(403);
    expect(await apiBody(withCookie)).toMatchObject({ code: "CROSS_SITE_REQUEST" });
  });

  it("changes the password with a token: every session ends, and every token with it", async () => {
    const account = await createUser();
    const { token } = await makeToken(account.cookie);
    const response = await send(password.action, "/api/user/password", {
      method: "PUT",
      headers: bearer(token),
      body: { currentPassword: account.password, newPassword: "a brand new password" },
    });
    expect(response.status).toBe(200);
    expect(await SessionModel.countDocuments({ userId: account.user.id })).toBe(0);
    expect((await send(authUser.loader, "/api/auth/user", { headers: bearer(token) })).status).toBe(401);
  });

  it("notes the last use at most once a minute", async () => {
    const { cookie } = await createUser();
    const created = await makeToken(cookie);
    const t0 = new Date("2026-03-01T10:00:00Z");
    expect((await userForApiToken(created.token, t0))?.tokenId).toBe(created.id);
    expect((await ApiTokenModel.findById(created.id).lean())?.lastUsedAt).toEqual(t0);
    await userForApiToken(created.token, new Date(t0.getTime() + API_TOKEN_LIMITS.touchEveryMs - 1));
    expect((await ApiTokenModel.findById(created.id).lean())?.lastUsedAt).toEqual(t0);
    const later = new Date(t0.getTime() + API_TOKEN_LIMITS.touchEveryMs);
    await userForApiToken(created.token, later);
    expect((await ApiTokenModel.findById(created.id).lean())?.lastUsedAt).toEqual(later);
    const [listed] = await apiBody<Json[]>(await send(tokensRoute.loader, "/api/user/tokens", { cookie }));
    expect(listed.lastUsedAt).toBe(later.toISOString());
  });
});

describe("POST /api/logout for API clients", () => {
  it("answers JSON 200 to a client that asks for JSON, ending the session", async () => {
    const account = await createUser();
    const response = await send(logout.action, "/api/logout", { method: "POST", cookie: account.cookie, headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(await apiBody(response)).toEqual({ message: "Signed out." });
    expect(setCookieOf(response, "fm_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await SessionModel.countDocuments({ _id: account.sessionId })).toBe(0);
  });

  it("still sends a browser's form post to the home page", async () => {
    const account = await createUser();
    const response = await logout.action(args(formRequest("/api/logout", {}, { cookie: account.cookie, headers: { Accept: "text/html,application/xhtml+xml" } })));
    expectRedirect(response, "/");
    expect(await SessionModel.countDocuments({ _id: account.sessionId })).toBe(0);
  });

  it("answers JSON to a bearer call and leaves the token working", async () => {
    const account = await createUser();
    const { token } = await makeToken(account.cookie);
    const response = await send(logout.action, "/api/logout", { method: "POST", headers: { ...bearer(token), Accept: "*/*" } });
    expect(response.status).toBe(200);
    expect((await send(authUser.loader, "/api/auth/user", { headers: bearer(token) })).status).toBe(200);
  });
});

describe("API access tokens on /user-settings (plain form posts)", () => {
  const post = (cookie: string, fields: Record<string, string>) => settings.action(args(formRequest("/user-settings", fields, { cookie, origin: SAME_ORIGIN })));

  it("creates a token and shows it in that answer only; the list never holds it", async () => {
    const { cookie } = await createUser();
    const result = await post(cookie, { intent: "create-token", name: "Zapier" });
    expect(statusOf(result)).toBe(200);
    const reply = dataOf(result) as { intent: string; created: { name: string; token: string } };
    expect(reply.intent).toBe("create-token");
    expect(reply.created).toMatchObject({ name: "Zapier", token: expect.stringMatching(/^fmp_/) });
    expect((await send(authUser.loader, "/api/auth/user", { headers: bearer(reply.created.token) })).status).toBe(200);

    const page = dataOf(await settings.loader(args(getRequest("/user-settings", { cookie })))) as { tokens: Json[] };
    expect(page.tokens).toEqual([{ id: expect.any(String), name: "Zapier", createdAt: expect.any(String), lastUsedAt: expect.any(String), scope: "full", expiresAt: null }]);
    expect(JSON.stringify(page)).not.toContain(reply.created.token);
  });

  it("refuses a blank name at the field with 422", async () => {
    const { cookie } = await createUser();
    const result = await post(cookie, { intent: "create-token", name: " " });
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({ intent: "create-token", result: { status: "error", error: { name: ["Token name is required"] } }, created: null });
    expect(await ApiTokenModel.countDocuments()).toBe(0);
  });

  it("revokes a token and says so; another user's token is refused with 404 and kept", async () => {
    const { cookie } = await createUser();
    const mine = await makeToken(cookie);
    const theirs = await makeToken((await createUser()).cookie);
    const refused = await post(cookie, { intent: "revoke-token", tokenId: theirs.id });
    expect(statusOf(refused)).toBe(404);
    expect(dataOf(refused)).toMatchObject({ intent: "revoke-token", message: "Access token not found." });
    const done = await post(cookie, { intent: "revoke-token", tokenId: mine.id });
    expectRedirect(done as Response, "/user-settings");
    expect(await toastOf(done as Response)).toMatchObject({ title: "Access token revoked", variant: "success" });
    expect(await ApiTokenModel.findById(mine.id)).toBeNull();
    expect(await ApiTokenModel.findById(theirs.id)).not.toBeNull();
  });
});
