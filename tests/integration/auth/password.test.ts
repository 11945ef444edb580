import { afterEach, describe, expect, it } from "vitest";

import { setEnv, useEnv } from "../../support/env";

// Fast hashing for everything except the test that checks the production parameters; the tests
// below change FLOWMAP_SCRYPT_LOG_N, and each one finds it back at "12".
useEnv({ FLOWMAP_SCRYPT_LOG_N: "12", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { apiBody, args, jsonRequest } = await import("../../support/requests");
const { hashPassword, verifyPassword } = await import("~/services/auth/password.server");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const { getUserByEmail } = await import("~/models/user.server");

await useTestDatabase({ clearBeforeEach: true });
afterEach(() => {
  setEnv({ FLOWMAP_SCRYPT_LOG_N: "12" });
});

/** scrypt$logN$r$p$salt$key, as stored. */
function partsOf(hash: string | null | undefined) {
  const [scheme, logN, r, p, salt, key] = (hash ?? "").split("$");
  return { scheme, logN: Number(logN), r: Number(r), p: Number(p), salt: Buffer.from(salt ?? "", "base64"), key: Buffer.from(key ?? "", "base64") };
}

describe("password hashing", () => {
  it("uses the production parameters (N=2^17, r=8, p=1) when not lowered, end to end", { timeout: 60_000 }, async () => {
    setEnv({ FLOWMAP_SCRYPT_LOG_N: undefined });

    const started = performance.now();
    const hash = await hashPassword("correct horse battery staple");
    const ms = performance.now() - started;
    console.info(`One production-parameter scrypt hash (N=2^17, r=8, p=1): ${ms.toFixed(0)} ms`);

    expect(hash.startsWith("scrypt$17$8$1$")).toBe(true);
    const parts = partsOf(hash);
    expect(parts).toMatchObject({ scheme: "scrypt", logN: 17, r: 8, p: 1 });
    expect(parts.salt).toHaveLength(16);
    expect(parts.key).toHaveLength(32);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);

    // The registration route stores exactly that, and sign-in verifies against it.
    const registered = await apiRegister.action(
      args(jsonRequest("/api/auth/register", { body: { firstName: "P", lastName: "Rod", email: "prod@example.com", password: "secret1" } })),
    );
    expect(registered.status).toBe(201);
    await apiBody(registered);
    expect((await getUserByEmail("prod@example.com"))?.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);
    const signedIn = await apiLogin.action(args(jsonRequest("/api/auth/login", { body: { email: "prod@example.com", password: "secret1" } })));
    expect(signedIn.status).toBe(200);
    await apiBody(signedIn);
  });

  it("honours FLOWMAP_SCRYPT_LOG_N in tests, and a stored hash keeps its own parameters", async () => {
    const fast = await hashPassword("secret1");
    expect(partsOf(fast)).toMatchObject({ logN: 12, r: 8, p: 1 });
    setEnv({ FLOWMAP_SCRYPT_LOG_N: "14" });
    expect(await verifyPassword("secret1", fast)).toBe(true);
    expect(partsOf(await hashPassword("secret1")).logN).toBe(14);
  });

  it("salts every hash and normalises Unicode (NFKC) before hashing", async () => {
    const [a, b] = [await hashPassword("same-password"), await hashPassword("same-password")];
    expect(a).not.toBe(b);
    expect(await verifyPassword("same-password", a)).toBe(true);
    expect(await verifyPassword("same-password", b)).toBe(true);
    const composed = await hashPassword("caf\u00e9-pw");
    expect(await verifyPassword("cafe\u0301-pw", composed)).toBe(true);
  });

  it("never accepts a missing or malformed stored hash", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$12$8$1$abc$def")).toBe(false);
  });
});
