import { describe, expect, it } from "vitest";

import { regenerate } from "./fixtures";

describe("move", () => {
  it("moves the step named by what it is about to a day, the others keeping their times", () => {
    const { draft, before, explanation } = regenerate("lead_nurture", "could the quick answers email go out on day 5 instead");
    const moved = draft.touchpoints.find((tp) => /quick answers/i.test(tp.title))!;
    // Day 5, or an hour after it when another send is already then (never two sends at one moment).
    expect(moved.offsetMinutes).toBeGreaterThanOrEqual(5 * 1440);
    expect(moved.offsetMinutes).toBeLessThanOrEqual(5 * 1440 + 180);
    expect(explanation).toContain(`("${moved.title}") to 5 days after`);
    for (const tp of draft.touchpoints.filter((t) => t.title !== moved.title)) expect(tp.offsetMinutes).toBe(before.touchpoints.find((b) => b.title === tp.title)!.offsetMinutes);
  });

  it("times a step from the appointment when the note counts back from it", () => {
    const { draft } = regenerate("onboarding", "the first email should go 4 days before the session, not at booking");
    expect(draft.touchpoints.some((tp) => tp.timing?.type === "relative_event" && tp.timing.direction === "before" && tp.timing.minutes === 4 * 1440)).toBe(true);
  });

  it("says why it cannot time a step from a moment no timing names", () => {
    const { draft, before, explanation, outcome } = regenerate("upsell", "move the second email to right after their 2nd visit");
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(explanation).toContain('not "their 2nd visit"');
    expect(outcome.acted).toBe(false);
  });
});
