import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin } = await import("../../support/factories");
const { apiBody, args, formRequest, jsonRequest, settle, statusOf } = await import("../../support/requests");
const apiUser = await import("~/routes/api+/admin.users.$id");
const { action: usersPage } = await import("~/routes/_app+/admin.users");
const { UserModel } = await import("~/models/user.server");
const { LockModel } = await import("~/models/lock.server");
const { LAST_ADMIN_MESSAGE, LAST_OTHER_ADMIN_MESSAGE } = await import("~/services/admin/users.server");

await useTestDatabase({ clearBeforeEach: true });

const ROUNDS = 8;
type Admin = Awaited<ReturnType<typeof createAdmin>>;

/** `actor` takes the Admin role from `target` through the API. */
async function demote(actor: Admin, target: Admin) {
  const request = jsonRequest(`/api/admin/users/${target.user.id}`, { method: "PATCH", cookie: actor.cookie, body: { role: "User" } });
  const response = await apiUser.action(args(request, { id: target.user.id }));
  return { status: response.status, body: await apiBody<{ message?: string; code?: string }>(response) };
}

const adminCount = () => UserModel.countDocuments({ role: "Admin" });
/** A fresh start for a round: nobody from an earlier round is an Admin any more. */
const newRound = () => UserModel.updateMany({}, { $set: { role: "User" } });

describe("the last-Admin rule under concurrency", () => {
  it(`two Admins demoting each other at once: exactly one succeeds, the other gets 409, one Admin remains (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await newRound();
      const [a, b] = [await createAdmin(), await createAdmin()];
      const results = await Promise.all([demote(a, b), demote(b, a)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expect(refused.body).toEqual({ message: LAST_OTHER_ADMIN_MESSAGE, code: "LAST_ADMIN" });
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });

  it(`never both refused when neither is the last: three Admins, two demotions at once, both succeed (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await newRound();
      const [a, b, c] = [await createAdmin(), await createAdmin(), await createAdmin()];
      const results = await Promise.all([demote(a, b), demote(b, c)]);
      expect(
        results.map((r) => r.status),
        `round ${round}`,
      ).toEqual([200, 200]);
      expect(await adminCount()).toBe(1);
      expect((await UserModel.findById(a.user.id).lean())?.role).toBe("Admin");
    }
  });

  it(`two Admins each giving up their own role at once: one does, the last keeps it (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await newRound();
      const [a, b] = [await createAdmin(), await createAdmin()];
      const results = await Promise.all([demote(a, a), demote(b, b)]);
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body).toEqual({ message: LAST_ADMIN_MESSAGE, code: "LAST_ADMIN" });
      expect(await adminCount()).toBe(1);
    }
  });

  it("a burst of five Admins demoting one another through the API and the page form leaves exactly one Admin", async () => {
    for (let round = 0; round < 2; round++) {
      await newRound();
      const admins = await Promise.all(Array.from({ length: 5 }, () => createAdmin()));
      // Each demotes the next, in a ring: at most four can succeed.
      const page = (actor: Admin, target: Admin) =>
        settle(usersPage(args(formRequest("/admin/users", { intent: "set-role", id: target.user.id, role: "User" }, { cookie: actor.cookie }))));
      const results = await Promise.all(
        admins.map((actor, i) => (i % 2 === 0 ? demote(actor, admins[(i + 1) % 5]!).then((r) => r.status) : page(actor, admins[(i + 1) % 5]!).then(statusOf))),
      );
      expect(await adminCount(), `round ${round}: ${results.join(",")}`).toBe(1);
      // Every refusal was a 409 (the API) or the page's answer to it, never a 500.
      for (const status of results) expect([200, 302, 303, 409]).toContain(status);
    }
  });

  it("the lock is released after every change, refused or not, and a lease left by a crashed process runs out", async () => {
    const [a, b] = [await createAdmin(), await createAdmin()];
    expect((await demote(a, a)).status).toBe(200);
    expect((await demote(b, b)).status).toBe(409);
    expect(await LockModel.findById("admin-role").lean()).toMatchObject({ holder: null });
    // A holder that died mid-change: its lease has run out, so the next change goes ahead.
    await LockModel.updateOne({ _id: "admin-role" }, { $set: { holder: "crashed", until: new Date(Date.now() - 1) } });
    const c = await createAdmin();
    expect((await demote(b, c)).status).toBe(200);
    expect(await adminCount()).toBe(1);
  });
});
