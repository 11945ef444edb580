import { describe, expect, it } from "vitest";

import { regenerate } from "./fixtures";

describe("emphasis", () => {
  it("leads with what the note asks, and takes the discount out of that step", () => {
    const { draft, explanation } = regenerate("lead_nurture", "open with the free second session promise, not a discount");
    expect(draft.touchpoints[0]!.keyMessages).toContain("Lead with: the free second session promise");
    expect(draft.touchpoints[0]!.keyMessages.replace("Never say: STRIDE15", "")).not.toMatch(/STRIDE15|£15 off/);
    expect(explanation).toContain("lead with the free second session promise");
  });

  it("mentions a fact the answers give in every email", () => {
    const { draft } = regenerate("onboarding", "remind people about the free parking behind the clinic in each email");
    for (const tp of draft.touchpoints.filter((t) => t.stepType === "Email")) expect(tp.keyMessages).toContain("Mention: the free parking behind the clinic");
  });

  it("adds no figure the answers never give", () => {
    const { outcome, explanation } = regenerate("lead_nurture", "mention that 95% of patients are pain-free in 3 weeks in every email");
    expect(outcome.acted).toBe(false);
    expect(explanation).toContain('your answers give no "95%"');
  });
});
