import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { METRIC_KEYS, metricDefinition, type MetricKey, type MetricValues } from "~/lib/metrics";
import { flowHref, NOTE_PARAM } from "~/lib/flows/flow-url";
import { klaviyoGaps, NOTE_MAX_FIGURES, regenerateSuggestions, suggestedNote, trails } from "~/lib/scorecard/klaviyo";
import { FLOW_WEIGHTS, METRIC_WEIGHTS } from "~/lib/scorecard/method";
import { buildScorecard } from "~/lib/scorecard/scorecard";
import { noMedians, type FlowFigures, type PeerMedian } from "~/lib/scorecard/scoring";

import { figures, HARBOR_COFFEE, seedMedians } from "./fixtures";

/**
 * The scorecard with a connected Klaviyo account: the flow types the account lacks, the most at
 * stake first; and, for flows that trail their peers, a regeneration note that names only
 * figures that truly trail.
 */

function withRevenueMedian(flowType: FlowType, value: number | null): FlowFigures {
  const medians = noMedians();
  medians.revenuePerRecipient = value === null ? null : { value, groupLabel: "Food & Beverage · eCommerce" };
  return { flowType, values: figures(flowType, {}).values, medians };
}

describe("klaviyoGaps", () => {
  it("puts the flow types whose peers earn the most per recipient first, then those without a median by their share of flow revenue", () => {
    const gaps = klaviyoGaps({
      lacking: ["sunset", "upsell", "lead_nurture", "abandoned_cart", "onboarding"],
      figures: [
        withRevenueMedian("upsell", 0.41),
        withRevenueMedian("onboarding", 2.65),
        withRevenueMedian("abandoned_cart", 3.65),
        withRevenueMedian("lead_nurture", null),
        withRevenueMedian("sunset", null),
      ],
      flowTypesInFlowmap: ["onboarding"],
    });
    expect(gaps.map((gap) => gap.flowType)).toEqual(["abandoned_cart", "onboarding", "upsell", "lead_nurture", "sunset"]);
    expect(gaps[0]).toMatchObject({ peerRevenuePerRecipient: 3.65, peerGroup: "Food & Beverage · eCommerce", hasFlow: false });
    expect(gaps[0]!.stake).toBe(
      "Peers earn a median of $3.65 per recipient from an abandoned cart flow (for Food & Beverage · eCommerce): about $3,650 for every 1,000 people it reaches.",
    );
    expect(gaps[1]!.hasFlow).toBe(true);
    expect(gaps[3]!.stake).toContain(`about ${FLOW_WEIGHTS.lead_nurture}% of typical flow revenue`);
    expect(gaps[3]!.peerRevenuePerRecipient).toBeNull();
  });

  it("orders any set of lacking types by peer revenue, medians before none, and lists each type once", () => {
    const medianOrNull = fc.option(fc.integer({ min: 1, max: 900 }).map((cents) => cents / 100));
    fc.assert(
      fc.property(fc.subarray([...FLOW_TYPES]), fc.array(fc.constantFrom(...FLOW_TYPES)), fc.tuple(...FLOW_TYPES.map(() => medianOrNull)), (lacking, repeats, medians) => {
        const input = FLOW_TYPES.map((flowType, index) => withRevenueMedian(flowType, medians[index] ?? null));
        const gaps = klaviyoGaps({ lacking: [...lacking, ...repeats.filter((type) => lacking.includes(type))], figures: input, flowTypesInFlowmap: [] });
        expect(gaps.map((gap) => gap.flowType).sort()).toEqual([...lacking].sort());
        for (let index = 1; index < gaps.length; index++) {
          const [before, after] = [gaps[index - 1]!, gaps[index]!];
          if (before.peerRevenuePerRecipient === null) {
            expect(after.peerRevenuePerRecipient).toBeNull();
            expect(FLOW_WEIGHTS[before.flowType]).toBeGreaterThanOrEqual(FLOW_WEIGHTS[after.flowType]);
          } else if (after.peerRevenuePerRecipient !== null) {
            expect(before.peerRevenuePerRecipient).toBeGreaterThanOrEqual(after.peerRevenuePerRecipient);
          }
        }
      }),
    );
  });
});

describe("the scorecard with a Klaviyo import", () => {
  it("lists the lacking types and leaves their 'missing flow' findings to that list", () => {
    const without = buildScorecard(HARBOR_COFFEE);
    expect(without.klaviyoGaps).toBeNull();
    expect(without.recommendations.some((item) => item.id === "missing_flow:upsell" || item.id === "missing_flow:sunset")).toBe(true);

    const lacking: FlowType[] = ["sunset", "upsell", "abandoned_cart"];
    const scorecard = buildScorecard({ ...HARBOR_COFFEE, klaviyoLacking: lacking });
    // Seed medians: abandoned cart earns the most per recipient, then upsell; sunset has the least or none.
    const expected = [...lacking].sort((a, b) => {
      const ma = seedMedians(a).revenuePerRecipient?.value ?? -1;
      const mb = seedMedians(b).revenuePerRecipient?.value ?? -1;
      return mb - ma || FLOW_WEIGHTS[b] - FLOW_WEIGHTS[a];
    });
    expect(scorecard.klaviyoGaps?.map((gap) => gap.flowType)).toEqual(expected);
    expect(scorecard.klaviyoGaps?.find((gap) => gap.flowType === "abandoned_cart")?.hasFlow).toBe(true);
    for (const type of lacking) expect(scorecard.recommendations.map((item) => item.id)).not.toContain(`missing_flow:${type}`);
    // Nothing else is lost: the findings about the figures are the same.
    expect(scorecard.recommendations.filter((item) => !item.id.startsWith("missing_flow:"))).toEqual(
      without.recommendations.filter((item) => !item.id.startsWith("missing_flow:")).slice(0, scorecard.recommendations.length),
    );
  });

  it("links every flow in Flowmap that trails its peers to its regenerate dialog with the note", () => {
    const scorecard = buildScorecard(HARBOR_COFFEE);
    const cart = scorecard.regenerate.find((item) => item.flowType === "abandoned_cart");
    expect(cart?.trailing[0]).toBe("revenuePerRecipient");
    const href = new URL(cart!.href, "http://flowmap.test");
    expect(href.pathname).toBe(new URL(flowHref("abandoned_cart"), "http://flowmap.test").pathname);
    expect(href.searchParams.get("type")).toBe("abandoned_cart");
    expect(href.searchParams.get("dialog")).toBe("regenerate");
    expect(href.searchParams.get(NOTE_PARAM)).toBe(cart!.note);
    // Only flows in Flowmap can be regenerated: upsell and sunset have none.
    expect(scorecard.regenerate.map((item) => item.flowType)).not.toContain("upsell");
  });

  it("gives a finding's plain 'regenerate with your feedback' action the same note", () => {
    const weakWelcome = figures("onboarding", { openRate: 30, clickRate: 1, revenuePerRecipient: 0.5, unsubscribeRate: 0.2 });
    const scorecard = buildScorecard({ ...HARBOR_COFFEE, figures: HARBOR_COFFEE.figures.map((entry) => (entry.flowType === "onboarding" ? weakWelcome : entry)) });
    const welcome = scorecard.regenerate.find((item) => item.flowType === "onboarding");
    expect(welcome?.trailing).toEqual(["revenuePerRecipient", "clickRate", "openRate"]);
    const finding = scorecard.recommendations.find((item) => item.id === "revenue_gap:onboarding");
    const regenerate = finding?.actions.find((action) => action.label.startsWith("Regenerate it with your feedback"));
    expect(regenerate).toBeDefined();
    expect(new URL(regenerate!.href, "http://flowmap.test").searchParams.get(NOTE_PARAM)).toBe(welcome!.note);
  });
});

/** Any figures and medians, as the card stores them (hundredths), some missing. */
const figureValue = fc.option(fc.integer({ min: 0, max: 20_000 }).map((value) => value / 100));
const medianValue = fc.option(fc.integer({ min: 0, max: 20_000 }).map((value) => value / 100));

const anyFigures = fc
  .tuple(
    fc.constantFrom(...FLOW_TYPES),
    fc.tuple(...METRIC_KEYS.map(() => figureValue)),
    fc.tuple(...METRIC_KEYS.map(() => medianValue)),
    fc.constantFrom("All industries", "Food & Beverage · eCommerce"),
  )
  .map(([flowType, values, medians, groupLabel]): FlowFigures => {
    const metricValues = Object.fromEntries(METRIC_KEYS.map((key, index) => [key, values[index] ?? null])) as MetricValues;
    const peer = Object.fromEntries(METRIC_KEYS.map((key, index) => [key, medians[index] === null ? null : { value: medians[index]!, groupLabel }])) as Record<
      MetricKey,
      PeerMedian | null
    >;
    return { flowType, values: metricValues, medians: peer };
  });

/** The figure labels a note names. */
function namedFigures(note: string): MetricKey[] {
  return METRIC_KEYS.filter((key) => new RegExp(`(^|\\. )${metricDefinition(key).label} `).test(note));
}

describe("suggestedNote", () => {
  it("derives the note from the figure that trails: a low click rate asks for a clearer button and one offer", () => {
    const suggestion = suggestedNote(
      figures(
        "onboarding",
        { clickRate: 1.2, openRate: 60 },
        { ...noMedians(), clickRate: { value: 2.1, groupLabel: "All industries" }, openRate: { value: 40, groupLabel: "All industries" } },
      ),
    );
    expect(suggestion).toEqual({
      flowType: "onboarding",
      trailing: ["clickRate"],
      note: "Click Rate 1.2% is 43% below the median (2.1%) across all industries: make the button clearer and lead with one offer.",
    });
  });

  it("asks for fewer emails when unsubscribes run above the median (lower is better there)", () => {
    const suggestion = suggestedNote(figures("onboarding", { unsubscribeRate: 0.6 }, { ...noMedians(), unsubscribeRate: { value: 0.3, groupLabel: "All industries" } }));
    expect(suggestion?.trailing).toEqual(["unsubscribeRate"]);
    expect(suggestion?.note).toMatch(/^Unsubscribe Rate 0\.6% is 100% above the median \(0\.3%\) across all industries: send fewer emails/);
  });

  it("says nothing for figures at or ahead of their medians", () => {
    expect(
      suggestedNote(
        figures(
          "onboarding",
          { clickRate: 2.1, unsubscribeRate: 0.1 },
          { ...noMedians(), clickRate: { value: 2.1, groupLabel: "x" }, unsubscribeRate: { value: 0.3, groupLabel: "x" } },
        ),
      ),
    ).toBeNull();
  });

  it("names only figures that truly trail, the weightiest first, and every figure it names", () => {
    fc.assert(
      fc.property(anyFigures, (input) => {
        const suggestion = suggestedNote(input);
        const trailingAll = METRIC_KEYS.filter((key) => trails(key, input.values[key], input.medians[key]?.value));
        if (trailingAll.length === 0) {
          expect(suggestion).toBeNull();
          return;
        }
        expect(suggestion).not.toBeNull();
        const { trailing, note } = suggestion!;
        expect(trailing.length).toBe(Math.min(NOTE_MAX_FIGURES, trailingAll.length));
        // Every figure named truly trails: worse than its median in the direction that counts.
        for (const key of namedFigures(note)) {
          const value = input.values[key]!;
          const median = input.medians[key]!.value;
          expect(median).toBeGreaterThan(0);
          if (metricDefinition(key).higherIsBetter) expect(value).toBeLessThan(median);
          else expect(value).toBeGreaterThan(median);
        }
        // The note names exactly the figures it lists, and no figure ahead of its median.
        expect(namedFigures(note).sort()).toEqual([...trailing].sort());
        // The weightiest trailing figures are the ones chosen.
        const weights = trailing.map((key) => METRIC_WEIGHTS[key]);
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
        const left = trailingAll.filter((key) => !trailing.includes(key));
        for (const key of left) expect(METRIC_WEIGHTS[key]).toBeLessThanOrEqual(Math.min(...weights));
        // Each named figure says it is below (higher is better) or above (lower is better) its median.
        for (const key of trailing) {
          const direction = metricDefinition(key).higherIsBetter ? "below" : "above";
          expect(note).toMatch(new RegExp(`${metricDefinition(key).label} [^:]*${direction} the median`));
        }
      }),
    );
  });

  it("suggests only for flows in Flowmap, the flow that counts most first", () => {
    fc.assert(
      fc.property(fc.array(anyFigures, { maxLength: 5 }), fc.subarray([...FLOW_TYPES]), (all, inFlowmap) => {
        const unique = FLOW_TYPES.flatMap((type) => all.filter((entry) => entry.flowType === type).slice(0, 1));
        const suggestions = regenerateSuggestions({ figures: unique, flowTypesInFlowmap: inFlowmap });
        for (const item of suggestions) {
          expect(inFlowmap).toContain(item.flowType);
          expect(new URL(item.href, "http://flowmap.test").searchParams.get(NOTE_PARAM)).toBe(item.note);
        }
        const weights = suggestions.map((item) => FLOW_WEIGHTS[item.flowType]);
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
      }),
    );
  });
});
