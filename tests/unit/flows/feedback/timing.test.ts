import { describe, expect, it } from "vitest";

import { PHYSIO, regenerate } from "./fixtures";

describe("timing", () => {
  it("spreads and tightens only the steps timed from the trigger", () => {
    const spread = regenerate("lead_nurture", "they need more breathing room between emails, spread them out");
    expect(spread.draft.touchpoints.at(-1)!.offsetMinutes).toBeGreaterThan(spread.before.touchpoints.at(-1)!.offsetMinutes);
    const tight = regenerate("lead_nurture", "this is too slow, closer together please");
    expect(tight.draft.touchpoints.at(-1)!.offsetMinutes).toBeLessThan(tight.before.touchpoints.at(-1)!.offsetMinutes);
  });

  it("brings every step inside a window, in order", () => {
    const { draft } = regenerate("lead_nurture", "keep everything within the first 10 days");
    for (const tp of draft.touchpoints) expect(tp.offsetMinutes).toBeLessThanOrEqual(10 * 1440);
  });

  it("can't limit a flow to a weekday: it says so and changes nothing", () => {
    const { draft, before, explanation, outcome } = regenerate("upsell", "only send on Tuesdays");
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(outcome).toMatchObject({ acted: false, changes: [] });
    expect(explanation).toContain("certain days of the week");
  });
});

describe("urgency", () => {
  it("ends on the business's own deadline, never an invented one", () => {
    const withDeadline = { ...PHYSIO, guarantees_q8: "Assessment fee (£40) waived if you book a block within 10 days of your first visit." };
    const { draft, explanation } = regenerate("lead_nurture", "more urgency", withDeadline);
    expect(draft.touchpoints.at(-1)!.keyMessages).toContain("Mention: Assessment fee (£40) waived if you book a block within 10 days of your first visit");
    expect(explanation).toContain('with your own deadline: "Assessment fee (£40) waived');

    const without = regenerate("lead_nurture", "more urgency");
    expect(without.draft.touchpoints.at(-1)!.keyMessages).not.toMatch(/within \d+ days/i);
  });
});
