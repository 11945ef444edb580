import { describe, expect, it } from "vitest";

import { countBenchmarks, createBenchmark, deleteBenchmark, getBenchmark, insertBenchmarkIfMissing, listBenchmarks, updateBenchmark } from "~/models/email-benchmark.server";
import { isDuplicateKeyError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const openRate = {
  benchmarkType: "Lead Nurture",
  performanceIndicator: "Open Rate (Email)",
  industryMedian: "52.04%",
  source: "Klaviyo 2024",
  openRate: 52.04,
};

describe("email benchmarks", () => {
  it("creates, reads, lists and counts", async () => {
    const created = await createBenchmark(openRate);
    expect(created).toMatchObject({ ...openRate, clickRate: null, flowType: "", industry: "" });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.benchmarkTimestamp).toBeInstanceOf(Date);
    await createBenchmark({ benchmarkType: "Abandoned Cart Flows", performanceIndicator: "Open Rate (Email)", industryMedian: "41.18%" });
    expect(await countBenchmarks()).toBe(2);
    expect((await listBenchmarks()).map((row) => row.benchmarkType)).toEqual(["Abandoned Cart Flows", "Lead Nurture"]);
    expect(await getBenchmark(created.id)).toMatchObject(openRate);
  });

  it("rejects a duplicate (benchmarkType, performanceIndicator) with E11000", async () => {
    await createBenchmark(openRate);
    const error = await createBenchmark({ ...openRate, industryMedian: "1%" }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
    // Same indicator for another type is fine.
    await createBenchmark({ ...openRate, benchmarkType: "Upsell Flows" });
    expect(await countBenchmarks()).toBe(2);
  });

  it("rejects missing keys and negative numbers", async () => {
    await expect(createBenchmark({ benchmarkType: "Lead Nurture", performanceIndicator: "" })).rejects.toThrow(/performanceIndicator/);
    await expect(createBenchmark({ ...openRate, openRate: -1 })).rejects.toThrow(/openRate/);
  });

  it("updates and deletes by id; unknown ids give null and false", async () => {
    const created = await createBenchmark(openRate);
    const updated = await updateBenchmark(created.id, { industryMedian: "50.00%", clickRate: 5.31 });
    expect(updated).toMatchObject({ industryMedian: "50.00%", clickRate: 5.31, benchmarkType: "Lead Nurture" });
    expect(await updateBenchmark("missing", { industryMedian: "1%" })).toBeNull();
    expect(await deleteBenchmark("missing")).toBe(false);
    expect(await deleteBenchmark(created.id)).toBe(true);
    expect(await countBenchmarks()).toBe(0);
  });

  it("refuses an update that would duplicate another row's key", async () => {
    await createBenchmark(openRate);
    const other = await createBenchmark({ ...openRate, performanceIndicator: "Click Rate (Email)" });
    const error = await updateBenchmark(other.id, { performanceIndicator: "Open Rate (Email)" }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it("inserts a seed row only when its key is missing, never overwriting", async () => {
    expect(await insertBenchmarkIfMissing(openRate)).toBe(true);
    const [row] = await listBenchmarks();
    await updateBenchmark(row.id, { industryMedian: "49.00%" });
    expect(await insertBenchmarkIfMissing(openRate)).toBe(false);
    expect(await countBenchmarks()).toBe(1);
    expect((await getBenchmark(row.id))?.industryMedian).toBe("49.00%");
  });
});
