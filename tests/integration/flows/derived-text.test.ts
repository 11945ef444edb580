import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import type { FlowDraft } from "~/lib/flows/rules";
import { SMS_CONSENT_NOTE } from "~/lib/flows/rules";
import { hasFalseClaim, scheduleLine } from "~/lib/flows/summary";
import type { FlowView } from "~/lib/flows/types";
import { AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { offlineProvider } from "~/services/ai/offline.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import { deleteTouchpoint, generateFlow, getFlow, listVersions, regenerateFlow, rollbackFlow, updateTouchpoint } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub } from "../../support/openai-stub";
import { LEAF_AND_KETTLE } from "../../unit/flows/businesses";
import { onboardedUser, seedRules } from "./helpers";

/**
 * The overview and quick notes state what the flow sends and over how long. Whatever writes the
 * flow (a model that miscounts, a touchpoint edit, a delete, a rollback to an old version), the
 * stored text matches the touchpoints.
 */

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const provider = () => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 });

const DAY = 1440;

function email(title: string, offsetMinutes: number, timingText: string) {
  return {
    stepType: "Email" as const,
    title,
    offsetMinutes,
    timingText,
    primaryGoal: `Move the reader one step closer to a first order (${title}).`,
    keyMessages: "• Our single-origin teas, picked this season\n• Free shipping on your first order",
    callToAction: "Shop the teas",
  };
}

/** What a model wrote: it says five emails over nine days, but its steps are 4 emails and 1 SMS over 5.4 days. */
function miscountedDraft(): FlowDraft {
  return {
    flowOverview: "Leaf & Kettle's welcome series: Five emails over nine days to turn new subscribers into first-time customers.",
    trigger: "Joins the list and has not bought yet.",
    exitRules: ["Places a first order", "Unsubscribes"],
    inactivityDays: null,
    notes: "Five emails over nine days: immediately, +1 day, +3 days, then every 3 days. The first email carries the welcome offer.",
    touchpoints: [
      email("Welcome to Leaf & Kettle", 0, "Immediately after signup"),
      email("Why we started", DAY, "1 day after signup"),
      { ...email("Your tea is waiting", 2 * DAY, "2 days after signup"), stepType: "SMS", keyMessages: "Leaf & Kettle: your welcome offer is waiting. Reply STOP to opt out" },
      email("How to brew the perfect cup", 3 * DAY, "3 days after signup"),
      email("Don't just take our word for it", Math.round(5.4 * DAY), "5 days after signup"),
    ],
  };
}

function expectTextTrue(flow: Pick<FlowView, "flowOverview" | "quickNotes" | "touchpoints">) {
  const lines = flow.quickNotes.split("\n");
  expect(lines.filter((line) => line.startsWith("Schedule:"))).toEqual([scheduleLine(flow.touchpoints)]);
  expect(lines.includes(SMS_CONSENT_NOTE)).toBe(flow.touchpoints.some((tp) => tp.stepType === "SMS"));
  expect(hasFalseClaim(flow.flowOverview, flow.touchpoints), flow.flowOverview).toBe(false);
  expect(hasFalseClaim(flow.quickNotes, flow.touchpoints), flow.quickNotes).toBe(false);
}

async function modelWrittenFlow() {
  await seedRules();
  const { user } = await onboardedUser({ answers: LEAF_AND_KETTLE });
  const flowUser = { id: user.id, isPremium: false };
  stub.script({ kind: "content", content: JSON.stringify(miscountedDraft()) });
  const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } }, { provider: provider() });
  return { user: flowUser, flow };
}

function editInput(tp: FlowView["touchpoints"][number], delayDays: number) {
  return { title: tp.title, primaryGoal: tp.primaryGoal, keyMessages: tp.keyMessages, callToAction: tp.callToAction, delayDays };
}

describe("derived text of a flow", () => {
  it("a model's miscount is corrected when the flow is created: the overview in place, the notes by the Schedule line", async () => {
    const { flow } = await modelWrittenFlow();
    expect(flow.flowOverview).toBe("Leaf & Kettle's welcome series: Four emails and one SMS over five days to turn new subscribers into first-time customers.");
    expect(flow.quickNotes).toContain("Schedule: 4 emails and 1 SMS over 5 days.");
    expect(flow.quickNotes).not.toMatch(/five emails|nine days|every 3 days/i);
    expect(flow.quickNotes).toContain("The first email carries the welcome offer.");
    expectTextTrue(flow);
  });

  it("the offline generator's flow of every type states its own touchpoints", async () => {
    await seedRules();
    const { user } = await onboardedUser({ answers: LEAF_AND_KETTLE, premium: true });
    for (const flowType of FLOW_TYPES) {
      expectTextTrue(await generateFlow({ user: { id: user.id, isPremium: true }, input: { flowType } }, { provider: offlineProvider }));
    }
  });

  it("a delete recounts: the deleted step leaves the overview, the notes and, with the last SMS, the consent line", async () => {
    const { user, flow } = await modelWrittenFlow();
    const sms = flow.touchpoints.find((tp) => tp.stepType === "SMS")!;
    const after = await deleteTouchpoint({ user, touchpointId: sms.id });
    expect(after.flowOverview).toContain("Four emails over five days to turn");
    expect(after.quickNotes).toContain("Schedule: 4 emails over 5 days.");
    expect(after.quickNotes).not.toContain(SMS_CONSENT_NOTE);
    expectTextTrue(after);
    expect(await getFlow({ userId: user.id, flowId: flow.id })).toMatchObject({ flowOverview: after.flowOverview, quickNotes: after.quickNotes });
  });

  it("an edit of a delay moves the span", async () => {
    const { user, flow } = await modelWrittenFlow();
    const last = flow.touchpoints[flow.touchpoints.length - 1]!;
    await updateTouchpoint({ user, touchpointId: last.id, input: editInput(last, 12) });
    const after = await getFlow({ userId: user.id, flowId: flow.id });
    expect(after.flowOverview).toContain("Four emails and one SMS over twelve days");
    expect(after.quickNotes).toContain("Schedule: 4 emails and 1 SMS over 12 days.");
    expectTextTrue(after);
  });

  it("a regeneration by a model that miscounts is stored true", async () => {
    const { user, flow } = await modelWrittenFlow();
    const draft = miscountedDraft();
    draft.flowOverview = "Leaf & Kettle's sharper welcome: 6 emails over 2 weeks to turn new subscribers into first-time customers.";
    draft.touchpoints = draft.touchpoints.filter((tp) => tp.stepType === "Email");
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "I removed the SMS.", flow: draft }) });
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "no texts" } }, { provider: provider() });
    expect(result.flow.flowOverview).toContain("4 emails over 5 days to turn");
    expectTextTrue(result.flow);
  });

  it("a rollback states the restored touchpoints, also for a version saved with stale text", async () => {
    const { user, flow } = await modelWrittenFlow();
    const sms = flow.touchpoints.find((tp) => tp.stepType === "SMS")!;
    await deleteTouchpoint({ user, touchpointId: sms.id });
    const draft = miscountedDraft();
    draft.touchpoints = draft.touchpoints.slice(0, 3);
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "Shorter.", flow: draft }) });
    await regenerateFlow({ user, flowId: flow.id, input: { feedback: "shorter" } }, { provider: provider() });
    const [version] = await listVersions({ userId: user.id, flowId: flow.id });
    // A version written before derived text was kept true: its text counts five emails.
    await AiFlowVersionModel.updateOne(
      { _id: version!.id },
      {
        $set: {
          flowOverview: "Leaf & Kettle's welcome series: 5 emails and 1 SMS over 9 days to turn new subscribers into first-time customers.",
          quickNotes: "Trigger: Joins the list.\nExit rules: Places a first order.\nFive emails over nine days: immediately, then every 2 days.",
        },
      },
    );
    const { flow: restored } = await rollbackFlow({ user, flowId: flow.id, versionId: version!.id });
    expect(restored.touchpoints).toHaveLength(4);
    expect(restored.flowOverview).toContain("4 emails over 5 days to turn");
    expect(restored.quickNotes.split("\n")).toEqual(["Trigger: Joins the list.", "Exit rules: Places a first order.", "Schedule: 4 emails over 5 days."]);
    expectTextTrue(restored);
  });
});
