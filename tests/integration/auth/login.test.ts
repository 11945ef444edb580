import mongoose from "mongoose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

process.env.FLOWMAP_SCRYPT_LOG_N = "12";
delete process.env.ADMIN_EMAILS;

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, cookiePair, dataOf, expectRedirect, formRequest, getRequest, jsonRequest, setCookieOf, statusOf, headersOf, thrownBy, toastOf } =
  await import("../../support/requests");
const { action: loginAction, loader: loginLoader } = await import("~/routes/_auth+/login");
const { action: apiLoginAction } = await import("~/routes/api+/auth.login");
const { loader: apiUserLoader } = await import("~/routes/api+/auth.user");
const { SessionModel } = await import("~/models/session.server");
const { RateLimit } = await import("~/models/rate-limit.server");
const { MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS } = await import("~/services/auth/rate-limit.server");
const { INVALID_CREDENTIALS_MESSAGE } = await import("~/services/auth/accounts.server");

await useTestDatabase({ clearBeforeEach: true });

interface RateLimitRow {
  _id: string;
  count: number;
  expiresAt: Date;
}
type FormOptions = Parameters<typeof formRequest>[2];
const login = (fields: Record<string, string>, options?: FormOptions) => loginAction(args(formRequest("/login", fields, options)));
const from = (address: string): FormOptions => ({ headers: { "X-Forwarded-For": address } });

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
      expect(body).toHaveProperty("result.error", { "": [INVALID_CREDENTIALS_MESSAGE] });
      expect(body).not.toHaveProperty("result.initialValue.password");
      expect(headersOf(result).get("Set-Cookie")).toBeNull();
    }
    expect(INVALID_CREDENTIALS_MESSAGE).toBe("Invalid email or password.");
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

describe("sign-in rate limit (10 failures a minute, per client address and per account)", () => {
  // The counters use fixed one-minute windows: pin the clock just after a window starts so a
  // run that crosses a minute boundary cannot split the attempts over two windows.
  beforeEach(() => {
    const realNow = Date.now();
    const windowStart = Math.floor(realNow / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS;
    const started = performance.now();
    vi.spyOn(Date, "now").mockImplementation(() => windowStart + 1_000 + Math.round(performance.now() - started));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses the 11th failed attempt from one address with 429, Retry-After and a clear message", async () => {
    const { user, password } = await createUser();
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      // A different (unknown) account each time: only the address limit can trip.
      const result = await login({ email: `guess${i}@example.com`, password: "wrong" }, from("203.0.113.7"));
      expect(statusOf(result), `attempt ${i}`).toBe(401);
    }

    const refused = await login({ email: "guess11@example.com", password: "wrong" }, from("203.0.113.7"));
    expect(statusOf(refused)).toBe(429);
    const retryAfter = Number(headersOf(refused).get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(dataOf(refused)).toHaveProperty("result.error", {
      "": [`Too many failed sign-in attempts. Please wait ${retryAfter} seconds and try again.`],
    });

    // Even the right password waits out the window from that address...
    const rightButBlocked = await login({ email: user.email, password }, from("203.0.113.7"));
    expect(statusOf(rightButBlocked)).toBe(429);
    // ...while another address is not affected.
    const elsewhere = await login({ email: user.email, password }, from("198.51.100.20"));
    expect(statusOf(elsewhere)).toBe(302);

    // The counters live in the database, shared by every app instance.
    const windowStart = Math.floor(Date.now() / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS;
    const counter = await mongoose.connection.collection<RateLimitRow>("rate_limits").findOne({ _id: `signin:ip:203.0.113.7@${windowStart}` });
    expect(counter?.count).toBe(MAX_FAILED_SIGN_INS);
    expect(counter?.expiresAt).toBeInstanceOf(Date);
    expect(RateLimit.collection.collectionName).toBe("rate_limits");
  });

  it("refuses the 11th failed attempt on one account across different addresses", async () => {
    const { user, password } = await createUser({ email: "target@example.com" });
    const other = await createUser({ email: "bystander@example.com" });
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const result = await login({ email: user.email, password: `wrong-${i}` }, from(`192.0.2.${i}`));
      expect(statusOf(result), `attempt ${i}`).toBe(401);
    }

    const refused = await login({ email: "TARGET@example.com", password: "wrong-11" }, from("192.0.2.99"));
    expect(statusOf(refused)).toBe(429);
    expect(Number(headersOf(refused).get("Retry-After"))).toBeGreaterThan(0);

    // The right password from a fresh address is refused too, so guessing cannot finish the job.
    expect(statusOf(await login({ email: user.email, password }, from("192.0.2.100")))).toBe(429);
    // Another account is unaffected.
    expect(statusOf(await login({ email: other.user.email, password: other.password }, from("192.0.2.101")))).toBe(302);

    const counters = await mongoose.connection
      .collection<RateLimitRow>("rate_limits")
      .find({ _id: { $regex: /^signin:account:target@example\.com@/ } })
      .toArray();
    expect(counters.map((c) => c.count)).toEqual([MAX_FAILED_SIGN_INS]);
  });

  it("holds under a burst of concurrent guesses: exactly 10 are checked, the rest get 429", async () => {
    const { user, password } = await createUser();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ email: user.email, password: `guess-${i}` }, from(`172.16.0.${i}`))),
    );
    const statuses = results.map(statusOf);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_SIGN_INS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILED_SIGN_INS);
    expect(statusOf(await login({ email: user.email, password }, from("172.16.1.1")))).toBe(429);
  });

  it("counts only failures: successful sign-ins from one address do not use up its limit", async () => {
    const { user, password } = await createUser();
    for (let i = 1; i <= MAX_FAILED_SIGN_INS + 2; i++) {
      expect(statusOf(await login({ email: user.email, password }, from("198.51.100.77"))), `sign-in ${i}`).toBe(302);
    }
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      expect(statusOf(await login({ email: `typo${i}@example.com`, password: "x" }, from("198.51.100.77"))), `failure ${i}`).toBe(401);
    }
    expect(statusOf(await login({ email: user.email, password }, from("198.51.100.77")))).toBe(429);
  });

  it("counts failures through the page and the API together, and the API answers 429 with Retry-After", async () => {
    const { user } = await createUser();
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const viaApi = i % 2 === 0;
      const status = viaApi
        ? (await apiLoginAction(args(jsonRequest("/api/auth/login", { body: { email: user.email, password: "nope" }, headers: { "X-Forwarded-For": `10.0.0.${i}` } })))).status
        : statusOf(await login({ email: user.email, password: "nope" }, from(`10.0.0.${i}`)));
      expect(status, `attempt ${i}`).toBe(401);
    }
    const refused = await apiLoginAction(args(jsonRequest("/api/auth/login", { body: { email: user.email, password: "nope" } })));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await apiBody(refused)).toEqual({ message: expect.stringMatching(/^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/) });
  });
});
