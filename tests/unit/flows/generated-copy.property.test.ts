import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { checkPlan, checkWritten } from "~/lib/copy/checker";
import { writeFlowCopy } from "~/lib/content/writer";
import { FLOW_TYPES } from "~/lib/flow-types";
import { applyFlowRules, checkFlow } from "~/lib/flows/rules";
import { BUSINESS_TYPES, COMMUNICATION_CHANNELS, CUSTOMER_FREQUENCIES, PURCHASE_DECISION_TIMELINES } from "~/lib/questionnaire/options";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { MINUTES_PER_DAY } from "~/lib/timing";
import { generateOfflineDraft } from "~/services/ai/offline.server";

/** Businesses as owners write them: every type, both channel choices, every decision timeline, odd casing, unicode. */
const brand = fc.constantFrom("Bramble & Bean", "bRIGHT smile", "ÉCLAT Studio", "Zoë's Bakery", "kneaded", "Northwind Ledger Co.", "Oak & Hearth", "三 Tea House");
const product = fc.constantFrom(
  "We roast single-origin coffee in small batches and ship it within 48 hours of roasting, so every bag arrives fresh",
  "Deep-tissue and sports massage by licensed therapists",
  "Month-end close software that reconciles bank feeds",
  "A coffee subscription with a new roaster every month",
  "Hand-thrown ceramic mugs, bowls and plates",
  "Online Spanish lessons with native tutors",
  "",
);
const offer = fc.constantFrom(
  "15% off your first order with code WELCOME15",
  "$20 off your first massage",
  "First class free",
  "Free shipping on every order over $35",
  "A free guide to choosing beans",
  "Half price on the first box",
  "",
);
const proof = fc.constantFrom("4.9 stars from 1,200 Google reviews", '"Best coffee I have had at home," says Priya.', "Featured in Bon Appétit and used by 900 cafés", "");
const text = fc.constantFrom(
  "",
  "Worry that it is too expensive",
  "Fear of not being fit enough",
  "Is it hard to cancel? Do you ship abroad?",
  "Busy parents in Austin who want fewer chores",
  "Naïve café crème lovers — and their friends",
);

const business = fc
  .record({
    companyName: brand,
    businessType: fc.constantFrom(...BUSINESS_TYPES),
    communicationChannels: fc.constantFrom(...COMMUNICATION_CHANNELS),
    purchaseDecisionTimeline: fc.constantFrom(...PURCHASE_DECISION_TIMELINES),
    customerFrequency: fc.subarray([...CUSTOMER_FREQUENCIES], { maxLength: 1 }),
    productServiceDescription: product,
    onboardingSpecialOffers: offer,
    specificLeadOffer: offer,
    socialProofCredentials: proof,
    customerFeedback: proof,
    topReasonsNotToBuy: text,
    frequentQuestionsConcerns: text,
    primaryTargetAudience: text,
    guarantees_q8: fc.constantFrom("", "30-day money-back guarantee", "Cancel any time, no fees"),
    onboardingStage: fc.constantFrom("", "After signup", "Onboarding begins after the first booking", "After the first purchase"),
  })
  .map((answers): QuestionnaireAnswers => ({ ...emptyAnswers(), ...answers }));

describe("every generated flow and its copy, for many businesses", () => {
  it("follows the plan rules and passes the copy checker", () => {
    fc.assert(
      fc.property(business, (answers) => {
        const facts = businessFacts(answers);
        for (const flowType of FLOW_TYPES) {
          const draft = generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" });
          const context = { flowType, companyName: answers.companyName, communicationChannels: answers.communicationChannels };
          const result = applyFlowRules(draft, context);
          if (!result.ok) throw new Error(`${flowType}: ${result.problems.join(" ")}`);
          expect(checkFlow(result.flow, { ...context, inactivityDays: draft.inactivityDays })).toEqual([]);
          expect(checkPlan(facts, draft), flowType).toEqual([]);
          const offsets = draft.touchpoints.map((tp) => tp.offsetMinutes);
          expect(new Set(offsets).size).toBe(offsets.length);
          if (flowType === "lead_nurture") {
            const span = Math.max(...offsets) / MINUTES_PER_DAY;
            if (facts.decision === "impulse" || facts.decision === "quick") expect(span).toBeLessThanOrEqual(14);
            if (facts.decision === "research") expect(span).toBeGreaterThanOrEqual(14);
          }
          const copy = writeFlowCopy({
            flowType,
            companyName: answers.companyName,
            answers,
            touchpoints: result.flow.touchpoints.map((tp) => ({ ...tp, id: `tp${tp.stepNumber}` })),
          });
          const planText = draft.touchpoints.map((tp) => `${tp.title}\n${tp.keyMessages}`).join("\n");
          const findings = checkWritten(
            facts,
            copy.map((c) => (c.stepType === "SMS" ? { sms: c.sms } : c.email)),
            { allowed: planText },
          );
          expect(findings, `${answers.companyName} ${flowType}`).toEqual([]);
        }
      }),
      { numRuns: 120, seed: 2026 },
    );
    // 600 flows planned, written and checked: a heavy test, given room on a busy machine.
  }, 120_000);

  it("fits the call to action and the exit rules to the kind of business", () => {
    fc.assert(
      fc.property(business, (answers) => {
        const facts = businessFacts(answers);
        const draft = generateOfflineDraft({ flowType: "onboarding", business: answers, rule: null, customContext: "" });
        const all = `${draft.exitRules.join(" ")} ${draft.touchpoints.map((tp) => tp.callToAction).join(" ")}`.toLowerCase();
        if (facts.kind === "product") expect(all).not.toMatch(/\bbook (?:your|a) (?:free )?consultation|appointment/);
        if (facts.model === "appointment") expect(all).toMatch(/book/);
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it("gives two very different businesses different plans, not one skeleton with the name swapped", () => {
    const coffee = {
      ...emptyAnswers(),
      companyName: "Bramble & Bean",
      businessType: "B2C Subscription",
      productServiceDescription: "A coffee subscription with a new roaster every month",
      purchaseDecisionTimeline: "",
    };
    const massage = {
      ...emptyAnswers(),
      companyName: "Kneaded",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Deep-tissue massage",
      purchaseDecisionTimeline: "Quick (2-24 hours)",
    };
    for (const flowType of FLOW_TYPES) {
      const titles = (answers: QuestionnaireAnswers) =>
        generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" }).touchpoints.map((tp) => tp.title.replaceAll(answers.companyName, "BRAND"));
      const a = titles(coffee);
      const b = titles(massage);
      const shared = a.filter((t) => b.includes(t));
      expect(shared.length, `${flowType}: ${shared.join(" | ")}`).toBeLessThan(Math.min(a.length, b.length) / 2);
    }
  });
});
