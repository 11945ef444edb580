import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, dataOf, expectRedirect, formRequest, getRequest, settle, statusOf, toastOf } = await import("../../support/requests");
const dashboardRoute = await import("~/routes/_app+/dashboard");
const indexRoute = await import("~/routes/_index");
const { createBenchmark } = await import("~/models/email-benchmark.server");
const { expandBenchmarkCard } = await import("~/lib/benchmarks/card");
const { upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { updateUserDetails } = await import("~/models/user.server");
const { UserBenchmarkMetricModel } = await import("~/models/user-benchmark-metric.server");
const { seedDatabase } = await import("~/services/seed/seed.server");

await useTestDatabase({ clearBeforeEach: true });

type Loaded = Awaited<ReturnType<typeof dashboardRoute.loader>>;

async function load(cookie: string, path = "/dashboard") {
  return dataOf(await dashboardRoute.loader(args(getRequest(path, { cookie })))) as Loaded;
}

describe("the dashboard's benchmark card data", () => {
  it("shows the five flows with all-industries medians, and the user's peer median when an admin entered one", async () => {
    await seedDatabase();
    const { user, cookie } = await createUser();
    await upsertResponseForUser(user.id, { companyName: "Pulse", industry: "Fitness", businessType: "B2C Service/Retail" });
    await createBenchmark({
      benchmarkType: "Lead Nurture",
      performanceIndicator: "Open Rate (Email)",
      industry: "Fitness",
      businessType: "B2C Service/Retail",
      industryMedian: "38.00%",
      source: "Fitness survey",
    });
    await createBenchmark({
      benchmarkType: "Lead Nurture",
      performanceIndicator: "Click Rate (Email)",
      industry: "Technology & Software",
      businessType: "All",
      industryMedian: "1.00%",
      source: "Other industry",
    });

    const { dashboard } = await load(cookie);
    const flows = expandBenchmarkCard(dashboard.benchmarks);
    expect(flows.map((flow) => flow.flowType)).toEqual(["lead_nurture", "onboarding", "abandoned_cart", "upsell", "sunset"]);
    expect(dashboard.openFlows).toEqual(["lead_nurture"]);
    const lead = flows[0];
    expect(lead.rows.find((row) => row.key === "openRate")?.median).toEqual({
      text: "38.00%",
      source: "Fitness survey",
      groupLabel: "Fitness · B2C Service/Retail",
    });
    expect(lead.rows.find((row) => row.key === "clickRate")?.median).toMatchObject({ text: "5.31%", groupLabel: "All industries" });
    expect(dashboard.peerGroup).toEqual({ industry: "Fitness", businessType: "B2C Service/Retail" });
  });

  it("reads without writing, on / and on /dashboard alike, and keeps a saved section open from ?open=", async () => {
    await seedDatabase();
    const { cookie } = await createUser();
    const before = await UserBenchmarkMetricModel.countDocuments({});
    const fromDashboard = await load(cookie, "/dashboard?open=upsell&open=bogus");
    const fromIndex = dataOf(await indexRoute.loader(args(getRequest("/?open=upsell", { cookie })))) as Loaded;
    expect(fromDashboard.dashboard).toEqual(fromIndex.dashboard);
    expect(fromDashboard.dashboard.openFlows).toEqual(["lead_nurture", "upsell"]);
    expect(await UserBenchmarkMetricModel.countDocuments({})).toBe(before);
  });

  it("shows the AI Research card only to AI Quick Pass users whose research has not run", async () => {
    const { user, cookie } = await createUser();
    expect((await load(cookie)).dashboard.research).toBeNull();
    await updateUserDetails({ id: user.id, completionMethod: "ai", researchWebsiteUrl: "https://pulse.example" });
    expect((await load(cookie)).dashboard.research).toEqual({ website: "https://pulse.example", problem: null, lastFailure: null });
    await updateUserDetails({ id: user.id, aiResearchCompleted: 1 });
    expect((await load(cookie)).dashboard.research).toBeNull();
  });
});

describe("a section's Save button without JavaScript", () => {
  const fields = (values: Record<string, string>) => ({ intent: "save-metrics", flowType: "upsell", ...values });

  it("tells the user a figure typed finer than hundredths was rounded, and what it was kept as", async () => {
    const { user, cookie } = await createUser();
    const response = await dashboardRoute.action(args(formRequest("/dashboard", fields({ spamComplaintRate: "0.012", openRate: "40" }), { cookie })));
    expect(await toastOf(response as Response)).toMatchObject({
      title: "Metrics saved",
      description: "Your Upsell figures are saved. Spam Complaint Rate: Kept as 0.01%: figures are stored to 2 decimals.",
    });
    expect(await UserBenchmarkMetricModel.findOne({ userId: user.id, flowType: "upsell" }).lean()).toMatchObject({ spamComplaintRate: 1, openRate: 4000 });
  });

  it("stores the typed figures ×100, clears empty ones, and comes back to the open section with a toast", async () => {
    const { user, cookie } = await createUser();
    const response = await dashboardRoute.action(args(formRequest("/dashboard", fields({ openRate: "40", revenuePerRecipient: "0.5", clickRate: "", ctr: "abc" }), { cookie })));
    expectRedirect(response as Response, "/dashboard?open=upsell");
    expect(await toastOf(response as Response)).toMatchObject({ title: "Metrics saved", variant: "success" });
    expect(await UserBenchmarkMetricModel.findOne({ userId: user.id, flowType: "upsell" }).lean()).toMatchObject({
      openRate: 4000,
      revenuePerRecipient: 50,
      clickRate: null,
      ctr: null,
    });

    const fromIndex = await indexRoute.action(args(formRequest("/?index", fields({ openRate: "41.5" }), { cookie })));
    expectRedirect(fromIndex as Response, "/?open=upsell");
    expect(await UserBenchmarkMetricModel.findOne({ userId: user.id, flowType: "upsell" }).lean()).toMatchObject({ openRate: 4150, revenuePerRecipient: 50 });
  });

  it("answers out-of-range figures with 422, their messages and what was typed, storing nothing", async () => {
    const { cookie } = await createUser();
    const result = await settle(dashboardRoute.action(args(formRequest("/dashboard", fields({ openRate: "101", bounceRate: "-1", clickRate: "5" }), { cookie }))));
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({
      flowType: "upsell",
      values: { openRate: "101", bounceRate: "-1", clickRate: "5" },
      fieldErrors: { openRate: "Open Rate must be a percentage from 0 to 100.", bounceRate: "Bounce Rate must be a percentage from 0 to 100." },
    });
    expect(await UserBenchmarkMetricModel.countDocuments({})).toBe(0);
  });

  it("refuses an unknown flow type and an unknown intent", async () => {
    const { cookie } = await createUser();
    expect(statusOf(await settle(dashboardRoute.action(args(formRequest("/dashboard", { intent: "save-metrics", flowType: "newsletter", openRate: "1" }, { cookie })))))).toBe(422);
    expect(statusOf(await settle(dashboardRoute.action(args(formRequest("/dashboard", { intent: "nope" }, { cookie })))))).toBe(400);
  });

  it("sends a signed-out post to sign in and a cross-site post away", async () => {
    const signedOut = await settle(dashboardRoute.action(args(formRequest("/dashboard", fields({ openRate: "1" })))));
    expect(statusOf(signedOut)).toBe(302);
    const { cookie } = await createUser();
    const crossSite = await settle(dashboardRoute.action(args(formRequest("/dashboard", fields({ openRate: "1" }), { cookie, origin: "https://evil.example" }))));
    expect(statusOf(crossSite)).toBe(403);
    expect(await UserBenchmarkMetricModel.countDocuments({})).toBe(0);
  });
});
