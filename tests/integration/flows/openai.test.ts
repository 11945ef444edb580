import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import type { FlowDraft } from "~/lib/flows/rules";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { FlowGenerationModel } from "~/models/flow-generation.server";
import { getFlowProvider } from "~/services/ai/index.server";
import { generateOfflineDraft, offlineProvider } from "~/services/ai/offline.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import { DomainError } from "~/services/domain-error";
import { parseEnv } from "~/services/env.server";
import { generateFlow, listMessages, regenerateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub, type StubAnswer } from "../../support/openai-stub";
import { LEAF_AND_KETTLE, LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser, seedRules } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const provider = () => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 });
const goodDraft = () => generateOfflineDraft({ flowType: "onboarding", business: LEDGERLY, rule: null, customContext: "" });

async function failure(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const FAULTS: Array<[string, StubAnswer[], number]> = [
  ["a timeout", [{ kind: "hang" }], 2],
  ["a 5xx", [{ kind: "status", status: 503 }], 2],
  ["a refusal", [{ kind: "refusal", refusal: "I can't help with that." }], 1],
  ["malformed JSON", [{ kind: "content", content: "{ this is not json" }], 1],
  ["truncated JSON", [{ kind: "content", content: '{"flowOverview": "Ledgerly onboar', finishReason: "length" }], 1],
  // A wrong shape and a broken rule are sent back once (the stand-in answers the same again): two calls.
  ["JSON of the wrong shape", [{ kind: "content", content: JSON.stringify({ flowOverview: "x", touchpoints: "none" }) }], 2],
  [
    "a flow that breaks the rules (SMS for an email-only business)",
    [{ kind: "content", content: JSON.stringify({ ...goodDraft(), touchpoints: goodDraft().touchpoints.map((tp) => ({ ...tp, stepType: "SMS" })) }) }],
    2,
  ],
];

describe("generation through the OpenAI SDK", () => {
  it("stores the model's flow, asking for a JSON-schema answer grounded in the business: its facts and the planner's plan, not the default rule's template", async () => {
    await seedRules();
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "content", content: JSON.stringify(goodDraft()) });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    expect(flow).toMatchObject({ model: "stub-model", companyName: "Ledgerly" });
    expect(flow.touchpoints).toHaveLength(goodDraft().touchpoints.length);
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0]!;
    expect(request.model).toBe("stub-model");
    expect(request.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "flow", strict: true, schema: { required: expect.arrayContaining(["touchpoints"]) } },
    });
    expect(JSON.stringify(request.response_format)).not.toContain("maxLength");
    const messages = JSON.stringify(request.messages);
    expect(messages).not.toContain("Welcome & Onboarding Series");
    expect(messages).toContain("Month-End Close Benchmark Report");
    // The plan the offline planner writes for the business is the starting point.
    for (const tp of goodDraft().touchpoints) expect(messages).toContain(tp.title);
    expect(request.temperature).toBe(0.5);
  });

  it("repairs what is safe in the model's answer before storing it", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const sloppy = {
      ...draft,
      flowOverview: "A short series for new subscribers.",
      touchpoints: draft.touchpoints.map((tp, i) => ({ ...tp, title: i < 2 ? "Welcome" : tp.title })),
    };
    stub.script({ kind: "content", content: JSON.stringify(sloppy) });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    expect(flow.flowOverview).toBe("Ledgerly: A short series for new subscribers. Goal: turn new subscribers into first-time customers.");
    expect(flow.touchpoints.slice(0, 2).map((tp) => tp.title)).toEqual(["Welcome", "Welcome (2)"]);
    expect(flow.quickNotes).toMatch(/^Trigger: /);
  });

  it("sends a plan with invented codes or pasted briefs back once with the findings, and stores the repaired plan", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const invented = { ...draft, touchpoints: draft.touchpoints.map((tp, i) => (i === 0 ? { ...tp, callToAction: "Use code LEDGER30 for 30% off" } : tp)) };
    stub.script({ kind: "content", content: JSON.stringify(invented) }, { kind: "content", content: JSON.stringify(draft) });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(2);
    expect(JSON.stringify(stub.requests[1]!.messages)).toContain("The code LEDGER30 is not in the business's answers");
    expect(flow.touchpoints[0]!.callToAction).toBe(draft.touchpoints[0]!.callToAction);
  });

  it("refuses a plan that still breaks the copy rules after one repair: 502 and nothing written", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    stub.script({ kind: "content", content: JSON.stringify({ ...draft, flowOverview: `${draft.flowOverview} Welcome to [Company].` }) });
    const error = await failure(generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed" });
    expect(stub.requests).toHaveLength(2);
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
  });

  it.each(FAULTS)("%s → 502 'Failed to generate AI flow. Please try again.' and nothing written", async (_name, answers, calls) => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script(...answers);
    const error = await failure(generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "Failed to generate AI flow. Please try again." });
    expect(stub.requests).toHaveLength(calls); // at most one retry
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });
});

describe("what a model gets wrong is fixed or repaired, never a 502", () => {
  const leadNurture = () => generateOfflineDraft({ flowType: "lead_nurture", business: LEAF_AND_KETTLE, rule: null, customContext: "" });
  const premiumUser = async () => {
    const { user } = await onboardedUser({ premium: true, answers: LEAF_AND_KETTLE });
    return { id: user.id, isPremium: true };
  };
  const nine = (draft: FlowDraft, extra: FlowDraft["touchpoints"][number]) => {
    const steps = [...draft.touchpoints];
    while (steps.length < 8)
      steps.push({ ...steps.at(-1)!, title: `Another angle ${steps.length}`, keyMessages: `• Angle ${steps.length}`, offsetMinutes: steps.at(-1)!.offsetMinutes + 1440 });
    return { ...draft, touchpoints: [...steps, extra] };
  };

  it("a 9-step lead nurture whose extra step repeats an earlier one: the repeat is dropped, in one call", async () => {
    const user = await premiumUser();
    const draft = leadNurture();
    const last = draft.touchpoints.at(-1)!;
    const answer = nine(draft, { ...draft.touchpoints[1]!, offsetMinutes: last.offsetMinutes + 10 * 1440 });
    expect(answer.touchpoints).toHaveLength(9);
    stub.script({ kind: "content", content: JSON.stringify(answer) });
    const flow = await generateFlow({ user, input: { flowType: "lead_nurture" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(1);
    expect(flow.touchpoints).toHaveLength(8);
  });

  it("a 9-step lead nurture of nine different steps is sent back once with the rule, and the repair is stored", async () => {
    const user = await premiumUser();
    const draft = leadNurture();
    const last = draft.touchpoints.at(-1)!;
    const answer = nine(draft, { ...last, title: "One last look", keyMessages: "• A last, short reminder", offsetMinutes: last.offsetMinutes + 20 * 1440 });
    stub.script({ kind: "content", content: JSON.stringify(answer) }, { kind: "content", content: JSON.stringify(draft) });
    const flow = await generateFlow({ user, input: { flowType: "lead_nurture" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(2);
    expect(JSON.stringify(stub.requests[1]!.messages)).toContain("Lead Nurture flows have 4 to 8 touchpoints, not 9.");
    expect(flow.touchpoints).toHaveLength(draft.touchpoints.length);
  });

  it("every kind of problem goes into the one repair: rules, shape and copy findings together", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const broken = {
      ...draft,
      exitRules: [],
      touchpoints: draft.touchpoints.map((tp, i) => (i === 0 ? { ...tp, offsetMinutes: 600, timing: null, callToAction: "Use code LEDGER30" } : tp)),
    };
    stub.script({ kind: "content", content: JSON.stringify(broken) }, { kind: "content", content: JSON.stringify(draft) });
    await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(2);
    const repairAsk = JSON.stringify(stub.requests[1]!.messages);
    for (const problem of ["The flow has no exit rules.", "The first Onboarding touch must go 0 to 60 minutes after the trigger.", "The code LEDGER30"]) {
      expect(repairAsk).toContain(problem);
    }
  });

  it("notes that repeat the trigger and exit rules (as after a regeneration) are stored with each line once", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const noisy = { ...draft, notes: `Trigger: ${draft.trigger}\nExit rules: ${draft.exitRules.join("; ")}.\n${draft.notes}\n${draft.notes}` };
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "Done.", flow: noisy }) });
    const first = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    const result = await regenerateFlow({ user: { id: user.id, isPremium: false }, flowId: first.id, input: { feedback: "sharper" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(1);
    const notes = result.flow.quickNotes.split("\n");
    expect(notes.filter((line) => line.startsWith("Trigger:"))).toHaveLength(1);
    expect(notes.filter((line) => line.startsWith("Exit rules:"))).toHaveLength(1);
    // The flow as it is now goes to the model without those lines in its notes.
    expect(JSON.stringify(stub.requests[0]!.messages)).not.toContain("Trigger: ");
  });
});

describe("regeneration through the OpenAI SDK", () => {
  async function flowToRegenerate() {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    return { user: { id: user.id, isPremium: false }, flow };
  }

  it("stores the new content, the feedback and the model's explanation", async () => {
    const { user, flow } = await flowToRegenerate();
    const draft = { ...goodDraft(), flowOverview: "Ledgerly's sharper onboarding to turn new subscribers into first-time customers." };
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "I tightened the overview.", flow: draft }) });
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "sharper overview" } }, { provider: provider() });
    expect(result.flow).toMatchObject({ model: "stub-model", regenerationCount: 1, versionCount: 1, flowOverview: draft.flowOverview });
    expect(JSON.stringify(stub.requests[0]!.messages)).toContain("sharper overview");
    expect((await listMessages({ userId: user.id, flowId: flow.id })).map((m) => [m.role, m.content])).toEqual([
      ["user", "sharper overview"],
      ["assistant", "I tightened the overview."],
    ]);
  });

  it("holds a regenerated plan to the copy checker: a code the business never gave is sent back once, and the repair is stored", async () => {
    const { user, flow } = await flowToRegenerate();
    const draft = goodDraft();
    const invented = { ...draft, touchpoints: draft.touchpoints.map((tp, i) => (i === draft.touchpoints.length - 1 ? { ...tp, keyMessages: "• 25% off with code CLOSE25" } : tp)) };
    stub.script(
      { kind: "content", content: JSON.stringify({ explanation: "I added a discount.", flow: invented }) },
      { kind: "content", content: JSON.stringify({ explanation: "I added [YOUR DISCOUNT CODE]: fill it in.", flow: draft }) },
    );
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: "add a discount" } }, { provider: provider() });
    expect(stub.requests).toHaveLength(2);
    expect(JSON.stringify(stub.requests[1]!.messages)).toContain("CLOSE25");
    expect(result.flow.touchpoints.at(-1)!.keyMessages).not.toContain("CLOSE25");
  });

  it.each(FAULTS)("%s → 502 'There was an error regenerating your flow. Please try again.' and nothing written", async (_name, answers, calls) => {
    const { user, flow } = await flowToRegenerate();
    const before = await AiGeneratedFlowModel.findById(flow.id).lean();
    stub.script(
      ...answers.map((answer) =>
        answer.kind === "content" && !answer.content.startsWith("{ this") && answer.finishReason !== "length"
          ? { ...answer, content: JSON.stringify({ explanation: "Done.", flow: JSON.parse(answer.content) as unknown }) }
          : answer,
      ),
    );
    const error = await failure(regenerateFlow({ user, flowId: flow.id, input: { feedback: "shorter" } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "There was an error regenerating your flow. Please try again." });
    expect(stub.requests).toHaveLength(calls);
    expect(await AiGeneratedFlowModel.findById(flow.id).lean()).toEqual(before);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });
});

describe("regeneration held to the note's own intents", () => {
  const NOTE = "we never discount, remove any offer";
  const withOffer = () => generateOfflineDraft({ flowType: "onboarding", business: LEAF_AND_KETTLE, rule: null, customContext: "" });
  /** The same plan with every offer taken out: the first and last emails retitled and rebriefed. */
  const withoutOffer = (): FlowDraft => {
    const draft = withOffer();
    const plain = (line: string) => !/15% off|offer/i.test(line);
    return {
      ...draft,
      touchpoints: draft.touchpoints.map((tp, index, all) =>
        index === 0 || index === all.length - 1
          ? {
              ...tp,
              title: index === 0 ? "Welcome to Leaf & Kettle" : "Ready for your first tin?",
              keyMessages: tp.keyMessages.split("\n").filter(plain).join("\n"),
              callToAction: "Choose my plan",
            }
          : tp,
      ),
    };
  };
  const offers = (text: string) => /15% off/i.test(text);

  async function leafFlow() {
    const { user } = await onboardedUser({ answers: LEAF_AND_KETTLE });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    expect(flow.touchpoints.some((tp) => offers(`${tp.title}\n${tp.keyMessages}`))).toBe(true);
    return { user: { id: user.id, isPremium: false }, flow };
  }

  it("an answer that ignores the note is sent back once with what it failed, and the repair is stored with a reply that names what the flow shows", async () => {
    const { user, flow } = await leafFlow();
    stub.script(
      { kind: "content", content: JSON.stringify({ explanation: "I removed every offer.", flow: withOffer() }) },
      { kind: "content", content: JSON.stringify({ explanation: "I took the offer out of the first and last emails.", flow: withoutOffer() }) },
    );
    const result = await regenerateFlow({ user, flowId: flow.id, input: { feedback: NOTE } }, { provider: provider() });
    expect(stub.requests).toHaveLength(2);
    // The first request says the answer is held to the feedback; the repair names what it failed.
    expect(JSON.stringify(stub.requests[0]!.messages)).toContain("never do the opposite of a 'no'");
    const repair = JSON.stringify(stub.requests[1]!.messages);
    expect(repair).toContain('The note says \\"we never discount\\", but step 1');
    expect(repair).toContain("still offers");
    expect(result).toMatchObject({ applied: true, flow: { versionCount: 1, regenerationCount: 1 } });
    for (const tp of result.flow.touchpoints) expect(offers(`${tp.title}\n${tp.keyMessages}\n${tp.callToAction}`)).toBe(false);
    const reply = (await listMessages({ userId: user.id, flowId: flow.id })).at(-1)!.content;
    expect(reply).toContain("I took the offer out of the first and last emails.");
    expect(reply).toContain(`In the flow: rewrote the email "${withOffer().touchpoints[0]!.title}" as "Welcome to Leaf & Kettle"`);
  });

  it("an answer that still offers a discount after the repair is refused: 502, and nothing is written", async () => {
    const { user, flow } = await leafFlow();
    const before = await AiGeneratedFlowModel.findById(flow.id).lean();
    stub.script({ kind: "content", content: JSON.stringify({ explanation: "I removed every offer.", flow: withOffer() }) });
    const error = await failure(regenerateFlow({ user, flowId: flow.id, input: { feedback: NOTE } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "There was an error regenerating your flow. Please try again." });
    expect(stub.requests).toHaveLength(2);
    expect(await AiGeneratedFlowModel.findById(flow.id).lean()).toEqual(before);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
  });
});

describe("provider choice", () => {
  it("is offline without a key and OpenAI with one", () => {
    expect(getFlowProvider(parseEnv({})).model).toBe("offline-rules-v2");
    expect(getFlowProvider(parseEnv({ OPENAI_API_KEY: "k", OPENAI_MODEL: "gpt-test", OPENAI_BASE_URL: stub.baseURL })).model).toBe("gpt-test");
    expect(parseEnv({}).OPENAI_TIMEOUT_MS).toBe(90_000);
    expect(() => parseEnv({ OPENAI_TIMEOUT_MS: "fast" })).toThrow(/OPENAI_TIMEOUT_MS/);
    expect(parseEnv({}).OPENAI_PLAN_TEMPERATURE).toBeUndefined(); // the plan's default, 0.5, applies
    expect(parseEnv({ OPENAI_PLAN_TEMPERATURE: "0.2", OPENAI_CONTENT_TEMPERATURE: "1" })).toMatchObject({ OPENAI_PLAN_TEMPERATURE: 0.2, OPENAI_CONTENT_TEMPERATURE: 1 });
    expect(() => parseEnv({ OPENAI_PLAN_TEMPERATURE: "3" })).toThrow(/OPENAI_PLAN_TEMPERATURE must be a number from 0 to 2/);
  });
});
