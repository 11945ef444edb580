import { describe, expect, it } from "vitest";

import { describeChange, type ScorecardGlance } from "~/lib/scorecard/change";

const flows = (scores: Partial<ScorecardGlance["flows"]> = {}): ScorecardGlance["flows"] => ({
  onboarding: null,
  lead_nurture: null,
  abandoned_cart: null,
  upsell: null,
  sunset: null,
  ...scores,
});

describe("what changed since last time", () => {
  it("says how far the score moved, which flows moved, and how the list changed", () => {
    const before = { score: 58, flows: flows({ abandoned_cart: 41, onboarding: 70 }), recommendationIds: ["revenue_gap:abandoned_cart", "missing_flow:sunset"] };
    const after = { score: 64, flows: flows({ abandoned_cart: 52, onboarding: 70 }), recommendationIds: ["click_gap:abandoned_cart", "missing_flow:sunset"] };
    expect(describeChange(before, after, "3 May 2026")).toBe("Since 3 May 2026: up 6 points (58 → 64); Abandoned Cart 41 → 52; 1 recommendation off your list, 1 new.");
    expect(describeChange(after, { ...before, score: 63 }, "4 May 2026")).toBe(
      "Since 4 May 2026: down 1 point (64 → 63); Abandoned Cart 52 → 41; 1 recommendation off your list, 1 new.",
    );
  });

  it("names a first score, a score lost, new flows scored and new recommendations", () => {
    const none = { score: null, flows: flows({ onboarding: 44 }), recommendationIds: [] };
    const first = { score: 47, flows: flows({ onboarding: 44, upsell: 52 }), recommendationIds: ["missing_flow:sunset", "missing_flow:lead_nurture"] };
    expect(describeChange(none, first, "1 June 2026")).toBe("Since 1 June 2026: your first overall score, 47; Upsell no score → 52; 2 new recommendations.");
    expect(describeChange(first, none, "2 June 2026")).toBe("Since 2 June 2026: no overall score any more; Upsell 52 → no score; 2 recommendations off your list.");
  });

  it("is silent when nothing the user would notice changed, and reads a stored flow left out as no score", () => {
    const glance = { score: 50, flows: flows({ upsell: 50 }), recommendationIds: ["a", "b"] };
    expect(describeChange(glance, { ...glance, flows: flows({ upsell: 50 }) }, "today")).toBeNull();
    const stored = { ...glance, flows: { upsell: 50 } as ScorecardGlance["flows"] };
    expect(describeChange(stored, glance, "today")).toBeNull();
  });
});
