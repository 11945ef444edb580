import { describe, expect, it } from "vitest";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import {
  AiGeneratedFlowModel,
  findFlow,
  findFlowByTouchpoint,
  findFlowByType,
  findMessagesPage,
  findVersion,
  findVersions,
  type FlowContent,
  insertFlow,
  moveOutbox,
  removeFlow,
  snapshotOf,
  updateWithRevision,
} from "~/models/ai-generated-flow.server";
import { newId, WriteConflictError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const A = "user-a";
const B = "user-b";

function content(label: string, steps = 3): FlowContent {
  return {
    flowOverview: `${label} overview`,
    quickNotes: `${label} notes`,
    customContext: "",
    model: "offline-rules-v1",
    promptType: "generate",
    touchpoints: Array.from({ length: steps }, (_, i) => ({
      stepType: i === 1 ? ("SMS" as const) : ("Email" as const),
      title: `${label} step ${i + 1}`,
      primaryGoal: "goal",
      keyMessages: "• message",
      callToAction: "act",
      timing: { type: "offset" as const, minutes: (i + 1) * 1440 },
      delayDays: i + 1,
      offsetMinutes: (i + 1) * 1440,
      sendWindow: i === 1 ? { start: "08:00", end: "21:00" } : null,
    })),
  };
}

const create = (userId = A, flowType = "onboarding" as const) => insertFlow({ userId, flowType, companyName: "Acme", content: content("v0") });

/** A regeneration as the service does it, through the one optimistic write. */
const regenerate = (flowId: string, userId: string, label: string) =>
  updateWithRevision(flowId, userId, () => ({
    content: content(label),
    saveCurrentAsVersion: true,
    incrementRegenerationCount: true,
    messages: [
      { role: "user" as const, content: `feedback ${label}` },
      { role: "assistant" as const, content: `changed ${label}` },
    ],
    result: ({ version }) => version!,
  }));

describe("the flow document", () => {
  it("is one per user and flow type, and reads are scoped to the owner", async () => {
    const flow = await create();
    await expect(create()).rejects.toMatchObject({ code: 11000 });
    expect(await findFlow({ flowId: flow._id, userId: B })).toBeNull();
    expect(await findFlowByType({ userId: B, flowType: "onboarding" })).toBeNull();
    expect(await findVersions({ flowId: flow._id, userId: B })).toBeNull();
    expect(await findMessagesPage({ flowId: flow._id, userId: B })).toBeNull();
    expect(await findFlowByTouchpoint({ touchpointId: flow.touchpoints[0]!._id, userId: B })).toBeNull();
    expect((await findFlowByTouchpoint({ touchpointId: flow.touchpoints[0]!._id, userId: A }))?._id).toBe(flow._id);
    expect(await removeFlow({ flowId: flow._id, userId: B })).toBe(false);
  });

  it("stays the same size however many times the flow is regenerated (history lives in its own documents)", async () => {
    const flow = await create();
    const sizeOf = async () => JSON.stringify(await AiGeneratedFlowModel.findById(flow._id).lean()).length;
    await regenerate(flow._id, A, "v1");
    const after1 = await sizeOf();
    for (let i = 2; i <= 20; i++) await regenerate(flow._id, A, `v${i}`.padEnd(3, "x"));
    expect(await sizeOf()).toBeLessThanOrEqual(after1 + 40); // counters grow by a digit or two, nothing else
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow._id })).toBe(20);
    expect(await AiFlowMessageModel.countDocuments({ flowId: flow._id })).toBe(40);
    const doc = await AiGeneratedFlowModel.findById(flow._id).lean();
    expect(doc).toMatchObject({ lastVersionNumber: 20, lastMessageSequence: 40, regenerationCount: 20, pendingVersions: [], pendingMessages: [] });
  });
});

describe("updateWithRevision", () => {
  it("a version keeps the touchpoints' ids; restoring it keeps them again", async () => {
    const flow = await create();
    const version = await regenerate(flow._id, A, "v1");
    expect(version!.touchpoints.map((tp) => tp._id)).toEqual(flow.touchpoints.map((tp) => tp._id));
    const stored = await findVersion({ flowId: flow._id, userId: A, versionId: version!._id });
    expect(stored!.touchpoints.map((tp) => tp._id)).toEqual(flow.touchpoints.map((tp) => tp._id));
  });

  it("re-runs the change on a fresh read when another write got in first", async () => {
    const flow = await create();
    let runs = 0;
    const result = await updateWithRevision(flow._id, A, async (current) => {
      runs++;
      // Someone else writes between the first read and its write.
      if (runs === 1) await AiGeneratedFlowModel.updateOne({ _id: flow._id }, { $inc: { revision: 1 } });
      return { touchpoints: [], result: () => `written at revision ${current.revision}` };
    });
    expect(result).toBe("written at revision 1");
    expect(runs).toBe(2);
  });

  it("gives up with a WriteConflictError when it never wins, and null for another user's flow", async () => {
    const flow = await create();
    await expect(
      updateWithRevision(flow._id, A, async () => {
        await AiGeneratedFlowModel.updateOne({ _id: flow._id }, { $inc: { revision: 1 } });
        return { touchpoints: [], result: () => null };
      }),
    ).rejects.toBeInstanceOf(WriteConflictError);
    expect(await updateWithRevision(flow._id, B, () => ({ touchpoints: [], result: () => "x" }))).toBeNull();
  });
});

describe("the outbox", () => {
  it("versions and messages committed but not yet moved are read, then moved by the next write", async () => {
    const flow = await create();
    // A crash right after the atomic write: the version and the messages sit in the flow's outbox.
    const version = snapshotOf(flow, 1, new Date());
    const messages = [1, 2].map((sequence) => ({
      _id: newId(),
      flowId: flow._id,
      versionId: version._id,
      role: "user" as const,
      content: `m${sequence}`,
      sequence,
      createdAt: new Date(),
    }));
    await AiGeneratedFlowModel.updateOne(
      { _id: flow._id },
      { $push: { pendingVersions: version, pendingMessages: { $each: messages } }, $inc: { lastVersionNumber: 1, lastMessageSequence: 2, revision: 1 } },
    );
    expect((await findVersions({ flowId: flow._id, userId: A }))!.map((v) => v._id)).toEqual([version._id]);
    expect((await findMessagesPage({ flowId: flow._id, userId: A }))!.map((m) => m.content)).toEqual(["m1", "m2"]);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);

    await regenerate(flow._id, A, "v2");
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow._id })).toBe(2);
    expect((await findVersions({ flowId: flow._id, userId: A }))!.map((v) => v.versionNumber)).toEqual([2, 1]);
    expect((await findMessagesPage({ flowId: flow._id, userId: A }))!.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    expect(await AiGeneratedFlowModel.findById(flow._id).lean()).toMatchObject({ pendingVersions: [], pendingMessages: [] });
  });

  it("moving twice writes each entry once", async () => {
    const flow = await create();
    await regenerate(flow._id, A, "v1");
    const version = (await AiFlowVersionModel.findOne({ flowId: flow._id }).lean())!;
    await AiGeneratedFlowModel.updateOne({ _id: flow._id }, { $push: { pendingVersions: version } });
    await moveOutbox(flow._id);
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow._id })).toBe(1);
  });
});

describe("the conversation", () => {
  it("is read in pages in sequence order", async () => {
    const flow = await create();
    for (let i = 1; i <= 5; i++) await regenerate(flow._id, A, `v${i}`);
    const first = await findMessagesPage({ flowId: flow._id, userId: A, limit: 4 });
    expect(first!.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    const next = await findMessagesPage({ flowId: flow._id, userId: A, afterSequence: 4, limit: 4 });
    expect(next!.map((m) => m.sequence)).toEqual([5, 6, 7, 8]);
    const last = await findMessagesPage({ flowId: flow._id, userId: A, afterSequence: 8, limit: 4 });
    expect(last!.map((m) => m.sequence)).toEqual([9, 10]);
  });

  it("goes with its flow", async () => {
    const flow = await create();
    await regenerate(flow._id, A, "v1");
    const other = await create(B);
    await regenerate(other._id, B, "v1");
    expect(await removeFlow({ flowId: flow._id, userId: A })).toBe(true);
    expect(await AiFlowMessageModel.countDocuments({ flowId: flow._id })).toBe(0);
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow._id })).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({ flowId: other._id })).toBe(2);
  });
});
