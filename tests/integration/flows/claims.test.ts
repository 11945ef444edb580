import { spawn } from "node:child_process";
import os from "node:os";

import { describe, expect, it } from "vitest";

import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { claimGeneration, claimOwnerIsGone, type ClaimOwner, FlowGenerationModel, type OwnerCheck, THIS_INSTANCE } from "~/models/flow-generation.server";
import { offlineProvider } from "~/services/ai/offline.server";
import { modelRequestLimitMs } from "~/services/ai/openai-client.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { getEnv } from "~/services/env.server";
import { generateFlow, isGenerating } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { onboardedUser } from "./helpers";

/**
 * A generation's claim left behind by a process that died mid-call (kill -9) must not block the
 * user: it stops counting once its owner is known to be gone, and in any case once it is older
 * than the longest model call plus a margin. Time is the service's injectable clock; a dead
 * owner is a real process of this host that has exited.
 */
await useTestDatabase({ clearBeforeEach: true });

const T0 = new Date("2030-01-01T00:00:00Z");
const at = (ms: number) => () => new Date(T0.getTime() + ms);

/** The pid of a process of this host that has ended. */
async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

/** A claim as a crashed generation leaves it: taken at T0 by `owner`, never released. */
async function leftClaim(userId: string, owner: ClaimOwner) {
  await FlowGenerationModel.create({
    _id: `generate:${userId}:onboarding`,
    userId,
    flowType: "onboarding",
    kind: "generate",
    startedAt: T0,
    expiresAt: new Date(T0.getTime() + modelRequestLimitMs(getEnv().OPENAI_TIMEOUT_MS) + 30_000),
    owner,
  });
}

/** Like a model call: announced while it runs (the offline generator answers). */
const slowProvider: FlowProvider = { ...offlineProvider, instant: false };

async function generateAs(userId: string, now: () => Date, owners?: OwnerCheck) {
  return generateFlow({ user: { id: userId, isPremium: false }, input: { flowType: "onboarding" } }, { provider: slowProvider, now, owners }).then(
    (flow) => ({ ok: true as const, flow }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

describe("a generation claim left by a crash", () => {
  it("no longer blocks once its process is gone: the page does not say 'being generated', and generate works", async () => {
    const { user } = await onboardedUser();
    await leftClaim(user.id, { instanceId: "instance-killed-mid-call", pid: await deadPid(), host: os.hostname() });
    // Seconds after the crash, far from the claim's expiry.
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: at(5_000) })).toBe(false);
    const result = await generateAs(user.id, at(5_000));
    expect(result.ok).toBe(true);
    expect(await AiGeneratedFlowModel.countDocuments({ userId: user.id })).toBe(1);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it("of a previous run of the app that owns its database alone (the embedded engine) no longer blocks, whatever its pid", async () => {
    const { user } = await onboardedUser();
    // The same pid as now (a restarted container often gets the same one) or another host's name: a previous instance.
    await leftClaim(user.id, { instanceId: "previous-run", pid: process.pid, host: "elsewhere" });
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: at(5_000), owners: { soleInstance: true } })).toBe(false);
    expect((await generateAs(user.id, at(5_000), { soleInstance: true })).ok).toBe(true);
  });

  it("of a live process still blocks (409) until it is older than the longest model call plus a margin", async () => {
    const { user } = await onboardedUser();
    // Another instance sharing the database (MONGODB_URI), on a host whose processes cannot be
    // checked, starts a generation at T0 that never ends (its model call is held).
    const elsewhere = { self: { instanceId: "other-instance", pid: 1, host: "another-host" } };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const called = new Promise<void>((resolve) => (reached = resolve));
    const heldProvider: FlowProvider = {
      ...slowProvider,
      async generateFlow(request) {
        reached();
        await held;
        return offlineProvider.generateFlow(request);
      },
    };
    const first = generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: heldProvider, now: at(0), owners: elsewhere });
    await called;

    const limit = modelRequestLimitMs(getEnv().OPENAI_TIMEOUT_MS);
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: at(limit) })).toBe(true);
    const refused = await generateAs(user.id, at(limit));
    expect(refused).toMatchObject({ ok: false, error: { kind: "conflict", code: "GENERATION_IN_PROGRESS" } });
    // Past the margin (under a minute) the claim counts no more: long before the ten minutes it used to hold.
    expect(limit + 60_000).toBeLessThan(10 * 60_000);
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: at(limit + 60_000) })).toBe(false);
    expect((await generateAs(user.id, at(limit + 60_000))).ok).toBe(true);

    release();
    await expect(first).rejects.toMatchObject({ code: "FLOW_EXISTS" });
    expect(await AiGeneratedFlowModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("a running process of this host (another instance) keeps its claim", async () => {
    const { user } = await onboardedUser();
    await leftClaim(user.id, { instanceId: "sibling", pid: process.ppid, host: os.hostname() });
    expect(await isGenerating({ userId: user.id, flowType: "onboarding" }, { now: at(5_000) })).toBe(true);
    expect(await generateAs(user.id, at(5_000))).toMatchObject({ ok: false, error: { code: "GENERATION_IN_PROGRESS" } });
  });

  it("two callers taking over the same dead claim at once: one gets it", async () => {
    const { user } = await onboardedUser();
    await leftClaim(user.id, { instanceId: "instance-killed-mid-call", pid: await deadPid(), host: os.hostname() });
    const take = (instanceId: string) =>
      claimGeneration({
        userId: user.id,
        flowType: "onboarding",
        kind: "generate",
        now: at(5_000)(),
        ttlMs: 60_000,
        owners: { self: { ...THIS_INSTANCE, instanceId } },
      });
    const results = await Promise.all([take("a"), take("b"), take("c")]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    const claim = await FlowGenerationModel.findById(`generate:${user.id}:onboarding`).lean();
    expect(["a", "b", "c"]).toContain(claim?.owner?.instanceId);
  });
});

describe("claimOwnerIsGone", () => {
  const self: ClaimOwner = { instanceId: "me", pid: 4242, host: "here" };
  const running = (pid: number) => pid === 77;
  it.each([
    ["this very instance", { instanceId: "me", pid: 4242, host: "here" }, false, false],
    ["a claim from before owners were recorded", undefined, false, false],
    ["a running process of this host", { instanceId: "x", pid: 77, host: "here" }, false, false],
    ["a process of this host that has ended", { instanceId: "x", pid: 78, host: "here" }, false, true],
    ["an earlier instance that had this pid", { instanceId: "x", pid: 4242, host: "here" }, false, true],
    ["an instance on another host", { instanceId: "x", pid: 77, host: "there" }, false, false],
    ["any other instance, when this one uses the database alone", { instanceId: "x", pid: 77, host: "there" }, true, true],
    ["no owner recorded, even alone", undefined, true, false],
  ] as const)("%s", (_name, owner, soleInstance, gone) => {
    expect(claimOwnerIsGone(owner, { self, soleInstance, isRunning: running })).toBe(gone);
  });
});
