// Properties every business's five offline flows hold together, over every business of the
// evaluation corpus and invented businesses of each business model: no subject is used twice
// across the flows, no advice item is a heading with nothing behind it, and nothing is sold as new.
import { describe, expect, it } from "vitest";

import { businessFacts, saysSomething } from "~/lib/business/facts";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

import { loadCorpus } from "../../eval/corpus";
import { generateFlowOutput } from "../../eval/pipeline";
import { FLOW_TYPES } from "~/lib/flow-types";

/** Answers as owners type them; the business model is the owner's correction where given. */
const invent = (answers: Partial<QuestionnaireAnswers> & { businessModel?: string }): QuestionnaireAnswers =>
  ({
    ...emptyAnswers(),
    communicationChannels: "Email + SMS",
    primaryProblemSolved: "It takes too long to get right",
    socialProofCredentials: "4.8 stars from 300 reviews",
    customerFeedback: '"Worth every penny," says Sam.',
    guarantees_q8: "Not happy? We'll put it right",
    topReasonsNotToBuy: "Price, not sure it will suit me (we talk it through first), timing",
    frequentQuestionsConcerns: "Are you taking new customers? How long does it take?",
    keyUserKnowledgeElements: "Opening hours, bring your questions, Parking",
    ...answers,
  }) as QuestionnaireAnswers;

/** Invented businesses, two of each model, none of them in the corpus. */
const INVENTED: Array<[string, QuestionnaireAnswers]> = [
  [
    "shop",
    invent({
      companyName: "Fernleaf Candles",
      businessType: "eCommerce",
      productServiceDescription: "Hand-poured soy candles",
      onboardingSpecialOffers: "10% off your first order with code GLOW10",
    }),
  ],
  ["shop", invent({ companyName: "Oakline Desks", businessType: "eCommerce", productServiceDescription: "Made-to-order standing desks" })],
  ["subscription", invent({ companyName: "Petal Post", businessType: "B2C Subscription", productServiceDescription: "Fresh flowers delivered every fortnight" })],
  ["subscription", invent({ companyName: "Grindhouse Club", businessType: "B2C Subscription", productServiceDescription: "A monthly box of specialty coffee" })],
  [
    "appointment",
    invent({
      companyName: "Stillwater Osteopathy",
      businessModel: "appointment",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Osteopathy for back and neck pain",
      customerFrequency: ["Monthly"],
    }),
  ],
  [
    "appointment",
    invent({
      companyName: "Bright Paws Vets",
      businessModel: "appointment",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Vaccinations and check-ups",
      onboardingStage: "When they book the first check-up",
    }),
  ],
  [
    "local-visit",
    invent({ companyName: "Spin City Bowling", businessModel: "local-visit", businessType: "B2C Service/Retail", productServiceDescription: "Ten-pin bowling lanes and a diner" }),
  ],
  [
    "local-visit",
    invent({
      companyName: "The Drying Room",
      businessModel: "local-visit",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Walk-in laundrette with service washes",
    }),
  ],
  [
    "pickup",
    invent({
      companyName: "Crumb Cottage",
      businessModel: "pickup",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Seeded rye loaf",
      onboardingStage: "When they place their pre-order",
    }),
  ],
  [
    "pickup",
    invent({ companyName: "Greenhouse Grocer", businessModel: "pickup", businessType: "B2C Service/Retail", productServiceDescription: "Veg boxes to collect on Fridays" }),
  ],
  [
    "high-ticket",
    invent({
      companyName: "Brightline Heat Pumps",
      businessModel: "high-ticket",
      businessType: "Other",
      productServiceDescription: "Air-source heat pumps, hot water cylinders, smart thermostats",
      onboardingStage: "When the quote is signed (then 4-8 weeks to install)",
    }),
  ],
  [
    "high-ticket",
    invent({
      companyName: "Lakeside Weddings",
      businessModel: "high-ticket",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Lakeside wedding venue",
      onboardingStage: "When the deposit is paid (the wedding is 12-18 months later)",
    }),
  ],
  [
    "saas-trial",
    invent({
      companyName: "Tallyo",
      businessModel: "saas-trial",
      businessType: "B2B (Business-to-Business)",
      productServiceDescription: "Invoice-chasing software. 14-day free trial.",
    }),
  ],
  [
    "saas-trial",
    invent({
      companyName: "Sleepwell",
      businessModel: "saas-trial",
      businessType: "B2C Subscription",
      productServiceDescription: "A sleep app. 7-day free trial, then $6 a month.",
    }),
  ],
  [
    "b2b-service",
    invent({
      companyName: "Northway Payroll",
      businessModel: "b2b-service",
      businessType: "B2B (Business-to-Business)",
      productServiceDescription: "Outsourced payroll for small firms",
      onboardingStage: "When the contract is signed (payroll starts 3-4 weeks later)",
    }),
  ],
  [
    "b2b-service",
    invent({ companyName: "Signal Copy", businessModel: "b2b-service", businessType: "B2B (Business-to-Business)", productServiceDescription: "Website copywriting for agencies" }),
  ],
  [
    "course",
    invent({
      companyName: "Brushwork Academy",
      businessModel: "course",
      businessType: "B2C Service/Retail",
      productServiceDescription: "A 6-week watercolour course online",
      onboardingStage: "2-3 weeks before the course starts",
    }),
  ],
  ["course", invent({ companyName: "Fluent Fast", businessModel: "course", businessType: "B2C Service/Retail", productServiceDescription: "Spanish conversation coaching" })],
  [
    "membership",
    invent({
      companyName: "Summit Climbing Gym",
      businessModel: "membership",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Bouldering gym membership, monthly",
    }),
  ],
  [
    "membership",
    invent({
      companyName: "Harbour Rowing Club",
      businessModel: "membership",
      businessType: "B2C Service/Retail",
      productServiceDescription: "Rowing club membership with coached sessions",
    }),
  ],
];

const BUSINESSES: Array<[string, QuestionnaireAnswers]> = [
  ...loadCorpus().map((b): [string, QuestionnaireAnswers] => [b.id, b.answers]),
  ...INVENTED.map(([model, a]): [string, QuestionnaireAnswers] => [`${model}: ${a.companyName}`, a]),
];

/** Nothing in a title, subject or preheader promises news the answers do not hold. */
const NEWS = /what's new|what is new|what you've missed|new since|\blately\b|latest news/i;

describe("every business's five flows together", () => {
  it.each(BUSINESSES)("%s: unique subjects, advice with content, no news", (_id, answers) => {
    const subjects = new Map<string, string>();
    const facts = businessFacts(answers);
    // Every advice item the copy may list says something (an instruction or a fact).
    expect(facts.prep.filter((item) => !saysSomething(item))).toEqual([]);
    for (const flowType of FLOW_TYPES) {
      const output = generateFlowOutput(answers, flowType);
      expect(output.crashes, flowType).toEqual([]);
      for (const step of output.plan!.steps) expect(step.title, `${flowType} title`).not.toMatch(NEWS);
      for (const copy of output.copy) {
        if (copy.stepType !== "Email") continue;
        const key = copy.subject.toLowerCase();
        expect(subjects.get(key), `"${copy.subject}" in ${flowType} step ${copy.stepNumber}`).toBeUndefined();
        subjects.set(key, `${flowType} step ${copy.stepNumber}`);
        expect(`${copy.subject}\n${copy.preheader}`, `${flowType} step ${copy.stepNumber}`).not.toMatch(NEWS);
        // No advice item in the copy is a bare heading ("Collection hours", "Parking").
        const listed = copy.bodyText.split("\n").filter((line) => line.startsWith("- "));
        for (const item of facts.prep) if (!saysSomething(item)) expect(listed).not.toContain(`- ${item}`);
        expect(copy.bodyText).not.toMatch(/^- (?:opening hours|parking)$/im);
      }
    }
  });
});
