import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { METRIC_DEFINITIONS, type MetricKey } from "~/lib/metrics";
import { benchmarkNumber, comparisonBars, formatMedianText, formatMetricValue, NO_SCORE, scoreFor, scoreForMetric, verdictLabel } from "~/lib/benchmarks/comparison";

const HIGHER: MetricKey[] = ["openRate", "clickRate", "ctr", "revenuePerRecipient"];
const LOWER: MetricKey[] = ["bounceRate", "unsubscribeRate", "spamComplaintRate"];

describe("benchmarkNumber: the benchmark text stripped to a number", () => {
  it.each([
    ["52.04%", 52.04],
    ["$2.65", 2.65],
    ["0.012%", 0.012],
    [" 10.20 % ", 10.2],
    ["$1,234.50", 1234.5],
    ["7", 7],
    [".5%", 0.5],
    ["0", 0],
  ])("%s → %s", (text, value) => {
    expect(benchmarkNumber(text)).toBe(value);
  });

  it.each([null, undefined, "", "N/A", "n/a", "about 5%", "5%-6%", "abc", "$", "%", "1.2.3", "0x10", "Infinity", "1e400"])("%s → null", (text) => {
    expect(benchmarkNumber(text)).toBeNull();
  });
});

describe("scoreFor: '--' when either side is missing or not numeric", () => {
  it.each(METRIC_DEFINITIONS.map((d) => d.key))("%s", (key) => {
    expect(scoreForMetric(key, null, "52.04%")).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, undefined, "52.04%")).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, Number.NaN, "52.04%")).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, 10, null)).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, 10, "")).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, 10, "N/A")).toEqual({ kind: "none", text: NO_SCORE });
    expect(scoreForMetric(key, 10, "soon")).toEqual({ kind: "none", text: NO_SCORE });
  });
});

describe("scoreFor: the difference, signed, with the relative difference for rates", () => {
  it("percent rates: one decimal and the relative difference in brackets", () => {
    expect(scoreForMetric("openRate", 60.5, "52.04%")).toMatchObject({ text: "+8.5% (+16.3%)", difference: "+8.5%", relative: "+16.3%", verdict: "better" });
    expect(scoreForMetric("openRate", 40, "52.04%")).toMatchObject({ text: "-12.0% (-23.1%)", verdict: "worse" });
    expect(scoreForMetric("clickRate", 5.31, "5.31%")).toMatchObject({ text: "0.0% (0.0%)", verdict: "even" });
    expect(scoreForMetric("ctr", 12, "10.20%")).toMatchObject({ text: "+1.8% (+17.6%)", verdict: "better" });
  });

  it("revenue: two decimals of dollars and no relative difference", () => {
    expect(scoreForMetric("revenuePerRecipient", 3, "$2.65")).toMatchObject({ text: "+$0.35", relative: null, verdict: "better" });
    expect(scoreForMetric("revenuePerRecipient", 2.5, "$2.65")).toMatchObject({ text: "-$0.15", verdict: "worse" });
    expect(scoreForMetric("revenuePerRecipient", 2.65, "$2.65")).toMatchObject({ text: "$0.00", verdict: "even" });
  });

  it("lower is better for bounce, unsubscribe and spam complaints", () => {
    expect(scoreForMetric("bounceRate", 2, "1.01%")).toMatchObject({ text: "+1.0% (+98.0%)", verdict: "worse" });
    expect(scoreForMetric("bounceRate", 0.5, "1.01%")).toMatchObject({ text: "-0.5% (-50.5%)", verdict: "better" });
    expect(scoreForMetric("unsubscribeRate", 0.1, "0.25%")).toMatchObject({ text: "-0.2% (-60.0%)", verdict: "better" });
    expect(scoreForMetric("spamComplaintRate", 0.02, "0.012%")).toMatchObject({ text: "0.0% (+66.7%)", verdict: "worse" });
  });

  it("a difference that rounds to zero carries no sign; a zero median has no relative difference", () => {
    expect(scoreForMetric("openRate", 52.05, "52.04%")).toMatchObject({ difference: "0.0%", verdict: "better" });
    expect(scoreForMetric("openRate", 5, "0%")).toMatchObject({ text: "+5.0%", relative: null, verdict: "better" });
  });

  it("verdicts are told apart by words, not only colour", () => {
    expect(verdictLabel("better")).toBe("better than the median");
    expect(verdictLabel("worse")).toBe("worse than the median");
    expect(verdictLabel("even")).toBe("level with the median");
  });
});

describe("scoreFor properties", () => {
  // Figures as the card holds them: at most three decimals.
  const figure = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000);
  it("the verdict follows the sign of the difference and each metric's direction", () => {
    fc.assert(
      fc.property(figure, figure, fc.constantFrom(...HIGHER, ...LOWER), (user, median, key) => {
        const score = scoreForMetric(key, user, `${median}%`);
        if (score.kind !== "score") return false;
        const diff = user - median;
        if (Math.abs(diff) < 1e-9) return score.verdict === "even";
        const better = HIGHER.includes(key) ? diff > 0 : diff < 0;
        return score.verdict === (better ? "better" : "worse");
      }),
    );
  });

  it("the text always has the documented shape", () => {
    fc.assert(
      fc.property(
        figure,
        fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000),
        (user, median) => {
          const rate = scoreFor({ unit: "percent", higherIsBetter: true }, user, `${median}%`);
          const money = scoreFor({ unit: "dollars", higherIsBetter: true }, user, `$${median}`);
          return rate.kind === "score" && /^[+-]?\d+\.\d% \([+-]?\d+\.\d%\)$/.test(rate.text) && money.kind === "score" && /^[+-]?\$\d+\.\d\d$/.test(money.text);
        },
      ),
    );
  });
});

describe("formatMetricValue", () => {
  it("shows percentages with their decimals and dollars with two", () => {
    expect(formatMetricValue("percent", 60.5)).toBe("60.50%");
    expect(formatMetricValue("percent", 0.012)).toBe("0.012%");
    expect(formatMetricValue("dollars", 2)).toBe("$2.00");
  });

  it("gives a figure with one decimal two, whatever its binary float", () => {
    // 10.2 × 100 is 1019.9999999999999 in binary: it used to read '10.2%' beside the card's '10.20%'.
    expect(formatMetricValue("percent", 10.2)).toBe("10.20%");
    expect(formatMetricValue("percent", 0.29)).toBe("0.29%");
    expect(formatMetricValue("percent", 12.345)).toBe("12.345%");
    expect(formatMetricValue("percent", 0)).toBe("0.00%");
    expect(formatMetricValue("dollars", 0.1)).toBe("$0.10");
  });
});

describe("formatMedianText", () => {
  it("shows a median's figure in the format of the user's figures, and a median without one as it is", () => {
    expect(formatMedianText("percent", "10.2%")).toBe("10.20%");
    expect(formatMedianText("percent", "52.04%")).toBe("52.04%");
    expect(formatMedianText("dollars", "$2.5")).toBe("$2.50");
    expect(formatMedianText("percent", "N/A")).toBe("N/A");
    expect(formatMedianText("percent", "")).toBe("N/A");
  });
});

describe("comparisonBars: a metric's two bars, on the metric's own scale", () => {
  it("fills the room with the longer bar and sizes the other against it", () => {
    expect(comparisonBars(12.5, "10.2%")).toEqual({ you: 100, median: 81.6 });
    expect(comparisonBars(3.1, "9.50%")).toEqual({ you: 32.6, median: 100 });
    expect(comparisonBars(0.45, "$3.65")).toEqual({ you: 12.3, median: 100 });
    expect(comparisonBars(5, "5%")).toEqual({ you: 100, median: 100 });
  });

  it("keeps a zero visible, draws no median bar without a median figure, and no bars without the user's figure", () => {
    expect(comparisonBars(0, "1.01%")).toEqual({ you: 2, median: 100 });
    expect(comparisonBars(0, "0%")).toEqual({ you: 2, median: 2 });
    expect(comparisonBars(4, "N/A")).toEqual({ you: 100, median: null });
    expect(comparisonBars(4, null)).toEqual({ you: 100, median: null });
    expect(comparisonBars(null, "10%")).toBeNull();
    expect(comparisonBars(undefined, "10%")).toBeNull();
    expect(comparisonBars(Number.NaN, "10%")).toBeNull();
  });

  it("never draws a bar wider than its room or narrower than 2%", () => {
    fc.assert(
      // Figures as the card takes them: up to three decimals.
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 0, max: 1e8 }), (youThousandths, medianThousandths) => {
        const bars = comparisonBars(youThousandths / 1000, `${medianThousandths / 1000}%`)!;
        for (const width of [bars.you, bars.median!]) {
          expect(width).toBeGreaterThanOrEqual(2);
          expect(width).toBeLessThanOrEqual(100);
        }
        // The longer bar fills the room, unless both figures are zero.
        if (youThousandths || medianThousandths) expect(Math.max(bars.you, bars.median!)).toBe(100);
      }),
    );
  });
});
