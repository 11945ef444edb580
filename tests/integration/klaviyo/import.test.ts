import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { REFRESH_CALL_CAP, REPORTING_LIMITS } from "~/lib/klaviyo/import";
import { KLAVIYO_ERROR_DETAIL_MAX, KLAVIYO_MAX_RETRIES } from "~/lib/klaviyo/constants";
import { KlaviyoImportModel } from "~/models/klaviyo-import.server";
import { LockModel } from "~/models/lock.server";
import { RateLimit } from "~/models/rate-limit.server";
import { DomainError } from "~/services/domain-error";
import { connectKlaviyo } from "~/services/klaviyo/connection.server";
import { keyAccountTag } from "~/services/klaviyo/key-vault.server";
import { getKlaviyoImportView, refreshDueImports, refreshKlaviyoImport, saveKlaviyoMapping } from "~/services/klaviyo/import.server";

import * as dashboardRoute from "~/routes/_app+/dashboard";
import { expandBenchmarkCard } from "~/lib/benchmarks/card";
import type { DashboardData } from "~/lib/dashboard-data";
import { seedDatabase } from "~/services/seed/seed.server";

import { useTestDatabase } from "../../support/db";
import { args, dataOf, formRequest, getRequest, statusOf } from "../../support/requests";
import { useEnv } from "../../support/env";
import { manyFlows, message, threeFlows } from "../../support/klaviyo-accounts";
import { fakeClock, useFakeKlaviyoClock } from "../../support/klaviyo-clock";
import { startKlaviyoStandIn } from "../../support/klaviyo-stand-in";
import { onboardedUser } from "../flows/helpers";

/**
 * Importing an account's flows and figures against the stand-in Klaviyo (every request held to
 * the published documents): accounts of 0, 3 and 60 flows, the mapping and its corrections, the
 * figures weighted by recipients, Klaviyo's reporting limits, 429 storms and Retry-After: 0, one
 * refresh per account at a time, and a key without flows:read.
 */

await useTestDatabase({ clearBeforeEach: true });
const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
useEnv({ KLAVIYO_API_URL: klaviyo.url, KLAVIYO_ENCRYPTION_KEY: "11".repeat(32) });
useFakeKlaviyoClock();

const KEY = "pk_import_0123456789abcdef";

beforeEach(() => {
  klaviyo.reset();
  klaviyo.addKey(KEY);
  klaviyo.account.flows = threeFlows();
});
afterEach(() => {
  expect(klaviyo.violations).toEqual([]);
});

async function connected(clock = fakeClock()) {
  const account = await onboardedUser();
  await connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } }, { clock });
  klaviyo.requests.length = 0;
  return { userId: account.user.id, clock };
}

describe("importing flows and figures", () => {
  it("maps three flows by trigger and name and weights the figures by recipients, in the card's units", async () => {
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId }, { clock });
    expect(view.flows.map((flow) => [flow.name, flow.mapped])).toEqual([
      ["Welcome Series", "onboarding"],
      ["Abandoned Checkout", "abandoned_cart"],
      ["Post-Purchase Thank You", "upsell"],
    ]);
    const onboarding = view.figures.find((entry) => entry.flowType === "onboarding")!;
    // (0.6 × 1000 + 0.4 × 800) / 1800 = 0.5111… → 51.11 %
    expect(onboarding).toMatchObject({ flowCount: 1, recipients: 1800, values: { openRate: 51.11, clickRate: 4, ctr: 8, revenuePerRecipient: 1.5, spamComplaintRate: 0.01 } });
    expect(view.figures.find((entry) => entry.flowType === "abandoned_cart")?.values).toMatchObject({ openRate: 45, revenuePerRecipient: 4.2, clickRate: 6 });
    expect(view.missing).toEqual(["lead_nurture", "sunset"]);
    expect(view.sources.onboarding).toBe("From Klaviyo · last 90 days · 1 flow · updated just now");
    // One page of flows, the metrics (for Placed Order), one report for every flow.
    expect(klaviyo.requests.map((request) => request.operationId)).toEqual(["get_flows", "get_metrics", "query_flow_values"]);
    const report = klaviyo.calls("query_flow_values")[0]!.body as { data: { attributes: Record<string, unknown> } };
    expect(report.data.attributes).toMatchObject({
      timeframe: { key: "last_90_days" },
      conversion_metric_id: "MetOrd002",
      group_by: ["flow_id", "flow_message_id", "send_channel"],
      filter: 'equals(send_channel,"email")',
    });
  });

  it("weights two flows of one type by their recipients, and a corrected mapping changes the figures without a call", async () => {
    klaviyo.account.flows = [
      ...threeFlows(),
      { id: "FlwWelc02", name: "Newsletter welcome", status: "draft", trigger_type: "Added to List", messages: [message("MsgX", 200, { open_rate: 0.2 })] },
    ];
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId }, { clock });
    // (0.6×1000 + 0.4×800 + 0.2×200) / 2000 = 0.48
    expect(view.figures.find((entry) => entry.flowType === "onboarding")).toMatchObject({ flowCount: 2, recipients: 2000, values: { openRate: 48 } });
    klaviyo.requests.length = 0;
    const corrected = await saveKlaviyoMapping({
      userId,
      input: {
        flows: [
          { id: "FlwWelc02", choice: "lead_nurture" },
          { id: "FlwPost01", choice: "none" },
        ],
      },
    });
    expect(corrected.figures.find((entry) => entry.flowType === "onboarding")).toMatchObject({ flowCount: 1, values: { openRate: 51.11 } });
    expect(corrected.figures.find((entry) => entry.flowType === "lead_nurture")).toMatchObject({ flowCount: 1, values: { openRate: 20 } });
    expect(corrected.figures.some((entry) => entry.flowType === "upsell")).toBe(false);
    expect(corrected.missing).toEqual(["upsell", "sunset"]);
    expect(klaviyo.requests).toEqual([]);
    // The choice survives the next refresh; back to Flowmap's match with null.
    clock.advance(60 * 60_000);
    const again = await refreshKlaviyoImport({ userId, force: true }, { clock });
    expect(again.flows.find((flow) => flow.id === "FlwWelc02")).toMatchObject({ choice: "lead_nurture", mapped: "lead_nurture", suggested: "onboarding" });
    const reverted = await saveKlaviyoMapping({ userId, input: { flows: [{ id: "FlwWelc02", choice: null }] } });
    expect(reverted.flows.find((flow) => flow.id === "FlwWelc02")?.mapped).toBe("onboarding");
  });

  it("refuses a mapping naming an unknown flow or type, with 4xx errors", async () => {
    const { userId, clock } = await connected();
    await refreshKlaviyoImport({ userId }, { clock });
    await expect(saveKlaviyoMapping({ userId, input: { flows: [{ id: "NotMine", choice: "upsell" }] } })).rejects.toMatchObject({ kind: "validation" });
    await expect(saveKlaviyoMapping({ userId, input: { flows: [{ id: "FlwWelc01", choice: "welcome" }] } })).rejects.toMatchObject({ kind: "validation" });
    await expect(saveKlaviyoMapping({ userId, input: "nonsense" })).rejects.toMatchObject({ kind: "validation" });
  });

  it("an account with no flows imports nothing and lists every flow type as missing, with no report", async () => {
    klaviyo.account.flows = [];
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId }, { clock });
    expect(view).toMatchObject({ flows: [], figures: [], missing: ["onboarding", "lead_nurture", "abandoned_cart", "upsell", "sunset"], problem: null });
    expect(klaviyo.requests.map((request) => request.operationId)).toEqual(["get_flows"]);
  });

  it("reads 60 flows in two pages of 50 and still asks for one report", async () => {
    klaviyo.account.flows = manyFlows(60);
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId, days: 365 }, { clock });
    expect(view.flows).toHaveLength(60);
    expect(new Set(view.flows.map((flow) => flow.status))).toEqual(new Set(["live", "draft", "manual"]));
    expect(klaviyo.calls("get_flows").map((request) => request.query["page[size]"])).toEqual(["50", "50"]);
    expect(klaviyo.calls("query_flow_values")).toHaveLength(1);
    expect((klaviyo.calls("query_flow_values")[0]!.body as { data: { attributes: { timeframe: unknown } } }).data.attributes.timeframe).toEqual({ key: "last_365_days" });
    expect(view.days).toBe(365);
    expect(view.flows.find((flow) => flow.triggerType === "Date Based")?.mapped).toBeNull();
  });

  it("recognises Flowmap's own drafts by name", async () => {
    klaviyo.account.flows = [{ id: "FlwOwn01", name: "Harbor Coffee — Sunset (from Flowmap)", status: "draft", trigger_type: "Added to List", messages: [] }];
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId }, { clock });
    expect(view.flows[0]).toMatchObject({ fromFlowmap: true, mapped: "sunset", reason: "sent from Flowmap" });
  });

  it("answers the stored figures within the cache time without calling Klaviyo, and a new timeframe reads again", async () => {
    const { userId, clock } = await connected();
    await refreshKlaviyoImport({ userId }, { clock });
    klaviyo.requests.length = 0;
    clock.advance(60_000);
    await refreshKlaviyoImport({ userId }, { clock });
    expect(klaviyo.requests).toEqual([]);
    await refreshKlaviyoImport({ userId, days: 30 }, { clock });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(1);
    await expect(refreshKlaviyoImport({ userId, days: 45 }, { clock })).rejects.toMatchObject({ kind: "validation" });
  });

  it("a key without flows:read still connects, and the import says what to add", async () => {
    const account = await onboardedUser();
    klaviyo.addKey("pk_no_flows_read_0123456", ["lists:read", "metrics:read", "segments:read", "templates:write", "flows:write"]);
    await connectKlaviyo({ userId: account.user.id, input: { apiKey: "pk_no_flows_read_0123456" } });
    const view = await refreshKlaviyoImport({ userId: account.user.id });
    expect(view).toMatchObject({ missingScope: "flows:read", figures: [], problem: expect.stringMatching(/add flows:read/) });
  });
});

describe("the dashboard's card and the scorecard on the imported figures", () => {
  it("shows Klaviyo's figures with where they come from; a typed figure overrides, and the form without JavaScript reverts it", async () => {
    await seedDatabase();
    const account = await onboardedUser({ premium: true });
    const clock = fakeClock(Date.now());
    await connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } }, { clock });
    await refreshKlaviyoImport({ userId: account.user.id }, { clock });
    const load = async () => dataOf(await dashboardRoute.loader(args(getRequest("/dashboard", { cookie: account.cookie })))) as { dashboard: DashboardData };

    const first = (await load()).dashboard;
    const onboarding = expandBenchmarkCard(first.benchmarks).find((flow) => flow.flowType === "onboarding")!;
    expect(onboarding.source).toMatch(/^From Klaviyo · last 90 days · 1 flow · updated (just now|\d+ minutes? ago)$/);
    expect(onboarding.rows.find((row) => row.key === "openRate")).toMatchObject({ value: null, imported: 51.11 });
    const scorecard = first.scorecard as { kind: "premium"; scorecard: { flows: Array<{ flowType: string; score: number | null }> } };
    expect(scorecard.scorecard.flows.find((flow) => flow.flowType === "onboarding")?.score).not.toBeNull();

    const typed = await dashboardRoute.action(args(formRequest("/dashboard", { intent: "save-metrics", flowType: "onboarding", openRate: "30" }, { cookie: account.cookie })));
    expect(statusOf(typed)).toBe(302);
    const afterTyping = expandBenchmarkCard((await load()).dashboard.benchmarks).find((flow) => flow.flowType === "onboarding")!;
    expect(afterTyping.rows.find((row) => row.key === "openRate")).toMatchObject({ value: 30, imported: 51.11 });
    expect(afterTyping.rows.find((row) => row.key === "clickRate")).toMatchObject({ value: null, imported: 4 });

    const reverted = await dashboardRoute.action(
      args(formRequest("/dashboard", { intent: "save-metrics", flowType: "onboarding", openRate: "30", clickRate: "9", revert: "openRate" }, { cookie: account.cookie })),
    );
    expect(statusOf(reverted)).toBe(302);
    const afterRevert = expandBenchmarkCard((await load()).dashboard.benchmarks).find((flow) => flow.flowType === "onboarding")!;
    // Only the reverted row changed: back to Klaviyo's; the other field of the form was not saved.
    expect(afterRevert.rows.find((row) => row.key === "openRate")).toMatchObject({ value: null, imported: 51.11 });
    expect(afterRevert.rows.find((row) => row.key === "clickRate")).toMatchObject({ value: null, imported: 4 });
  });
});

describe("staying inside Klaviyo's limits", () => {
  it("keeps to 2 reports a minute for one account: a third refresh waits when the wait fits the budget, else is refused unsent", async () => {
    const { userId, clock } = await connected();
    await refreshKlaviyoImport({ userId, force: true }, { clock });
    await refreshKlaviyoImport({ userId, force: true }, { clock });
    const refused = await refreshKlaviyoImport({ userId, force: true }, { clock }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: "rate_limited", retryAfterSeconds: expect.any(Number), message: expect.stringMatching(/2 reports a minute/) });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(2);
    clock.advance(30_000);
    clock.slept.length = 0;
    await refreshKlaviyoImport({ userId, force: true }, { clock });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(3);
    // It waited for the minute's window to have room (about 30 s), never past the refresh's budget.
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(29_000);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(45_000);
  });

  it("past the day's 225 reports, refuses before sending and keeps the figures read before", async () => {
    const { userId, clock } = await connected();
    await refreshKlaviyoImport({ userId }, { clock });
    const day = REPORTING_LIMITS.find((limit) => limit.label === "day")!;
    const hits = Array.from({ length: day.max }, (_, i) => ({ t: clock.now() - 1000 - i, id: `hit${i}` }));
    await RateLimit.updateOne(
      { _id: `klaviyo-reporting:${keyAccountTag(KEY)}:${day.windowMs}` },
      { $set: { hits, expiresAt: new Date(clock.now() + day.windowMs) } },
      { upsert: true },
    );
    klaviyo.requests.length = 0;
    const failure = await refreshKlaviyoImport({ userId, force: true }, { clock }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/225 a day/) });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(0);
    const view = await getKlaviyoImportView({ userId });
    expect(view?.figures.length).toBe(3);
    expect(view?.problem).toMatch(/225 a day/);
  });

  it("a 429 storm is waited out a few times, then stops: never more than the retry cap, nothing left running", async () => {
    const { userId, clock } = await connected();
    klaviyo.fail("query_flow_values", ...Array.from({ length: 100 }, () => ({ status: 429, retryAfter: 2 })));
    await expect(refreshKlaviyoImport({ userId }, { clock })).rejects.toMatchObject({ kind: "rate_limited" });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(KLAVIYO_MAX_RETRIES + 1);
  });

  it("Retry-After: 0 never spins: each retry waits at least a second, and the refresh's calls stay under its cap", async () => {
    const { userId, clock } = await connected();
    klaviyo.fail("get_flows", ...Array.from({ length: 1000 }, () => ({ status: 429, retryAfter: 0 })));
    await expect(refreshKlaviyoImport({ userId }, { clock })).rejects.toMatchObject({ kind: "rate_limited" });
    expect(klaviyo.calls("get_flows").length).toBeLessThanOrEqual(KLAVIYO_MAX_RETRIES + 1);
    expect(klaviyo.requests.length).toBeLessThanOrEqual(REFRESH_CALL_CAP);
    expect(clock.slept.filter((ms) => ms >= 1000).length).toBeGreaterThanOrEqual(KLAVIYO_MAX_RETRIES);
  });

  it("a huge error body is not read whole and its text is summarised", async () => {
    const { userId, clock } = await connected();
    klaviyo.fail("query_flow_values", { status: 400, detailBytes: 50 * 1024 * 1024 });
    const failure = (await refreshKlaviyoImport({ userId }, { clock }).catch((error: unknown) => error)) as DomainError;
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure.message.length).toBeLessThan(KLAVIYO_ERROR_DETAIL_MAX + 300);
    klaviyo.fail("query_flow_values", { status: 400, detail: "y".repeat(20_000) });
    clock.advance(120_000);
    const second = (await refreshKlaviyoImport({ userId, force: true }, { clock }).catch((error: unknown) => error)) as DomainError;
    expect(second.message).toContain("y".repeat(100));
    expect(second.message.length).toBeLessThan(KLAVIYO_ERROR_DETAIL_MAX + 300);
  });

  it("huge flow names are stored cut short", async () => {
    klaviyo.account.flows = [{ id: "FlwHuge01", name: `Welcome ${"w".repeat(1024 * 1024)}`, status: "live", trigger_type: "Added to List", messages: [] }];
    const { userId, clock } = await connected();
    const view = await refreshKlaviyoImport({ userId }, { clock });
    expect(view.flows[0]!.name.length).toBeLessThanOrEqual(120);
    const stored = await KlaviyoImportModel.findOne({ userId }).lean();
    expect(JSON.stringify(stored).length).toBeLessThan(5_000);
  });

  it("runs one refresh per account at a time: another one meanwhile is told it is under way", async () => {
    const { userId, clock } = await connected();
    await LockModel.create({ _id: `klaviyo-refresh:${keyAccountTag(KEY)}`, holder: "another-instance", until: new Date(Date.now() + 60_000) });
    await expect(refreshKlaviyoImport({ userId }, { clock })).rejects.toMatchObject({ kind: "conflict", code: "KLAVIYO_REFRESH_IN_PROGRESS" });
    expect(klaviyo.requests).toEqual([]);
  });

  it("the daily refresh reads every import last tried a day ago, and no other", async () => {
    const { userId, clock } = await connected();
    await refreshKlaviyoImport({ userId }, { clock });
    klaviyo.requests.length = 0;
    expect(await refreshDueImports({}, { clock })).toEqual({ refreshed: 0, failed: 0 });
    expect(klaviyo.requests).toEqual([]);
    clock.advance(25 * 60 * 60_000);
    expect(await refreshDueImports({}, { clock })).toEqual({ refreshed: 1, failed: 0 });
    expect(klaviyo.calls("query_flow_values")).toHaveLength(1);
  });
});
