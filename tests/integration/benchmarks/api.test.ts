import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, jsonRequest, SAME_ORIGIN } = await import("../../support/requests");
const benchmarksApi = await import("~/routes/api+/benchmarks");
const metricsApi = await import("~/routes/api+/user-metrics");
const { UserBenchmarkMetricModel } = await import("~/models/user-benchmark-metric.server");
const { createBenchmark, EmailBenchmarkModel, listBenchmarkMediansCached, listBenchmarks, MEDIANS_TTL_MS, updateBenchmark } = await import("~/models/email-benchmark.server");
const { seedDatabase } = await import("~/services/seed/seed.server");

await useTestDatabase({ clearBeforeEach: true });

type JsonOptions = NonNullable<Parameters<typeof jsonRequest>[1]>;
const getBenchmarks = (options: JsonOptions = {}) => benchmarksApi.loader(args(jsonRequest("/api/benchmarks", { method: "GET", ...options })));
const getMetrics = (options: JsonOptions = {}) => metricsApi.loader(args(jsonRequest("/api/user-metrics", { method: "GET", ...options })));
const postMetrics = (options: JsonOptions = {}) => metricsApi.action(args(jsonRequest("/api/user-metrics", { method: "POST", ...options })));

describe("GET /api/benchmarks", () => {
  it("answers 401 when signed out", async () => {
    expect((await getBenchmarks()).status).toBe(401);
  });

  it("lists every row with its median, peer group and source", async () => {
    await seedDatabase();
    await createBenchmark({
      benchmarkType: "Lead Nurture",
      performanceIndicator: "Open Rate (Email)",
      industry: "Fitness",
      businessType: "B2C Service/Retail",
      industryMedian: "38.00%",
      source: "Admin survey 2025",
    });
    const { cookie } = await createUser();
    const response = await getBenchmarks({ cookie });
    expect(response.status).toBe(200);
    const rows = await apiBody<Array<Record<string, unknown>>>(response);
    expect(rows).toHaveLength(36);
    expect(rows).toContainEqual(
      expect.objectContaining({
        benchmarkType: "Lead Nurture",
        performanceIndicator: "Open Rate (Email)",
        industryMedian: "52.04%",
        industry: "All industries",
        businessType: "All",
        source: expect.stringContaining("Klaviyo"),
      }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ industry: "Fitness", businessType: "B2C Service/Retail", industryMedian: "38.00%", source: "Admin survey 2025" }));
  });
});

describe("peer groups in the database", () => {
  it("allow a row per industry and business type beside the all-industries row, and refuse a duplicate group", async () => {
    const base = { benchmarkType: "Upsell Flows", performanceIndicator: "Click Rate (Email)", industryMedian: "4.97%" };
    await createBenchmark({ ...base, industry: "All industries", businessType: "All" });
    await createBenchmark({ ...base, industry: "Fitness", businessType: "All" });
    await createBenchmark({ ...base, industry: "Fitness", businessType: "eCommerce" });
    await expect(createBenchmark({ ...base, industry: "Fitness", businessType: "eCommerce" })).rejects.toMatchObject({ code: 11000 });
    expect(await listBenchmarks()).toHaveLength(3);
  });

  it("the seed keeps its all-industries rows with their sources and never duplicates them", async () => {
    expect((await seedDatabase()).benchmarks).toBe(35);
    expect((await seedDatabase()).benchmarks).toBe(0);
    const rows = await listBenchmarks();
    expect(rows.every((row) => row.industry === "All industries" && row.businessType === "All" && row.source.length > 10)).toBe(true);
  });
});

describe("the dashboard's medians cache", () => {
  it("serves the medians for a few seconds, forgets them on any model write, and expires", async () => {
    const base = { benchmarkType: "Sunset Flow", performanceIndicator: "Open Rate (Email)", industry: "All industries", businessType: "All" };
    const row = await createBenchmark({ ...base, industryMedian: "30.00%" });
    const t0 = 1_000_000;
    expect((await listBenchmarkMediansCached(t0)).map((r) => r.industryMedian)).toEqual(["30.00%"]);
    // A change behind the model's back is not seen until the cache expires...
    await EmailBenchmarkModel.updateOne({ _id: row.id }, { $set: { industryMedian: "31.00%" } });
    expect((await listBenchmarkMediansCached(t0 + MEDIANS_TTL_MS - 1)).map((r) => r.industryMedian)).toEqual(["30.00%"]);
    expect((await listBenchmarkMediansCached(t0 + MEDIANS_TTL_MS)).map((r) => r.industryMedian)).toEqual(["31.00%"]);
    // ...while an edit through the model shows at once.
    await updateBenchmark(row.id, { industryMedian: "32.00%" });
    expect((await listBenchmarkMediansCached(t0 + MEDIANS_TTL_MS + 1)).map((r) => r.industryMedian)).toEqual(["32.00%"]);
  });
});

describe("GET and POST /api/user-metrics", () => {
  it("answer 401 when signed out and store nothing", async () => {
    expect((await getMetrics()).status).toBe(401);
    expect((await postMetrics({ body: { flowType: "upsell", openRate: 100 } })).status).toBe(401);
    expect(await UserBenchmarkMetricModel.countDocuments({})).toBe(0);
  });

  it("saves integers × 100, reads them back, keeps left-out figures and clears with null", async () => {
    const { cookie, user } = await createUser();
    const saved = await postMetrics({ cookie, body: { flowType: "lead_nurture", openRate: 6050, clickRate: 531, revenuePerRecipient: 265 } });
    expect(saved.status).toBe(200);
    expect(await apiBody(saved)).toMatchObject({ flowType: "lead_nurture", openRate: 6050, clickRate: 531, revenuePerRecipient: 265, bounceRate: null });

    expect((await postMetrics({ cookie, body: { flowType: "lead_nurture", clickRate: null, bounceRate: 101 } })).status).toBe(200);
    const stored = await UserBenchmarkMetricModel.findOne({ userId: user.id }).lean();
    expect(stored).toMatchObject({ openRate: 6050, clickRate: null, bounceRate: 101, revenuePerRecipient: 265 });

    const list = await apiBody<unknown[]>(await getMetrics({ cookie }));
    expect(list).toEqual([expect.objectContaining({ flowType: "lead_nurture", openRate: 6050, clickRate: null, bounceRate: 101, revenuePerRecipient: 265 })]);
  });

  it("keeps each user's figures to themselves", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await postMetrics({ cookie: alice.cookie, body: { flowType: "upsell", openRate: 4000 } });
    expect(await apiBody(await getMetrics({ cookie: bob.cookie }))).toEqual([]);
  });

  it.each([
    [{ flowType: "newsletter", openRate: 100 }, "flowType"],
    [{ openRate: 100 }, "flowType"],
    [{ flowType: "upsell", openRate: -1 }, "openRate"],
    [{ flowType: "upsell", clickRate: 10001 }, "clickRate"],
    [{ flowType: "upsell", ctr: 12.5 }, "ctr"],
    [{ flowType: "upsell", bounceRate: "100" }, "bounceRate"],
    [{ flowType: "upsell", revenuePerRecipient: 99999901 }, "revenuePerRecipient"],
    [{ flowType: "upsell", unsubscribeRate: false }, "unsubscribeRate"],
    [{ flowType: "upsell", spamComplaintRate: [1] }, "spamComplaintRate"],
  ])("refuses %j with a 422 naming %s and stores nothing", async (body, field) => {
    const { cookie } = await createUser();
    const response = await postMetrics({ cookie, body });
    expect(response.status).toBe(422);
    const answer = await apiBody<{ message: string; errors: Record<string, string> }>(response);
    expect(answer.errors[field]).toEqual(expect.any(String));
    expect(await UserBenchmarkMetricModel.countDocuments({})).toBe(0);
  });

  it("gives a message per bad field at once", async () => {
    const { cookie } = await createUser();
    const response = await postMetrics({ cookie, body: { flowType: "upsell", openRate: -5, revenuePerRecipient: 1.5, ctr: "x" } });
    const answer = await apiBody<{ errors: Record<string, string> }>(response);
    expect(Object.keys(answer.errors).sort()).toEqual(["ctr", "openRate", "revenuePerRecipient"]);
    expect(answer.errors.revenuePerRecipient).toBe("revenuePerRecipient must be a whole number from 0 to 99999900 (dollars × 100), or null.");
  });

  it("refuses malformed JSON (400), other methods (405) and cross-site posts (403)", async () => {
    const { cookie } = await createUser();
    expect((await postMetrics({ cookie, raw: "{not json" })).status).toBe(400);
    const put = await metricsApi.action(args(jsonRequest("/api/user-metrics", { method: "PUT", cookie, body: { flowType: "upsell" } })));
    expect(put.status).toBe(405);
    expect((await postMetrics({ cookie, origin: "https://evil.example", body: { flowType: "upsell", openRate: 1 } })).status).toBe(403);
    expect((await postMetrics({ cookie, origin: SAME_ORIGIN, body: { flowType: "upsell", openRate: 1 } })).status).toBe(200);
  });
});
