/**
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset on the API's answers: every request a
 * limit counts or checks says where the caller stands against the limit that refuses first, the
 * refusal's RateLimit-Reset is its Retry-After, and limits the caller does not spend (Klaviyo's,
 * the reset links sent to one email) are never reported.
 */
import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, getRequest, jsonRequest } = await import("../../support/requests");
const loginApi = await import("~/routes/api+/auth.login");
const forgotApi = await import("~/routes/api+/auth.forgot-password");
const tokensRoute = await import("~/routes/api+/user.tokens");
const authUser = await import("~/routes/api+/auth.user");
const { hitRateLimit, limitsMet, observeRateLimits, peekRateLimits, RateLimit, releaseHits } = await import("~/models/rate-limit.server");
const { MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS } = await import("~/services/auth/rate-limit.server");
const { PASSWORD_RESET_LIMITS } = await import("~/services/auth/password-reset.server");
const { IDEMPOTENT_REQUESTS_PER_MINUTE } = await import("~/web/idempotency.server");
const { RATE_LIMIT_HEADERS, tightestLimit } = await import("~/web/rate-limit-headers.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

await useTestDatabase({ clearBeforeEach: true });

function limitHeaders(response: Response) {
  const [limit, remaining, reset] = RATE_LIMIT_HEADERS.map((name) => response.headers.get(name));
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset), present: limit !== null && remaining !== null && reset !== null };
}

const signIn = (email: string, password: string, address: string) =>
  loginApi.action(args(jsonRequest("/api/auth/login", { body: { email, password }, headers: { [PEER_ADDRESS_HEADER]: address } })));

describe("RateLimit headers on the API", () => {
  it("sign-in: a failure spends one of the 10 a minute, the refusal has none left and its Reset is its Retry-After, a success spends none", async () => {
    const { user, password } = await createUser();
    const good = await signIn(user.email, password, "203.0.113.20");
    expect(good.status).toBe(200);
    expect(limitHeaders(good)).toEqual({ limit: MAX_FAILED_SIGN_INS, remaining: MAX_FAILED_SIGN_INS, reset: 0, present: true });

    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const failed = await signIn(user.email, `wrong-${i}`, "203.0.113.20");
      expect(failed.status, `failure ${i}`).toBe(401);
      const headers = limitHeaders(failed);
      expect(headers).toMatchObject({ limit: MAX_FAILED_SIGN_INS, remaining: MAX_FAILED_SIGN_INS - i, present: true });
      expect(headers.reset).toBeGreaterThanOrEqual(1);
      expect(headers.reset).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
    }
    const refused = await signIn(user.email, "wrong-again", "203.0.113.20");
    expect(refused.status).toBe(429);
    const headers = limitHeaders(refused);
    expect(headers).toMatchObject({ limit: MAX_FAILED_SIGN_INS, remaining: 0, present: true });
    expect(headers.reset).toBe(Number(refused.headers.get("Retry-After")));
  });

  it("keyed requests: each one with an Idempotency-Key spends one of 120 a minute, and the 121st is refused with none left", async () => {
    const { user, cookie } = await createUser();
    const keyed = (key: string) => tokensRoute.action(args(jsonRequest("/api/user/tokens", { cookie, body: { name: `Token ${key}` }, headers: { "Idempotency-Key": key } })));
    const first = await keyed("k-1");
    expect(first.status).toBe(201);
    expect(limitHeaders(first)).toMatchObject({ limit: IDEMPOTENT_REQUESTS_PER_MINUTE, remaining: IDEMPOTENT_REQUESTS_PER_MINUTE - 1, present: true });

    // The rest of the minute's requests, as the limit's log holds them.
    const now = Date.now();
    await RateLimit.updateOne(
      { _id: `idempotent:${user.id}` },
      { $push: { hits: { $each: Array.from({ length: IDEMPOTENT_REQUESTS_PER_MINUTE - 1 }, (_, i) => ({ t: now - 30_000 + i, id: `seeded-${i}` })) } } },
    );
    const refused = await keyed("k-2");
    expect(refused.status).toBe(429);
    const headers = limitHeaders(refused);
    expect(headers).toMatchObject({ limit: IDEMPOTENT_REQUESTS_PER_MINUTE, remaining: 0, present: true });
    expect(headers.reset).toBe(Number(refused.headers.get("Retry-After")));
    expect(headers.reset).toBeLessThanOrEqual(30);
  });

  it("password reset requests: the address's limit is told, the count of links sent to one email is not", async () => {
    const asked = await forgotApi.action(
      args(jsonRequest("/api/auth/forgot-password", { body: { email: "nobody-here@example.com" }, headers: { [PEER_ADDRESS_HEADER]: "198.51.100.9" } })),
    );
    expect(asked.status).toBe(202);
    expect(limitHeaders(asked)).toMatchObject({ limit: PASSWORD_RESET_LIMITS.perAddress.max, remaining: PASSWORD_RESET_LIMITS.perAddress.max - 1, present: true });
  });

  it("a request no limit counts carries no RateLimit headers", async () => {
    const { cookie } = await createUser();
    const me = await authUser.loader(args(getRequest("/api/auth/user", { cookie })));
    expect(me.status).toBe(200);
    for (const name of RATE_LIMIT_HEADERS) expect(me.headers.get(name)).toBeNull();
  });
});

describe("what a request's limits report", () => {
  const now = Date.UTC(2030, 0, 1, 12);
  const minute = { windowMs: 60_000, max: 3 };

  it("keeps the log as the request last saw it: a hit taken back no longer counts", async () => {
    const reports = await observeRateLimits(async () => {
      await hitRateLimit("report:a", minute, now - 20_000);
      const second = await hitRateLimit("report:a", minute, now);
      await releaseHits([second]);
      return limitsMet();
    });
    // One hit left, 20 s old: one more is back in 40 s.
    expect(reports).toEqual([{ limit: 3, remaining: 2, resetSeconds: 40 }]);
  });

  it("reports nothing outside a request, nor a limit marked unreported", async () => {
    await hitRateLimit("report:b", minute, now);
    expect(limitsMet()).toEqual([]);
    const reports = await observeRateLimits(async () => {
      await peekRateLimits([{ key: "report:b", ...minute, unreported: true }], now);
      await hitRateLimit("report:c", { ...minute, unreported: true }, now);
      return limitsMet();
    });
    expect(reports).toEqual([]);
  });

  it("the tightest limit is the one with the least left, then the longest wait", () => {
    expect(
      tightestLimit([
        { limit: 10, remaining: 4, resetSeconds: 50 },
        { limit: 30, remaining: 2, resetSeconds: 10 },
        { limit: 100, remaining: 2, resetSeconds: 3000 },
      ]),
    ).toEqual({ limit: 100, remaining: 2, resetSeconds: 3000 });
    expect(tightestLimit([])).toBeNull();
  });
});
