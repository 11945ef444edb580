import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { askedQuestion } from "~/lib/content/asks";
import { withPlace } from "~/lib/flows/feedback/emphasis";

import { BAKERY, PHYSIO, regenerate } from "./fixtures";

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

describe("a question the note asks the copy to put", () => {
  it("is asked of the reader, never written as an instruction", () => {
    expect(askedQuestion("ask whether they got stuck at module 3 (formulas)")).toBe("Did you get stuck at module 3 (formulas)?");
    expect(askedQuestion("ask if they are still training for the marathon")).toBe("Are you still training for the marathon?");
    expect(askedQuestion("the free parking")).toBe("");
  });

  it("about being stuck, comes with where the owner says help is", () => {
    const course = { ...PHYSIO, keyUserKnowledgeElements: "download the workbook first, where to ask questions (members forum), the monthly live Q&A dates" };
    const { draft, explanation } = regenerate("sunset", "before we drop them, ask if they got stuck at the second module", course);
    const asked = draft.touchpoints.find((tp) => tp.keyMessages.includes("Mention: ask whether they got stuck at the second module"))!;
    expect(asked.keyMessages).toContain("Mention: where to ask questions (members forum)");
    expect(explanation).toContain("with where your answers say help is (where to ask questions (members forum)");
  });
});

describe("emphasis on collecting or coming in", () => {
  const shop = { ...BAKERY, businessOperationDescription: "One shop in Salamanca, Hobart. Order online, collect from the shop." };

  it("says where, from the answers, when the note asks to make collection clear", () => {
    const { draft, explanation, outcome } = regenerate("lead_nurture", "make it crystal clear in the first email that it's collection only", shop);
    expect(outcome.acted).toBe(true);
    expect(draft.touchpoints[0]!.keyMessages).toContain("Lead with: it's collection only, from the shop in Salamanca, Hobart");
    expect(explanation).toContain("from the shop in Salamanca, Hobart");
  });

  it("adds no place the answers never name, and none to emphasis about something else", () => {
    expect(withPlace("it's collection only", businessFacts(BAKERY))).toBe("it's collection only");
    expect(withPlace("the free card with every bouquet", businessFacts(shop))).toBe("the free card with every bouquet");
    expect(withPlace("walk-ins welcome", businessFacts(shop))).toBe("walk-ins welcome, at the shop in Salamanca, Hobart");
  });
});

describe("an upsell led by one of the owner's add-ons", () => {
  const gym = {
    ...PHYSIO,
    companyName: "Barbell House",
    businessModel: "membership",
    productServiceDescription: "24/7 gym membership. Personal training ($60 a session). Body composition scans. No classes.",
  } as typeof PHYSIO;

  it("leads with the one the note names and offers the other once, in the last email", () => {
    const { draft, explanation } = regenerate("upsell", "upsell PT", gym);
    const emails = draft.touchpoints.filter((tp) => tp.stepType === "Email");
    expect(emails.every((tp) => tp.keyMessages.includes("Lead with: PT"))).toBe(true);
    expect(emails[emails.length - 1]!.keyMessages).toContain("Mention: Body composition scans");
    expect(draft.touchpoints.filter((tp) => tp.keyMessages.includes("Mention: Body composition scans"))).toHaveLength(1);
    expect(explanation).toContain('offered your other add-on from your answers ("Body composition scans") in the last email');
  });

  it("offers nothing the note rules out, nothing outside an upsell, and nothing the owner says they don't sell", () => {
    expect(regenerate("upsell", "upsell PT, not the scans", gym).draft.touchpoints.some((tp) => /Mention: Body composition/.test(tp.keyMessages))).toBe(false);
    expect(regenerate("lead_nurture", "lead with PT", gym).draft.touchpoints.some((tp) => /Mention: Body composition/.test(tp.keyMessages))).toBe(false);
    expect(businessFacts(gym).addOns).toEqual(["Personal training ($60 a session)", "Body composition scans"]);
  });
});
