import { describe, expect, it } from "vitest";

import { BAKERY, regenerate } from "./fixtures";

/** A brief line offering a discount (a "Never say" line asks for the opposite). */
const offers = (text: string) => text.split("\n").some((line) => !line.includes("Never say:") && /STRIDE15|£15 off|\[YOUR DISCOUNT/.test(line));

describe("offers", () => {
  it("never the opposite: 'no discount in the welcome email' adds none anywhere and takes it out of the first", () => {
    const { draft, before, explanation } = regenerate("onboarding", "no discount in the welcome email please");
    expect(offers(draft.touchpoints[0]!.keyMessages)).toBe(false);
    const added = draft.touchpoints.filter((tp, i) => offers(tp.keyMessages) && !offers(before.touchpoints[i]?.keyMessages ?? ""));
    expect(added).toEqual([]);
    expect(explanation).not.toMatch(/added/);
  });

  it("never the opposite: 'we never discount, remove any offer' leaves no offer and adds no code", () => {
    const { draft, explanation } = regenerate("lead_nurture", "we never discount, remove any offer");
    for (const tp of draft.touchpoints) expect(offers(tp.keyMessages)).toBe(false);
    expect(explanation).not.toMatch(/Use code|added/);
  });

  it("refuses a discount for an owner who never discounts, and says what to change", () => {
    const { draft, before, explanation, outcome } = regenerate("upsell", "throw in 10% off to get them back", BAKERY);
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(outcome).toMatchObject({ acted: false, changes: [] });
    expect(explanation).toContain("your answers say you never discount (change that answer to allow one)");
  });

  it("moves the owner's code from the first email to the last", () => {
    const { draft, explanation } = regenerate("onboarding", "no STRIDE15 in the first email, keep it for the last one");
    expect(draft.touchpoints[0]!.keyMessages).not.toMatch(/The offer exactly as given/);
    expect(draft.touchpoints.at(-1)!.keyMessages).toContain("STRIDE15");
    expect(explanation).toContain("put your own offer");
  });

  it("uses the owner's code exactly when the note names it", () => {
    const { draft } = regenerate("abandoned_cart", "put stride15 in the first one");
    expect(draft.touchpoints[0]!.keyMessages).toContain("STRIDE15");
  });
});
