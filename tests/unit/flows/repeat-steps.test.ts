import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { writeFlowCopy } from "~/lib/content/writer";
import { writePlan } from "~/lib/flows/plan-writer";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { BOX_BREW, HEARTH_AND_TIMBER, LEDGERLY } from "./businesses";

const REPEAT = /reorder|restock|running low|again|next (?:visit|order|class)/i;

describe("repeat steps follow the business's cycle", () => {
  it("asks a lapsed contact of a one-off shop to shop, not to shop again", () => {
    const gifts = businessFacts({ ...HEARTH_AND_TIMBER, productServiceDescription: "Hand-thrown vases and gift sets", customerFrequency: ["Seasonal/Occasional"] });
    expect(gifts.cycleDays).toBeNull();
    const [first] = writePlan("sunset", gifts).steps;
    expect(first!.callToAction).not.toMatch(REPEAT);
    expect(first!.callToAction).toBe(gifts.action.cta);
  });

  it("keeps the repeat action for a business people come back to, and software's way back in", () => {
    const tea = businessFacts({ ...HEARTH_AND_TIMBER, productServiceDescription: "Loose-leaf tea", customerFrequency: ["Monthly"] });
    expect(writePlan("sunset", tea).steps[0]!.callToAction).toBe(tea.action.again);
    const software = businessFacts(LEDGERLY);
    expect(writePlan("sunset", software).steps[0]!.callToAction).toBe(software.action.again);
  });

  it("never sends a subscription's members a reorder reminder: their plan renews by itself", () => {
    const facts = businessFacts({ ...BOX_BREW, communicationChannels: "Email + SMS" });
    const sms = writePlan("upsell", facts).steps.filter((s) => s.stepType === "SMS");
    expect(sms).toHaveLength(1);
    expect(`${sms[0]!.title} ${sms[0]!.callToAction}`).not.toMatch(REPEAT);
  });

  it("mentions the guarantee in the last reminder's goal only when the business gives one", () => {
    const goalOf = (guarantees_q8: string) =>
      writePlan("abandoned_cart", businessFacts({ ...HEARTH_AND_TIMBER, onboardingSpecialOffers: "", guarantees_q8 })).steps.at(-1)!.primaryGoal;
    expect(goalOf("none")).not.toMatch(/guarantee/);
    expect(goalOf("Free returns within 30 days")).toMatch(/guarantee/);
  });
});

describe("a business that takes no bookings", () => {
  const walkIn = {
    ...HEARTH_AND_TIMBER,
    companyName: "Fade Lane Barbers",
    businessType: "B2C Service/Retail",
    industry: "Beauty & Personal Care",
    productServiceDescription: "Walk-in haircuts and beard trims, and a monthly grooming club",
    businessOperationDescription: "Two chairs on the high street. NO appointments, NO booking, just walk in.",
    onboardingSpecialOffers: "",
    communicationChannels: "Email + SMS",
  };

  it("has people leave a purchase unfinished, never a booking, in the plan and its timings", () => {
    const facts = businessFacts(walkIn);
    expect(facts.abandoned).toBe("purchase");
    const plan = writePlan("abandoned_cart", facts);
    const text = plan.steps.map((s) => `${s.timingText} ${s.title} ${s.callToAction}`).join("\n");
    expect(text).not.toMatch(/\bbook/i);
    expect(text).toMatch(/purchase/);
  });

  it("picks subjects that keep the brand's words, so no two fall back to the same plain one", () => {
    const draft = generateOfflineDraft({ flowType: "abandoned_cart", business: walkIn, rule: null, customContext: "" });
    const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
    const subjects = writeFlowCopy({ flowType: "abandoned_cart", answers: walkIn, companyName: walkIn.companyName, touchpoints })
      .filter((c) => c.stepType === "Email")
      .map((c) => c.email.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects.join("\n")).not.toMatch(/\bbook/i);
  });
});

describe("a lapsed regular", () => {
  it("is invited back for the thing they come for, in the business's word, only where people come back on a cycle", () => {
    const massage = {
      ...HEARTH_AND_TIMBER,
      companyName: "Knot Free",
      businessType: "B2C Service/Retail",
      industry: "Health & Wellness",
      productServiceDescription: "Deep-tissue and sports massage by licensed therapists",
      onboardingStage: "Onboarding begins after the first booking",
      customerFrequency: ["Monthly"],
    };
    const firstBody = (business: typeof massage) => {
      const draft = generateOfflineDraft({ flowType: "sunset", business, rule: null, customContext: "" });
      const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
      const [first] = writeFlowCopy({ flowType: "sunset", answers: business, companyName: business.companyName, touchpoints });
      return first!.stepType === "Email" ? first!.email.bodyText : "";
    };
    expect(businessFacts(massage).unit).toBe("massage");
    expect(firstBody(massage)).toMatch(/another massage/);
    expect(firstBody({ ...massage, customerFrequency: [] })).not.toMatch(/another /);
  });
});
