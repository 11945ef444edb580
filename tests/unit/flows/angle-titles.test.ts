// Step titles that say what the step is for the kind of business: who reads it (people or teams),
// whether they come back, whether the date is over, and what a trial lead is sold.
import { describe, expect, it } from "vitest";

import { angleOf, writeFlowCopy } from "~/lib/content/writer";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

const APP = {
  ...emptyAnswers(),
  companyName: "Dozy",
  businessType: "B2C Subscription",
  businessModel: "saas-trial",
  communicationChannels: "Email only",
  purchaseDecisionTimeline: "Research (weeks)",
  productServiceDescription: "A sleep app for new parents. 7-day free trial, then $9.99 a month.",
  specificLeadOffer: "A free bedtime routine planner",
  leadNurtureGoal: "Start the free trial",
} as QuestionnaireAnswers;

const VENUE = {
  ...emptyAnswers(),
  companyName: "Oak Hall",
  businessType: "B2C Service/Retail",
  businessModel: "high-ticket",
  communicationChannels: "Email only",
  purchaseDecisionTimeline: "Research (weeks)",
  customerFrequency: ["Seasonal/Occasional"],
  productServiceDescription: "Exclusive-use wedding venue in the Cotswolds",
  onboardingStage: "When the deposit is paid (the wedding is usually 12-18 months later)",
  leadNurtureGoal: "Book a viewing",
} as QuestionnaireAnswers;

const titles = (answers: QuestionnaireAnswers, flowType: "lead_nurture" | "onboarding") =>
  generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" }).touchpoints.map((tp) => tp.title);

describe("lead nurture titles by kind of business", () => {
  it("speak to people, not teams, for software sold to consumers", () => {
    const consumer = titles(APP, "lead_nurture").join("\n");
    expect(consumer).not.toMatch(/\bteams?\b|switching|rollout|to work\b/i);
    const business = titles({ ...APP, businessType: "B2B (Business-to-Business)" } as QuestionnaireAnswers, "lead_nurture").join("\n");
    expect(business).toMatch(/\bteams\b|switch|rollout|customers like you/i);
  });

  it("write to people about their problem, never about a team's budget", () => {
    const draft = generateOfflineDraft({ flowType: "lead_nurture", business: { ...APP, primaryProblemSolved: "Babies who fight naps" }, rule: null, customContext: "" });
    const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
    const copy = writeFlowCopy({ flowType: "lead_nurture", answers: { ...APP, primaryProblemSolved: "Babies who fight naps" }, companyName: "Dozy", touchpoints });
    const text = copy.map((c) => (c.stepType === "Email" ? `${c.email.subject}\n${c.email.preheader}\n${c.email.bodyText}` : c.sms)).join("\n");
    expect(text).toMatch(/babies who fight naps/i);
    expect(text).not.toMatch(/\bbudget\b|\bteams\b|really costs/i);
  });

  it("close a trial lead on the trial, never on the free item they signed up for", () => {
    const draft = generateOfflineDraft({ flowType: "lead_nurture", business: APP, rule: null, customContext: "" });
    const last = draft.touchpoints[draft.touchpoints.length - 1]!;
    expect(`${last.title}\n${last.keyMessages}\n${last.callToAction}`).not.toMatch(/planner/i);
    expect(last.callToAction).toMatch(/trial/i);
  });

  it("never call a one-off's clients regulars or ask how often they book", () => {
    const venue = titles(VENUE, "lead_nurture").join("\n");
    expect(venue).not.toMatch(/regulars|how often/i);
  });

  it("are written as the email they title: each title reads as its angle", () => {
    for (const answers of [VENUE, { ...VENUE, businessModel: "appointment", customerFrequency: ["Monthly"] } as QuestionnaireAnswers]) {
      const draft = generateOfflineDraft({ flowType: "lead_nurture", business: answers, rule: null, customContext: "" });
      const howto = draft.touchpoints.find((tp) => /how it works|getting the most/i.test(tp.title));
      if (howto) expect(angleOf("lead_nurture", howto, 3, draft.touchpoints.length)).toBe("howto");
      const proof = draft.touchpoints.find((tp) => /what clients say|regulars|why people choose/i.test(tp.title));
      if (proof) expect(angleOf("lead_nurture", proof, 2, draft.touchpoints.length)).toBe("proof");
      expect(howto ?? proof).toBeDefined();
    }
  });
});

describe("a check-in after a one-off event", () => {
  it("asks how it was, as the copy does, once the event is over", () => {
    const onboarding = titles(VENUE, "onboarding");
    expect(onboarding).toContain("How was the wedding?");
    expect(onboarding).not.toContain("How is it going?");
  });
});
