import { describe, expect, it } from "vitest";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { createFlowRule, FlowRuleModel, updateFlowRule } from "~/models/flow-rule.server";
import { UserModel } from "~/models/user.server";
import { SERVER_FIELD_MESSAGE } from "~/web/server-fields.server";
import * as byType from "~/routes/api+/flow-types.$flowType.ai-flow";
import * as flowRoute from "~/routes/api+/ai-flows.$id";
import * as messagesRoute from "~/routes/api+/ai-flows.$id.messages";
import * as regenerateRoute from "~/routes/api+/ai-flows.$id.regenerate";
import * as versionsRoute from "~/routes/api+/ai-flows.$id.versions";
import * as rollbackRoute from "~/routes/api+/ai-flows.$id.versions.$versionId.rollback";
import * as generateRoute from "~/routes/api+/ai-flows.generate";
import * as touchpointRoute from "~/routes/api+/touchpoints.$id";
import type { FlowView, MessageView, TouchpointView, VersionView } from "~/lib/flows/types";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createUser } from "../../support/factories";
import { GLOW_STUDIO, LEDGERLY } from "../../unit/flows/businesses";
import { call, onboardedUser, seedRules } from "./helpers";

// Cheaper password hashing for the accounts these tests create.
useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });
await useTestDatabase({ clearBeforeEach: true });

const FLOW_KEYS = [
  "id",
  "flowType",
  "companyName",
  "flowOverview",
  "quickNotes",
  "regenerationCount",
  "customContext",
  "model",
  "versionCount",
  "touchpoints",
  "createdAt",
  "updatedAt",
].sort();
const TOUCHPOINT_KEYS = [
  "id",
  "flowId",
  "stepNumber",
  "stepType",
  "title",
  "delayDays",
  "timing",
  "offsetMinutes",
  "primaryGoal",
  "keyMessages",
  "callToAction",
  "sendWindow",
  "createdAt",
].sort();

async function generate(cookie: string, body: unknown = { flowType: "onboarding", customContext: "" }) {
  return call(generateRoute.action, "/api/ai-flows/generate", { method: "POST", body, cookie });
}

async function generated(cookie: string, flowType = "onboarding") {
  const { status, body } = await generate(cookie, { flowType });
  expect(status).toBe(201);
  return body as FlowView;
}

const regenerate = (cookie: string, id: string, body: unknown) => call(regenerateRoute.action, `/api/ai-flows/${id}/regenerate`, { method: "POST", body, cookie, params: { id } });
/** A first page's items, once the answer is checked to be the whole list in the list shape. */
function itemsOf<T>(answer: Awaited<ReturnType<typeof call>>) {
  if (answer.status !== 200) return answer;
  const page = answer.body as { items: T[]; total: number; page: number; pageSize: number };
  expect(page).toEqual({ items: expect.any(Array), total: page.items.length, page: 1, pageSize: 50 });
  return { ...answer, body: page.items };
}
/** The versions, newest first (as the page holds them). */
const versions = async (cookie: string, id: string) => itemsOf<VersionView>(await call(versionsRoute.loader, `/api/ai-flows/${id}/versions`, { cookie, params: { id } }));
/** The conversation, which the page holds newest first, in the order it was held (oldest first). */
const messages = async (cookie: string, id: string) => {
  const answer = itemsOf<MessageView>(await call(messagesRoute.loader, `/api/ai-flows/${id}/messages`, { cookie, params: { id } }));
  if (answer.status !== 200) return answer;
  const newestFirst = answer.body as MessageView[];
  expect(newestFirst.map((m) => m.sequence)).toEqual(newestFirst.map((m) => m.sequence).sort((a, b) => b - a));
  return { ...answer, body: newestFirst.toReversed() };
};
const rollback = (cookie: string, id: string, versionId: string) =>
  call(rollbackRoute.action, `/api/ai-flows/${id}/versions/${versionId}/rollback`, { method: "POST", cookie, params: { id, versionId } });
const listByType = (cookie: string | undefined, flowType: string) => call(byType.loader, `/api/flow-types/${flowType}/ai-flow`, { cookie, params: { flowType } });
/** The fields a touchpoint edit sends. */
const editOf = (tp: TouchpointView) => ({ title: tp.title, primaryGoal: tp.primaryGoal, keyMessages: tp.keyMessages, callToAction: tp.callToAction, delayDays: tp.delayDays });
const editTouchpoint = (cookie: string, id: string, body: unknown) => call(touchpointRoute.action, `/api/touchpoints/${id}`, { method: "PUT", body, cookie, params: { id } });
const deleteTouchpoint = (cookie: string, id: string) => call(touchpointRoute.action, `/api/touchpoints/${id}`, { method: "DELETE", cookie, params: { id } });
const deleteFlow = (cookie: string, id: string) => call(flowRoute.action, `/api/ai-flows/${id}`, { method: "DELETE", cookie, params: { id } });

describe("POST /api/ai-flows/generate", () => {
  it("answers 201 with the flow in the spec's shape, written for the business", async () => {
    await seedRules();
    const { cookie } = await onboardedUser();
    const { status, body } = await generate(cookie, { flowType: "lead_nurture", customContext: "" });
    expect(status).toBe(201);
    const flow = body as FlowView;
    expect(Object.keys(flow).sort()).toEqual(FLOW_KEYS);
    expect(flow).toMatchObject({ flowType: "lead_nurture", companyName: "Leaf & Kettle", regenerationCount: 0, versionCount: 0, model: "offline-rules-v2", customContext: "" });
    expect(flow.touchpoints.map((tp) => tp.stepNumber)).toEqual(flow.touchpoints.map((_, i) => i + 1));
    for (const tp of flow.touchpoints) {
      expect(Object.keys(tp).sort()).toEqual(TOUCHPOINT_KEYS);
      expect(tp.sendWindow).toEqual(tp.stepType === "SMS" ? { start: "08:00", end: "21:00" } : null);
    }
    expect(flow.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(true);
    expect(flow.flowOverview).toContain("Leaf & Kettle");
  });

  it("refuses a second flow of the same type with 409, telling to regenerate", async () => {
    const { cookie } = await onboardedUser();
    await generated(cookie);
    const { status, body } = await generate(cookie);
    expect(status).toBe(409);
    expect(body).toEqual({ message: "A flow of this type already exists. Regenerate it instead.", code: "FLOW_EXISTS" });
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(1);
  });

  it("422 naming flowType for an unknown or missing flow type, 422 for an over-long context, 405 for GET", async () => {
    const { cookie } = await onboardedUser();
    expect(await generate(cookie, { flowType: "winback" })).toMatchObject({
      status: 422,
      body: { message: "Unknown flow type.", code: "VALIDATION_FAILED", errors: { flowType: "Unknown flow type." } },
    });
    expect(await generate(cookie, {})).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: { flowType: "Flow type is required." } } });
    expect(await generate(cookie, { flowType: "onboarding", customContext: "x".repeat(10_001) })).toMatchObject({
      status: 422,
      body: { errors: { customContext: "Context must be at most 10000 characters." } },
    });
    expect((await call(generateRoute.loader, "/api/ai-flows/generate", { cookie })).status).toBe(405);
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
  });

  it("409 ONBOARDING_REQUIRED without an onboarding response", async () => {
    const { cookie } = await createUser();
    const { status, body } = await generate(cookie);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: "ONBOARDING_REQUIRED" });
  });

  it.each(["abandoned_cart", "upsell", "sunset"])("402 PREMIUM_REQUIRED for %s without premium; premium users get it", async (flowType) => {
    const free = await onboardedUser();
    const { status, body } = await generate(free.cookie, { flowType });
    expect(status).toBe(402);
    expect(body).toEqual({ message: "This flow type needs a premium subscription. Upgrade to generate it.", code: "PREMIUM_REQUIRED" });
    const premium = await onboardedUser({ premium: true });
    expect((await generate(premium.cookie, { flowType })).status).toBe(201);
    expect(await AiGeneratedFlowModel.countDocuments({ userId: free.user.id })).toBe(0);
  });
});

describe("GET /api/flow-types/{flowType}/ai-flow", () => {
  it("lists nothing, then the one flow with its touchpoints in step order and never its history", async () => {
    const { cookie } = await onboardedUser();
    expect(await listByType(cookie, "onboarding")).toMatchObject({ status: 200, body: [] });
    const flow = await generated(cookie);
    await regenerate(cookie, flow.id, { feedback: "friendlier" });
    const { body } = await listByType(cookie, "onboarding");
    const list = body as FlowView[];
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual(FLOW_KEYS);
    expect(list[0]!.versionCount).toBe(1);
    expect(list[0]!.touchpoints.map((tp) => tp.stepNumber)).toEqual([1, 2, 3, 4, 5]);
  });

  it("400 for an unknown type, 401 signed out, and another user's flow is not listed", async () => {
    const owner = await onboardedUser();
    await generated(owner.cookie);
    const other = await onboardedUser();
    expect(await listByType(other.cookie, "onboarding")).toMatchObject({ status: 200, body: [] });
    expect((await listByType(other.cookie, "nope")).status).toBe(400);
    expect((await listByType(undefined, "onboarding")).status).toBe(401);
  });
});

describe("regenerate, versions, messages and rollback", () => {
  it("saves the current content as version 1, logs the feedback and the explanation, and replaces the content", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const { status, body } = await regenerate(cookie, flow.id, { feedback: "  add a 15% discount  " });
    expect(status).toBe(200);
    const result = body as { applied: boolean; flow: FlowView; previousVersion: { id: string; versionNumber: number }; explanation: string };
    expect(Object.keys(result).sort()).toEqual(["applied", "explanation", "flow", "previousVersion"]);
    expect(result.applied).toBe(true);
    expect(result.previousVersion.versionNumber).toBe(1);
    expect(result.flow).toMatchObject({ regenerationCount: 1, versionCount: 1 });
    expect(result.flow.touchpoints.at(-1)!.callToAction).toBe("Claim 15% off");

    const saved = (await versions(cookie, flow.id)).body as VersionView[];
    expect(saved).toHaveLength(1);
    expect(Object.keys(saved[0]!).sort()).toEqual(["createdAt", "customContext", "flowOverview", "id", "model", "promptType", "quickNotes", "touchpoints", "versionNumber"]);
    expect(saved[0]).toMatchObject({ id: result.previousVersion.id, versionNumber: 1, promptType: "generate", model: "offline-rules-v2" });
    expect(saved[0]!.touchpoints).toEqual(flow.touchpoints);

    const conversation = (await messages(cookie, flow.id)).body as MessageView[];
    expect(conversation.map((m) => [m.role, m.sequence, m.versionId])).toEqual([
      ["user", 1, result.previousVersion.id],
      ["assistant", 2, result.previousVersion.id],
    ]);
    expect(conversation[0]!.content).toBe("add a 15% discount");
    expect(conversation[1]!.content).toContain("put your own offer, 15% off the first order");
    expect(result.explanation).toBe(conversation[1]!.content);
  });

  it("a note nothing in which can be acted on: 200 with applied false, no version, the flow as it was, the note kept whole", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const note = "Please make it pop, the way our founder Ana talks at the market stall on Saturdays.";
    const { status, body } = await regenerate(cookie, flow.id, { feedback: note });
    expect(status).toBe(200);
    const result = body as { applied: boolean; flow: FlowView; previousVersion: null; explanation: string };
    expect(Object.keys(result).sort()).toEqual(["applied", "explanation", "flow", "previousVersion"]);
    expect(result).toMatchObject({ applied: false, previousVersion: null });
    expect(result.flow).toMatchObject({ regenerationCount: 0, versionCount: 0, flowOverview: flow.flowOverview, touchpoints: flow.touchpoints });
    expect(result.flow.quickNotes.split("\n")).toContain(`Your note: ${note}`);
    expect((await versions(cookie, flow.id)).body).toEqual([]);
    const conversation = (await messages(cookie, flow.id)).body as MessageView[];
    expect(conversation.map((m) => [m.role, m.content, m.versionId])).toEqual([
      ["user", note, null],
      ["assistant", result.explanation, null],
    ]);
  });

  it("422 for empty or blank feedback, with nothing written", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    for (const body of [{ feedback: "   " }, {}, { feedback: "" }]) {
      expect(await regenerate(cookie, flow.id, body)).toMatchObject({
        status: 422,
        body: { message: "Please provide feedback to improve your flow.", errors: { feedback: "Please provide feedback to improve your flow." } },
      });
    }
    expect((await versions(cookie, flow.id)).body).toEqual([]);
    expect((await messages(cookie, flow.id)).body).toEqual([]);
  });

  it("402 when a user who lost premium regenerates a premium flow", async () => {
    const { cookie, user } = await onboardedUser({ premium: true });
    const flow = await generated(cookie, "upsell");
    await UserModel.updateOne({ _id: user.id }, { $set: { isPremium: 0 } });
    expect(await regenerate(cookie, flow.id, { feedback: "shorter" })).toMatchObject({ status: 402, body: { code: "PREMIUM_REQUIRED" } });
  });

  it("rolls back: backs up the current state, restores the version with its touchpoint ids, records a system message", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const first = ((await regenerate(cookie, flow.id, { feedback: "drop step 2" })).body as { flow: FlowView }).flow;
    await regenerate(cookie, flow.id, { feedback: "more urgency" });
    const list = (await versions(cookie, flow.id)).body as VersionView[];
    expect(list.map((v) => v.versionNumber)).toEqual([2, 1]);

    const { status, body } = await rollback(cookie, flow.id, list[1]!.id);
    expect(status).toBe(200);
    const result = body as { flow: FlowView; rolledBackToVersion: { id: string; versionNumber: number }; backupVersion: { id: string; versionNumber: number } };
    expect(result.rolledBackToVersion).toEqual({ id: list[1]!.id, versionNumber: 1 });
    expect(result.backupVersion.versionNumber).toBe(3);
    expect(result.flow.touchpoints).toEqual(flow.touchpoints);
    expect(result.flow).toMatchObject({ versionCount: 3, regenerationCount: 2 });

    const after = (await versions(cookie, flow.id)).body as VersionView[];
    expect(after.map((v) => v.versionNumber)).toEqual([3, 2, 1]);
    // Each touchpoint keeps its id in the version it was saved into.
    expect(after[1]!.touchpoints.map((tp) => tp.id)).toEqual(first.touchpoints.map((tp) => tp.id));
    const conversation = (await messages(cookie, flow.id)).body as MessageView[];
    expect(conversation.at(-1)).toMatchObject({
      role: "system",
      versionId: result.backupVersion.id,
      content: "Rolled back to version 1. The content it replaced was saved as version 3.",
    });
    expect(conversation.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5]);
  });

  it("404 for a version of another flow and for another user's flow, versions and messages", async () => {
    const { cookie } = await onboardedUser({ premium: true });
    const a = await generated(cookie, "onboarding");
    const b = await generated(cookie, "upsell");
    await regenerate(cookie, b.id, { feedback: "shorter" });
    const bVersion = ((await versions(cookie, b.id)).body as VersionView[])[0]!;
    expect(await rollback(cookie, a.id, bVersion.id)).toMatchObject({ status: 404, body: { message: "Version not found." } });

    const stranger = await onboardedUser({ premium: true });
    expect((await rollback(stranger.cookie, b.id, bVersion.id)).status).toBe(404);
    expect((await versions(stranger.cookie, b.id)).status).toBe(404);
    expect((await messages(stranger.cookie, b.id)).status).toBe(404);
    expect((await regenerate(stranger.cookie, b.id, { feedback: "shorter" })).status).toBe(404);
    expect((await call(flowRoute.loader, `/api/ai-flows/${b.id}`, { cookie: stranger.cookie, params: { id: b.id } })).status).toBe(404);
    expect((await deleteFlow(stranger.cookie, b.id)).status).toBe(404);
    expect((await versions(cookie, "no-such-flow")).status).toBe(404);
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(2);
  });
});

describe("touchpoints", () => {
  it("edits the text, trims it, and a new delay moves the timing and keeps the steps in time order", async () => {
    const { cookie } = await onboardedUser({ answers: LEDGERLY });
    const flow = await generated(cookie);
    const second = flow.touchpoints[1]!;
    const { status, body } = await editTouchpoint(cookie, second.id, { title: "  New title ", primaryGoal: "Goal", keyMessages: "• One", callToAction: "Go", delayDays: 20 });
    expect(status).toBe(200);
    const edited = body as TouchpointView;
    expect(edited).toMatchObject({
      id: second.id,
      title: "New title",
      delayDays: 20,
      offsetMinutes: 28_800,
      timing: { type: "offset", minutes: 28_800 },
      stepNumber: flow.touchpoints.length,
    });
    const [current] = (await listByType(cookie, "onboarding")).body as FlowView[];
    expect(current!.touchpoints.map((tp) => tp.id)).toEqual([flow.touchpoints[0]!.id, ...flow.touchpoints.slice(2).map((tp) => tp.id), second.id]);
    const offsets = current!.touchpoints.map((tp) => tp.offsetMinutes ?? 0);
    expect(offsets).toEqual([...offsets].sort((x, y) => x - y));
  });

  it("keeps the timing when the delay is unchanged; a delay that is not a whole number of days in range is a 422", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const second = flow.touchpoints[1]!;
    const same = (await editTouchpoint(cookie, second.id, { ...editOf(second), delayDays: second.delayDays })).body as TouchpointView;
    expect(same.timing).toEqual(second.timing);
    for (const delayDays of ["soon", "2", 1.5, -1, 366, null, true]) {
      const refused = await editTouchpoint(cookie, second.id, { ...editOf(second), delayDays });
      expect(refused, JSON.stringify(delayDays)).toMatchObject({
        status: 422,
        body: { code: "VALIDATION_FAILED", errors: { delayDays: "Delay must be a whole number of days from 0 to 365." } },
      });
    }
    expect(await editTouchpoint(cookie, second.id, { ...editOf(second), id: "x", stepNumber: 9 })).toMatchObject({
      status: 422,
      body: { errors: { id: SERVER_FIELD_MESSAGE, stepNumber: SERVER_FIELD_MESSAGE } },
    });
    const [stored] = (await listByType(cookie, "onboarding")).body as FlowView[];
    expect(stored!.touchpoints[1]).toMatchObject({ id: second.id, delayDays: second.delayDays, timing: second.timing });
  });

  it("422 'All touchpoint fields are required.' when a field is blank after trimming", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const tp = flow.touchpoints[0]!;
    for (const field of ["title", "primaryGoal", "keyMessages", "callToAction"]) {
      const response = await editTouchpoint(cookie, tp.id, { ...editOf(tp), [field]: "   " });
      expect(response).toMatchObject({ status: 422, body: { message: "All touchpoint fields are required.", errors: { [field]: "All touchpoint fields are required." } } });
    }
    expect((await listByType(cookie, "onboarding")).body).toEqual([flow]);
  });

  it("deletes a touchpoint and renumbers the rest; 404 for another user's touchpoint", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    const stranger = await onboardedUser();
    expect((await deleteTouchpoint(stranger.cookie, flow.touchpoints[1]!.id)).status).toBe(404);
    expect((await editTouchpoint(stranger.cookie, flow.touchpoints[1]!.id, editOf(flow.touchpoints[1]!))).status).toBe(404);
    const { status, body } = await deleteTouchpoint(cookie, flow.touchpoints[1]!.id);
    expect(status).toBe(200);
    const after = (body as { flow: FlowView }).flow;
    expect(after.touchpoints.map((tp) => [tp.stepNumber, tp.id])).toEqual(flow.touchpoints.filter((_, i) => i !== 1).map((tp, i) => [i + 1, tp.id]));
    expect((await deleteTouchpoint(cookie, flow.touchpoints[1]!.id)).status).toBe(404);
  });
});

describe("DELETE /api/ai-flows/{id}", () => {
  it("deletes the flow with its versions and conversation", async () => {
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    await regenerate(cookie, flow.id, { feedback: "shorter" });
    await regenerate(cookie, flow.id, { feedback: "friendlier" });
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(2);
    expect(await deleteFlow(cookie, flow.id)).toMatchObject({ status: 200 });
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
    expect((await deleteFlow(cookie, flow.id)).status).toBe(404);
    expect((await generate(cookie)).status).toBe(201);
  });
});

describe("signed out", () => {
  it("every endpoint answers 401", async () => {
    const id = "x";
    const results = await Promise.all([
      call(generateRoute.action, "/api/ai-flows/generate", { method: "POST", body: { flowType: "onboarding" } }),
      call(byType.loader, "/api/flow-types/onboarding/ai-flow", { params: { flowType: "onboarding" } }),
      call(versionsRoute.loader, "/api/ai-flows/x/versions", { params: { id } }),
      call(messagesRoute.loader, "/api/ai-flows/x/messages", { params: { id } }),
      call(regenerateRoute.action, "/api/ai-flows/x/regenerate", { method: "POST", body: { feedback: "a" }, params: { id } }),
      call(rollbackRoute.action, "/api/ai-flows/x/versions/y/rollback", { method: "POST", params: { id, versionId: "y" } }),
      call(touchpointRoute.action, "/api/touchpoints/x", { method: "PUT", body: {}, params: { id } }),
      call(touchpointRoute.action, "/api/touchpoints/x", { method: "DELETE", params: { id } }),
      call(flowRoute.action, "/api/ai-flows/x", { method: "DELETE", params: { id } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(9).fill(401));
  });
});

describe("flow-mapping rules", () => {
  it("a rule an admin edits shapes the next generated flow", async () => {
    await seedRules();
    const rule = await FlowRuleModel.findOne({ flowType: "onboarding" }).lean();
    await updateFlowRule(rule!._id, { trigger: "Creates an account in the app." });
    const { cookie } = await onboardedUser();
    const flow = await generated(cookie);
    expect(flow.quickNotes).toContain("Trigger: Creates an account in the app.");
  });

  it("the rule for the business's type and channels wins over the general one", async () => {
    await seedRules();
    const step = (n: number) => ({
      stepNumber: n,
      channel: "Email" as const,
      title: `Studio step ${n}`,
      delayDays: n,
      timing: null,
      primaryGoal: "G",
      keyMessages: "• K",
      callToAction: "C",
      notes: "",
    });
    await createFlowRule({
      flowName: "Studios",
      flowType: "onboarding",
      businessType: "B2C Service/Retail",
      communicationChannels: "Email only",
      trigger: "Studios, email only",
      steps: [1, 2, 3].map(step),
    });
    await createFlowRule({
      flowName: "Studios SMS",
      flowType: "onboarding",
      businessType: "B2C Service/Retail",
      communicationChannels: "Email + SMS",
      trigger: "Studios with SMS",
      steps: [1, 2, 3].map(step),
    });
    await createFlowRule({ flowName: "SaaS", flowType: "onboarding", businessType: "B2B (Business-to-Business)", trigger: "SaaS rule", steps: [1, 2, 3].map(step) });
    const studio = await onboardedUser({ answers: GLOW_STUDIO });
    expect((await generated(studio.cookie)).quickNotes).toContain("Trigger: Studios with SMS");
    const other = await onboardedUser();
    expect((await generated(other.cookie)).quickNotes).toContain("Trigger: Joins the list");
  });
});
