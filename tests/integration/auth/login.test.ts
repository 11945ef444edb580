import mongoose from "mongoose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, cookiePair, dataOf, expectRedirect, formRequest, getRequest, jsonRequest, setCookieOf, statusOf, headersOf, thrownBy, toastOf } =
  await import("../../support/requests");
const { action: loginAction, loader: loginLoader } = await import("~/routes/_auth+/login");
const { action: apiLoginAction } = await import("~/routes/api+/auth.login");
const { loader: apiUserLoader } = await import("~/routes/api+/auth.user");
const { SessionModel } = await import("~/models/session.server");
const { RateLimit } = await import("~/models/rate-limit.server");
const { beginSignInAttempt, MAX_FAILED_SIGN_INS, SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } = await import("~/services/auth/rate-limit.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");
const ADDRESS_LIMIT = SIGN_IN_LIMITS.find((limit) => limit.name === "ip")!;
const ACCOUNT_LIMIT = SIGN_IN_LIMITS.find((limit) => limit.name === "account")!;

await useTestDatabase({ clearBeforeEach: true });

interface RateLimitRow {
  _id: string;
  hits: Array<{ t: number; id: string }>;
  expiresAt: Date;
}
type FormOptions = Parameters<typeof formRequest>[2];
const login = (fields: Record<string, string>, options?: FormOptions) => loginAction(args(formRequest("/login", fields, options)));
/** A request from this client address, as the project's server reports the TCP peer. */
const from = (address: string): FormOptions => ({ headers: { [PEER_ADDRESS_HEADER]: address } });

/** The session id inside a Set-Cookie (the signed cookie's payload is the JSON-encoded id). */
function sessionIdOf(setCookie: string | undefined) {
  const value = decodeURIComponent(cookiePair(setCookie).split("=")[1]);
  const payload: unknown = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
  if (typeof payload !== "string") throw new Error("the session cookie does not hold a string id");
  return payload;
}

describe("login page action", () => {
  it("signs in with 'Welcome Back!' and a session cookie", async () => {
    const { user, password } = await createUser({ email: "ada@example.com" });
    const response = await login({ email: "ADA@example.com ", password });
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");

    expectRedirect(response, "/");
    expect(await toastOf(response)).toMatchObject({ title: "Welcome Back!", variant: "success" });
    const setCookie = setCookieOf(response, "fm_session");
    const session = await SessionModel.findById(sessionIdOf(setCookie)).lean();
    expect(session?.userId).toBe(user.id);

    const me = await apiUserLoader(args(getRequest("/api/auth/user", { cookie: cookiePair(setCookie) })));
    expect(me.status).toBe(200);
    expect(await apiBody(me)).toMatchObject({ id: user.id, email: "ada@example.com" });
  });

  it("starts a new session at every sign-in and deletes the one the browser had", async () => {
    const { user, password, cookie: oldCookie, sessionId: oldId } = await createUser();

    const first = await login({ email: user.email, password }, { cookie: oldCookie });
    if (!(first instanceof Response)) throw new Error("expected a redirect Response");
    const firstId = sessionIdOf(setCookieOf(first, "fm_session"));
    expect(firstId).not.toBe(oldId);
    expect(await SessionModel.exists({ _id: oldId })).toBeNull();
    const stale = await apiUserLoader(args(getRequest("/api/auth/user", { cookie: oldCookie })));
    expect(stale.status).toBe(401);

    const second = await login({ email: user.email, password }, { cookie: cookiePair(setCookieOf(first, "fm_session")) });
    if (!(second instanceof Response)) throw new Error("expected a redirect Response");
    const secondId = sessionIdOf(setCookieOf(second, "fm_session"));
    expect(secondId).not.toBe(firstId);
    expect(await SessionModel.exists({ _id: firstId })).toBeNull();
    expect(await SessionModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("honours a same-site redirectTo and ignores an unsafe one", async () => {
    const { user, password } = await createUser();
    const safe = await login({ email: user.email, password, redirectTo: "/user-settings" });
    if (!(safe instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(safe, "/user-settings");
    const unsafe = await login({ email: user.email, password, redirectTo: "https://evil.com/steal" });
    if (!(unsafe instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(unsafe, "/");
  });

  it("gives a wrong password and an unknown email the same answer", async () => {
    const { user } = await createUser({ email: "known@example.com" });
    const wrongPassword = await login({ email: user.email, password: "not-the-password" });
    const unknownEmail = await login({ email: "nobody@example.com", password: "not-the-password" });

    expect(statusOf(wrongPassword)).toBe(401);
    expect(statusOf(unknownEmail)).toBe(statusOf(wrongPassword));
    for (const result of [wrongPassword, unknownEmail]) {
      const body = dataOf(result);
      expect(body).toHaveProperty("result.error", { "": ["Invalid email or password."] });
      expect(body).not.toHaveProperty("result.initialValue.password");
      expect(headersOf(result).get("Set-Cookie")).toBeNull();
    }
    expect(await SessionModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("answers validation errors with 422 and the spec's messages", async () => {
    const result = await login({ email: "not-an-email", password: "" });
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({ result: { error: { email: ["Invalid email address"], password: ["Password is required"] } } });
  });

  it("refuses a filled honeypot with 400 and a cross-site post with 403, signing no one in", async () => {
    const { user, password } = await createUser();
    const bot = await thrownBy(login({ email: user.email, password, website_address: "https://spam.example" }));
    expect(statusOf(bot)).toBe(400);
    const forged = await thrownBy(login({ email: user.email, password }, { origin: "https://evil.example" }));
    expect(statusOf(forged)).toBe(403);
    expect(await SessionModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("sends a signed-in visitor on, to a safe redirectTo only", async () => {
    const { cookie } = await createUser();
    const loaded = await loginLoader(args(getRequest("/login")));
    expect(loaded).toEqual({ oauthLabel: null });
    await expect(loginLoader(args(getRequest("/login?redirectTo=%2Fuser-settings", { cookie })))).rejects.toSatisfy(
      (thrown: unknown) => thrown instanceof Response && thrown.headers.get("Location") === "/user-settings",
    );
    await expect(loginLoader(args(getRequest("/login?redirectTo=%2F%2Fevil.com", { cookie })))).rejects.toSatisfy(
      (thrown: unknown) => thrown instanceof Response && thrown.headers.get("Location") === "/",
    );
  });
});

describe("sign-in rate limits (per account and address, per address, and a slower per account)", () => {
  // The limits are sliding windows (a minute, an hour): the clock is pinned to a known start and
  // moves only as the test runs, so no attempt here ages out of a window while the test counts.
  beforeEach(() => {
    const realNow = Date.now();
    const hourStart = Math.floor(realNow / ACCOUNT_LIMIT.windowMs) * ACCOUNT_LIMIT.windowMs;
    const started = performance.now();
    vi.spyOn(Date, "now").mockImplementation(() => hourStart + 1_000 + Math.round(performance.now() - started));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses the 11th failure on one account from one address with 429, Retry-After and a clear message, and only there", async () => {
    const { user, password } = await createUser({ email: "target@example.com" });
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      expect(statusOf(await login({ email: user.email, password: `wrong-${i}` }, from("203.0.113.7"))), `attempt ${i}`).toBe(401);
    }
    const refused = await login({ email: "TARGET@example.com", password: "wrong-11" }, from("203.0.113.7"));
    expect(statusOf(refused)).toBe(429);
    const retryAfter = Number(headersOf(refused).get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(dataOf(refused)).toHaveProperty("result.error", {
      "": [`Too many failed sign-in attempts. Please wait ${retryAfter} seconds and try again.`],
    });
    // Even the right password waits out the window from that address...
    expect(statusOf(await login({ email: user.email, password }, from("203.0.113.7")))).toBe(429);
    // ...while the owner, on their own address, is not locked out.
    expect(statusOf(await login({ email: user.email, password }, from("198.51.100.20")))).toBe(302);

    // The counters live in the database, shared by every app instance.
    const counter = await mongoose.connection.collection<RateLimitRow>("rate_limits").findOne({ _id: "signin:pair:target@example.com|203.0.113.7" });
    // The failures only: the refused attempts were not counted, nor the owner's good sign-in elsewhere.
    expect(counter?.hits).toHaveLength(MAX_FAILED_SIGN_INS);
    // Kept until the last failure is a window old, no longer.
    expect(counter?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(counter?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SIGN_IN_WINDOW_MS);
    expect(RateLimit.collection.collectionName).toBe("rate_limits");
  });

  it("limits one address guessing across many accounts", async () => {
    const { user, password } = await createUser();
    for (let i = 1; i <= ADDRESS_LIMIT.max; i++) {
      expect(statusOf(await login({ email: `guess${i}@example.com`, password: "wrong" }, from("203.0.113.9"))), `attempt ${i}`).toBe(401);
    }
    expect(statusOf(await login({ email: "guess-next@example.com", password: "wrong" }, from("203.0.113.9")))).toBe(429);
    expect(statusOf(await login({ email: user.email, password }, from("203.0.113.9")))).toBe(429);
    expect(statusOf(await login({ email: user.email, password }, from("203.0.113.10")))).toBe(302);
  });

  it("does not trust X-Forwarded-For or X-Real-IP without TRUST_PROXY: a spoofed header gives no fresh bucket", async () => {
    const { user } = await createUser();
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const options = { headers: { [PEER_ADDRESS_HEADER]: "198.51.100.5", "X-Forwarded-For": `10.9.9.${i}`, "X-Real-IP": `10.8.8.${i}` } };
      expect(statusOf(await login({ email: user.email, password: "nope" }, options)), `attempt ${i}`).toBe(401);
    }
    const spoofed = { headers: { [PEER_ADDRESS_HEADER]: "198.51.100.5", "X-Forwarded-For": "10.9.9.250" } };
    expect(statusOf(await login({ email: user.email, password: "nope" }, spoofed))).toBe(429);
  });

  it("an attacker on many addresses cannot lock the owner out quickly; past the hourly account limit everyone waits", async () => {
    const { user, password } = await createUser({ email: "victim@example.com" });
    let failures = 0;
    for (let address = 1; failures < ACCOUNT_LIMIT.max; address++) {
      for (let i = 0; i < MAX_FAILED_SIGN_INS && failures < ACCOUNT_LIMIT.max; i++, failures++) {
        expect(statusOf(await login({ email: user.email, password: "guess" }, from(`192.0.2.${address}`)))).toBe(401);
      }
      // Until the hourly limit is used up, the owner still signs in from home.
      if (failures < ACCOUNT_LIMIT.max) expect(statusOf(await login({ email: user.email, password }, from("198.51.100.200")))).toBe(302);
    }
    const refused = await login({ email: user.email, password }, from("198.51.100.200"));
    expect(statusOf(refused)).toBe(429);
    const retryAfter = Number(headersOf(refused).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }, 120_000);

  it("holds under a burst of concurrent guesses from one address: exactly 10 are checked, the rest get 429", async () => {
    const { user, password } = await createUser();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email: user.email, password: `guess-${i}` }, from("172.16.0.1"))));
    const statuses = results.map(statusOf);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_SIGN_INS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_SIGN_INS);
    expect(statusOf(await login({ email: user.email, password }, from("172.16.0.1")))).toBe(429);
  });

  it("counts only failures: successful sign-ins from one address do not use up its limit", async () => {
    const { user, password } = await createUser();
    for (let i = 1; i <= MAX_FAILED_SIGN_INS + 2; i++) {
      expect(statusOf(await login({ email: user.email, password }, from("198.51.100.77"))), `sign-in ${i}`).toBe(302);
    }
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      expect(statusOf(await login({ email: user.email, password: "x" }, from("198.51.100.77"))), `failure ${i}`).toBe(401);
    }
    expect(statusOf(await login({ email: user.email, password }, from("198.51.100.77")))).toBe(429);
  });

  it("counts failures through the page and the API together, and the API answers 429 with Retry-After", async () => {
    const { user } = await createUser();
    const peer = { [PEER_ADDRESS_HEADER]: "10.0.0.1" };
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const viaApi = i % 2 === 0;
      const status = viaApi
        ? (await apiLoginAction(args(jsonRequest("/api/auth/login", { body: { email: user.email, password: "nope" }, headers: peer })))).status
        : statusOf(await login({ email: user.email, password: "nope" }, { headers: peer }));
      expect(status, `attempt ${i}`).toBe(401);
    }
    const refused = await apiLoginAction(args(jsonRequest("/api/auth/login", { body: { email: user.email, password: "nope" }, headers: peer })));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await apiBody(refused)).toEqual({
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/),
      code: "RATE_LIMITED",
    });
  });
});

describe("sign-in limits slide: no burst across a minute's edge gets past them", () => {
  it("with the address limit of 30, bursts just before and just after a minute starts: the 31st failure is refused (injected clock)", async () => {
    const edge = Date.UTC(2026, 4, 1, 12, 0, 0);
    const client = "192.0.2.200";
    const outcomes: Array<"failed" | "refused"> = [];
    // 20 wrong guesses in the last second of a minute, 22 in the first second of the next, each
    // at another account (the per-account limits stay out of it): a fixed window let 42 through.
    const times = [...Array.from({ length: 20 }, (_, i) => edge - 1_000 + i * 40), ...Array.from({ length: 22 }, (_, i) => edge + i * 40)];
    for (const [i, now] of times.entries()) {
      try {
        await beginSignInAttempt(client, `edge-${i}@example.com`, now);
        outcomes.push("failed"); // the guess is checked, and (never calling succeeded()) counts as a failure
      } catch (error) {
        expect(error).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/^Too many failed sign-in attempts/) });
        outcomes.push("refused");
      }
    }
    expect(outcomes.indexOf("refused")).toBe(ADDRESS_LIMIT.max);
    expect(outcomes.filter((o) => o === "failed")).toHaveLength(ADDRESS_LIMIT.max);
    // A minute after the first failure, one more may be tried.
    await expect(beginSignInAttempt(client, "later@example.com", edge - 1_000 + ADDRESS_LIMIT.windowMs)).resolves.toBeDefined();
  });
});
