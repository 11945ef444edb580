import { describe, expect, it } from "vitest";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { claimGeneration, FlowGenerationModel } from "~/models/flow-generation.server";
import { offlineProvider } from "~/services/ai/offline.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { DomainError } from "~/services/domain-error";
import { deleteFlow, generateFlow, getFlow, isGenerating, listMessages, listVersions, regenerateFlow, rollbackFlow, updateTouchpoint } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { onboardedUser } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

/** The offline generator, held at the model call until the test lets it go on. */
function heldProvider() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const called = new Promise<void>((resolve) => (reached = resolve));
  const provider: FlowProvider = {
    model: offlineProvider.model,
    instant: false, // like a model call: the generation is announced while it runs
    async generateFlow(request) {
      reached();
      await gate;
      return offlineProvider.generateFlow(request);
    },
    async regenerateFlow(request) {
      reached();
      await gate;
      return offlineProvider.regenerateFlow(request);
    },
  };
  return { provider, called, release };
}

async function setup() {
  const { user } = await onboardedUser();
  const flowUser = { id: user.id, isPremium: false };
  const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } });
  return { user: flowUser, flow };
}

async function rejection(work: Promise<unknown>) {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("concurrent writes", () => {
  it("concurrent regenerations of one flow get distinct version numbers and sequences", async () => {
    const { user, flow } = await setup();
    const feedbacks = ["shorter", "friendlier", "more urgency", "add a discount", "fewer emails", "more SMS"];
    const results = await Promise.all(feedbacks.map((feedback) => regenerateFlow({ user, flowId: flow.id, input: { feedback } })));
    expect(results.map((r) => r.previousVersion?.versionNumber).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6]);
    const current = await getFlow({ userId: user.id, flowId: flow.id });
    expect(current).toMatchObject({ versionCount: 6, regenerationCount: 6 });
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(6);
    const messages = await listMessages({ userId: user.id, flowId: flow.id });
    expect(messages.map((m) => m.sequence)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // Each feedback sits right before its own explanation, linked to the version it replaced.
    for (let i = 0; i < messages.length; i += 2) {
      expect([messages[i]!.role, messages[i + 1]!.role]).toEqual(["user", "assistant"]);
      expect(messages[i]!.versionId).toBe(messages[i + 1]!.versionId);
    }
  });

  it("an edit made while a regeneration is under way is kept in the version it replaced", async () => {
    const { user, flow } = await setup();
    const held = heldProvider();
    const regeneration = regenerateFlow({ user, flowId: flow.id, input: { feedback: "friendlier" } }, { provider: held.provider });
    await held.called;
    const tp = flow.touchpoints[0]!;
    await updateTouchpoint({ user, touchpointId: tp.id, input: { ...tp, title: "Edited meanwhile" } });
    held.release();
    const { previousVersion } = await regeneration;
    const [version] = await listVersions({ userId: user.id, flowId: flow.id });
    expect(version!.id).toBe(previousVersion?.id);
    expect(version!.touchpoints[0]).toMatchObject({ id: tp.id, title: "Edited meanwhile" });
  });

  it("concurrent edits of different touchpoints both persist", async () => {
    const { user, flow } = await setup();
    await Promise.all(flow.touchpoints.map((tp, i) => updateTouchpoint({ user, touchpointId: tp.id, input: { ...tp, title: `Edited ${i}` } })));
    const current = await getFlow({ userId: user.id, flowId: flow.id });
    expect(current.touchpoints.map((tp) => tp.title)).toEqual(flow.touchpoints.map((_, i) => `Edited ${i}`));
  });

  it("deleting a flow during a regeneration leaves no orphan version, message or claim", async () => {
    const { user, flow } = await setup();
    await regenerateFlow({ user, flowId: flow.id, input: { feedback: "shorter" } });
    const held = heldProvider();
    const regeneration = regenerateFlow({ user, flowId: flow.id, input: { feedback: "friendlier" } }, { provider: held.provider });
    await held.called;
    await deleteFlow({ userId: user.id, flowId: flow.id });
    held.release();
    const error = await rejection(regeneration);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "not_found" });
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("versionCount is always the number of versions, across regenerations and rollbacks", async () => {
    const { user, flow } = await setup();
    await regenerateFlow({ user, flowId: flow.id, input: { feedback: "shorter" } });
    const [v1] = await listVersions({ userId: user.id, flowId: flow.id });
    await Promise.all([
      rollbackFlow({ user, flowId: flow.id, versionId: v1!.id }),
      regenerateFlow({ user, flowId: flow.id, input: { feedback: "friendlier" } }),
      rollbackFlow({ user, flowId: flow.id, versionId: v1!.id }),
    ]);
    const current = await getFlow({ userId: user.id, flowId: flow.id });
    const versions = await listVersions({ userId: user.id, flowId: flow.id });
    expect(current.versionCount).toBe(versions.length);
    expect(versions.map((v) => v.versionNumber)).toEqual([4, 3, 2, 1]);
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(4);
  });
});

describe("generation under way", () => {
  it("two generate calls at the same moment create one flow; the screen can tell a generation is running", async () => {
    const { user } = await onboardedUser();
    const flowUser = { id: user.id, isPremium: false };
    const held = heldProvider();
    const first = generateFlow({ user: flowUser, input: { flowType: "onboarding" } }, { provider: held.provider });
    await held.called;
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" })).toBe(true);
    expect(await isGenerating({ userId: user.id, flowType: "lead_nurture" })).toBe(false);
    const second = await rejection(generateFlow({ user: flowUser, input: { flowType: "onboarding" } }));
    expect(second).toMatchObject({ kind: "conflict", code: "GENERATION_IN_PROGRESS" });
    held.release();
    await first;
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" })).toBe(false);
    expect(await AiGeneratedFlowModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("many generate calls at once still make exactly one flow", async () => {
    const { user } = await onboardedUser();
    const flowUser = { id: user.id, isPremium: false };
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => generateFlow({ user: flowUser, input: { flowType: "lead_nurture" } })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ kind: "conflict" });
    expect(await AiGeneratedFlowModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("a claim left behind by a crash stops counting once it expires", async () => {
    const { user } = await onboardedUser();
    const start = new Date("2026-01-01T00:00:00Z");
    expect(await claimGeneration({ userId: user.id, flowType: "onboarding", kind: "generate", now: start, ttlMs: 60_000 })).not.toBeNull();
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: () => new Date(start.getTime() + 59_000) })).toBe(true);
    expect(await claimGeneration({ userId: user.id, flowType: "onboarding", kind: "generate", now: new Date(start.getTime() + 59_000), ttlMs: 60_000 })).toBeNull();
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: () => new Date(start.getTime() + 60_000) })).toBe(false);
    expect(await claimGeneration({ userId: user.id, flowType: "onboarding", kind: "generate", now: new Date(start.getTime() + 60_000), ttlMs: 60_000 })).not.toBeNull();
  });
});
