import { describe, expect, it } from "vitest";

import { BENCHMARK_TYPES, FLOW_TYPES, PERFORMANCE_INDICATORS } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";
import { timingSchema } from "~/lib/timing-schema";
import { countBenchmarks, listBenchmarks, updateBenchmark } from "~/models/email-benchmark.server";
import { countFlowRules, getFlowRuleByFlowType, listFlowRules, updateFlowRule } from "~/models/flow-rule.server";
import { BENCHMARK_SEED, clickThroughRate } from "~/services/seed/benchmarks";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";
import { seedDatabase } from "~/services/seed/seed.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

/** A median per flow type and metric, and a default rule per flow type: counted from the tables. */
const BENCHMARK_ROWS = FLOW_TYPES.length * METRIC_KEYS.length;
const RULES = FLOW_TYPES.length;

describe("seed data", () => {
  it("has every flow × every indicator with the stored names, each with a source", () => {
    expect(BENCHMARK_SEED).toHaveLength(BENCHMARK_ROWS);
    for (const type of BENCHMARK_TYPES) {
      expect(BENCHMARK_SEED.filter((row) => row.benchmarkType === type).map((row) => row.performanceIndicator)).toEqual([...PERFORMANCE_INDICATORS]);
    }
    for (const row of BENCHMARK_SEED) {
      expect(row.industryMedian).toMatch(/^(\d+\.\d{2,3}%|\$\d+\.\d{2})$/);
      expect(row.source.length).toBeGreaterThan(20);
    }
    const median = (type: string, indicator: string) => BENCHMARK_SEED.find((row) => row.benchmarkType === type && row.performanceIndicator === indicator)?.industryMedian;
    expect(median("Lead Nurture", "Open Rate (Email)")).toBe("52.04%");
    expect(median("Onboarding Flows", "Revenue Per Recipient (Email)")).toBe("$2.65");
    expect(median("Abandoned Cart Flows", "Open Rate (Email)")).toBe("41.18%");
    expect(median("Abandoned Cart Flows", "Click Through Rate (Email)")).toBe("23.07%");
    expect(median("Upsell Flows", "Click Rate (Email)")).toBe("4.97%");
    expect(median("Sunset Flow", "Click Rate (Email)")).toBe("2.60%");
    expect(median("Sunset Flow", "Spam Complaint Rate (Email)")).toBe("0.012%");
    expect(median("Lead Nurture", "Unsubscribe Rate (Email)")).toBe("0.25%");
    expect(clickThroughRate(5.31, 52.04)).toBe(10.2);
  });

  it("has one rule per flow type with valid timings and SMS marked for consent and sending hours", () => {
    expect(DEFAULT_FLOW_RULES.map((rule) => rule.flowType).sort()).toEqual([...FLOW_TYPES].sort());
    for (const rule of DEFAULT_FLOW_RULES) {
      expect(rule.steps.map((step) => step.stepNumber)).toEqual(rule.steps.map((_, i) => i + 1));
      for (const step of rule.steps) {
        expect(timingSchema.safeParse(step.timing).success).toBe(true);
        expect(step.title && step.primaryGoal && step.keyMessages && step.callToAction).toBeTruthy();
        if (step.channel === "SMS") expect(step.notes).toMatch(/consent.*8 am and 9 pm/i);
      }
      expect(rule.notes).toMatch(/8 am and 9 pm/);
    }
    const cart = DEFAULT_FLOW_RULES.find((rule) => rule.flowType === "abandoned_cart");
    expect(cart?.steps).toHaveLength(3);
    expect(cart?.steps.some((step) => step.channel === "SMS")).toBe(true);
  });

  it("is idempotent: a second run inserts nothing and duplicates nothing", async () => {
    expect(await seedDatabase()).toEqual({ benchmarks: BENCHMARK_ROWS, rules: RULES });
    expect(await seedDatabase()).toEqual({ benchmarks: 0, rules: 0 });
    expect(await countBenchmarks()).toBe(BENCHMARK_ROWS);
    expect(await countFlowRules()).toBe(RULES);
    const rows = await listBenchmarks();
    expect(rows.every((row) => row.source.length > 0)).toBe(true);
    expect((await getFlowRuleByFlowType("upsell"))?.steps).toHaveLength(4);
  });

  it("never overwrites an admin's edits and restores only what is missing", async () => {
    await seedDatabase();
    const [row] = await listBenchmarks();
    await updateBenchmark(row.id, { industryMedian: "99.99%" });
    const [rule] = await listFlowRules();
    await updateFlowRule(rule.id, { trigger: "Admin's trigger" });
    expect(await seedDatabase()).toEqual({ benchmarks: 0, rules: 0 });
    expect((await listBenchmarks()).find((r) => r.id === row.id)?.industryMedian).toBe("99.99%");
    expect((await listFlowRules()).find((r) => r.id === rule.id)?.trigger).toBe("Admin's trigger");
  });

  it("does not duplicate when two seeds run at once", async () => {
    const results = await Promise.all([seedDatabase(), seedDatabase()]);
    expect(results[0].benchmarks + results[1].benchmarks).toBe(BENCHMARK_ROWS);
    expect(results[0].rules + results[1].rules).toBe(RULES);
    expect(await countBenchmarks()).toBe(BENCHMARK_ROWS);
    expect(await countFlowRules()).toBe(RULES);
  });
});
