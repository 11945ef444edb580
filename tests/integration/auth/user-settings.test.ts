import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser, signIn } = await import("../../support/factories");
const { args, dataOf, expectRedirect, formRequest, getRequest, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { action, loader } = await import("~/routes/_app+/user-settings");
const { action: loginAction } = await import("~/routes/_auth+/login");
const { createUser: insertUser, getPasswordHashById, getUserById } = await import("~/models/user.server");
const { SessionModel } = await import("~/models/session.server");
const { verifyPassword } = await import("~/services/auth/password.server");

await useTestDatabase({ clearBeforeEach: true });

const post = (cookie: string, fields: Record<string, string>) => action(args(formRequest("/user-settings", fields, { cookie })));

describe("user settings loader", () => {
  it("shows the account with the default role and never the password hash", async () => {
    const { user, cookie } = await createUser({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    const body = dataOf(await loader(args(getRequest("/user-settings", { cookie }))));
    expect(body).toEqual({
      provider: null,
      account: {
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        role: "User",
        isPremium: 0,
        hasPassword: true,
        createdAt: user.createdAt.toISOString(),
      },
      klaviyo: { connected: false },
      tokens: [],
      tokenNeedsPassword: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash/);
  });
});

describe("rename (intent update-name)", () => {
  it("saves trimmed names and confirms with the spec's toast", async () => {
    const { user, cookie } = await createUser();
    const response = await post(cookie, { intent: "update-name", firstName: "  Grace ", lastName: "Hopper" });
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(response, "/user-settings");
    expect(await toastOf(response)).toMatchObject({ description: "Your name has been updated successfully!", variant: "success" });
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
  });

  it.each([
    [{ firstName: "", lastName: "Hopper" }, { firstName: ["First name is required"] }],
    [{ firstName: "Grace", lastName: "   " }, { lastName: ["Last name is required"] }],
    [{}, { firstName: ["First name is required"], lastName: ["Last name is required"] }],
  ])("refuses %j with 422 and %j, changing nothing", async (fields, errors) => {
    const { user, cookie } = await createUser({ firstName: "Old", lastName: "Name" });
    const result = await post(cookie, { intent: "update-name", ...fields });
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({ intent: "update-name", result: { status: "error", error: errors } });
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Old", lastName: "Name" });
  });
});

describe("change password (intent change-password)", () => {
  const change = (cookie: string, fields: Record<string, string>) => post(cookie, { intent: "change-password", ...fields });

  it("changes it, confirms with the spec's toast, and the new password signs in", async () => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    const response = await change(cookie, { currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secret" });
    if (!(response instanceof Response)) throw new Error("expected a redirect Response");
    expectRedirect(response, "/user-settings");
    expect(await toastOf(response)).toMatchObject({ description: "Your password has been changed successfully!", variant: "success" });

    const stored = await getPasswordHashById(user.id);
    expect(await verifyPassword("new-secret", stored?.passwordHash)).toBe(true);
    expect(await verifyPassword("old-secret", stored?.passwordHash)).toBe(false);
    expect(statusOf(await loginAction(args(formRequest("/login", { email: user.email, password: "new-secret" }))))).toBe(302);
    expect(statusOf(await loginAction(args(formRequest("/login", { email: user.email, password: "old-secret" }))))).toBe(401);
  });

  it.each([
    ["a wrong current password", { currentPassword: "not-it", newPassword: "new-secret", confirmPassword: "new-secret" }, { currentPassword: ["Current password is incorrect"] }],
    ["a mismatched confirmation", { currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secreT" }, { confirmPassword: ["Passwords don't match"] }],
    ["a short new password", { currentPassword: "old-secret", newPassword: "12345", confirmPassword: "12345" }, { newPassword: ["New password must be at least 6 characters"] }],
    ["no current password", { currentPassword: "", newPassword: "new-secret", confirmPassword: "new-secret" }, { currentPassword: ["Current password is required"] }],
    ["no confirmation", { currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "" }, { confirmPassword: ["Please confirm your password"] }],
  ])("refuses %s with 422 and a field error, changing nothing", async (_label, fields, errors) => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    const otherDevice = await signIn(user.id);
    const before = await getPasswordHashById(user.id);

    const result = await change(cookie, fields);
    expect(statusOf(result)).toBe(422);
    const body = dataOf(result);
    expect(body).toMatchObject({ intent: "change-password", result: { status: "error", error: errors } });
    // No password is ever sent back.
    expect(JSON.stringify(body)).not.toContain("old-secret");
    expect(JSON.stringify(body)).not.toContain("new-secret");

    expect((await getPasswordHashById(user.id))?.passwordHash).toBe(before?.passwordHash);
    expect(await SessionModel.exists({ _id: otherDevice.sessionId })).not.toBeNull();
  });

  it("explains that an account signed in through a provider has no password to change", async () => {
    const user = await insertUser({ email: "sso@example.com", authProvider: "loopback", oauthSubject: "sub-1" });
    const { cookie } = await signIn(user.id);
    const result = await change(cookie, { currentPassword: "anything", newPassword: "new-secret", confirmPassword: "new-secret" });
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toHaveProperty("result.error.currentPassword", ["This account signs in through a third-party provider and has no password to change."]);
    expect((await getPasswordHashById(user.id))?.passwordHash).toBeNull();
    expect(dataOf(await loader(args(getRequest("/user-settings", { cookie }))))).toHaveProperty("account.hasPassword", false);
  });
});

describe("other intents and access", () => {
  it.each([["delete-everything"], [""]])("answers the unknown intent %j with 400", async (intent) => {
    const { cookie } = await createUser();
    const result = await post(cookie, { intent, firstName: "X", lastName: "Y" });
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toMatchObject({ message: "Unknown action. Please reload the page and try again." });
  });

  it("answers a post without an intent with 400", async () => {
    const { user, cookie } = await createUser({ firstName: "Same" });
    const result = await post(cookie, { firstName: "Changed", lastName: "Changed" });
    expect(statusOf(result)).toBe(400);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same" });
  });

  it("sends a signed-out post to sign in, changing nothing", async () => {
    const thrown = await thrownBy(action(args(formRequest("/user-settings", { intent: "update-name", firstName: "A", lastName: "B" }))));
    if (!(thrown instanceof Response)) throw new Error("expected a thrown redirect");
    expectRedirect(thrown, "/login?redirectTo=%2Fuser-settings");
  });

  it("refuses a cross-site post with 403, changing nothing", async () => {
    const { user, cookie } = await createUser({ firstName: "Same" });
    const thrown = await thrownBy(
      action(args(formRequest("/user-settings", { intent: "update-name", firstName: "Evil", lastName: "Evil" }, { cookie, origin: "https://evil.example" }))),
    );
    expect(statusOf(thrown)).toBe(403);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same" });
  });
});
