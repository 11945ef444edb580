import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { METRIC_KEYS, type MetricKey } from "~/lib/metrics";
import { comparedWithMedian, figureText, relationToMedian } from "~/lib/scorecard/format";
import { allFindings } from "~/lib/scorecard/recommendations";
import { buildScorecard, type ScorecardInput } from "~/lib/scorecard/scorecard";
import { comparedFigureCount } from "~/lib/scorecard/scoring";

import { figures, flow, touchpoint, DAY } from "./fixtures";

/**
 * Every sentence the scorecard writes about a figure and its median is true for the pair: the
 * wording is checked against the numbers for any figures, not only the examples.
 */

/** Figures as the card stores them: hundredths (dollars or percent), from 0 upwards. */
const hundredths = (max: number) => fc.integer({ min: 0, max }).map((value) => value / 100);
const median = fc.integer({ min: 1, max: 20_000 }).map((value) => value / 1000);

/** What a comparison sentence claims about the pair. */
function claim(text: string): "above" | "below" | "level" {
  if (/\bmatches the median\b/.test(text)) return "level";
  if (/\babove the median\b/.test(text)) return "above";
  if (/\bbelow the median\b/.test(text)) return "below";
  throw new Error(`no comparison in: ${text}`);
}

describe("comparedWithMedian", () => {
  it("claims above, below or level exactly as the numbers stand", () => {
    fc.assert(
      fc.property(fc.constantFrom<MetricKey>(...METRIC_KEYS), hundredths(100_000), median, (metric, value, medianValue) => {
        const text = comparedWithMedian(metric, value, medianValue);
        expect(claim(text)).toBe(relationToMedian(value, medianValue));
        // The median it names is the median it was given.
        expect(text).toContain(`(${figureText(metric, medianValue)})`);
        // A percentage it states is the real distance, rounded.
        const stated = /(\d+)% (above|below)/.exec(text);
        if (stated) expect(Number(stated[1])).toBe(Math.round((Math.abs(value - medianValue) / medianValue) * 100));
      }),
    );
  });

  it("reads $3.10 against $2.65 as above it, never as matching it", () => {
    expect(comparedWithMedian("revenuePerRecipient", 3.1, 2.65)).toBe("is 17% above the median ($2.65)");
    expect(comparedWithMedian("revenuePerRecipient", 2.65, 2.65)).toBe("matches the median ($2.65)");
    expect(comparedWithMedian("revenuePerRecipient", 2.64, 2.65)).toBe("is just below the median ($2.65)");
  });
});

/** One flow's figures, any of them left out. */
const flowFigures = fc.record(
  {
    openRate: hundredths(10_000),
    clickRate: hundredths(5_000),
    ctr: hundredths(5_000),
    revenuePerRecipient: hundredths(2_000),
    bounceRate: hundredths(1_000),
    unsubscribeRate: hundredths(500),
    spamComplaintRate: hundredths(100),
  },
  { requiredKeys: [] },
);

function scorecardInput(flowType: FlowType, values: Partial<Record<MetricKey, number>>, built: boolean): ScorecardInput {
  return {
    usesSms: false,
    flows: built ? [flow(flowType, [touchpoint("Email", 0), touchpoint("Email", 2 * DAY)])] : [],
    figures: FLOW_TYPES.map((type) => figures(type, type === flowType ? values : {})),
  };
}

describe("the findings' sentences against their numbers", () => {
  it("every comparison with a median in a finding is true, and the figure counts agree with the card", () => {
    fc.assert(
      fc.property(fc.constantFrom<FlowType>(...FLOW_TYPES), flowFigures, fc.boolean(), (flowType, values, built) => {
        const input = scorecardInput(flowType, values, built);
        const scorecard = buildScorecard(input);
        const found = allFindings({ figures: input.figures, scores: scorecard, flows: input.flows, usesSms: false });
        const medians = input.figures.find((item) => item.flowType === flowType)!.medians;
        for (const finding of found.filter((item) => item.flowType === flowType)) {
          const texts = [finding.title, finding.detail, finding.impact.text];
          for (const text of texts) {
            expect(text).not.toMatch(/already matches/);
            // 'revenue per recipient ($x) is … the median ($y)': true for the pair it names.
            const revenue = /revenue per recipient \(\$([\d.]+)\) (matches|is [\w% ]*?(above|below)) the median/.exec(text);
            if (revenue) {
              const value = values.revenuePerRecipient!;
              expect(Number(revenue[1])).toBe(value);
              expect(claim(text)).toBe(relationToMedian(value, medians.revenuePerRecipient!.value));
            }
          }
          // 'N% below peers' is said only of a figure below its median.
          const below = /^[\w ]+: (revenue per recipient|click rate|open rate) \d+% below peers$/.exec(finding.title);
          if (below) {
            const metric = ({ "revenue per recipient": "revenuePerRecipient", "click rate": "clickRate", "open rate": "openRate" } as const)[below[1] as "click rate"];
            expect(values[metric]!).toBeLessThan(medians[metric]!.value);
          }
          // A flow short of figures is short by the count the card shows.
          if (finding.id.startsWith("flow_without_figures")) {
            const count = comparedFigureCount(scorecard.flows.find((item) => item.flowType === flowType));
            if (count > 0) expect(finding.detail).toContain(`only ${count} of the 3 figures a score needs`);
            else expect(finding.detail).not.toMatch(/only \d/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
