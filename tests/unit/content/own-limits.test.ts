import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { emailProblems, smsProblems } from "~/lib/content/rules";
import { writeFlowCopy } from "~/lib/content/writer";
import { FLOW_TYPES } from "~/lib/flow-types";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

/**
 * The offline writer never fails its own rules: whatever the owner typed (a long offer, a long
 * brand, a long product), every subject, preheader, button and text it writes is within its limit,
 * so Generate Full Email Content never answers 502 for offline content.
 */
describe("the offline writer holds itself to the content rules", () => {
  const words = fc.array(fc.constantFrom("free", "tasting", "flight", "of", "three", "roasts", "with", "your", "first", "order", "seasonal", "hand-picked", "£12", "delivery"), {
    minLength: 3,
    maxLength: 18,
  });

  it("writes every field within its limit for long offers, products and brands", () => {
    fc.assert(
      fc.property(words, words, fc.constantFrom("Bean", "The Long-Named Coffee Roasting Company of Vermont", "dermaLUX"), (offer, product, brand) => {
        const answers = {
          ...emptyAnswers(),
          companyName: brand,
          businessType: "eCommerce",
          communicationChannels: "Email + SMS",
          companyWebsite: "https://roast.example",
          productServiceDescription: `We roast ${product.join(" ")}`,
          onboardingSpecialOffers: upper(offer.join(" ")),
          specificLeadOffer: upper(offer.join(" ")),
        };
        for (const flowType of FLOW_TYPES) {
          const draft = generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" });
          const touchpoints = draft.touchpoints.map((tp, i) => ({ ...tp, id: `tp${i}`, stepNumber: i + 1 }));
          for (const copy of writeFlowCopy({ flowType, companyName: brand, answers, touchpoints })) {
            if (copy.stepType === "SMS") expect(smsProblems(copy.sms, brand), copy.sms).toEqual({});
            else expect(emailProblems(copy.email), JSON.stringify(copy.email)).toEqual({});
          }
        }
      }),
      { numRuns: 40, seed: 34 },
    );
  });

  it("turns a button over 40 characters into one that fits and still says what it does", () => {
    const answers = { ...emptyAnswers(), companyName: "Roast", businessType: "eCommerce", onboardingSpecialOffers: "A free tasting flight of three roasts with your first order" };
    const draft = generateOfflineDraft({ flowType: "onboarding", business: answers, rule: null, customContext: "" });
    const touchpoints = draft.touchpoints.map((tp, i) => ({ ...tp, id: `tp${i}`, stepNumber: i + 1, callToAction: "Claim a free tasting flight of three roasts today" }));
    const buttons = writeFlowCopy({ flowType: "onboarding", companyName: "Roast", answers, touchpoints }).flatMap((c) => (c.stepType === "Email" ? [c.email.callToAction] : []));
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button.length).toBeLessThanOrEqual(40);
    expect(buttons.some((button) => button.startsWith("Claim"))).toBe(true);
  });
});

function upper(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
