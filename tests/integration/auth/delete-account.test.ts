/**
 * Deleting an account: by its owner (DELETE /api/user, the settings form without JavaScript),
 * confirmed with the password, or by an Admin (the Users page, DELETE /api/admin/users/{id}). Every
 * record of the account goes; the audit trail keeps the event without the email; the last Admin
 * cannot be deleted, also when two Admins delete each other at once.
 */
import mongoose from "mongoose";
import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, getRequest, jsonRequest, setCookieOf, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { onboardedUser, seedRules } = await import("../flows/helpers");
const userRoute = await import("~/routes/api+/user");
const adminUserRoute = await import("~/routes/api+/admin.users.$id");
const tokensRoute = await import("~/routes/api+/user.tokens");
const generate = await import("~/routes/api+/ai-flows.generate");
const regenerate = await import("~/routes/api+/ai-flows.$id.regenerate");
const content = await import("~/routes/api+/ai-flows.$id.content");
const metrics = await import("~/routes/api+/user-metrics");
const authUser = await import("~/routes/api+/auth.user");
const settings = await import("~/routes/_app+/user-settings");
const usersPage = await import("~/routes/_app+/admin.users");
const { ACCOUNT_COLLECTIONS, DELETED_USER_LABEL, SHARED_COLLECTIONS } = await import("~/models/account-records.server");
const { AuditLogModel } = await import("~/models/audit-log.server");
const { saveKlaviyoConnection } = await import("~/models/klaviyo-connection.server");
const { saveOnboardingDraft } = await import("~/models/onboarding-draft.server");
const { saveDraft } = await import("~/models/questionnaire-draft.server");
const { ScorecardViewModel } = await import("~/models/scorecard-view.server");
const { UserModel } = await import("~/models/user.server");
const { setUserAccessAsAdmin } = await import("~/services/admin/users.server");
const { createResetLinkAsAdmin } = await import("~/services/auth/password-reset.server");
const { LAST_ADMIN_DELETE_SELF_MESSAGE, PASSWORD_TO_DELETE_MESSAGE } = await import("~/services/auth/account-deletion.server");

await useTestDatabase({ clearBeforeEach: true });

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;
type Person = Awaited<ReturnType<typeof createUser>>;

function send(handler: Handler, path: string, options: Parameters<typeof jsonRequest>[1] = {}, params: Record<string, string> = {}) {
  return handler(args(jsonRequest(path, { method: "GET", ...options }), params));
}

const KLAVIYO_ACCOUNT = { listCount: 1, segmentCount: 0, metricCount: 1, listNames: ["Newsletter"], moreLists: false };

/** Gives the account a record in every collection the app keeps about a user. */
async function fillAccount(person: Person) {
  const { user, cookie } = person;
  const flow = await apiBody<{ id: string }>(
    await send(generate.action, "/api/ai-flows/generate", { method: "POST", cookie, body: { flowType: "onboarding" }, headers: { "Idempotency-Key": `fill-${user.id}` } }),
  );
  expect(
    (await send(regenerate.action, `/api/ai-flows/${flow.id}/regenerate`, { method: "POST", cookie, body: { feedback: "shorter please" } }, { id: flow.id })).status,
  ).toBeLessThan(300);
  expect((await send(content.action, `/api/ai-flows/${flow.id}/content`, { method: "POST", cookie }, { id: flow.id })).status).toBeLessThan(300);
  expect((await send(metrics.action, "/api/user-metrics", { method: "POST", cookie, body: { flowType: "onboarding", openRate: 4000 } })).status).toBe(200);
  expect((await send(tokensRoute.action, "/api/user/tokens", { method: "POST", cookie, body: { name: "script" } })).status).toBe(201);
  await saveKlaviyoConnection({ userId: user.id, sealedKey: "sealed", keyHint: "…abcd", accountTag: "tag", account: KLAVIYO_ACCOUNT, now: new Date() });
  await saveOnboardingDraft(user.id, { answers: { companyName: "Draft Co" }, step: 2 });
  await saveDraft({ userId: user.id }, { answers: { companyName: "Draft Co" }, step: 2 });
  await ScorecardViewModel.collection.insertOne({ _id: user.id as never, current: { score: 50, flows: {}, recommendationIds: [], at: new Date() }, previous: null });
  await createResetLinkAsAdmin({ actor: { id: "operator", email: "ops@example.com" }, id: user.id });
  // A wrong password first: the sign-in limit windows keyed by the email hold a record too.
  expect((await send(userRoute.action, "/api/user", { method: "DELETE", cookie, body: { password: "not it" } })).status).toBe(422);
}

/** Every document in the database that mentions `needle`, by collection. */
async function mentions(needle: string) {
  const found: Record<string, unknown[]> = {};
  const db = mongoose.connection.db!;
  for (const { name } of await db.listCollections().toArray()) {
    const docs = await db.collection(name).find({}).toArray();
    const hits = docs.filter((doc) => JSON.stringify(doc).toLowerCase().includes(needle.toLowerCase()));
    if (hits.length) found[name] = hits;
  }
  return found;
}

describe("DELETE /api/user", () => {
  it("removes every record of the account, leaves others' alone, and keeps the audit event without the email", async () => {
    await seedRules();
    const admin = await createAdmin();
    const leaving = await onboardedUser({ premium: true });
    const staying = await onboardedUser({ premium: true });
    // The account is named in the audit trail as the thing changed and as the one changing.
    await setUserAccessAsAdmin({ actor: admin.user, id: leaving.user.id, input: { role: "Admin" } });
    await setUserAccessAsAdmin({ actor: leaving.user, id: staying.user.id, input: { role: "Admin" } });
    await fillAccount(leaving);
    await fillAccount(staying);
    const before = await mentions(leaving.user.id);
    for (const collection of [
      "sessions",
      "api_tokens",
      "ai_generated_flows",
      "flow_contents",
      "klaviyo_connections",
      "idempotency_keys",
      "user_benchmark_metrics",
      "password_resets",
    ]) {
      expect(Object.keys(before), collection).toContain(collection);
    }
    // A flow's versions and messages are tied to it by the flow's id.
    const flowId = (await mongoose.connection.db!.collection("ai_generated_flows").findOne({ userId: leaving.user.id }))!._id as unknown as string;
    expect(Object.keys(await mentions(flowId))).toEqual(expect.arrayContaining(["ai_flow_versions", "ai_flow_messages"]));
    const staysBefore = await mentions(staying.user.id);

    const response = await send(userRoute.action, "/api/user", { method: "DELETE", cookie: leaving.cookie, body: { password: leaving.password } });
    expect(response.status).toBe(200);
    expect(setCookieOf(response, "fm_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expect(await mentions(leaving.user.email)).toEqual({});
    expect(await mentions(flowId)).toEqual({});
    // The id is left only in the audit trail, where it names nobody any more.
    const left = await mentions(leaving.user.id);
    expect(Object.keys(left)).toEqual(["audit_log"]);
    const entries = await AuditLogModel.find({ $or: [{ entityId: leaving.user.id }, { actorId: leaving.user.id }] }).lean();
    expect(entries.map((e) => e.action).sort()).toEqual(["delete", "reset_link", "role", "role"]);
    expect(entries.find((e) => e.action === "delete")).toMatchObject({ actorId: leaving.user.id, actorEmail: DELETED_USER_LABEL, entity: "user", label: DELETED_USER_LABEL });

    // The other account lost nothing but its mentions of the deleted one.
    const staysAfter = await mentions(staying.user.id);
    expect(Object.fromEntries(Object.entries(staysAfter).map(([name, docs]) => [name, docs.length]))).toEqual(
      Object.fromEntries(Object.entries(staysBefore).map(([name, docs]) => [name, docs.length])),
    );
    expect((await send(authUser.loader, "/api/auth/user", { cookie: staying.cookie })).status).toBe(200);
    expect((await send(authUser.loader, "/api/auth/user", { cookie: leaving.cookie })).status).toBe(401);
  });

  it("every collection of the app is either cleared by a deletion or holds no user's records", () => {
    const collections = mongoose.modelNames().map((name) => mongoose.model(name).collection.collectionName);
    const covered = new Set<string>([...ACCOUNT_COLLECTIONS, ...SHARED_COLLECTIONS]);
    expect(collections.filter((name) => !covered.has(name))).toEqual([]);
  });

  it("refuses a missing or wrong password with 422 at the field and deletes nothing", async () => {
    const person = await createUser();
    const missing = await send(userRoute.action, "/api/user", { method: "DELETE", cookie: person.cookie, body: {} });
    expect(missing.status).toBe(422);
    expect(await apiBody(missing)).toMatchObject({ message: PASSWORD_TO_DELETE_MESSAGE, errors: { password: PASSWORD_TO_DELETE_MESSAGE } });
    const wrong = await send(userRoute.action, "/api/user", { method: "DELETE", cookie: person.cookie, body: { password: "nope" } });
    expect(wrong.status).toBe(422);
    expect(await apiBody(wrong)).toMatchObject({ errors: { password: "Current password is incorrect" } });
    expect((await send(userRoute.action, "/api/user", { method: "DELETE", cookie: person.cookie, body: { password: "x", confirm: true } })).status).toBe(422);
    expect(await UserModel.countDocuments({ _id: person.user.id })).toBe(1);
    expect((await send(userRoute.action, "/api/user", { method: "DELETE", body: { password: person.password } })).status).toBe(401);
  });

  it("the last Admin cannot delete the account (409 LAST_ADMIN); with another Admin it can", async () => {
    const only = await createAdmin();
    const refused = await send(userRoute.action, "/api/user", { method: "DELETE", cookie: only.cookie, body: { password: only.password } });
    expect(refused.status).toBe(409);
    expect(await apiBody(refused)).toEqual({ message: LAST_ADMIN_DELETE_SELF_MESSAGE, code: "LAST_ADMIN" });
    await createAdmin();
    expect((await send(userRoute.action, "/api/user", { method: "DELETE", cookie: only.cookie, body: { password: only.password } })).status).toBe(200);
  });
});

describe("Delete my account on /user-settings (a plain form post)", () => {
  const post = (cookie: string, fields: Record<string, string>) => settings.action(args(formRequest("/user-settings", fields, { cookie })));

  it("a wrong password is refused at the field; the right one deletes, signs out and goes home with a toast", async () => {
    const person = await createUser();
    const wrong = await post(person.cookie, { intent: "delete-account", password: "nope" });
    expect(statusOf(wrong)).toBe(422);
    expect(dataOf(wrong)).toMatchObject({ intent: "delete-account", result: { status: "error", error: { password: ["Current password is incorrect"] } } });
    expect(await UserModel.countDocuments({ _id: person.user.id })).toBe(1);

    const done = (await post(person.cookie, { intent: "delete-account", password: person.password })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(await toastOf(done)).toMatchObject({ title: "Account deleted" });
    expect(setCookieOf(done, "fm_session")).toBeTruthy();
    expect(await UserModel.countDocuments({ _id: person.user.id })).toBe(0);
  });
});

describe("an Admin deletes a user", () => {
  it("from the Users page: a confirmation dialog, then the account is gone and the table says so", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const page = dataOf(await usersPage.loader(args(getRequest(`/admin/users?dialog=delete&id=${person.user.id}`, { cookie: admin.cookie })))) as {
      dialog: string;
      selected: { email: string };
    };
    expect(page).toMatchObject({ dialog: "delete", selected: { email: person.user.email } });
    const done = (await usersPage.action(
      args(formRequest(`/admin/users?dialog=delete&id=${person.user.id}`, { intent: "delete", id: person.user.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/users");
    expect(await toastOf(done)).toMatchObject({ description: `${person.user.email} and everything in the account were deleted.` });
    expect(await UserModel.countDocuments({ _id: person.user.id })).toBe(0);
    expect(await AuditLogModel.findOne({ action: "delete", entityId: person.user.id }).lean()).toMatchObject({ actorEmail: admin.user.email, label: DELETED_USER_LABEL });
  });

  it("the last Admin cannot be deleted, from the page or the API; a User cannot delete anyone", async () => {
    const admin = await createAdmin();
    const refused = await usersPage.action(args(formRequest("/admin/users", { intent: "delete", id: admin.user.id }, { cookie: admin.cookie })));
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused)).toMatchObject({ intent: "delete", message: LAST_ADMIN_DELETE_SELF_MESSAGE });
    const person = await createUser();
    expect((await send(adminUserRoute.action, `/api/admin/users/${person.user.id}`, { method: "DELETE", cookie: person.cookie }, { id: admin.user.id })).status).toBe(403);
    expect(await thrownBy(usersPage.action(args(formRequest("/admin/users", { intent: "delete", id: admin.user.id }, { cookie: person.cookie }))))).toBeInstanceOf(Response);
    expect(await UserModel.countDocuments({ _id: admin.user.id })).toBe(1);
  });

  it("two Admins deleting each other at once: exactly one account goes, one Admin remains (8 rounds)", async () => {
    for (let round = 0; round < 8; round++) {
      await UserModel.updateMany({}, { $set: { role: "User" } });
      const [a, b] = [await createAdmin(), await createAdmin()];
      const remove = (actor: Person, target: Person) =>
        send(adminUserRoute.action, `/api/admin/users/${target.user.id}`, { method: "DELETE", cookie: actor.cookie }, { id: target.user.id });
      const statuses = (await Promise.all([remove(a, b), remove(b, a)])).map((r) => r.status).sort();
      // The second either finds itself the last Admin (409) or was deleted first, so signed out (401).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await UserModel.countDocuments({ role: "Admin" })).toBe(1);
    }
  });
});
