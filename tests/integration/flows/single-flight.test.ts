/**
 * One model call per flow: regenerating a flow and writing its content each hold one claim per
 * flow, as generating does. Concurrent requests make one model call; the others are refused with
 * 409 GENERATION_IN_PROGRESS, and once the call ends the next request runs.
 */
import { describe, expect, it, vi } from "vitest";

import { FlowGenerationModel } from "~/models/flow-generation.server";
import { offlineContentProvider } from "~/services/ai/content.server";
import type { ContentProvider } from "~/services/ai/provider.server";
import { offlineProvider } from "~/services/ai/offline.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { isDomainError } from "~/services/domain-error";
import { CONTENT_IN_PROGRESS_MESSAGE, writeFlowContent } from "~/services/flows/content.server";
import { generateFlow, isGenerating, REGENERATION_IN_PROGRESS_MESSAGE, regenerateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { onboardedUser, seedRules } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

/** A gate the held model calls wait at, and a count of the calls made. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const called = new Promise<void>((resolve) => (reached = resolve));
  const counter = { calls: 0 };
  const hold = async () => {
    counter.calls += 1;
    reached();
    await opened;
  };
  return { open, called, counter, hold };
}

const outcome = (work: Promise<unknown>) =>
  work.then(
    () => "ok",
    (error: unknown) => (isDomainError(error) ? `${error.kind} ${error.code ?? ""} ${error.message}` : String(error)),
  );

describe("one model call per flow", () => {
  it("five concurrent regenerations of one flow: one model call, four 409 GENERATION_IN_PROGRESS; the next one runs", async () => {
    const { user } = await onboardedUser();
    const flowUser = { id: user.id, isPremium: false };
    const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } });
    const held = gate();
    const provider: FlowProvider = {
      ...offlineProvider,
      instant: false,
      async regenerateFlow(request) {
        await held.hold();
        return offlineProvider.regenerateFlow(request);
      },
    };
    const first = outcome(regenerateFlow({ user: flowUser, flowId: flow.id, input: { feedback: "Shorter, please." } }, { provider }));
    await held.called;
    const others = await Promise.all(
      Array.from({ length: 4 }, () => outcome(regenerateFlow({ user: flowUser, flowId: flow.id, input: { feedback: "Shorter, please." } }, { provider }))),
    );
    expect(others).toEqual(Array.from({ length: 4 }, () => `conflict GENERATION_IN_PROGRESS ${REGENERATION_IN_PROGRESS_MESSAGE}`));
    // The flow shows as being regenerated while the call runs.
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" })).toBe(true);
    held.open();
    expect(await first).toBe("ok");
    expect(held.counter.calls).toBe(1);
    expect(await FlowGenerationModel.countDocuments()).toBe(0);
    // Once the call ended, the next regeneration runs.
    expect(await outcome(regenerateFlow({ user: flowUser, flowId: flow.id, input: { feedback: "Friendlier." } }, { provider }))).toBe("ok");
    expect(held.counter.calls).toBe(2);
  });

  it("five concurrent content writes of one flow: one writer call, four 409 GENERATION_IN_PROGRESS; the flow does not show as being generated", async () => {
    await seedRules();
    const { user } = await onboardedUser({ premium: true });
    const contentUser = { id: user.id, isPremium: true };
    const flow = await generateFlow({ user: contentUser, input: { flowType: "abandoned_cart" } });
    const held = gate();
    const provider: ContentProvider = {
      model: offlineContentProvider.model,
      async writeContent(request) {
        await held.hold();
        return offlineContentProvider.writeContent(request);
      },
    };
    const first = outcome(writeFlowContent({ user: contentUser, flowId: flow.id }, { provider }));
    await held.called;
    const others = await Promise.all(Array.from({ length: 4 }, () => outcome(writeFlowContent({ user: contentUser, flowId: flow.id }, { provider }))));
    expect(others).toEqual(Array.from({ length: 4 }, () => `conflict GENERATION_IN_PROGRESS ${CONTENT_IN_PROGRESS_MESSAGE}`));
    // Writing content is not generating the flow: the flow page does not say so.
    expect(await isGenerating({ userId: user.id, flowType: "abandoned_cart" })).toBe(false);
    held.open();
    expect(await first).toBe("ok");
    expect(held.counter.calls).toBe(1);
    expect(await FlowGenerationModel.countDocuments()).toBe(0);
    expect(await outcome(writeFlowContent({ user: contentUser, flowId: flow.id }, { provider }))).toBe("ok");
    expect(held.counter.calls).toBe(2);
  });

  it("a writer that fails releases the claim: the next write runs", async () => {
    await seedRules();
    const { user } = await onboardedUser({ premium: true });
    const contentUser = { id: user.id, isPremium: true };
    const flow = await generateFlow({ user: contentUser, input: { flowType: "abandoned_cart" } });
    const failing: ContentProvider = {
      model: "failing",
      writeContent: () => Promise.reject(new Error("the writer is down")),
    };
    // The failure is logged (with its cause), as every failed write is.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await outcome(writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: failing }))).toMatch(/^upstream_failed/);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
    expect(await FlowGenerationModel.countDocuments()).toBe(0);
    expect(await outcome(writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: offlineContentProvider }))).toBe("ok");
  });
});
