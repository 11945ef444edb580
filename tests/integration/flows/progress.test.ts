import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { progressFailureText } from "~/lib/flows/generation-progress";
import { AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { FlowGenerationModel } from "~/models/flow-generation.server";
import { FlowProgressModel } from "~/models/flow-progress.server";
import { generateOfflineDraft, offlineProvider } from "~/services/ai/offline.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import { DomainError } from "~/services/domain-error";
import { generateFlow, getFlowByType } from "~/services/flows/flows.server";
import {
  backgroundGenerationsSettled,
  getGenerationProgress,
  latestGenerationProgress,
  startGeneration,
  startRegeneration,
  STOPPED_MESSAGE,
  stopBackgroundGenerations,
} from "~/services/flows/progress.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub } from "../../support/openai-stub";
import { LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(async () => {
  stub.resume();
  await backgroundGenerationsSettled();
  await stub.close();
});

const provider = () => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 5000 });
const goodDraft = () => generateOfflineDraft({ flowType: "onboarding", business: LEDGERLY, rule: null, customContext: "" });

/** Where in the streamed answer (keys in the schema's order: steps first) the n-th step has been written whole. */
function afterStep(content: string, n: number) {
  const steps = JSON.parse(content).touchpoints as unknown[];
  const written = JSON.stringify(steps.slice(0, n)).slice(0, -1);
  return content.indexOf(written.slice(1)) + written.length + 4;
}

/** The answer as the stand-in streams it: its steps first. */
function streamedOrder(draft: object) {
  const { touchpoints, ...rest } = draft as { touchpoints: unknown[] };
  return JSON.stringify({ touchpoints, ...rest });
}

/** A user's generation under way, the model held once it has written the first step. */
async function generationHeldAtItsFirstStep() {
  const { user } = await onboardedUser({ answers: LEDGERLY });
  const content = streamedOrder(goodDraft());
  stub.script({ kind: "content", content, pauseAt: afterStep(content, 1) });
  const started = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
  if (!started.started) throw new Error("a model generation runs in the background");
  await stub.paused();
  return { user, started };
}

describe("a generation that reports its progress", () => {
  it("records each step as the model writes it, stores nothing until the whole answer is checked, then records the outcome and drops the steps", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const content = streamedOrder(draft);
    stub.script({ kind: "content", content, pauseAt: afterStep(content, 2) });

    const started = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    if (!started.started) throw new Error("a model generation runs in the background");
    expect(started.progress).toMatchObject({ kind: "generate", state: "running", steps: [], flowId: null });

    await stub.paused();
    const seen = await vi.waitFor(
      async () => {
        const progress = await getGenerationProgress({ userId: user.id, id: started.progress.id });
        expect(progress.steps.length).toBeGreaterThanOrEqual(2);
        return progress;
        // A state to wait for, not a duration: a loaded machine may take seconds to write the steps.
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(seen.state).toBe("running");
    expect(seen.steps.slice(0, 2).map((step) => step.title)).toEqual(draft.touchpoints.slice(0, 2).map((tp) => tp.title));
    // Steps shown are a preview: no flow, no version yet, and the same progress for a reload.
    expect(await getFlowByType({ userId: user.id, flowType: "onboarding" })).toBeNull();
    const reloaded = await latestGenerationProgress({ userId: user.id, flowType: "onboarding" });
    expect(reloaded?.id).toBe(started.progress.id);
    expect(reloaded?.steps.slice(0, 2).map((step) => step.title)).toEqual(seen.steps.slice(0, 2).map((step) => step.title));

    // The model is asked to stream, with its steps first in the schema.
    const request = stub.requests[0]!;
    expect(request.stream).toBe(true);
    const properties = Object.keys((request.response_format as { json_schema: { schema: { properties: object } } }).json_schema.schema.properties);
    expect(properties[0]).toBe("touchpoints");

    stub.resume();
    await backgroundGenerationsSettled();
    const done = await getGenerationProgress({ userId: user.id, id: started.progress.id });
    const flow = await getFlowByType({ userId: user.id, flowType: "onboarding" });
    expect(done).toMatchObject({ state: "succeeded", steps: [], flowId: flow!.id, stepsShown: draft.touchpoints.length, error: null });
    expect(flow!.touchpoints.map((tp) => tp.title)).toEqual(draft.touchpoints.map((tp) => tp.title));
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("refuses a bad request at once, with no record and no claim left", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const refused = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "nope" } }, { provider: provider() }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "validation" });
    const premium = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "upsell" } }, { provider: provider() }).catch((error: unknown) => error);
    expect(premium).toMatchObject({ kind: "premium_required" });
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("a second start while one runs is a conflict; the first goes on", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const content = streamedOrder(goodDraft());
    stub.script({ kind: "content", content, pauseAt: afterStep(content, 1) });
    const first = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    await stub.paused();
    const second = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() }).catch((error: unknown) => error);
    expect(second).toMatchObject({ kind: "conflict", code: "GENERATION_IN_PROGRESS" });
    stub.resume();
    await backgroundGenerationsSettled();
    expect(first.started && (await getGenerationProgress({ userId: user.id, id: first.progress.id })).state).toBe("succeeded");
  });

  it("a failure after steps were shown keeps the previous version, stores nothing, and says so", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    // In the order the stand-in streams it (the schema's): the flow first, its steps first.
    const content = `{"flow":${streamedOrder(goodDraft())},"explanation":"Shorter."}`;
    const cutAt = content.indexOf(goodDraft().touchpoints[2]!.title);
    stub.script({ kind: "content", content, failAt: cutAt });

    const started = await startRegeneration({ user: { id: user.id, isPremium: false }, flowId: flow.id, input: { feedback: "Make it shorter." } }, { provider: provider() });
    if (!started.started) throw new Error("a model regeneration runs in the background");
    await backgroundGenerationsSettled();

    const progress = await getGenerationProgress({ userId: user.id, id: started.progress.id });
    expect(progress).toMatchObject({ state: "failed", kind: "regenerate", flowId: flow.id, steps: [], error: { code: "UPSTREAM_FAILED" } });
    expect(progress.stepsShown).toBeGreaterThanOrEqual(2);
    expect(progressFailureText(progress)).toMatch(/steps shown while it was written were not saved\. Your flow is as it was/);
    const after = await getFlowByType({ userId: user.id, flowType: "onboarding" });
    expect(after).toEqual(flow);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(1);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("a record whose process is gone reads as failed, interrupted", async () => {
    const { user, started } = await generationHeldAtItsFirstStep();
    const gone = { self: { instanceId: "a-later-run", pid: process.pid, host: "elsewhere" }, soleInstance: true };
    expect(await getGenerationProgress({ userId: user.id, id: started.progress.id }, { owners: gone })).toMatchObject({ state: "failed", error: { code: "INTERRUPTED" } });
    stub.resume();
    await backgroundGenerationsSettled();
  });

  it("another user's progress is not found", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const { user: other } = await onboardedUser({ answers: LEDGERLY });
    const content = streamedOrder(goodDraft());
    stub.script({ kind: "content", content });
    const started = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    await backgroundGenerationsSettled();
    if (!started.started) throw new Error("a model generation runs in the background");
    await expect(getGenerationProgress({ userId: other.id, id: started.progress.id })).rejects.toMatchObject({ kind: "not_found" });
  });

  it("an instant generator writes the flow at once: nothing to follow", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const started = await startGeneration({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    expect(started.started).toBe(false);
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
  });
});

describe("stopping the server while a model writes", () => {
  it("lets a generation that finishes within the grace finish and be saved", async () => {
    const { user, started } = await generationHeldAtItsFirstStep();

    const stopping = stopBackgroundGenerations({ graceMs: 10 * 60_000 });
    stub.resume();
    await stopping;

    const flow = await getFlowByType({ userId: user.id, flowType: "onboarding" });
    expect(await getGenerationProgress({ userId: user.id, id: started.progress.id })).toMatchObject({ state: "succeeded", flowId: flow!.id });
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("ends one still running when the grace is over as failed, releases its claim, and stores nothing even if the answer then arrives", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    const content = `{"flow":${streamedOrder(goodDraft())},"explanation":"Shorter."}`;
    stub.script({ kind: "content", content, pauseAt: content.indexOf(goodDraft().touchpoints[2]!.title) });
    const started = await startRegeneration({ user: { id: user.id, isPremium: false }, flowId: flow.id, input: { feedback: "Make it shorter." } }, { provider: provider() });
    if (!started.started) throw new Error("a model regeneration runs in the background");
    await stub.paused();
    expect(await FlowGenerationModel.countDocuments({})).toBe(1);

    await stopBackgroundGenerations({ graceMs: 0 });

    // Read as a restarted process would: the record says how it ended, not "running".
    const restarted = { self: { instanceId: "after-restart", pid: process.pid, host: "here" }, soleInstance: true };
    const progress = await getGenerationProgress({ userId: user.id, id: started.progress.id }, { owners: restarted });
    expect(progress).toMatchObject({ state: "failed", kind: "regenerate", steps: [], error: { code: "INTERRUPTED", message: STOPPED_MESSAGE } });
    expect(progressFailureText(progress)).toMatch(/Your flow is as it was/);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);

    // The abandoned work ends without writing anything.
    stub.resume();
    await backgroundGenerationsSettled();
    expect(await getFlowByType({ userId: user.id, flowType: "onboarding" })).toEqual(flow);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await getGenerationProgress({ userId: user.id, id: started.progress.id })).toMatchObject({ state: "failed", error: { code: "INTERRUPTED" } });
  });

  it("has nothing to wait for when no generation runs", async () => {
    await stopBackgroundGenerations({ graceMs: 10 * 60_000 });
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
  });
});
