import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FlowType } from "~/lib/flow-types";
import type { FlowDraft } from "~/lib/flows/rules";
import { hasFalseClaim, readableSpan, shapePhrase, flowShape } from "~/lib/flows/summary";
import type { FlowView } from "~/lib/flows/types";
import { AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { offlineProvider } from "~/services/ai/offline.server";
import { createOpenAiProvider, MODEL_UNCHANGED_EXPLANATION } from "~/services/ai/openai.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { generateFlow, getFlow, listMessages, listVersions, regenerateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub } from "../../support/openai-stub";
import { LEAF_AND_KETTLE, LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser, seedRules } from "./helpers";

/**
 * "Feedback a marketer can trust": a note nothing in which can be acted on changes nothing (no
 * version, no new steps, the count as it was), yet the conversation shows it with the honest reply
 * and the quick notes keep it whole; and whatever a regeneration does to the steps, the overview
 * and the notes say what the flow now sends and for how long.
 */

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const model = () => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 });

const UNACTABLE = "Please make it pop, the way our founder Ana talks at the market stall on Saturdays.";

async function offlineFlow(flowType: FlowType = "onboarding", answers = LEAF_AND_KETTLE) {
  await seedRules();
  const { user } = await onboardedUser({ answers, premium: true });
  const flowUser = { id: user.id, isPremium: true };
  const flow = await generateFlow({ user: flowUser, input: { flowType } }, { provider: offlineProvider });
  return { user: flowUser, flow };
}

/** What the reader relies on staying put when nothing was changed. */
function plan(flow: FlowView) {
  return { flowOverview: flow.flowOverview, model: flow.model, touchpoints: flow.touchpoints, regenerationCount: flow.regenerationCount, versionCount: flow.versionCount };
}

describe("a note nothing in which can be acted on", () => {
  it("changes nothing and makes no version; the conversation has the note and the reply; the quick notes keep the whole note", async () => {
    const { user, flow } = await offlineFlow();
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: `  ${UNACTABLE}  ` } });
    expect(result).toMatchObject({ applied: false, previousVersion: null });
    expect(result.explanation).toMatch(/unchanged|no change|could not/i);

    const after = await getFlow({ userId: user.id, flowId: flow.id });
    expect(plan(after)).toEqual(plan(flow));
    expect(after).toMatchObject({ regenerationCount: 0, versionCount: 0 });
    expect({ ...result.flow, updatedAt: null }).toEqual({ ...after, updatedAt: null });
    expect(await listVersions({ userId: user.id, flowId: flow.id })).toEqual([]);
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(0);

    // The whole note, word for word, once; the notes that were there are still there.
    const lines = after.quickNotes.split("\n");
    expect(lines.filter((line) => line === `Your note: ${UNACTABLE}`)).toHaveLength(1);
    for (const line of flow.quickNotes.split("\n")) expect(lines).toContain(line);

    const messages = await listMessages({ userId: user.id, flowId: flow.id });
    expect(messages.map((m) => [m.role, m.content, m.versionId])).toEqual(
      [
        ["user", UNACTABLE],
        ["assistant", result.explanation],
      ].map(([role, content]) => [role, content, null]),
    );
  });

  it("sent again, it is answered again but kept once, and still no version is made", async () => {
    const { user, flow } = await offlineFlow();
    await regenerateFlow({ user, flowId: flow.id, input: { feedback: UNACTABLE } });
    const again = await regenerateFlow({ user, flowId: flow.id, input: { feedback: UNACTABLE } });
    expect(again).toMatchObject({ applied: false, previousVersion: null, flow: { regenerationCount: 0, versionCount: 0 } });
    expect(again.flow.quickNotes.split("\n").filter((line) => line.startsWith("Your note:"))).toEqual([`Your note: ${UNACTABLE}`]);
    expect((await listMessages({ userId: user.id, flowId: flow.id })).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("a note of several lines is kept whole on one line", async () => {
    const { user, flow } = await offlineFlow();
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "Make it pop.\nLike Ana at the market stall." } });
    expect(result.applied).toBe(false);
    expect(result.flow.quickNotes.split("\n")).toContain("Your note: Make it pop. / Like Ana at the market stall.");
  });

  it("the kept note survives a later note that does change the flow", async () => {
    const { user, flow } = await offlineFlow();
    await regenerateFlow({ user, flowId: flow.id, input: { feedback: UNACTABLE } });
    const acted = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "Shorter, please." } });
    expect(acted).toMatchObject({ applied: true, previousVersion: { versionNumber: 1 }, flow: { regenerationCount: 1, versionCount: 1 } });
    expect(acted.flow.quickNotes.split("\n")).toContain(`Your note: ${UNACTABLE}`);
  });

  it("whatever the draft says: a generator that reports acted false has its draft ignored", async () => {
    const { user, flow } = await offlineFlow();
    const changing: FlowProvider = {
      model: "reporting",
      instant: true,
      generateFlow: () => Promise.reject(new Error("unused")),
      regenerateFlow: async (request) => {
        const { draft } = await offlineProvider.regenerateFlow({ ...request, feedback: "drop step 2" });
        return { draft, explanation: "I could not act on your note.", outcome: { changes: [], refused: [], todo: [], acted: false } };
      },
    };
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "Something vague" } }, { provider: changing });
    expect(result).toMatchObject({ applied: false, previousVersion: null, explanation: "I could not act on your note." });
    expect(plan(result.flow)).toEqual(plan(flow));
  });

  it("a model that gives the flow back unchanged acted on nothing: no version, and the reply says so plainly", async () => {
    const { user, flow } = await offlineFlow("onboarding", LEDGERLY);
    const same: FlowDraft = {
      flowOverview: flow.flowOverview,
      trigger: "Signs up.",
      exitRules: ["Buys a plan"],
      inactivityDays: null,
      notes: "",
      touchpoints: flow.touchpoints.map((tp) => ({
        stepType: tp.stepType,
        title: tp.title,
        offsetMinutes: tp.offsetMinutes ?? 0,
        timingText: tp.timing?.displayText ?? "",
        ...(tp.timing?.type === "relative_event" ? { timing: tp.timing } : {}),
        primaryGoal: tp.primaryGoal,
        keyMessages: tp.keyMessages,
        callToAction: tp.callToAction,
      })),
    };
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "I made it pop!", flow: same }) });
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: UNACTABLE } }, { provider: model() });
    expect(result).toMatchObject({ applied: false, previousVersion: null, explanation: MODEL_UNCHANGED_EXPLANATION });
    expect(plan(result.flow)).toEqual(plan(flow));
    expect(result.flow.quickNotes.split("\n")).toContain(`Your note: ${UNACTABLE}`);
  });

  it("a model that changes the flow acted: a version, as before", async () => {
    const { user, flow } = await offlineFlow("onboarding", LEDGERLY);
    const fewer = await offlineProvider.regenerateFlow({
      flowType: "onboarding",
      business: LEDGERLY,
      rule: null,
      customContext: "",
      feedback: "drop step 2",
      current: { flowOverview: flow.flowOverview, quickNotes: flow.quickNotes, touchpoints: [] },
    });
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "I removed step 2.", flow: fewer.draft }) });
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "drop step 2" } }, { provider: model() });
    // The reply is the model's words, then what the flow itself shows changed.
    const explanation = 'I removed step 2.\n\nIn the flow: removed the email "Getting started with Ledgerly".';
    expect(result).toMatchObject({ applied: true, previousVersion: { versionNumber: 1 }, explanation, flow: { regenerationCount: 1, versionCount: 1 } });
  });
});

describe("derived text after every regeneration", () => {
  /** The overview's counts and span, and any "so it runs N days", are the touchpoints'. */
  function expectOverviewTrue(flow: FlowView) {
    expect(hasFalseClaim(flow.flowOverview, flow.touchpoints), flow.flowOverview).toBe(false);
    expect(hasFalseClaim(flow.quickNotes, flow.touchpoints), flow.quickNotes).toBe(false);
    expect(flow.flowOverview).toContain(shapePhrase(flow.touchpoints));
    const runs = /so it runs ([^,.]+)/.exec(flow.flowOverview);
    const span = flowShape(flow.touchpoints).spanMinutes;
    if (runs && span !== null) expect(runs[1]).toBe(readableSpan(span));
  }

  it.each<[FlowType, string[]]>([
    ["lead_nurture", ["Remove the last email.", "Add an SMS reminder after 1 day.", "drop step 2", "fewer emails"]],
    ["onboarding", ["drop step 2", "Add an SMS reminder after 1 day.", "Shorter, please."]],
    ["abandoned_cart", ["no texts", "more SMS"]],
  ])("%s: notes that add and remove steps leave the overview's counts and span true", async (flowType, notes) => {
    const { user, flow } = await offlineFlow(flowType);
    expectOverviewTrue(flow);
    for (const feedback of notes) {
      const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback } });
      expectOverviewTrue(result.flow);
      expectOverviewTrue(await getFlow({ userId: user.id, flowId: flow.id }));
    }
  });
});
