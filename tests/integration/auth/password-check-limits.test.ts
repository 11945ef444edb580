import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, headersOf, jsonRequest, statusOf } = await import("../../support/requests");
const passwordRoute = await import("~/routes/api+/user.password");
const { action: settingsAction } = await import("~/routes/_app+/user-settings");
const { action: loginAction } = await import("~/routes/_auth+/login");
const { getPasswordHashById } = await import("~/models/user.server");
const { verifyPassword } = await import("~/services/auth/password.server");
const { MAX_FAILED_SIGN_INS, SIGN_IN_LIMITS } = await import("~/services/auth/rate-limit.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

await useTestDatabase({ clearBeforeEach: true });

const peer = (address: string) => ({ [PEER_ADDRESS_HEADER]: address });
const putPassword = (cookie: string, address: string, body: { currentPassword: string; newPassword: string }) =>
  passwordRoute.action(args(jsonRequest("/api/user/password", { method: "PUT", cookie, body, headers: peer(address) })));
const formChange = (cookie: string, address: string, currentPassword: string) =>
  settingsAction(
    args(
      formRequest("/user-settings", { intent: "change-password", currentPassword, newPassword: "brand-new-1", confirmPassword: "brand-new-1" }, { cookie, headers: peer(address) }),
    ),
  );
const MESSAGE = /^Too many failed password attempts\. Please wait \d+ seconds and try again\.$/;

describe("the current-password check counts against the sign-in limits", () => {
  it("PUT /api/user/password: ten wrong current passwords from one address, then 429 with Retry-After, even for the right one", async () => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      const response = await putPassword(cookie, "198.51.100.40", { currentPassword: `guess-${i}`, newPassword: "new-secret" });
      expect(response.status, `guess ${i}`).toBe(422);
    }
    const refused = await putPassword(cookie, "198.51.100.40", { currentPassword: "guess-11", newPassword: "new-secret" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await apiBody(refused)).toEqual({ message: expect.stringMatching(MESSAGE), code: "RATE_LIMITED" });
    // The right password waits too: a guesser cannot tell a hit from a refusal.
    expect((await putPassword(cookie, "198.51.100.40", { currentPassword: "old-secret", newPassword: "new-secret" })).status).toBe(429);
    expect(await verifyPassword("old-secret", (await getPasswordHashById(user.id))?.passwordHash)).toBe(true);
  });

  it("the settings page form (no JavaScript) answers 429 with Retry-After and the message at the form", async () => {
    const { cookie } = await createUser({ password: "old-secret" });
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) expect(statusOf(await formChange(cookie, "198.51.100.41", `guess-${i}`)), `guess ${i}`).toBe(422);
    const refused = await formChange(cookie, "198.51.100.41", "guess-11");
    expect(statusOf(refused)).toBe(429);
    expect(Number(headersOf(refused).get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const body = dataOf(refused) as { message: string; result: { error: Record<string, string[]> } };
    expect(body.message).toMatch(MESSAGE);
    expect(body.result.error[""]).toEqual([body.message]);
  });

  it("shares the counters with sign-in: password-change guesses lock that account's sign-in from that address, not elsewhere", async () => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    for (let i = 1; i <= MAX_FAILED_SIGN_INS; i++) {
      expect((await putPassword(cookie, "198.51.100.42", { currentPassword: `guess-${i}`, newPassword: "new-secret" })).status).toBe(422);
    }
    const login = (address: string) => loginAction(args(formRequest("/login", { email: user.email, password: "old-secret" }, { headers: peer(address) })));
    expect(statusOf(await login("198.51.100.42"))).toBe(429);
    expect(statusOf(await login("198.51.100.99"))).toBe(302);
  });

  it("a right current password does not use up the limit", async () => {
    const { cookie } = await createUser({ password: "pw-0-secret" });
    // Twelve changes in a row, each with the right current password: none is refused.
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i++) {
      const response = await putPassword(cookie, "198.51.100.43", { currentPassword: `pw-${i}-secret`, newPassword: `pw-${i + 1}-secret` });
      expect(response.status, `change ${i}`).toBe(200);
    }
  });

  it("a flood of wrong current passwords from one address is held to the per-address limit across accounts", async () => {
    const ipLimit = SIGN_IN_LIMITS.find((limit) => limit.name === "ip")!.max;
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createUser({ password: "old-secret" })));
    const statuses: number[] = [];
    for (let i = 0; i < ipLimit + 8; i++) {
      const { cookie } = accounts[i % accounts.length]!;
      statuses.push((await putPassword(cookie, "203.0.113.60", { currentPassword: `guess-${i}`, newPassword: "new-secret" })).status);
    }
    // Spread over four accounts no account reaches its own limit of 10 before the address's limit
    // of 30 stops the flood: exactly 30 password checks ran, the rest were refused before hashing.
    expect(statuses.filter((s) => s === 422)).toHaveLength(ipLimit);
    expect(statuses.slice(ipLimit).every((s) => s === 429)).toBe(true);
  });
});
