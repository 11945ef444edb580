import { describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";
import { buildBenchmarkCard, expandBenchmarkCard } from "~/lib/benchmarks/card";
import { choosePeerRow, peerGroupLabel, peerRank } from "~/lib/benchmarks/peer-groups";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";

const key = { benchmarkType: "Lead Nurture", performanceIndicator: "Open Rate (Email)" };
const row = (industry: string, businessType: string, industryMedian: string) => ({ ...key, industry, businessType, industryMedian, source: `${industry}/${businessType}` });

const ALL = row("All industries", "All", "52.04%");
const INDUSTRY = row("Fitness", "All", "40.00%");
const TYPE = row("", "eCommerce", "45.00%");
const BOTH = row("Fitness", "B2C Service/Retail", "38.00%");
const OTHER = row("Technology & Software", "", "30.00%");

describe("peer groups", () => {
  it("prefer industry and business type, then industry, then business type, then all industries", () => {
    const rows = [ALL, INDUSTRY, TYPE, BOTH, OTHER];
    expect(choosePeerRow(rows, key, { industry: "Fitness", businessType: "B2C Service/Retail" })).toMatchObject({ row: BOTH, match: "industry_and_business_type" });
    expect(choosePeerRow(rows, key, { industry: "fitness", businessType: "eCommerce" })).toMatchObject({ row: INDUSTRY, match: "industry" });
    expect(choosePeerRow(rows, key, { industry: "Media & Content", businessType: "eCommerce" })).toMatchObject({ row: TYPE, match: "business_type" });
    expect(choosePeerRow(rows, key, { industry: "Media & Content", businessType: "Other" })).toMatchObject({ row: ALL, match: "all_industries" });
    expect(choosePeerRow(rows, key, null)).toMatchObject({ row: ALL, groupLabel: "All industries" });
  });

  it("never give a user another industry's figure, and say nothing when no group includes them", () => {
    expect(peerRank(OTHER, { industry: "Fitness", businessType: "" })).toBeNull();
    expect(choosePeerRow([OTHER], key, { industry: "Fitness", businessType: "" })).toBeNull();
    expect(choosePeerRow([ALL], { ...key, performanceIndicator: "Click Rate (Email)" }, null)).toBeNull();
  });

  it("name the group", () => {
    expect(peerGroupLabel(BOTH)).toBe("Fitness · B2C Service/Retail");
    expect(peerGroupLabel(INDUSTRY)).toBe("Fitness");
    expect(peerGroupLabel(TYPE)).toBe("All industries · eCommerce");
  });

  it("build the card: the flows in order, a row per metric, seed medians and sources", () => {
    const sent = buildBenchmarkCard({
      benchmarks: BENCHMARK_SEED,
      metrics: [{ flowType: "upsell", openRate: 40, clickRate: null, ctr: null, revenuePerRecipient: 0.5, bounceRate: null, unsubscribeRate: null, spamComplaintRate: null }],
      peer: null,
    });
    // Each source text is sent once however many rows cite it.
    expect(new Set(sent.sources).size).toBe(sent.sources.length);
    expect(sent.sources.length).toBeLessThan(FLOW_TYPES.length * METRIC_KEYS.length);
    const card = expandBenchmarkCard(sent);
    expect(card.map((flow) => flow.label)).toEqual(["Lead Nurture", "Onboarding", "Abandoned Cart", "Upsell", "Sunset"]);
    expect(card.map((flow) => flow.premium)).toEqual([false, false, true, true, true]);
    for (const flow of card) {
      expect(flow.rows).toHaveLength(METRIC_KEYS.length);
      expect(flow.description.length).toBeGreaterThan(40);
      for (const item of flow.rows) expect(item.median).toMatchObject({ groupLabel: "All industries", source: expect.stringMatching(/\w/) });
    }
    expect(card[0].rows[0].median?.text).toBe("52.04%");
    expect(card[3].rows.find((r) => r.key === "openRate")?.value).toBe(40);
    expect(card[0].rows.every((r) => r.value === null)).toBe(true);
  });
});
