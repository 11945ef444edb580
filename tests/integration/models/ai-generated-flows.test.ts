import { describe, expect, it } from "vitest";
import { ZodError } from "zod";

import {
  AiGeneratedFlowModel,
  appendMessages,
  createFlow,
  deleteFlow,
  deleteTouchpoint,
  type FlowContentInput,
  getFlow,
  getFlowByType,
  getTouchpoint,
  listFlowsByType,
  listFlowsForUser,
  listMessages,
  listVersions,
  replaceCurrentWithNewVersion,
  rollbackToVersion,
  updateTouchpoint,
} from "~/models/ai-generated-flow.server";
import { isDuplicateKeyError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const A = "user-a";
const B = "user-b";

function content(label: string, steps = 3): FlowContentInput {
  return {
    flowOverview: `${label} overview`,
    quickNotes: `${label} notes`,
    model: "offline",
    promptType: label === "v0" ? "generate" : "regenerate",
    touchpoints: Array.from({ length: steps }, (_, i) => ({
      stepType: i === 1 ? ("SMS" as const) : ("Email" as const),
      title: `${label} step ${i + 1}`,
      primaryGoal: `Goal ${i + 1}`,
      keyMessages: `Message ${i + 1}`,
      callToAction: `CTA ${i + 1}`,
      delayDays: i * 2,
    })),
  };
}

async function newFlow(userId = A, flowType: "onboarding" | "lead_nurture" = "onboarding") {
  return createFlow({ userId, flowType, companyName: "Glow", content: content("v0"), messages: [{ role: "system", content: "Generated" }] });
}

describe("createFlow", () => {
  it("creates the flow with numbered touchpoints, derived timings and its first messages", async () => {
    const flow = await newFlow();
    expect(flow.id).toMatch(UUID);
    expect(flow).toMatchObject({
      userId: A,
      flowType: "onboarding",
      companyName: "Glow",
      flowOverview: "v0 overview",
      regenerationCount: 0,
      versionCount: 0,
      customContext: "",
    });
    expect(flow.touchpoints.map((tp) => tp.stepNumber)).toEqual([1, 2, 3]);
    expect(flow.touchpoints.every((tp) => UUID.test(tp.id) && tp.flowId === flow.id)).toBe(true);
    expect(flow.touchpoints[0]).toMatchObject({ delayDays: 0, offsetMinutes: 0, timing: { type: "immediate" }, stepType: "Email" });
    expect(flow.touchpoints[2]).toMatchObject({ delayDays: 4, offsetMinutes: 5760, timing: { type: "offset", minutes: 5760 } });
    expect(flow).not.toHaveProperty("_id");
    expect(flow).not.toHaveProperty("revision");

    // A hydrated document serialised by accident also speaks `id`, down to its touchpoints.
    const json = JSON.parse(JSON.stringify(await AiGeneratedFlowModel.findById(flow.id)));
    expect(json.id).toBe(flow.id);
    expect(json._id).toBeUndefined();
    expect(json.touchpoints[0].id).toBe(flow.touchpoints[0].id);
    expect(json.touchpoints[0]._id).toBeUndefined();

    const messages = await listMessages({ flowId: flow.id, userId: A });
    expect(messages).toMatchObject([{ role: "system", content: "Generated", sequence: 1, versionId: null }]);
    expect(await listVersions({ flowId: flow.id, userId: A })).toEqual([]);
  });

  it("keeps event-relative timings", async () => {
    const flow = await createFlow({
      userId: A,
      flowType: "lead_nurture",
      companyName: "Glow",
      content: {
        flowOverview: "Webinar",
        touchpoints: [
          { stepType: "Email", title: "Reminder", timing: { type: "relative_event", event: "webinar", direction: "before", minutes: 60 } },
          { stepType: "SMS", title: "Starting", timing: { type: "weekday_relative_event", event: "webinar", weekday: 2, time: "09:00", relation: "on" } },
        ],
      },
    });
    expect(flow.touchpoints[0]).toMatchObject({ offsetMinutes: null, delayDays: 0, timing: { type: "relative_event", minutes: 60 } });
    expect(flow.touchpoints[1].timing).toEqual({ type: "weekday_relative_event", event: "webinar", weekday: 2, time: "09:00", relation: "on" });
  });

  it("allows one flow per user and flow type (E11000 on a second)", async () => {
    await newFlow(A, "onboarding");
    const error = await newFlow(A, "onboarding").catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(error).toMatchObject({ code: 11000 });
    await newFlow(A, "lead_nurture");
    await newFlow(B, "onboarding");
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(3);
  });

  it("rejects bad input", async () => {
    const base = { userId: A, companyName: "Glow", content: content("v0") };
    // @ts-expect-error: not a flow type
    await expect(createFlow({ ...base, flowType: "winback" })).rejects.toThrow(/flowType/);
    const badTiming = { ...content("v0"), touchpoints: [{ stepType: "Email" as const, title: "X", timing: { type: "offset" as const, minutes: 600_000 } }] };
    await expect(createFlow({ ...base, flowType: "onboarding", content: badTiming })).rejects.toBeInstanceOf(ZodError);
    const badType = { ...content("v0"), touchpoints: [{ stepType: "Fax" as "Email", title: "X" }] };
    await expect(createFlow({ ...base, flowType: "onboarding", content: badType })).rejects.toThrow(/stepType/);
    const noTitle = { ...content("v0"), touchpoints: [{ stepType: "Email" as const, title: "" }] };
    await expect(createFlow({ ...base, flowType: "onboarding", content: noTitle })).rejects.toThrow(/title/);
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
  });
});

describe("reads are scoped to the owner", () => {
  it("finds the flow for its owner only", async () => {
    const flow = await newFlow();
    expect((await getFlow({ id: flow.id, userId: A }))?.id).toBe(flow.id);
    expect(await getFlow({ id: flow.id, userId: B })).toBeNull();
    expect((await getFlowByType({ userId: A, flowType: "onboarding" }))?.id).toBe(flow.id);
    expect(await getFlowByType({ userId: B, flowType: "onboarding" })).toBeNull();
    expect(await listFlowsByType({ userId: A, flowType: "onboarding" })).toHaveLength(1);
    expect(await listFlowsByType({ userId: A, flowType: "lead_nurture" })).toEqual([]);
    expect(await listFlowsByType({ userId: B, flowType: "onboarding" })).toEqual([]);
    expect(await listFlowsForUser(A)).toHaveLength(1);
    expect(await listFlowsForUser(B)).toEqual([]);
    expect(await listVersions({ flowId: flow.id, userId: B })).toBeNull();
    expect(await listMessages({ flowId: flow.id, userId: B })).toBeNull();
    const tp = flow.touchpoints[0];
    expect((await getTouchpoint({ id: tp.id, userId: A }))?.title).toBe(tp.title);
    expect(await getTouchpoint({ id: tp.id, userId: B })).toBeNull();
  });
});

describe("replaceCurrentWithNewVersion (regenerate)", () => {
  it("saves the current state as version 1 and makes the new content current", async () => {
    const flow = await newFlow();
    const result = await replaceCurrentWithNewVersion({
      flowId: flow.id,
      userId: A,
      content: content("v1", 2),
      messages: [
        { role: "user", content: "Shorter please" },
        { role: "assistant", content: "Done" },
      ],
    });
    expect(result).not.toBeNull();
    const { flow: updated, previousVersion } = result!;
    expect(previousVersion).toMatchObject({ versionNumber: 1, reason: "regenerated", flowOverview: "v0 overview", promptType: "generate", model: "offline" });
    expect(previousVersion.touchpoints.map((tp) => tp.title)).toEqual(["v0 step 1", "v0 step 2", "v0 step 3"]);
    expect(previousVersion.touchpoints.every((tp) => tp.versionId === previousVersion.id)).toBe(true);
    expect(updated).toMatchObject({ flowOverview: "v1 overview", regenerationCount: 1, versionCount: 1 });
    expect(updated.touchpoints.map((tp) => tp.title)).toEqual(["v1 step 1", "v1 step 2"]);

    const messages = await listMessages({ flowId: flow.id, userId: A });
    expect(messages?.map((m) => [m.sequence, m.role, m.versionId])).toEqual([
      [1, "system", null],
      [2, "user", previousVersion.id],
      [3, "assistant", previousVersion.id],
    ]);

    const second = await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v2") });
    expect(second?.previousVersion).toMatchObject({ versionNumber: 2, flowOverview: "v1 overview" });
    const versions = await listVersions({ flowId: flow.id, userId: A });
    expect(versions?.map((v) => v.versionNumber)).toEqual([2, 1]);
  });

  it("does nothing to another user's flow", async () => {
    const flow = await newFlow();
    expect(await replaceCurrentWithNewVersion({ flowId: flow.id, userId: B, content: content("evil") })).toBeNull();
    expect((await getFlow({ id: flow.id, userId: A }))?.flowOverview).toBe("v0 overview");
    expect(await listVersions({ flowId: flow.id, userId: A })).toEqual([]);
  });

  it("rejects bad content without changing anything", async () => {
    const flow = await newFlow();
    const bad = { ...content("v1"), touchpoints: [{ stepType: "Email" as const, title: "X", timing: { type: "offset" as const, minutes: -1 } }] };
    await expect(replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: bad })).rejects.toBeInstanceOf(ZodError);
    const noTitle = { ...content("v1"), touchpoints: [{ stepType: "Email" as const, title: "" }] };
    await expect(replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: noTitle })).rejects.toThrow(/title/);
    expect((await getFlow({ id: flow.id, userId: A }))?.versionCount).toBe(0);
  });

  it("gives concurrent regenerations distinct, consecutive version numbers", async () => {
    const flow = await newFlow();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        replaceCurrentWithNewVersion({
          flowId: flow.id,
          userId: A,
          content: content(`r${i}`),
          messages: [
            { role: "user", content: `feedback ${i}` },
            { role: "assistant", content: `reply ${i}` },
          ],
        }),
      ),
    );
    const numbers = results.map((r) => r?.previousVersion.versionNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const versions = await listVersions({ flowId: flow.id, userId: A });
    expect(versions?.map((v) => v.versionNumber)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    // Each snapshot is the content the previous winner left: a chain with nothing lost.
    const overviews = new Set(versions?.map((v) => v.flowOverview));
    expect(overviews.size).toBe(8);
    expect(overviews.has("v0 overview")).toBe(true);

    const current = await getFlow({ id: flow.id, userId: A });
    expect(current).toMatchObject({ regenerationCount: 8, versionCount: 8 });
    expect(overviews.has(current!.flowOverview)).toBe(false);

    const messages = await listMessages({ flowId: flow.id, userId: A });
    expect(messages?.map((m) => m.sequence)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  });
});

describe("rollbackToVersion", () => {
  it("saves the current state as a backup version and restores the chosen one", async () => {
    const flow = await newFlow();
    const first = await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v1") });
    await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v2", 4) });
    const version1 = first!.previousVersion; // holds v0

    const result = await rollbackToVersion({ flowId: flow.id, versionId: version1.id, userId: A, messages: [{ role: "system", content: "Rolled back to version 1" }] });
    expect(result).not.toBeNull();
    expect(result!.rolledBackToVersion).toMatchObject({ id: version1.id, versionNumber: 1, flowOverview: "v0 overview" });
    expect(result!.backupVersion).toMatchObject({ versionNumber: 3, reason: "rollback_backup", flowOverview: "v2 overview" });
    expect(result!.backupVersion.touchpoints).toHaveLength(4);
    expect(result!.flow).toMatchObject({ flowOverview: "v0 overview", quickNotes: "v0 notes", promptType: "generate", versionCount: 3, regenerationCount: 2 });
    expect(result!.flow.touchpoints.map((tp) => tp.title)).toEqual(["v0 step 1", "v0 step 2", "v0 step 3"]);
    // Restored touchpoints get ids of their own, distinct from the version's copies.
    const versionTouchpointIds = new Set(version1.touchpoints.map((tp) => tp.id));
    expect(result!.flow.touchpoints.some((tp) => versionTouchpointIds.has(tp.id))).toBe(false);

    const versions = await listVersions({ flowId: flow.id, userId: A });
    expect(versions?.map((v) => [v.versionNumber, v.flowOverview])).toEqual([
      [3, "v2 overview"],
      [2, "v1 overview"],
      [1, "v0 overview"],
    ]);
    const messages = await listMessages({ flowId: flow.id, userId: A });
    expect(messages?.at(-1)).toMatchObject({ role: "system", versionId: result!.backupVersion.id, sequence: 2 });
  });

  it("returns null for another user's flow or an unknown version", async () => {
    const flow = await newFlow();
    const regenerated = await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v1") });
    const versionId = regenerated!.previousVersion.id;
    expect(await rollbackToVersion({ flowId: flow.id, versionId, userId: B })).toBeNull();
    expect(await rollbackToVersion({ flowId: flow.id, versionId: "missing", userId: A })).toBeNull();
    const other = await newFlow(B);
    expect(await rollbackToVersion({ flowId: other.id, versionId, userId: B })).toBeNull();
    expect((await getFlow({ id: flow.id, userId: A }))?.flowOverview).toBe("v1 overview");
    expect((await getFlow({ id: flow.id, userId: A }))?.versionCount).toBe(1);
  });

  it("never duplicates version numbers when rollbacks and regenerations race", async () => {
    const flow = await newFlow();
    const regenerated = await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v1") });
    const versionId = regenerated!.previousVersion.id;
    await Promise.all([
      rollbackToVersion({ flowId: flow.id, versionId, userId: A }),
      replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v2") }),
      rollbackToVersion({ flowId: flow.id, versionId, userId: A }),
      replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v3") }),
    ]);
    const versions = await listVersions({ flowId: flow.id, userId: A });
    expect(versions?.map((v) => v.versionNumber)).toEqual([5, 4, 3, 2, 1]);
    expect((await getFlow({ id: flow.id, userId: A }))?.versionCount).toBe(5);
  });
});

describe("touchpoints", () => {
  it("updates text fields and keeps the rest", async () => {
    const flow = await newFlow();
    const tp = flow.touchpoints[1];
    const updated = await updateTouchpoint({
      id: tp.id,
      userId: A,
      changes: { title: "New title", primaryGoal: "New goal", keyMessages: "New messages", callToAction: "New CTA", delayDays: tp.delayDays },
    });
    expect(updated).toMatchObject({ id: tp.id, flowId: flow.id, title: "New title", callToAction: "New CTA", delayDays: 2, stepNumber: 2, stepType: "SMS" });
    expect(updated?.timing).toEqual(tp.timing);
    expect((await getFlow({ id: flow.id, userId: A }))?.touchpoints[1].title).toBe("New title");
  });

  it("re-times a touchpoint when its delay in days changes, but keeps an event timing when it does not", async () => {
    const flow = await createFlow({
      userId: A,
      flowType: "onboarding",
      companyName: "Glow",
      content: {
        flowOverview: "x",
        touchpoints: [
          { stepType: "Email", title: "Deadline", delayDays: 1, timing: { type: "relative_event", event: "order_deadline", direction: "before", minutes: 120 } },
          { stepType: "Email", title: "Later", delayDays: 3 },
        ],
      },
    });
    const [eventStep, laterStep] = flow.touchpoints;
    const same = await updateTouchpoint({ id: eventStep.id, userId: A, changes: { title: "Deadline!", delayDays: 1 } });
    expect(same?.timing).toEqual({ type: "relative_event", event: "order_deadline", direction: "before", minutes: 120 });

    const moved = await updateTouchpoint({ id: laterStep.id, userId: A, changes: { delayDays: 5 } });
    expect(moved).toMatchObject({ delayDays: 5, offsetMinutes: 7200, timing: { type: "offset", minutes: 7200 } });

    const explicit = await updateTouchpoint({ id: laterStep.id, userId: A, changes: { timing: { type: "offset", minutes: 90 } } });
    expect(explicit).toMatchObject({ delayDays: 0, offsetMinutes: 90, timing: { type: "offset", minutes: 90 } });
  });

  it("rejects bad edits", async () => {
    const flow = await newFlow();
    const id = flow.touchpoints[0].id;
    await expect(updateTouchpoint({ id, userId: A, changes: { timing: { type: "offset", minutes: 600_000 } } })).rejects.toBeInstanceOf(ZodError);
    await expect(updateTouchpoint({ id, userId: A, changes: { title: "" } })).rejects.toThrow(/title/);
    await expect(updateTouchpoint({ id, userId: A, changes: { stepType: "Fax" as "SMS" } })).rejects.toThrow(/stepType/);
    expect((await getTouchpoint({ id, userId: A }))?.title).toBe("v0 step 1");
  });

  it("cannot be read, edited or deleted by another user", async () => {
    const flow = await newFlow();
    const id = flow.touchpoints[0].id;
    expect(await updateTouchpoint({ id, userId: B, changes: { title: "Hacked" } })).toBeNull();
    expect(await deleteTouchpoint({ id, userId: B })).toBeNull();
    expect(await updateTouchpoint({ id: "missing", userId: A, changes: { title: "X" } })).toBeNull();
    expect(await deleteTouchpoint({ id: "missing", userId: A })).toBeNull();
    const current = await getFlow({ id: flow.id, userId: A });
    expect(current?.touchpoints).toHaveLength(3);
    expect(current?.touchpoints[0].title).toBe("v0 step 1");
  });

  it("deletes one touchpoint and renumbers the rest", async () => {
    const flow = await createFlow({ userId: A, flowType: "onboarding", companyName: "Glow", content: content("v0", 4) });
    const updated = await deleteTouchpoint({ id: flow.touchpoints[1].id, userId: A });
    expect(updated?.touchpoints.map((tp) => [tp.stepNumber, tp.title])).toEqual([
      [1, "v0 step 1"],
      [2, "v0 step 3"],
      [3, "v0 step 4"],
    ]);
    expect(await getTouchpoint({ id: flow.touchpoints[1].id, userId: A })).toBeNull();
    const again = await deleteTouchpoint({ id: flow.touchpoints[0].id, userId: A });
    expect(again?.touchpoints.map((tp) => tp.stepNumber)).toEqual([1, 2]);
  });

  it("never loses an edit to a concurrent regeneration", async () => {
    const flow = await newFlow();
    const id = flow.touchpoints[0].id;
    const [edited] = await Promise.all([
      updateTouchpoint({ id, userId: A, changes: { title: "Edited during regenerate" } }),
      replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v1") }),
    ]);
    const versions = await listVersions({ flowId: flow.id, userId: A });
    const current = await getFlow({ id: flow.id, userId: A });
    expect(current?.flowOverview).toBe("v1 overview");
    if (edited) {
      // The edit landed first, so the snapshot taken by the regeneration must contain it.
      expect(versions?.[0].touchpoints[0].title).toBe("Edited during regenerate");
    } else {
      // The regeneration landed first: the touchpoint is gone from the current flow.
      expect(versions?.[0].touchpoints[0].title).toBe("v0 step 1");
    }
  });

  it("deletes concurrently without losing or duplicating steps", async () => {
    const flow = await createFlow({ userId: A, flowType: "onboarding", companyName: "Glow", content: content("v0", 5) });
    await Promise.all(flow.touchpoints.slice(0, 3).map((tp) => deleteTouchpoint({ id: tp.id, userId: A })));
    const current = await getFlow({ id: flow.id, userId: A });
    expect(current?.touchpoints.map((tp) => [tp.stepNumber, tp.title])).toEqual([
      [1, "v0 step 4"],
      [2, "v0 step 5"],
    ]);
  });
});

describe("appendMessages", () => {
  it("continues the sequence and is scoped to the owner", async () => {
    const flow = await newFlow();
    const added = await appendMessages({ flowId: flow.id, userId: A, messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }] });
    expect(added?.map((m) => m.sequence)).toEqual([2, 3]);
    expect(await appendMessages({ flowId: flow.id, userId: B, messages: [{ role: "user", content: "x" }] })).toBeNull();
    await Promise.all([1, 2, 3].map((n) => appendMessages({ flowId: flow.id, userId: A, messages: [{ role: "user", content: `m${n}` }] })));
    const messages = await listMessages({ flowId: flow.id, userId: A });
    expect(messages?.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    // @ts-expect-error: not a role
    await expect(appendMessages({ flowId: flow.id, userId: A, messages: [{ role: "robot", content: "x" }] })).rejects.toThrow(/role/);
  });
});

describe("deleteFlow", () => {
  it("deletes the owner's flow with its versions and conversation, and nobody else's", async () => {
    const flow = await newFlow();
    await replaceCurrentWithNewVersion({ flowId: flow.id, userId: A, content: content("v1"), messages: [{ role: "user", content: "x" }] });
    expect(await deleteFlow({ id: flow.id, userId: B })).toBe(false);
    expect(await getFlow({ id: flow.id, userId: A })).not.toBeNull();
    expect(await deleteFlow({ id: flow.id, userId: A })).toBe(true);
    expect(await deleteFlow({ id: flow.id, userId: A })).toBe(false);
    expect(await getFlow({ id: flow.id, userId: A })).toBeNull();
    expect(await listVersions({ flowId: flow.id, userId: A })).toBeNull();
    expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
    // The type is free again.
    await newFlow();
  });
});
