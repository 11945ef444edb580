import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { keptFigure, METRIC_DECIMALS, METRIC_DEFINITIONS, roundedFigureNote, toStoredMetric } from "~/lib/metrics";
import { scoreFor } from "~/lib/benchmarks/comparison";

/**
 * A figure's precision is the same in the field, in storage and in the comparison: the field
 * steps in hundredths (what is stored), the score reads the kept figure, and a figure typed finer
 * than that is said to be rounded.
 */

describe("the precision of a figure", () => {
  it("every field steps in the stored hundredths", () => {
    for (const definition of METRIC_DEFINITIONS) expect(definition.step).toBe(1 / 10 ** METRIC_DECIMALS);
  });

  it("any typed figure: kept as stored, and told when that differs from what was typed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...METRIC_DEFINITIONS), fc.integer({ min: 0, max: 100_000 }), (definition, thousandths) => {
        const typed = thousandths / 1000;
        const kept = keptFigure(typed)!;
        expect(kept * 100).toBeCloseTo(toStoredMetric(typed)!, 9);
        const note = roundedFigureNote(definition, typed);
        if (thousandths % 10 === 0) expect(note).toBeNull();
        else expect(note).toMatch(new RegExp(`^Kept as \\$?${kept.toFixed(2).replace(".", "\\.")}%?: figures are stored to 2 decimals\\.$`));
      }),
    );
  });

  it("the median typed as 0.012% is said to be kept as 0.01%, and the comparison is of 0.01% with the median", () => {
    const spam = METRIC_DEFINITIONS.find((definition) => definition.key === "spamComplaintRate")!;
    expect(roundedFigureNote(spam, 0.012)).toBe("Kept as 0.01%: figures are stored to 2 decimals.");
    const score = scoreFor(spam, keptFigure(0.012), "0.012%");
    expect(score).toMatchObject({ verdict: "better", relative: "-16.7%" });
  });
});
