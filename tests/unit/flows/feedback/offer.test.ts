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

  it("writes no amount the answers never give: their own offer, else the marked placeholders, and says how to allow it", () => {
    const own = regenerate("abandoned_cart", "add 20% off in the first email");
    expect(own.draft.touchpoints.map((tp) => tp.keyMessages).join("\n")).not.toMatch(/20\s?%/);
    expect(own.draft.touchpoints[0]!.keyMessages).toContain("STRIDE15");
    expect(own.explanation).toContain("Your answers give no 20% off, so the flow uses your own offer instead (add it to your offers in your answers to use it)");

    // Where the step already carries the owner's offer, nothing changes and the reply says so.
    const already = regenerate("abandoned_cart", "add 20% off");
    expect(already.outcome.acted).toBe(false);
    expect(already.explanation).toMatch(/already carries your own offer, £15 off your first session with code STRIDE15; your answers give no 20% off/);

    const none = regenerate("upsell", "add 20% off", { ...BAKERY, productServiceDescription: "Sourdough and pastries to pre-order online and collect from the shop." });
    expect(none.draft.touchpoints.map((tp) => tp.keyMessages).join("\n")).not.toMatch(/20\s?%/);
    expect(none.draft.touchpoints.some((tp) => tp.keyMessages.includes("[YOUR DISCOUNT CODE]"))).toBe(true);
    expect(none.explanation).toContain("Your answers give no 20% off, so the flow promises no amount");
    expect(none.explanation).toContain("fill in your own before sending");
  });

  it("uses the owner's code exactly when the note names it", () => {
    const { draft } = regenerate("abandoned_cart", "put stride15 in the first one");
    expect(draft.touchpoints[0]!.keyMessages).toContain("STRIDE15");
  });
});
