import { describe, expect, it } from "vitest";

import { countExclamations } from "~/lib/business/brand-enforce";
import type { BusinessAnswers } from "~/lib/content/business";
import { contractionsIn, exclamationsOutsideQuotes, inTone, toneButton, withContractions, withoutContractions } from "~/lib/content/tone";
import { writeFlowCopy, type WriterTouchpoint } from "~/lib/content/writer";
import type { FlowType } from "~/lib/flow-types";
import { BRIEF_LINE, type Tone } from "~/lib/flows/feedback/brief";

// Businesses typed the way owners type them, not from the evaluation corpus.
const kiteShop: BusinessAnswers = {
  companyWebsite: "https://gustykites.example/",
  productServiceDescription: "Handmade stunt kites and beach kites for families 🪁",
  primaryTargetAudience: "families who go to the beach at weekends",
  brandVoicePositioning: "cheerful and chatty, like a friend at the beach",
  specificLeadOffer: "10% off your first kite with code WIND10",
  guarantees_q8: "If it breaks in the first month we fix it free",
  socialProofCredentials: "Over 900 kites flown on Camber Sands",
};

const solicitor: BusinessAnswers = {
  companyWebsite: "https://hartleywills.example/",
  productServiceDescription: "Wills and lasting powers of attorney, written by a qualified solicitor",
  primaryTargetAudience: "homeowners over 50",
  brandVoicePositioning: "Warm but careful. Never use exclamation marks. Sign off as Ruth Hartley.",
  guarantees_q8: "Fixed fee agreed before we start",
};

function steps(flowType: FlowType, keyMessages: string, channels: Array<"Email" | "SMS"> = ["Email", "Email", "Email"]): WriterTouchpoint[] {
  const titles: Record<FlowType, string[]> = {
    onboarding: ["Welcome", "How it works", "Your first order"],
    lead_nurture: ["Welcome", "What customers say", "Ready when you are"],
    abandoned_cart: ["You left something behind", "Questions?", "Last chance"],
    upsell: ["Thank you", "Picked for you", "Ready for more?"],
    sunset: ["We miss you", "Still with us?", "Last email: should we stop?"],
  };
  return channels.map((stepType, index) => ({
    id: `s${index + 1}`,
    stepNumber: index + 1,
    stepType,
    title: titles[flowType][index]!,
    primaryGoal: "Move them one step closer",
    keyMessages,
    callToAction: "Shop now",
  }));
}

function emails(answers: BusinessAnswers, company: string, flowType: FlowType, keyMessages: string) {
  return writeFlowCopy({ flowType, companyName: company, answers, touchpoints: steps(flowType, keyMessages) }).flatMap((c) => (c.stepType === "Email" ? [c.email] : []));
}

const allText = (list: ReturnType<typeof emails>) => list.map((e) => [e.subject, e.preheader, e.bodyText, e.callToAction].join("\n")).join("\n");
const written = (answers: BusinessAnswers, company: string, flowType: FlowType, tone: Tone | null) =>
  allText(emails(answers, company, flowType, ["• One clear next step", tone ? `• ${BRIEF_LINE.tone(tone)}` : ""].filter(Boolean).join("\n")));

describe("contractions", () => {
  it("writes them out for a formal tone and back in for a warm one, never inside quotes", () => {
    expect(withoutContractions(`You're in. It's "don't touch" here, and we’ll call.`)).toBe(`You are in. It is "don't touch" here, and we will call.`);
    expect(withoutContractions("It's been a while.")).toBe("It has been a while.");
    expect(withContractions("You are welcome. That is who you are. Do not worry.")).toBe("You're welcome. That's who you are. Don't worry.");
  });
});

describe("a tone asked in feedback", () => {
  it("'more formal' never makes the copy friendlier: fewer exclamation marks and contractions than before, none left", () => {
    for (const flowType of ["onboarding", "lead_nurture", "sunset"] as const) {
      const before = written(kiteShop, "Gusty Kites", flowType, null);
      const after = written(kiteShop, "Gusty Kites", flowType, "formal");
      expect(exclamationsOutsideQuotes(after)).toBe(0);
      expect(contractionsIn(after)).toBe(0);
      expect(exclamationsOutsideQuotes(after)).toBeLessThanOrEqual(exclamationsOutsideQuotes(before));
      expect(contractionsIn(after)).toBeLessThanOrEqual(contractionsIn(before));
      expect(after).toMatch(/^Hello \{\{/m);
      expect(after).toContain("Kind regards,");
      expect(after).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it("'more playful' livens the copy up, with the owner's own emoji", () => {
    const before = written(kiteShop, "Gusty Kites", "onboarding", null);
    const after = written(kiteShop, "Gusty Kites", "onboarding", "playful");
    expect(exclamationsOutsideQuotes(after)).toBeGreaterThanOrEqual(exclamationsOutsideQuotes(before));
    expect(contractionsIn(after)).toBeGreaterThanOrEqual(contractionsIn(before));
    expect(after).toContain("🪁");
    expect(after).toMatch(/^Hey \{\{/m);
  });

  it("keeps within the brand's rules: no exclamation marks and the owner's sign-off, even when playful", () => {
    const after = emails(solicitor, "Hartley Wills", "onboarding", `• ${BRIEF_LINE.tone("playful")}`);
    for (const email of after) {
      expect(countExclamations(allText([email]))).toBe(0);
      expect(email.bodyText).toContain("Ruth Hartley");
      expect(email.bodyText).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it("a warm tone is friendly and contracted; the stored 'Tone: warm and personal…' reads the same", () => {
    const asked = written(solicitor, "Hartley Wills", "lead_nurture", "warm");
    const stored = allText(emails(solicitor, "Hartley Wills", "lead_nurture", "• Tone: warm and personal, first name, contractions welcome"));
    expect(asked).toContain("Warmly,");
    expect(stored).toBe(asked);
    expect(contractionsIn(asked)).toBeGreaterThanOrEqual(contractionsIn(written(solicitor, "Hartley Wills", "lead_nurture", null)));
  });

  it("'shorter' drops optional paragraphs", () => {
    const paragraphs = (tone: Tone | null) =>
      emails(kiteShop, "Gusty Kites", "lead_nurture", tone ? `• ${BRIEF_LINE.tone(tone)}` : "• One clear next step").map((e) => e.bodyText.split("\n\n").length);
    const before = paragraphs(null);
    const after = paragraphs("shorter");
    after.forEach((count, index) => expect(count).toBeLessThanOrEqual(before[index]!));
    expect(after.reduce((a, b) => a + b)).toBeLessThan(before.reduce((a, b) => a + b));
  });

  it("'less salesy' drops the urgency and softens the button", () => {
    const after = emails(kiteShop, "Gusty Kites", "abandoned_cart", `• ${BRIEF_LINE.tone("less-salesy")}`);
    const text = allText(after);
    expect(text).not.toMatch(/don't miss|last chance|slips? by|still waiting|\bclaim\b/i);
  });

  it("'gentle' writes the sunset without guilt", () => {
    const before = written(kiteShop, "Gusty Kites", "sunset", null);
    const after = written(kiteShop, "Gusty Kites", "sunset", "gentle");
    expect(before).toMatch(/miss you|should we stop/i);
    expect(after).not.toMatch(/miss you|should we stop|goodbye|hard feelings/i);
  });
});

describe("a less salesy tone", () => {
  it("says it calmly: the writer's exclamation marks become full stops, a customer's quoted words stay, and a shopping button softens", () => {
    expect(inTone('Thank you! We loved having you. "Best pharmacy ever!"', "less-salesy")).toBe('Thank you. We loved having you. "Best pharmacy ever!"');
    expect(toneButton("Shop your recommendations", "less-salesy")).toBe("Take a look");
  });
});
