import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { call, onboardedUser, seedRules } = await import("../flows/helpers");
const { args, dataOf, getRequest } = await import("../../support/requests");
const scorecardApi = await import("~/routes/api+/scorecard");
const metricsApi = await import("~/routes/api+/user-metrics");
const generateApi = await import("~/routes/api+/ai-flows.generate");
const regenerateApi = await import("~/routes/api+/ai-flows.$id.regenerate");
const touchpointApi = await import("~/routes/api+/touchpoints.$id");
const rollbackApi = await import("~/routes/api+/ai-flows.$id.versions.$versionId.rollback");
const versionsApi = await import("~/routes/api+/ai-flows.$id.versions");
const dashboardRoute = await import("~/routes/_app+/dashboard");
const { scorecardSchema } = await import("~/lib/scorecard/api-schema");
const { createBenchmark } = await import("~/models/email-benchmark.server");
const { ScorecardViewModel } = await import("~/models/scorecard-view.server");
const { seedDatabase } = await import("~/services/seed/seed.server");
const { sightingDate } = await import("~/services/scorecard/scorecard.server");

await useTestDatabase({ clearBeforeEach: true });

type Scorecard = ReturnType<typeof scorecardSchema.parse>;

const getScorecard = async (cookie?: string) => call(scorecardApi.loader, "/api/scorecard", { cookie });
const saveFigures = async (cookie: string, body: Record<string, unknown>) => {
  const saved = await call(metricsApi.action, "/api/user-metrics", { method: "POST", cookie, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

/** Leaf & Kettle's figures (integers × 100, as the API takes them): a weak abandoned cart flow. */
async function enterRealisticFigures(cookie: string) {
  await saveFigures(cookie, { flowType: "onboarding", openRate: 4820, clickRate: 490, ctr: 1020, revenuePerRecipient: 210, unsubscribeRate: 31 });
  await saveFigures(cookie, { flowType: "abandoned_cart", openRate: 4530, clickRate: 410, ctr: 910, revenuePerRecipient: 145, unsubscribeRate: 28, spamComplaintRate: 2 });
}

describe("GET /api/scorecard", () => {
  it("answers 401 when signed out and 402 PREMIUM_REQUIRED, with no figure, to a free user", async () => {
    expect((await getScorecard()).status).toBe(401);
    const free = await onboardedUser();
    await enterRealisticFigures(free.cookie);
    const answer = await getScorecard(free.cookie);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ message: expect.stringContaining("Premium"), code: "PREMIUM_REQUIRED" });
  });

  it("answers a premium user with the documented shape, their peer group's medians and what to fix first", async () => {
    await seedDatabase();
    await seedRules();
    // Leaf & Kettle is a Food & Beverage eCommerce store: an admin entered its peers' cart revenue.
    await createBenchmark({
      benchmarkType: "Abandoned Cart Flows",
      performanceIndicator: "Revenue Per Recipient (Email)",
      industry: "Food & Beverage",
      businessType: "eCommerce",
      industryMedian: "$3.10",
      source: "Food & Beverage survey",
    });
    const premium = await onboardedUser({ premium: true });
    await enterRealisticFigures(premium.cookie);

    const answer = await getScorecard(premium.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const scorecard = scorecardSchema.parse(answer.body);
    expect(Object.keys(answer.body as object)).toEqual(["score", "flows", "recommendations", "missing", "klaviyoGaps", "regenerate"]);
    // No Klaviyo account read: no list of what it lacks.
    expect(scorecard.klaviyoGaps).toBeNull();
    expect(scorecard.flows.map((flow) => flow.flowType)).toEqual(["onboarding", "lead_nurture", "abandoned_cart", "upsell", "sunset"]);
    const cart = scorecard.flows.find((flow) => flow.flowType === "abandoned_cart")!;
    expect(cart.metrics.find((metric) => metric.metric === "revenuePerRecipient")).toEqual({
      metric: "revenuePerRecipient",
      value: 1.45,
      median: 3.1,
      peerGroup: "Food & Beverage · eCommerce",
      higherIsBetter: true,
      weight: 35,
      score: 18,
    });
    expect(scorecard.score).toEqual(expect.any(Number));
    const [first] = scorecard.recommendations;
    expect(first).toMatchObject({
      id: "revenue_gap:abandoned_cart",
      detail: expect.stringContaining("Abandoned cart revenue per recipient $1.45 against a median of $3.10 for Food & Beverage · eCommerce."),
      impact: { revenuePer1000Recipients: 1650 },
    });
    // No abandoned cart flow in Flowmap yet: the action is to build one.
    expect(first!.actions).toEqual([{ label: "Generate an abandoned cart flow built on best practice", href: "/flow-mappings?type=abandoned_cart" }]);
  });

  it("moves with the user's flows: generated, edited, regenerated and rolled back", async () => {
    await seedDatabase();
    await seedRules();
    const premium = await onboardedUser({ premium: true });
    await enterRealisticFigures(premium.cookie);
    const generated = await call(generateApi.action, "/api/ai-flows/generate", { method: "POST", cookie: premium.cookie, body: { flowType: "abandoned_cart" } });
    expect(generated.status).toBe(201);
    const flow = generated.body as { id: string; touchpoints: Array<{ id: string; stepType: string }> };
    const ids = async () => ((await getScorecard(premium.cookie)).body as Scorecard).recommendations.map((item) => item.id);
    const first = async () => ((await getScorecard(premium.cookie)).body as Scorecard).recommendations[0]!;

    // The generated flow sends within the hour and has an SMS step: the advice is about its offer.
    // It opens the regenerate dialog with a note worked out from the figures that trail.
    const advice = (await first()).actions[0]!;
    expect(advice.label).toBe("Regenerate it with your feedback on the offer and the call to action");
    const href = new URL(advice.href, "http://flowmap.test");
    expect(`${href.pathname}?type=${href.searchParams.get("type")}&dialog=${href.searchParams.get("dialog")}`).toBe("/flow-mappings?type=abandoned_cart&dialog=regenerate");
    expect(href.searchParams.get("note")).toMatch(/^Revenue Per Recipient \$[\d.]+ is \d+% below the median/);

    // The owner deletes the SMS step: Leaf & Kettle uses SMS, so the flow's fix says so.
    const sms = flow.touchpoints.find((tp) => tp.stepType === "SMS")!;
    expect((await call(touchpointApi.action, `/api/touchpoints/${sms.id}`, { method: "DELETE", cookie: premium.cookie, params: { id: sms.id } })).status).toBe(200);
    expect((await first()).detail).toContain("You use SMS, but your abandoned cart flow has no SMS step.");
    expect((await first()).actions[0]!.label).toBe("Regenerate it asking for “more SMS”");

    // Regenerating with "more SMS" puts one back, and the finding goes.
    expect(
      (await call(regenerateApi.action, `/api/ai-flows/${flow.id}/regenerate`, { method: "POST", cookie: premium.cookie, params: { id: flow.id }, body: { feedback: "more SMS" } }))
        .status,
    ).toBe(200);
    expect((await first()).detail).not.toContain("no SMS step");

    // Rolling back to the version without SMS brings it back.
    const versions = (
      (await call(versionsApi.loader, `/api/ai-flows/${flow.id}/versions`, { cookie: premium.cookie, params: { id: flow.id } })).body as {
        items: Array<{ id: string; touchpoints: Array<{ stepType: string }> }>;
      }
    ).items;
    const withoutSms = versions.find((version) => version.touchpoints.every((tp) => tp.stepType !== "SMS"))!;
    const rolledBack = await call(rollbackApi.action, `/api/ai-flows/${flow.id}/versions/${withoutSms.id}/rollback`, {
      method: "POST",
      cookie: premium.cookie,
      params: { id: flow.id, versionId: withoutSms.id },
    });
    expect(rolledBack.status).toBe(200);
    expect((await first()).detail).toContain("no SMS step");
    expect(await ids()).not.toContain("missing_flow:abandoned_cart");
  });
});

describe("the dashboard's scorecard", () => {
  type Loaded = Awaited<ReturnType<typeof dashboardRoute.loader>>;
  const load = async (cookie: string) => (dataOf(await dashboardRoute.loader(args(getRequest("/dashboard", { cookie })))) as Loaded).dashboard;

  it("gives a free user only the teaser: no score, figure or recommendation in the page's data", async () => {
    await seedDatabase();
    const free = await onboardedUser();
    await enterRealisticFigures(free.cookie);
    const dashboard = await load(free.cookie);
    expect(dashboard.scorecard).toEqual({ kind: "teaser" });
    expect(await ScorecardViewModel.countDocuments({})).toBe(0);
  });

  it("shows what changed since the scorecard the user last saw, and writes only when it changed", async () => {
    await seedDatabase();
    const premium = await onboardedUser({ premium: true });
    await enterRealisticFigures(premium.cookie);

    const firstLoad = await load(premium.cookie);
    if (firstLoad.scorecard.kind !== "premium") throw new Error("premium users get the scorecard");
    expect(firstLoad.scorecard.change).toBeNull();
    const before = firstLoad.scorecard.scorecard;
    expect(before.score).toEqual(expect.any(Number));
    const firstSighting = (await ScorecardViewModel.findOne({ _id: premium.user.id }).lean())!;

    // A reload with nothing changed writes nothing.
    expect((await load(premium.cookie)).scorecard).toEqual(firstLoad.scorecard);
    expect((await ScorecardViewModel.findOne({ _id: premium.user.id }).lean())!.current.at).toEqual(firstSighting.current.at);

    // A better abandoned cart revenue figure raises the cart's score and the overall score.
    await saveFigures(premium.cookie, { flowType: "abandoned_cart", revenuePerRecipient: 380 });
    const after = await load(premium.cookie);
    if (after.scorecard.kind !== "premium") throw new Error("premium users get the scorecard");
    const cartBefore = before.flows.find((flow) => flow.flowType === "abandoned_cart")!.score!;
    const cartAfter = after.scorecard.scorecard.flows.find((flow) => flow.flowType === "abandoned_cart")!.score!;
    expect(cartAfter).toBeGreaterThan(cartBefore);
    expect(after.scorecard.scorecard.score!).toBeGreaterThan(before.score!);
    expect(after.scorecard.change).toBe(
      `Since ${sightingDate(firstSighting.current.at)}: up ${after.scorecard.scorecard.score! - before.score!} points (${before.score} → ${after.scorecard.scorecard.score}); Abandoned Cart ${cartBefore} → ${cartAfter}; 1 recommendation off your list, 1 new.`,
    );
    // The line stays until the scorecard changes again.
    expect((await load(premium.cookie)).scorecard).toEqual(after.scorecard);
  });
});
