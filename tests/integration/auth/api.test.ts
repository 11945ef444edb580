import { beforeEach, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { apiBody, args, cookiePair, jsonRequest, setCookieOf } = await import("../../support/requests");
const apiUser = await import("~/routes/api+/auth.user");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const apiProfile = await import("~/routes/api+/user.profile");
const apiPassword = await import("~/routes/api+/user.password");
const apiStats = await import("~/routes/api+/admin.stats");
const apiResponses = await import("~/routes/api+/admin.onboarding-responses");
const { countUsers, getPasswordHashById, getUserByEmail, getUserById } = await import("~/models/user.server");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");
const { MAX_JSON_BYTES } = await import("~/web/api.server");
const { invalidateAdminStats } = await import("~/services/admin.server");
const { EMAIL_TAKEN_MESSAGE } = await import("~/services/auth/accounts.server");

await useTestDatabase({ clearBeforeEach: true });
beforeEach(() => invalidateAdminStats());

type JsonOptions = Parameters<typeof jsonRequest>[1];
const call = {
  user: (options: JsonOptions = {}) => apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", ...options }))),
  register: (options: JsonOptions = {}) => apiRegister.action(args(jsonRequest("/api/auth/register", { method: "POST", ...options }))),
  login: (options: JsonOptions = {}) => apiLogin.action(args(jsonRequest("/api/auth/login", { method: "POST", ...options }))),
  profile: (options: JsonOptions = {}) => apiProfile.action(args(jsonRequest("/api/user/profile", { method: "PUT", ...options }))),
  password: (options: JsonOptions = {}) => apiPassword.action(args(jsonRequest("/api/user/password", { method: "PUT", ...options }))),
  stats: (options: JsonOptions = {}) => apiStats.loader(args(jsonRequest("/api/admin/stats", { method: "GET", ...options }))),
  responses: (options: JsonOptions = {}) => apiResponses.loader(args(jsonRequest("/api/admin/onboarding-responses", { method: "GET", ...options }))),
};

const ONE_MB = "x".repeat(1024 * 1024);
const registration = { firstName: "Ada", lastName: "Lovelace", companyName: "Engines", email: "ada@example.com", password: "secret1" };

/** Asserts a 422 with exactly these field messages and the first one as `message`. */
async function expectFieldErrors(response: Response, errors: Record<string, string>) {
  expect(response.status).toBe(422);
  const body = await apiBody(response);
  expect(body.errors).toEqual(errors);
  expect(typeof body.errors === "object" && body.errors !== null ? Object.values(body.errors) : []).toContain(body.message);
}

async function expectStatus(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await apiBody(response);
  if (message !== undefined) expect(body.message).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
  return body;
}

describe("GET /api/auth/user", () => {
  it("answers 401 when signed out", async () => {
    await expectStatus(await call.user(), 401, "You are not signed in. Sign in and try again.");
  });

  it("returns the user with role and onboardingResponse (null before onboarding) and never a hash", async () => {
    const { user, cookie } = await createUser({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    const response = await call.user({ cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = await apiBody(response);
    expect(body).toEqual({
      id: user.id,
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      companyName: "",
      authProvider: "local",
      isPremium: false,
      role: "User",
      completionMethod: null,
      researchWebsiteUrl: "",
      aiResearchCompleted: false,
      createdAt: user.createdAt.toISOString(),
      onboardingResponse: null,
    });
  });

  it("includes the onboarding summary once the questionnaire names the company", async () => {
    const { user, cookie } = await createAdmin();
    await QuestionnaireResponseModel.create({
      userId: user.id,
      companyName: "Acme",
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email + SMS",
    });
    const body = await apiBody(await call.user({ cookie }));
    expect(body.role).toBe("Admin");
    expect(body.onboardingResponse).toEqual({
      companyName: "Acme",
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email + SMS",
    });
  });
});

describe("POST /api/auth/register", () => {
  it("creates the account: 201, the user, and a session cookie usable by /api/auth/user", async () => {
    const response = await call.register({ body: registration });
    expect(response.status).toBe(201);
    const body = await apiBody(response);
    expect(body).toMatchObject({ email: "ada@example.com", firstName: "Ada", role: "User", onboardingResponse: null });
    const setCookie = setCookieOf(response, "fm_session");
    expect(setCookie).toMatch(/HttpOnly/);

    const me = await call.user({ cookie: cookiePair(setCookie) });
    expect(me.status).toBe(200);
    expect(await apiBody(me)).toMatchObject({ id: body.id, email: "ada@example.com" });
    expect((await getUserByEmail("ada@example.com"))?.passwordHash).toMatch(/^scrypt\$/);
  });

  it("answers malformed JSON with 400", async () => {
    await expectStatus(await call.register({ raw: '{"email": "ada@example.com",' }), 400, "The request body is not valid JSON.");
    expect(await countUsers()).toBe(0);
  });

  it.each([
    [
      "missing fields",
      {},
      {
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Invalid email address",
        password: "Password must be at least 6 characters",
      },
    ],
    [
      "wrong types",
      { firstName: 1, lastName: false, email: 42, password: 123456, companyName: 7 },
      {
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Invalid email address",
        password: "Password must be at least 6 characters",
        companyName: expect.any(String),
      },
    ],
    ["arrays where strings belong", { ...registration, firstName: ["Ada"], email: ["ada@example.com"] }, { firstName: "First name is required", email: "Invalid email address" }],
    ["a null body", null, { _form: "The request body must be a JSON object." }],
    ["a JSON array body", [registration], { _form: "The request body must be a JSON object." }],
    ["too long a name", { ...registration, firstName: "A".repeat(101) }, { firstName: "Must be at most 100 characters" }],
    ["too long a password", { ...registration, password: "p".repeat(129) }, { password: "Password must be at most 128 characters" }],
    ["a short password", { ...registration, password: "12345" }, { password: "Password must be at least 6 characters" }],
    ["an invalid email", { ...registration, email: "ada@" }, { email: "Invalid email address" }],
  ])("answers %s with 422 and a message per field, storing nothing", async (_label, body, errors) => {
    await expectFieldErrors(await call.register({ body }), errors);
    expect(await countUsers()).toBe(0);
  });

  it("refuses a 1 MB string with 413, storing nothing", async () => {
    await expectStatus(await call.register({ body: { ...registration, firstName: ONE_MB } }), 413, "The request body is too large.");
    await expectStatus(await call.register({ body: registration, headers: { "Content-Length": String(MAX_JSON_BYTES + 1) } }), 413);
    expect(await countUsers()).toBe(0);
  });

  it("refuses a taken email with 409 and a field error on email", async () => {
    await createUser({ email: "ada@example.com" });
    const body = await expectStatus(await call.register({ body: { ...registration, email: "ADA@example.com" } }), 409, EMAIL_TAKEN_MESSAGE);
    expect(body.errors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(await countUsers()).toBe(1);
  });

  it("cannot be used to pick a role: the fields are refused with 422 naming them, and no account is made", async () => {
    const response = await call.register({ body: { ...registration, role: "Admin", isPremium: 1 } });
    const body = await expectStatus(response, 422);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", errors: { role: "Unknown field: remove it.", isPremium: "Unknown field: remove it." } });
    expect(await countUsers()).toBe(0);
  });

  it("answers other methods with 405", async () => {
    const get = await apiRegister.loader();
    await expectStatus(get, 405, "Method not allowed. Use POST.");
    expect(get.headers.get("Allow")).toBe("POST");
    const put = await call.register({ method: "PUT", body: registration });
    await expectStatus(put, 405);
    expect(put.headers.get("Allow")).toBe("POST");
    expect(await countUsers()).toBe(0);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in and sets a cookie usable by /api/auth/user", async () => {
    const { user, password } = await createUser({ email: "ada@example.com" });
    const response = await call.login({ body: { email: "Ada@Example.com", password } });
    expect(response.status).toBe(200);
    expect(await apiBody(response)).toMatchObject({ id: user.id, role: "User", onboardingResponse: null });
    const me = await call.user({ cookie: cookiePair(setCookieOf(response, "fm_session")) });
    expect(await apiBody(me)).toMatchObject({ id: user.id });
  });

  it("answers a wrong password and an unknown email alike with 401", async () => {
    const { user } = await createUser();
    const wrong = await call.login({ body: { email: user.email, password: "wrong-password" } });
    const unknown = await call.login({ body: { email: "nobody@example.com", password: "wrong-password" } });
    const [a, b] = [await expectStatus(wrong, 401), await expectStatus(unknown, 401)];
    expect(a).toEqual({ message: "Invalid email or password.", code: "UNAUTHENTICATED" });
    expect(b).toEqual(a);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
  });

  it.each([
    ["missing fields", {}, { email: "Invalid email address", password: "Password is required" }],
    ["wrong types", { email: 1, password: { $ne: "" } }, { email: "Invalid email address", password: "Password is required" }],
    ["arrays", { email: ["a@example.com"], password: ["x"] }, { email: "Invalid email address", password: "Password is required" }],
  ])("answers %s with 422 and a message per field", async (_label, body, errors) => {
    await expectFieldErrors(await call.login({ body }), errors);
  });

  it("answers malformed JSON with 400 and a 1 MB body with 413", async () => {
    await expectStatus(await call.login({ raw: "email=a@example.com&password=x" }), 400);
    await expectStatus(await call.login({ body: { email: "a@example.com", password: ONE_MB } }), 413);
  });

  it("answers other methods with 405", async () => {
    await expectStatus(await apiLogin.loader(), 405, "Method not allowed. Use POST.");
    const del = await call.login({ method: "DELETE" });
    await expectStatus(del, 405);
    expect(del.headers.get("Allow")).toBe("POST");
  });
});

describe("PUT /api/user/profile", () => {
  it("renames the signed-in user", async () => {
    const { user, cookie } = await createUser();
    const response = await call.profile({ cookie, body: { firstName: " Grace ", lastName: "Hopper" } });
    const body = await expectStatus(response, 200, "Your name has been updated successfully!");
    expect(body.user).toMatchObject({ id: user.id, firstName: "Grace", lastName: "Hopper" });
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
  });

  it.each([
    ["missing fields", {}, { firstName: "First name is required", lastName: "Last name is required" }],
    ["wrong types", { firstName: 5, lastName: null }, { firstName: "First name is required", lastName: "Last name is required" }],
    ["arrays", { firstName: ["Grace"], lastName: "Hopper" }, { firstName: "First name is required" }],
    ["blank names", { firstName: "  ", lastName: "" }, { firstName: "First name is required", lastName: "Last name is required" }],
    ["too long a name", { firstName: "G".repeat(101), lastName: "Hopper" }, { firstName: "Must be at most 100 characters" }],
  ])("answers %s with 422, changing nothing", async (_label, body, errors) => {
    const { user, cookie } = await createUser({ firstName: "Same", lastName: "Name" });
    await expectFieldErrors(await call.profile({ cookie, body }), errors);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same", lastName: "Name" });
  });

  it("answers malformed JSON with 400 and a 1 MB name with 413, changing nothing", async () => {
    const { user, cookie } = await createUser({ firstName: "Same" });
    await expectStatus(await call.profile({ cookie, raw: "{firstName: 'x'}" }), 400);
    await expectStatus(await call.profile({ cookie, body: { firstName: ONE_MB, lastName: "x" } }), 413);
    expect(await getUserById(user.id)).toMatchObject({ firstName: "Same" });
  });

  it("answers 401 when signed out and 405 to other methods", async () => {
    await expectStatus(await call.profile({ body: { firstName: "A", lastName: "B" } }), 401);
    const { cookie } = await createUser();
    const post = await call.profile({ method: "POST", cookie, body: { firstName: "A", lastName: "B" } });
    await expectStatus(post, 405, "Method not allowed. Use PUT.");
    expect(post.headers.get("Allow")).toBe("PUT");
    await expectStatus(await apiProfile.loader(), 405);
  });
});

describe("PUT /api/user/password", () => {
  it("changes the password", async () => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    await expectStatus(await call.password({ cookie, body: { currentPassword: "old-secret", newPassword: "new-secret" } }), 200);
    const login = await call.login({ body: { email: user.email, password: "new-secret" } });
    expect(login.status).toBe(200);
    await apiBody(login);
  });

  it("refuses a wrong current password with 422 on currentPassword", async () => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    const before = await getPasswordHashById(user.id);
    const body = await expectStatus(await call.password({ cookie, body: { currentPassword: "nope", newPassword: "new-secret" } }), 422, "Current password is incorrect");
    expect(body.errors).toEqual({ currentPassword: "Current password is incorrect" });
    expect(await getPasswordHashById(user.id)).toEqual(before);
  });

  it.each([
    ["missing fields", {}, { currentPassword: "Current password is required", newPassword: "New password must be at least 6 characters" }],
    ["a short new password", { currentPassword: "old-secret", newPassword: "12345" }, { newPassword: "New password must be at least 6 characters" }],
    ["wrong types", { currentPassword: 123456, newPassword: true }, { currentPassword: "Current password is required", newPassword: "New password must be at least 6 characters" }],
    [
      "arrays",
      { currentPassword: ["old-secret"], newPassword: ["new-secret"] },
      { currentPassword: "Current password is required", newPassword: "New password must be at least 6 characters" },
    ],
  ])("answers %s with 422, changing nothing", async (_label, body, errors) => {
    const { user, cookie } = await createUser({ password: "old-secret" });
    const before = await getPasswordHashById(user.id);
    await expectFieldErrors(await call.password({ cookie, body }), errors);
    expect(await getPasswordHashById(user.id)).toEqual(before);
  });

  it("answers malformed JSON with 400, a 1 MB password with 413, signed out 401, other methods 405", async () => {
    const { cookie } = await createUser({ password: "old-secret" });
    await expectStatus(await call.password({ cookie, raw: "not json" }), 400);
    await expectStatus(await call.password({ cookie, body: { currentPassword: "old-secret", newPassword: ONE_MB } }), 413);
    await expectStatus(await call.password({ body: { currentPassword: "old-secret", newPassword: "new-secret" } }), 401);
    const post = await call.password({ method: "POST", cookie, body: {} });
    await expectStatus(post, 405, "Method not allowed. Use PUT.");
    expect(post.headers.get("Allow")).toBe("PUT");
    await expectStatus(await apiPassword.loader(), 405);
  });
});

describe("admin API", () => {
  it("GET /api/admin/stats: admin 200 with the counts, user 403, signed out 401", async () => {
    const admin = await createAdmin();
    const member = await createUser();
    const ok = await call.stats({ cookie: admin.cookie });
    expect(ok.headers.get("Cache-Control")).toBe("private, max-age=30");
    expect(await expectStatus(ok, 200)).toEqual({ totalUsers: 2, benchmarks: expect.any(Number), flowMappings: expect.any(Number) });
    await expectStatus(await call.stats({ cookie: member.cookie }), 403, "Admin access required");
    await expectStatus(await call.stats(), 401);
  });

  it("GET /api/admin/onboarding-responses: admin 200 with the table, user 403, signed out 401", async () => {
    const admin = await createAdmin();
    const member = await createUser();
    await QuestionnaireResponseModel.create({ userId: member.user.id, companyName: "Acme", businessType: "Other", industry: "Fitness" });
    const body = await expectStatus(await call.responses({ cookie: admin.cookie }), 200);
    expect(body).toEqual({
      items: [expect.objectContaining({ userId: member.user.id, companyName: "Acme", businessType: "Other", industry: "Fitness", communicationChannels: "" })],
      total: 1,
      page: 1,
      pageSize: 50,
    });
    await expectStatus(await call.responses({ cookie: member.cookie }), 403, "Admin access required");
    await expectStatus(await call.responses(), 401);
  });
});
