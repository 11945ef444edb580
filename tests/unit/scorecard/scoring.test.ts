import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { METRIC_DEFINITIONS, METRIC_KEYS, metricDefinition, type MetricKey, type MetricValues } from "~/lib/metrics";
import { FLOW_WEIGHTS, METRIC_WEIGHTS, MIN_FIGURES_PER_FLOW, MIN_SCORED_FLOWS, OUTCOME_METRICS, scoreBand } from "~/lib/scorecard/method";
import { metricScore, noMedians, scoreFigures, type FlowFigures, type PeerMedian } from "~/lib/scorecard/scoring";

import { figures, seedMedians } from "./fixtures";

const LOWER_IS_BETTER: MetricKey[] = METRIC_DEFINITIONS.filter((d) => !d.higherIsBetter).map((d) => d.key);

// Figures as the card stores them (hundredths), from 0 to beyond any real value.
const figure = fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100);
const maybeFigure = fc.option(figure, { nil: null, freq: 3 });
const median = fc.option(
  fc.integer({ min: 0, max: 20_000 }).map((n): PeerMedian => ({ value: n / 1000, groupLabel: "All industries" })),
  { nil: null, freq: 5 },
);

const valuesArb: fc.Arbitrary<MetricValues> = fc.record(Object.fromEntries(METRIC_KEYS.map((key) => [key, maybeFigure])) as Record<MetricKey, typeof maybeFigure>);
const mediansArb: fc.Arbitrary<Record<MetricKey, PeerMedian | null>> = fc.record(Object.fromEntries(METRIC_KEYS.map((key) => [key, median])) as Record<MetricKey, typeof median>);

/** Any figures for all five flows: some empty, some full, medians sometimes missing or zero. */
const allFlows: fc.Arbitrary<FlowFigures[]> = fc
  .tuple(...FLOW_TYPES.map(() => fc.tuple(valuesArb, mediansArb)))
  .map((pairs) => pairs.map(([values, medians], index) => ({ flowType: FLOW_TYPES[index]!, values, medians })));

/** The same figures with one metric of one flow moved towards better by `step` (never below 0). */
function improved(flows: FlowFigures[], flowType: FlowType, key: MetricKey, step: number): FlowFigures[] {
  return flows.map((flow) => {
    if (flow.flowType !== flowType || flow.values[key] === null) return flow;
    const current = flow.values[key]!;
    const next = metricDefinition(key).higherIsBetter ? current + step : Math.max(0, current - step);
    return { ...flow, values: { ...flow.values, [key]: next } };
  });
}

function flowScore(result: ReturnType<typeof scoreFigures>, flowType: FlowType) {
  return result.flows.find((flow) => flow.flowType === flowType)!.score;
}

describe("the method's weights", () => {
  it("count revenue per recipient and click rate above open rate, and add up to 100", () => {
    expect(METRIC_WEIGHTS.revenuePerRecipient).toBeGreaterThan(METRIC_WEIGHTS.openRate);
    expect(METRIC_WEIGHTS.clickRate).toBeGreaterThan(METRIC_WEIGHTS.openRate);
    expect(Object.values(METRIC_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.values(FLOW_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(FLOW_WEIGHTS.abandoned_cart).toBeGreaterThan(FLOW_WEIGHTS.onboarding);
    expect(FLOW_WEIGHTS.onboarding).toBeGreaterThan(FLOW_WEIGHTS.sunset);
  });
});

describe("one figure against its median", () => {
  it("is 50 at the median, 80 at twice as good and 20 at half as good, both ways round", () => {
    expect(metricScore("clickRate", 3.1, 3.1)).toBeCloseTo(50);
    expect(metricScore("clickRate", 6.2, 3.1)).toBeCloseTo(80);
    expect(metricScore("clickRate", 1.55, 3.1)).toBeCloseTo(20);
    expect(metricScore("unsubscribeRate", 0.25, 0.25)).toBeCloseTo(50);
    expect(metricScore("unsubscribeRate", 0.125, 0.25)).toBeCloseTo(80);
    expect(metricScore("unsubscribeRate", 0.5, 0.25)).toBeCloseTo(20);
    expect(metricScore("revenuePerRecipient", 0, 3.65)).toBe(0);
    expect(metricScore("spamComplaintRate", 0, 0.012)).toBe(100);
  });

  it("is not given without a figure or a usable median", () => {
    expect(metricScore("openRate", null, 52)).toBeNull();
    expect(metricScore("openRate", 40, null)).toBeNull();
    expect(metricScore("openRate", 40, 0)).toBeNull();
    expect(metricScore("bounceRate", 1, 0)).toBeNull();
  });

  it("moving towards better never lowers it, for every metric, lower-is-better ones included", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METRIC_KEYS),
        figure,
        figure,
        fc.integer({ min: 1, max: 20_000 }).map((n) => n / 1000),
        (key, a, b, m) => {
          const [worse, better] = metricDefinition(key).higherIsBetter ? [Math.min(a, b), Math.max(a, b)] : [Math.max(a, b), Math.min(a, b)];
          return metricScore(key, better, m)! >= metricScore(key, worse, m)!;
        },
      ),
    );
  });

  it("raising a lower-is-better figure never raises its score", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOWER_IS_BETTER),
        figure,
        figure,
        fc.integer({ min: 1, max: 20_000 }).map((n) => n / 1000),
        (key, a, b, m) => {
          return metricScore(key, Math.max(a, b), m)! <= metricScore(key, Math.min(a, b), m)!;
        },
      ),
    );
  });
});

describe("scores per flow and overall (properties)", () => {
  it("stay whole numbers from 0 to 100, or are not given", () => {
    fc.assert(
      fc.property(allFlows, (flows) => {
        const result = scoreFigures(flows);
        const all = [result.score, ...result.flows.flatMap((flow) => [flow.score, ...flow.metrics.map((metric) => metric.score)])];
        return all.every((score) => score === null || (Number.isInteger(score) && score >= 0 && score <= 100));
      }),
    );
  });

  it("moving any one figure towards better never lowers the flow's score or the overall score", () => {
    fc.assert(
      fc.property(
        allFlows,
        fc.constantFrom(...FLOW_TYPES),
        fc.constantFrom(...METRIC_KEYS),
        fc.integer({ min: 1, max: 500_000 }).map((n) => n / 100),
        (flows, flowType, key, step) => {
          const before = scoreFigures(flows);
          const after = scoreFigures(improved(flows, flowType, key, step));
          const flowBefore = flowScore(before, flowType);
          const flowAfter = flowScore(after, flowType);
          // Moving a figure never changes which figures are there, so what is scored stays scored.
          expect(flowAfter === null).toBe(flowBefore === null);
          expect(after.score === null).toBe(before.score === null);
          if (flowBefore !== null) expect(flowAfter!).toBeGreaterThanOrEqual(flowBefore);
          if (before.score !== null) expect(after.score!).toBeGreaterThanOrEqual(before.score);
          for (const other of FLOW_TYPES) expect(flowScore(after, other)).toBe(other === flowType ? flowAfter : flowScore(before, other));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives a flow no score without enough figures: at least three with a median, one of them revenue or clicks", () => {
    fc.assert(
      fc.property(allFlows, (flows) => {
        const result = scoreFigures(flows);
        for (const flow of flows) {
          const compared = METRIC_KEYS.filter((key) => flow.values[key] !== null && (flow.medians[key]?.value ?? 0) > 0);
          const enough = compared.length >= MIN_FIGURES_PER_FLOW && compared.some((key) => OUTCOME_METRICS.includes(key));
          if ((flowScore(result, flow.flowType) !== null) !== enough) return false;
        }
        const scored = result.flows.filter((flow) => flow.score !== null).length;
        return (result.score !== null) === scored >= MIN_SCORED_FLOWS;
      }),
    );
  });

  it("says which figures to enter whenever the overall score is missing and figures could complete it", () => {
    fc.assert(
      fc.property(allFlows, (flows) => {
        const result = scoreFigures(flows);
        // Each listed figure is one the user has not entered, for a flow that has a median for it.
        for (const item of result.missing) {
          const flow = flows.find((f) => f.flowType === item.flowType)!;
          if (flow.values[item.metric] !== null || !((flow.medians[item.metric]?.value ?? 0) > 0)) return false;
        }
        // Entering every listed figure (at the median) gives the overall score.
        if (result.score === null && result.missing.length > 0) {
          const completed = flows.map((flow) => {
            const values = { ...flow.values };
            for (const item of result.missing) if (item.flowType === flow.flowType) values[item.metric] = flow.medians[item.metric]!.value;
            return { ...flow, values };
          });
          if (scoreFigures(completed).score === null) return false;
        }
        return true;
      }),
    );
  });
});

describe("scores on fixtures", () => {
  it("is 50 everywhere when every figure is at the median", () => {
    const atMedian = FLOW_TYPES.map((flowType) => {
      const medians = seedMedians(flowType);
      return figures(flowType, Object.fromEntries(METRIC_KEYS.map((key) => [key, medians[key]!.value])), medians);
    });
    const result = scoreFigures(atMedian);
    expect(result.score).toBe(50);
    expect(result.flows.map((flow) => flow.score)).toEqual([50, 50, 50, 50, 50]);
    expect(result.missing).toEqual([]);
    expect(scoreBand(50)).toBe("On par with your peers");
  });

  it("with no figures, gives no score and asks for the figures of the two heaviest flows, revenue and clicks first", () => {
    const result = scoreFigures(FLOW_TYPES.map((flowType) => figures(flowType, {})));
    expect(result.score).toBeNull();
    expect(result.flows.every((flow) => flow.score === null)).toBe(true);
    expect(result.missing.map((item) => `${item.flowType}.${item.metric}`)).toEqual([
      "abandoned_cart.revenuePerRecipient",
      "abandoned_cart.clickRate",
      "abandoned_cart.ctr",
      "onboarding.revenuePerRecipient",
      "onboarding.clickRate",
      "onboarding.ctr",
    ]);
    expect(result.missing[0]!.label).toBe("Abandoned Cart revenue per recipient");
  });

  it("asks first for the flows the user runs, and completes a started flow with the fewest figures", () => {
    const result = scoreFigures(
      [
        figures("abandoned_cart", { revenuePerRecipient: 2, clickRate: 6, openRate: 40 }),
        figures("sunset", { openRate: 20, bounceRate: 1 }),
        figures("onboarding", {}),
        figures("lead_nurture", {}),
        figures("upsell", {}),
      ],
      { activeFlowTypes: ["upsell"] },
    );
    expect(flowScore(result, "abandoned_cart")).not.toBeNull();
    expect(result.score).toBeNull();
    // Sunset has three figures in sight but no outcome: revenue completes it. Upsell is run in Flowmap.
    expect(result.missing.map((item) => `${item.flowType}.${item.metric}`)).toEqual(["upsell.revenuePerRecipient", "upsell.clickRate", "upsell.ctr", "sunset.revenuePerRecipient"]);
  });

  it("leaves out a metric whose median is zero or missing, and a flow without medians cannot be completed", () => {
    const medians = { ...noMedians(), revenuePerRecipient: { value: 0, groupLabel: "All industries" }, clickRate: { value: 5, groupLabel: "All industries" } };
    const result = scoreFigures([figures("upsell", { revenuePerRecipient: 1, clickRate: 4, openRate: 30 }, medians)]);
    expect(flowScore(result, "upsell")).toBeNull();
    expect(result.flows.find((flow) => flow.flowType === "upsell")!.metrics.find((m) => m.metric === "revenuePerRecipient")!.score).toBeNull();
    expect(result.missing.filter((item) => item.flowType === "upsell")).toEqual([]);
  });

  it("weights flows by their share of flow revenue", () => {
    const strongCart = scoreFigures([
      figures("abandoned_cart", { revenuePerRecipient: 7.3, clickRate: 19, ctr: 46.14 }),
      figures("sunset", { revenuePerRecipient: 0.205, clickRate: 1.3, ctr: 2.5 }),
    ]);
    const strongSunset = scoreFigures([
      figures("abandoned_cart", { revenuePerRecipient: 1.825, clickRate: 4.75, ctr: 11.535 }),
      figures("sunset", { revenuePerRecipient: 0.82, clickRate: 5.2, ctr: 10 }),
    ]);
    // Each pair is 80 and 20; the cart weighs 40 against the sunset's 6.
    expect(flowScore(strongCart, "abandoned_cart")).toBe(80);
    expect(flowScore(strongSunset, "sunset")).toBe(80);
    expect(strongCart.score).toBe(Math.round((40 * 80 + 6 * 20) / 46));
    expect(strongSunset.score).toBe(Math.round((40 * 20 + 6 * 80) / 46));
  });
});
