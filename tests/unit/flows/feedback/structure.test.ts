import { describe, expect, it } from "vitest";

import { regenerate } from "./fixtures";

describe("structure", () => {
  it("cuts to at most N emails and names what went", () => {
    const { draft, explanation } = regenerate("lead_nurture", "no more than 3 emails please");
    expect(draft.touchpoints.filter((tp) => tp.stepType === "Email")).toHaveLength(3);
    expect(explanation).toMatch(/cut it to 3 emails: dropped "/);
  });

  it("merges two named steps into one that carries both", () => {
    const { draft, before } = regenerate("lead_nurture", "combine the first and second emails");
    expect(draft.touchpoints).toHaveLength(before.touchpoints.length - 1);
  });

  it("splits a step into two, at least an hour apart", () => {
    const { draft, before, explanation } = regenerate("lead_nurture", "split the second email in two: what a first session involves, then what to wear");
    expect(draft.touchpoints).toHaveLength(before.touchpoints.length + 1);
    expect(explanation).toContain('"What a first session involves", then "What to wear"');
    const offsets = draft.touchpoints.map((tp) => tp.offsetMinutes);
    expect(new Set(offsets).size).toBe(offsets.length);
  });
});
