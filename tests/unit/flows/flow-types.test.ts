import { describe, expect, it } from "vitest";

import {
  BENCHMARK_CARD_FLOW_ORDER,
  BENCHMARK_TYPES,
  DEFAULT_OPEN_BENCHMARK_FLOW,
  FLOW_TYPE_INFO,
  FLOW_TYPES,
  flowTypeForBenchmarkType,
  FREE_FLOW_TYPES,
  isBenchmarkType,
  isFlowType,
  isPremiumFlowType,
  PREMIUM_FLOW_TYPES,
} from "~/lib/flow-types";

// How the flow-type tables fit together, whatever they hold: a new flow type that breaks one of
// these (missing from the card, sharing a benchmark name, in neither tier) fails here.
describe("flow types", () => {
  it("each is either free or premium, never both, in the selector's order", () => {
    expect([...FREE_FLOW_TYPES, ...PREMIUM_FLOW_TYPES].sort()).toEqual([...FLOW_TYPES].sort());
    expect(FREE_FLOW_TYPES.filter((type) => PREMIUM_FLOW_TYPES.includes(type))).toEqual([]);
    for (const type of FREE_FLOW_TYPES) expect(isPremiumFlowType(type)).toBe(false);
    for (const type of PREMIUM_FLOW_TYPES) expect(isPremiumFlowType(type)).toBe(true);
    expect(FREE_FLOW_TYPES).toEqual(FLOW_TYPES.filter((type) => FREE_FLOW_TYPES.includes(type)));
    // Free users must have something to generate.
    expect(FREE_FLOW_TYPES.length).toBeGreaterThan(0);
  });

  it("each has its own benchmark name, and every benchmark name leads back to its flow type", () => {
    for (const type of FLOW_TYPES) {
      expect(FLOW_TYPE_INFO[type].id).toBe(type);
      expect(flowTypeForBenchmarkType(FLOW_TYPE_INFO[type].benchmarkType)).toBe(type);
    }
    expect(BENCHMARK_TYPES.map(flowTypeForBenchmarkType).sort()).toEqual([...FLOW_TYPES].sort());
    expect(flowTypeForBenchmarkType("Winback")).toBeUndefined();
    expect(BENCHMARK_TYPES.every(isBenchmarkType)).toBe(true);
    expect(isBenchmarkType("lead nurture")).toBe(false);
  });

  it("the benchmark card shows every flow type once, and the one it opens is among them", () => {
    expect([...BENCHMARK_CARD_FLOW_ORDER].sort()).toEqual([...FLOW_TYPES].sort());
    expect(BENCHMARK_CARD_FLOW_ORDER).toContain(DEFAULT_OPEN_BENCHMARK_FLOW);
  });

  it("isFlowType accepts the ids exactly as stored, nothing else", () => {
    expect(FLOW_TYPES.every(isFlowType)).toBe(true);
    for (const type of FLOW_TYPES) {
      expect(isFlowType(type.toUpperCase())).toBe(false);
      expect(isFlowType(FLOW_TYPE_INFO[type].label)).toBe(false);
    }
    expect(isFlowType(undefined)).toBe(false);
    expect(isFlowType(["onboarding"])).toBe(false);
  });
});
