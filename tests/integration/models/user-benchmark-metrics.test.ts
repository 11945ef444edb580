import { describe, expect, it } from "vitest";

import { deleteMetricsForUser, listMetricsForUser, UserBenchmarkMetricModel, upsertMetricsForUser } from "~/models/user-benchmark-metric.server";
import { isDuplicateKeyError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

describe("user benchmark metrics", () => {
  it("stores values ×100 as integers and reads them back ÷100", async () => {
    const saved = await upsertMetricsForUser({
      userId: "user-a",
      flowType: "lead_nurture",
      values: { openRate: 52.04, clickRate: 12.345, revenuePerRecipient: 2.65, spamComplaintRate: 0.012 },
    });
    expect(saved).toMatchObject({
      flowType: "lead_nurture",
      openRate: 52.04,
      clickRate: 12.35,
      revenuePerRecipient: 2.65,
      spamComplaintRate: 0.01,
      ctr: null,
      bounceRate: null,
      unsubscribeRate: null,
    });
    const raw = await UserBenchmarkMetricModel.findOne({ userId: "user-a" }).lean();
    expect(raw).toMatchObject({ openRate: 5204, clickRate: 1235, revenuePerRecipient: 265, spamComplaintRate: 1, ctr: null });
  });

  it("updates only the given fields and clears a field with null", async () => {
    await upsertMetricsForUser({ userId: "user-a", flowType: "onboarding", values: { openRate: 40, clickRate: 3 } });
    const updated = await upsertMetricsForUser({ userId: "user-a", flowType: "onboarding", values: { clickRate: null, bounceRate: 0.5 } });
    expect(updated).toMatchObject({ openRate: 40, clickRate: null, bounceRate: 0.5 });
    const list = await listMetricsForUser("user-a");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ flowType: "onboarding", openRate: 40, clickRate: null, bounceRate: 0.5 });
  });

  it("keeps one record per user and flow type", async () => {
    await Promise.all([
      upsertMetricsForUser({ userId: "user-a", flowType: "sunset", values: { openRate: 10 } }),
      upsertMetricsForUser({ userId: "user-a", flowType: "sunset", values: { clickRate: 1 } }),
      upsertMetricsForUser({ userId: "user-a", flowType: "upsell", values: { ctr: 5 } }),
    ]);
    const list = await listMetricsForUser("user-a");
    expect(list.map((m) => m.flowType).sort()).toEqual(["sunset", "upsell"]);
    expect(list.find((m) => m.flowType === "sunset")).toMatchObject({ openRate: 10, clickRate: 1 });

    const error = await UserBenchmarkMetricModel.create({ userId: "user-a", flowType: "upsell" }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it("accepts a save with no values", async () => {
    expect(await upsertMetricsForUser({ userId: "user-a", flowType: "upsell", values: {} })).toMatchObject({ flowType: "upsell", openRate: null });
    await upsertMetricsForUser({ userId: "user-a", flowType: "upsell", values: { openRate: 12 } });
    expect(await upsertMetricsForUser({ userId: "user-a", flowType: "upsell", values: {} })).toMatchObject({ openRate: 12 });
  });

  it("is scoped to its owner", async () => {
    await upsertMetricsForUser({ userId: "user-a", flowType: "lead_nurture", values: { openRate: 30 } });
    expect(await listMetricsForUser("user-b")).toEqual([]);
    // B's save creates B's own record and leaves A's untouched.
    await upsertMetricsForUser({ userId: "user-b", flowType: "lead_nurture", values: { openRate: 99 } });
    expect((await listMetricsForUser("user-a"))[0].openRate).toBe(30);
    expect(await deleteMetricsForUser("user-c")).toBe(0);
    expect(await deleteMetricsForUser("user-b")).toBe(1);
    expect(await listMetricsForUser("user-a")).toHaveLength(1);
  });

  it("rejects an unknown flow type and negative values", async () => {
    // @ts-expect-error: not a flow type
    await expect(upsertMetricsForUser({ userId: "user-a", flowType: "winback", values: { openRate: 1 } })).rejects.toThrow();
    await expect(upsertMetricsForUser({ userId: "user-a", flowType: "upsell", values: { openRate: -5 } })).rejects.toThrow(/openRate/);
    expect(await listMetricsForUser("user-a")).toEqual([]);
  });
});
