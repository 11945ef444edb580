import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { args, expectRedirect, formRequest, settle } = await import("../../support/requests");
const { call, onboardedUser, seedRules } = await import("./helpers");
const flows = await import("~/services/flows/flows.server");
const { action: pageAction } = await import("~/routes/_app+/flow-mappings");
const generateRoute = await import("~/routes/api+/ai-flows.generate");
const flowRoute = await import("~/routes/api+/ai-flows.$id");
const versionsRoute = await import("~/routes/api+/ai-flows.$id.versions");
const rollbackRoute = await import("~/routes/api+/ai-flows.$id.versions.$versionId.rollback");
const touchpointRoute = await import("~/routes/api+/touchpoints.$id");
const exportRoute = await import("~/routes/api+/ai-flows.$id.export");
const { AiGeneratedFlowModel } = await import("~/models/ai-generated-flow.server");
const { AiFlowVersionModel } = await import("~/models/ai-flow-history.server");
const { UserModel } = await import("~/models/user.server");
const { PREMIUM_FLOW_MESSAGE } = await import("~/lib/flows/types");

await useTestDatabase({ clearBeforeEach: true });

const PREMIUM_REFUSAL = { message: PREMIUM_FLOW_MESSAGE, code: "PREMIUM_REQUIRED" };

/**
 * A premium user with a flow of a premium type (and of a free one), regenerated once so there is
 * a version to roll back to; then premium is revoked.
 */
async function revokedWithFlows() {
  await seedRules();
  const account = await onboardedUser({ premium: true });
  const asPremium = { id: account.user.id, isPremium: true };
  const premiumFlow = await flows.generateFlow({ user: asPremium, input: { flowType: "abandoned_cart" } });
  await flows.regenerateFlow({ user: asPremium, flowId: premiumFlow.id, input: { feedback: "shorter" } });
  const freeFlow = await flows.generateFlow({ user: asPremium, input: { flowType: "onboarding" } });
  await flows.regenerateFlow({ user: asPremium, flowId: freeFlow.id, input: { feedback: "shorter" } });
  await UserModel.updateOne({ _id: account.user.id }, { $set: { isPremium: 0 } });
  const [premiumVersion] = await flows.listVersions({ userId: account.user.id, flowId: premiumFlow.id });
  const [freeVersion] = await flows.listVersions({ userId: account.user.id, flowId: freeFlow.id });
  // The flows as they are now (regenerating replaced their touchpoints).
  const current = (flowId: string) => flows.getFlow({ userId: account.user.id, flowId });
  return { ...account, premiumFlow: await current(premiumFlow.id), freeFlow: await current(freeFlow.id), premiumVersion: premiumVersion!, freeVersion: freeVersion! };
}

async function snapshot(flowId: string) {
  const flow = await AiGeneratedFlowModel.findById(flowId).lean();
  return { flow, versions: await AiFlowVersionModel.countDocuments({ flowId }) };
}

const edit = (tp: { title: string; primaryGoal: string; keyMessages: string; callToAction: string; delayDays: number }) => ({
  title: `${tp.title} (edited)`,
  primaryGoal: tp.primaryGoal,
  keyMessages: tp.keyMessages,
  callToAction: tp.callToAction,
  delayDays: tp.delayDays,
});

describe("after premium is revoked, a premium flow type's flow is read-only (API)", () => {
  it("rollback and touchpoint edits and deletes answer 402 PREMIUM_REQUIRED, the same answer as generate; nothing changes", async () => {
    const { cookie, premiumFlow, premiumVersion } = await revokedWithFlows();
    const before = await snapshot(premiumFlow.id);

    const generate = await call(generateRoute.action, "/api/ai-flows/generate", { method: "POST", cookie, body: { flowType: "upsell" } });
    expect(generate).toMatchObject({ status: 402, body: PREMIUM_REFUSAL });

    const tp = premiumFlow.touchpoints[0]!;
    const answers = [
      await call(rollbackRoute.action, `/api/ai-flows/${premiumFlow.id}/versions/${premiumVersion.id}/rollback`, {
        method: "POST",
        cookie,
        params: { id: premiumFlow.id, versionId: premiumVersion.id },
      }),
      await call(touchpointRoute.action, `/api/touchpoints/${tp.id}`, { method: "PUT", cookie, body: edit(tp), params: { id: tp.id } }),
      await call(touchpointRoute.action, `/api/touchpoints/${tp.id}`, { method: "DELETE", cookie, params: { id: tp.id } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual(generate.body);
    }
    expect(await snapshot(premiumFlow.id)).toEqual(before);
  });

  it("the flow stays readable and exportable", async () => {
    const { cookie, premiumFlow } = await revokedWithFlows();
    const read = await call(flowRoute.loader, `/api/ai-flows/${premiumFlow.id}`, { cookie, params: { id: premiumFlow.id } });
    expect(read).toMatchObject({ status: 200, body: { id: premiumFlow.id, flowType: "abandoned_cart" } });
    expect((await call(versionsRoute.loader, `/api/ai-flows/${premiumFlow.id}/versions`, { cookie, params: { id: premiumFlow.id } })).status).toBe(200);
    const exported = await exportRoute.loader(
      args(new Request(`http://127.0.0.1:3000/api/ai-flows/${premiumFlow.id}/export?format=json`, { headers: { Cookie: cookie } }), { id: premiumFlow.id }),
    );
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(premiumFlow.id);
  });

  it("a free flow type's flow stays editable", async () => {
    const { cookie, freeFlow, freeVersion } = await revokedWithFlows();
    const tp = freeFlow.touchpoints[0]!;
    expect((await call(touchpointRoute.action, `/api/touchpoints/${tp.id}`, { method: "PUT", cookie, body: edit(tp), params: { id: tp.id } })).status).toBe(200);
    const rolledBack = await call(rollbackRoute.action, `/api/ai-flows/${freeFlow.id}/versions/${freeVersion.id}/rollback`, {
      method: "POST",
      cookie,
      params: { id: freeFlow.id, versionId: freeVersion.id },
    });
    expect(rolledBack.status).toBe(200);
  });

  it("someone else's flow is still a 404, never a 402 that would confirm it exists", async () => {
    const { premiumFlow, premiumVersion } = await revokedWithFlows();
    const stranger = await onboardedUser();
    const tp = premiumFlow.touchpoints[0]!;
    expect((await call(touchpointRoute.action, `/api/touchpoints/${tp.id}`, { method: "DELETE", cookie: stranger.cookie, params: { id: tp.id } })).status).toBe(404);
    const rollback = await call(rollbackRoute.action, `/api/ai-flows/${premiumFlow.id}/versions/${premiumVersion.id}/rollback`, {
      method: "POST",
      cookie: stranger.cookie,
      params: { id: premiumFlow.id, versionId: premiumVersion.id },
    });
    expect(rollback.status).toBe(404);
  });
});

describe("after premium is revoked, the flow mappings page forms (no JavaScript)", () => {
  it("answer rollback, touchpoint save and delete as generate: the upgrade dialog, nothing changed", async () => {
    const { cookie, premiumFlow, premiumVersion } = await revokedWithFlows();
    const before = await snapshot(premiumFlow.id);
    const page = "/flow-mappings?type=abandoned_cart";
    const upgrade = "/flow-mappings?type=abandoned_cart&upgrade=1";
    const post = (fields: Record<string, string>) => settle(pageAction(args(formRequest(page, fields, { cookie }))));

    expectRedirect((await post({ intent: "generate" })) as Response, upgrade);
    const tp = premiumFlow.touchpoints[0]!;
    const forms: Array<Record<string, string>> = [
      { intent: "rollback", flowId: premiumFlow.id, versionId: premiumVersion.id },
      { intent: "update-touchpoint", touchpointId: tp.id, ...Object.fromEntries(Object.entries(edit(tp)).map(([k, v]) => [k, String(v)])) },
      { intent: "delete-touchpoint", touchpointId: tp.id },
    ];
    for (const fields of forms) expectRedirect((await post(fields)) as Response, upgrade);
    expect(await snapshot(premiumFlow.id)).toEqual(before);
  });
});
