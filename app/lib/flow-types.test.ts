import { describe, expect, it } from "vitest";

import {
  BENCHMARK_CARD_FLOW_ORDER,
  BENCHMARK_TYPES,
  FLOW_TYPE_INFO,
  FLOW_TYPES,
  flowTypeForBenchmarkType,
  flowTypeLabel,
  FREE_FLOW_TYPES,
  isFlowType,
  isPremiumFlowType,
  PREMIUM_FLOW_TYPES,
} from "~/lib/flow-types";

describe("flow types", () => {
  it("are the spec's five, with onboarding and lead nurture free", () => {
    expect([...FLOW_TYPES].sort()).toEqual(["abandoned_cart", "lead_nurture", "onboarding", "sunset", "upsell"]);
    expect(FREE_FLOW_TYPES).toEqual(["onboarding", "lead_nurture"]);
    expect([...PREMIUM_FLOW_TYPES].sort()).toEqual(["abandoned_cart", "sunset", "upsell"]);
    expect(isPremiumFlowType("sunset")).toBe(true);
    expect(isPremiumFlowType("onboarding")).toBe(false);
  });

  it("map to the benchmark type names exactly as the spec spells them", () => {
    expect(FLOW_TYPE_INFO.lead_nurture.benchmarkType).toBe("Lead Nurture");
    expect(FLOW_TYPE_INFO.onboarding.benchmarkType).toBe("Onboarding Flows");
    expect(FLOW_TYPE_INFO.abandoned_cart.benchmarkType).toBe("Abandoned Cart Flows");
    expect(FLOW_TYPE_INFO.upsell.benchmarkType).toBe("Upsell Flows");
    expect(FLOW_TYPE_INFO.sunset.benchmarkType).toBe("Sunset Flow");
    for (const name of BENCHMARK_TYPES) expect(FLOW_TYPES).toContain(flowTypeForBenchmarkType(name));
    expect(flowTypeForBenchmarkType("Winback")).toBeUndefined();
  });

  it("have the card's labels and order", () => {
    expect(BENCHMARK_CARD_FLOW_ORDER.map(flowTypeLabel)).toEqual(["Lead Nurture", "Onboarding", "Abandoned Cart", "Upsell", "Sunset"]);
  });

  it("are recognised by isFlowType", () => {
    expect(isFlowType("upsell")).toBe(true);
    expect(isFlowType("Upsell")).toBe(false);
    expect(isFlowType(undefined)).toBe(false);
  });
});
