import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, cookiePair, dataOf, expectRedirect, formRequest, getRequest, setCookieOf, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { action: registerAction, loader: registerLoader } = await import("~/routes/_auth+/register");
const { loader: dashboardLoader } = await import("~/routes/_app+/dashboard");
const { countUsers, getUserByEmail } = await import("~/models/user.server");
const { EMAIL_TAKEN_MESSAGE } = await import("~/services/auth/accounts.server");
const { verifyPassword } = await import("~/services/auth/password.server");

await useTestDatabase({ clearBeforeEach: true });

const form = (overrides: Record<string, string> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  companyName: "Analytical Engines",
  email: "ada@example.com",
  password: "secret1",
  confirmPassword: "secret1",
  ...overrides,
});

const register = (fields: Record<string, string>, options?: Parameters<typeof formRequest>[2]) => registerAction(args(formRequest("/register", fields, options)));

describe("register page action", () => {
  it("creates the account, signs it in and says so", async () => {
    const response = await register(form({ email: "  Ada@Example.com " }));
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");

    expectRedirect(response, "/");
    const sessionCookie = setCookieOf(response, "fm_session");
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(await toastOf(response)).toMatchObject({ title: "Account Created Successfully!", variant: "success" });

    const user = await getUserByEmail("ada@example.com");
    expect(user).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", companyName: "Analytical Engines", role: "User" });
    expect(user?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(user?.passwordHash).not.toContain("secret1");
    expect(await verifyPassword("secret1", user?.passwordHash)).toBe(true);
    expect(await verifyPassword("secret2", user?.passwordHash)).toBe(false);

    // Automatic sign-in: the cookie opens the dashboard.
    const dashboard = dataOf(await dashboardLoader(args(getRequest("/dashboard", { cookie: cookiePair(sessionCookie) }))));
    expect(dashboard).toMatchObject({ user: { email: "ada@example.com", role: "User" } });
  });

  it("answers validation errors with 422 and a message per field, storing nothing", async () => {
    const result = await register({ firstName: "", lastName: " ", email: "nope", password: "123", confirmPassword: "321" });
    expect(statusOf(result)).toBe(422);
    const body = dataOf(result);
    expect(body).toMatchObject({
      result: {
        status: "error",
        error: {
          firstName: ["First name is required"],
          lastName: ["Last name is required"],
          email: ["Invalid email address"],
          password: ["Password must be at least 6 characters"],
        },
        initialValue: { email: "nope" },
      },
    });
    // Passwords are never echoed back into the form.
    expect(body).not.toHaveProperty("result.initialValue.password");
    expect(body).not.toHaveProperty("result.initialValue.confirmPassword");
    expect(await countUsers()).toBe(0);
  });

  it("checks the confirmation", async () => {
    const missing = await register(form({ confirmPassword: "" }));
    expect(statusOf(missing)).toBe(422);
    expect(dataOf(missing)).toHaveProperty("result.error.confirmPassword", ["Please confirm your password"]);
    const mismatch = await register(form({ confirmPassword: "secret2" }));
    expect(statusOf(mismatch)).toBe(422);
    expect(dataOf(mismatch)).toHaveProperty("result.error.confirmPassword", ["Passwords don't match"]);
    expect(await countUsers()).toBe(0);
  });

  it("refuses a taken email with 409 and a clear error on the email field", async () => {
    await createUser({ email: "taken@example.com" });
    const result = await register(form({ email: "TAKEN@example.com" }));
    expect(statusOf(result)).toBe(409);
    expect(dataOf(result)).toHaveProperty("result.error.email", [EMAIL_TAKEN_MESSAGE]);
    expect(EMAIL_TAKEN_MESSAGE).toMatch(/already exists/);
    expect(await countUsers()).toBe(1);
  });

  it("keeps one account when two registrations race for one email (409, never 500)", async () => {
    const results = await Promise.all([register(form({ email: "race@example.com" })), register(form({ email: "race@example.com" }))]);
    expect(results.map(statusOf).sort()).toEqual([302, 409]);
    expect(await countUsers()).toBe(1);
  });

  it("refuses a filled honeypot with 400", async () => {
    const thrown = await thrownBy(register(form({ website_address: "http://spam.example" })));
    expect(statusOf(thrown)).toBe(400);
    expect(await countUsers()).toBe(0);
  });

  it("refuses a post from another site with 403", async () => {
    const thrown = await thrownBy(register(form(), { origin: "https://evil.example" }));
    expect(statusOf(thrown)).toBe(403);
    expect(await countUsers()).toBe(0);
  });

  it("honours a same-site redirectTo", async () => {
    const response = await register(form({ redirectTo: "/user-settings?edit=name" }));
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(response, "/user-settings?edit=name");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil.com", "\\\\evil.com", "javascript:alert(1)", " //evil.com"])(
    "falls back to / for the unsafe redirectTo %j",
    async (redirectTo) => {
      const response = await register(form({ redirectTo }));
      if (!(response instanceof Response)) throw new Error("expected a redirect Response");
      expectRedirect(response, "/");
    },
  );

  it("keeps an encoded backslash on this site", async () => {
    const response = await register(form({ redirectTo: "/%5Cevil.com/" }));
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");
    const location = response.headers.get("Location") ?? "";
    expect(location).toBe("/%5Cevil.com/");
    expect(new URL(location, "http://flowmap.test").host).toBe("flowmap.test");
  });

  it("sends a signed-in visitor away from the form", async () => {
    const { cookie } = await createUser();
    const thrown = await thrownBy(registerLoader(args(getRequest("/register", { cookie }))));
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expectRedirect(thrown, "/");
    expect(await registerLoader(args(getRequest("/register")))).toBeNull();
  });
});
