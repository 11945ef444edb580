import { describe, expect, it } from "vitest";

import { PERFORMANCE_INDICATORS } from "~/lib/flow-types";
import { emptyMetricValues, fromStoredMetric, METRIC_DEFINITIONS, METRIC_KEYS, parseMetricInput, toStoredMetric } from "~/lib/metrics";

describe("toStoredMetric", () => {
  it("multiplies by 100 and rounds to a whole number", () => {
    expect(toStoredMetric(52.04)).toBe(5204);
    expect(toStoredMetric(2.65)).toBe(265);
    expect(toStoredMetric(0)).toBe(0);
    expect(toStoredMetric(100)).toBe(10000);
    expect(toStoredMetric(999999)).toBe(99999900);
  });

  it("rounds halves up even where the float product lands just below the half", () => {
    // 12.345 * 100 === 1234.4999999999998 in binary floating point.
    expect(toStoredMetric(12.345)).toBe(1235);
    expect(toStoredMetric(1.005)).toBe(101);
    expect(toStoredMetric(0.125)).toBe(13);
    expect(toStoredMetric(0.124)).toBe(12);
    expect(toStoredMetric(0.012)).toBe(1);
    expect(toStoredMetric(0.004)).toBe(0);
  });

  it("stores null for missing or non-finite values", () => {
    expect(toStoredMetric(null)).toBeNull();
    expect(toStoredMetric(undefined)).toBeNull();
    expect(toStoredMetric(Number.NaN)).toBeNull();
    expect(toStoredMetric(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("never returns a negative zero", () => {
    expect(Object.is(toStoredMetric(-0.001), 0)).toBe(true);
  });
});

describe("fromStoredMetric", () => {
  it("divides by 100", () => {
    expect(fromStoredMetric(5204)).toBe(52.04);
    expect(fromStoredMetric(265)).toBe(2.65);
    expect(fromStoredMetric(1235)).toBe(12.35);
    expect(fromStoredMetric(0)).toBe(0);
  });

  it("keeps null as null", () => {
    expect(fromStoredMetric(null)).toBeNull();
    expect(fromStoredMetric(undefined)).toBeNull();
  });

  it("round-trips two-decimal values exactly", () => {
    for (const value of [0.01, 0.25, 1.01, 5.31, 41.18, 52.04, 99.99, 3.65]) {
      expect(fromStoredMetric(toStoredMetric(value))).toBe(value);
    }
  });
});

describe("parseMetricInput", () => {
  it("reads numbers and turns empty or non-numeric input into null", () => {
    expect(parseMetricInput("52.04")).toBe(52.04);
    expect(parseMetricInput(" 7 ")).toBe(7);
    expect(parseMetricInput("")).toBeNull();
    expect(parseMetricInput("   ")).toBeNull();
    expect(parseMetricInput("abc")).toBeNull();
    expect(parseMetricInput(null)).toBeNull();
    expect(parseMetricInput(undefined)).toBeNull();
  });
});

describe("metric definitions", () => {
  it("cover the seven indicators in the card's order", () => {
    expect(METRIC_DEFINITIONS.map((d) => d.key)).toEqual([...METRIC_KEYS]);
    expect(METRIC_DEFINITIONS.map((d) => d.indicator)).toEqual([...PERFORMANCE_INDICATORS]);
  });

  it("say lower is better only for bounce, unsubscribe and spam complaints", () => {
    const lowerIsBetter = METRIC_DEFINITIONS.filter((d) => !d.higherIsBetter).map((d) => d.key);
    expect(lowerIsBetter).toEqual(["bounceRate", "unsubscribeRate", "spamComplaintRate"]);
  });

  it("start empty", () => {
    expect(Object.values(emptyMetricValues()).every((v) => v === null)).toBe(true);
  });
});
