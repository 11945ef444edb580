import { describe, expect, it } from "vitest";

import { regenerate } from "./fixtures";

describe("removal and negation", () => {
  it("removes a step named by what it is about, and says which", () => {
    const { draft, before, explanation, outcome } = regenerate("lead_nurture", "get rid of the reviews email");
    const gone = before.touchpoints.find((tp) => !draft.touchpoints.some((d) => d.title === tp.title))!;
    expect(draft.touchpoints).toHaveLength(before.touchpoints.length - 1);
    expect(explanation).toContain(gone.title);
    expect(outcome.changes[0]!.kind).toBe("remove");
  });

  it("takes a thing the owner says no to out of every brief, and briefs the copy never to say it", () => {
    const { draft, outcome } = regenerate("onboarding", "we don't do home visits");
    for (const tp of draft.touchpoints) expect(tp.keyMessages).toContain("Never say: home visits");
    expect(outcome.acted).toBe(true);
  });

  it("says there is no such step rather than removing another", () => {
    const { draft, before, explanation, outcome } = regenerate("upsell", "remove the birthday email");
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(explanation).toContain('found no email about "birthday"');
    expect(outcome.acted).toBe(false);
  });
});
