// The offline flows read as a marketer would send them, for the kind of business: a one-off
// purchase is not a habit, an abandoned flow names what was started, the flows after a purchase
// ask nothing people ask before buying, a worry is raised only with its answer, and advice,
// reminders and product names say something. Every business here is invented for the test.
import { describe, expect, it } from "vitest";

import { afterPurchase, askedBeforeBuying, businessFacts, saysSomething } from "~/lib/business/facts";
import { productInRunningText, productRange } from "~/lib/content/writer";
import type { FlowType } from "~/lib/flow-types";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

import { generateFlowOutput } from "../../eval/pipeline";

const business = (answers: Partial<QuestionnaireAnswers> & { businessModel?: string }): QuestionnaireAnswers => ({ ...emptyAnswers(), ...answers }) as QuestionnaireAnswers;

/** A heat-pump installer: a considered, one-off purchase with an enquiry and an installation weeks later. */
const HEAT_PUMPS = business({
  companyName: "Brightline Heat Pumps",
  businessType: "Other",
  businessModel: "high-ticket",
  communicationChannels: "Email only",
  purchaseDecisionTimeline: "Research (weeks)",
  productServiceDescription: "Air-source heat pumps, hot water cylinders, smart thermostats",
  businessOperationDescription: "Free home survey, fixed quote, then we fit the system in two days.",
  primaryProblemSolved: "Gas bills that keep climbing",
  competitiveDifferentiation: "Our own engineers, a 10-year workmanship warranty, and we tell you if a heat pump won't suit your home",
  onboardingStage: "When the quote is signed (then 4-8 weeks to install)",
  onboardingSpecialOffers: "£200 off your next service for every referral that installs",
  topReasonsNotToBuy: "Upfront cost, worried the house will be cold (we size every system room by room), the noise",
  guarantees_q8: "10-year workmanship warranty",
  socialProofCredentials: "MCS certified, 900 installs",
  leadNurtureGoal: "Book a free home survey",
});

/** A physiotherapy practice: appointments people book, with questions asked before booking. */
const PHYSIO = business({
  companyName: "Harbourside Physio",
  businessType: "B2C Service/Retail",
  businessModel: "appointment",
  communicationChannels: "Email only",
  customerFrequency: ["Monthly"],
  productServiceDescription: "Sports and back-pain physiotherapy",
  frequentQuestionsConcerns: "Are you accepting new clients? How much is a first session? What should I wear?",
  onboardingStage: "When they book their first appointment",
  keyUserKnowledgeElements: "Wear shorts, Parking information, Bring your scan results",
});

/** A village bakery taking pre-orders for Saturday collection. */
const BAKERY = business({
  companyName: "Crumb Cottage",
  businessType: "B2C Service/Retail",
  businessModel: "pickup",
  communicationChannels: "Email only",
  customerFrequency: ["Regular (Weekly)"],
  productServiceDescription: "Seeded rye loaf",
  businessOperationDescription: "Pre-order online by Thursday, collect from the shop on Saturday. We don't deliver.",
  keyUserKnowledgeElements: "Collection hours, bring a bag, store it cut-side down",
  onboardingStage: "When they place their pre-order",
});

function flow(answers: QuestionnaireAnswers, flowType: FlowType) {
  const output = generateFlowOutput(answers, flowType);
  expect(output.crashes).toEqual([]);
  return output;
}

const emailsOf = (answers: QuestionnaireAnswers, flowType: FlowType) => flow(answers, flowType).copy.filter((c) => c.stepType === "Email");

describe("after a one-off purchase", () => {
  it("offers what goes with it and asks for a referral, never a next consultation or the regulars", () => {
    const upsell = flow(HEAT_PUMPS, "upsell");
    const plan = upsell.plan!.steps.map((s) => `${s.title}\n${s.callToAction}`).join("\n");
    const copy = upsell.copy.map((c) => `${c.subject}\n${c.preheader}\n${c.bodyText}`).join("\n");
    expect(`${plan}\n${copy}`).not.toMatch(/next (?:consultation|survey|visit)|regulars|how often/i);
    expect(plan).toMatch(/what goes with it/i);
    expect(plan).toMatch(/know someone|pass it on/i);
    // The owner's referral perk is said in their words.
    expect(copy).toContain("£200 off your next service for every referral that installs");
  });

  it("is not greeted in the sunset as a regular with news", () => {
    const titles = flow(HEAT_PUMPS, "sunset").plan!.steps.map((s) => s.title);
    expect(titles.join("\n")).not.toMatch(/regulars|lately|what's new/i);
    expect(titles).toContain("What clients say about Brightline Heat Pumps");
  });
});

describe("an abandoned flow", () => {
  it("names what was started in the title, the subject, the preheader and the body alike", () => {
    const abandoned = flow(HEAT_PUMPS, "abandoned_cart");
    const first = abandoned.copy[0]!;
    expect(abandoned.plan!.steps[0]!.title).toMatch(/enquiry/i);
    expect(first.subject).toMatch(/enquiry/i);
    expect(first.preheader).toMatch(/enquiry/i);
    expect(`${first.subject}\n${first.preheader}\n${first.bodyText}`).not.toMatch(/booking|booked/i);
  });
});

describe("the lead nurture's last email", () => {
  it.each([
    ["an offer for everyone", "Runners get a free posture check at their first appointment."],
    ["an offer only some can have", "New clients who are runners get a free posture check at their first appointment."],
  ])("names in its subject or preheader the offer its title names: %s", (_kind, offer) => {
    const lead = flow(business({ ...PHYSIO, onboardingSpecialOffers: offer }), "lead_nurture");
    const last = lead.plan!.steps[lead.plan!.steps.length - 1]!;
    const copy = lead.copy[lead.copy.length - 1]!;
    expect(last.title).toMatch(/free posture check/i);
    expect(`${copy.subject}\n${copy.preheader}`).toMatch(/free posture check/i);
  });
});

describe("the flows after a purchase", () => {
  it("never ask what people ask before buying", () => {
    expect(askedBeforeBuying("Are you accepting new clients?")).toBe(true);
    expect(askedBeforeBuying("How much is a first session?")).toBe(true);
    expect(askedBeforeBuying("What should I wear?")).toBe(false);
    expect(afterPurchase(businessFacts(PHYSIO)).questions).toEqual(["What should I wear?"]);
    for (const flowType of ["onboarding", "upsell"] as const) {
      const text = emailsOf(PHYSIO, flowType)
        .map((c) => `${c.subject}\n${c.preheader}\n${c.bodyText}`)
        .join("\n");
      expect(text, flowType).not.toMatch(/new clients|how much is/i);
    }
  });
});

describe("worries", () => {
  it("are raised only with the business's own answer", () => {
    const facts = businessFacts(HEAT_PUMPS);
    expect(facts.worryAnswers).toEqual([{ worry: "worried the house will be cold", answer: "we size every system room by room" }]);
    const text = emailsOf(HEAT_PUMPS, "lead_nurture")
      .map((c) => c.bodyText)
      .join("\n");
    expect(text).toMatch(/the house will be cold: we size every system room by room/i);
    // "Upfront cost" and "the noise" have no answer in the answers, so they are not named.
    expect(text).not.toMatch(/upfront cost|the noise/i);
  });
});

describe("what the copy says about the product and the day", () => {
  it("says a product list in a preheader as a range, not as a list", () => {
    expect(productRange("air-source heat pumps, hot water cylinders, smart thermostats")).toBe("everything from air-source heat pumps to smart thermostats");
    const welcome = emailsOf(HEAT_PUMPS, "lead_nurture")[0]!;
    expect(welcome.preheader).not.toMatch(/heat pumps, hot water cylinders, smart thermostats/i);
  });

  it("gives one product its article in running text, and leaves plurals, kinds and names as written", () => {
    expect(productInRunningText("seeded rye loaf")).toBe("a seeded rye loaf");
    expect(productInRunningText("envelope-style budgeting app")).toBe("an envelope-style budgeting app");
    expect(productInRunningText("new patient exam with full x-rays")).toBe("a new patient exam with full x-rays");
    expect(productInRunningText("sourdough loaves")).toBe("sourdough loaves");
    expect(productInRunningText("sports physiotherapy")).toBe("sports physiotherapy");
    expect(productInRunningText("Excel Without Tears")).toBe("Excel Without Tears");
    const text = [...emailsOf(BAKERY, "lead_nurture"), ...emailsOf(BAKERY, "onboarding")].map((c) => `${c.preheader}\n${c.bodyText}`).join("\n");
    expect(text).not.toMatch(/(?:with|try|of) seeded rye loaf/i);
  });

  it("reminds of the collection by its day, never 'a short reminder'", () => {
    const onboarding = flow(BAKERY, "onboarding");
    const reminder = onboarding.plan!.steps.findIndex((s) => /evening before/i.test(s.timingText));
    const subject = onboarding.copy[reminder]!.subject;
    expect(subject).not.toMatch(/short reminder/i);
    expect(subject).toMatch(/collect/i);
    expect(subject).toMatch(/tomorrow/i);
  });

  it("drops an advice item the answers never fill in", () => {
    expect(saysSomething("Collection hours")).toBe(false);
    expect(saysSomething("Parking information")).toBe(false);
    expect(saysSomething("How to claim on the warranty")).toBe(false);
    expect(saysSomething("Collection hours 8-5")).toBe(true);
    expect(saysSomething("Bring a bag")).toBe(true);
    expect(businessFacts(BAKERY).prep).not.toContain("Collection hours");
    expect(businessFacts(PHYSIO).prep).toEqual(["Wear shorts", "Bring your scan results"]);
    const text = emailsOf(BAKERY, "onboarding")
      .map((c) => c.bodyText)
      .join("\n");
    expect(text).not.toMatch(/collection hours/i);
  });
});

/** A window cleaner who comes to the customer's home: nobody comes in, nobody arrives early. */
const WINDOWS = business({
  companyName: "Clearview Rounds",
  businessType: "B2C Service/Retail",
  businessModel: "appointment",
  communicationChannels: "Email + SMS",
  customerFrequency: ["Monthly"],
  productServiceDescription: "Window cleaning from £18, gutter clearing £45, conservatory roofs £60",
  businessOperationDescription: "We come to your home on a four-weekly round; you don't need to be in if the side gate is open.",
  frequentQuestionsConcerns:
    "Do I need to be home? (no need, just leave the gate open) Do you use ladders? (water-fed poles up to three floors) Do you do offices? (no) Is there a discount for neighbours? (10% off)",
  keyUserKnowledgeElements: "Leave the side gate unlocked, move plant pots away from the windows",
  onboardingStage: "When they book their first clean",
});

describe("a service that comes to the customer", () => {
  it("never asks them to come in or arrive early, and thanks them for having it", () => {
    expect(businessFacts(WINDOWS).atCustomer).toBe(true);
    expect(businessFacts(PHYSIO).atCustomer).toBe(false);
    const all = (["onboarding", "lead_nurture", "upsell"] as const).flatMap((type) => flow(WINDOWS, type).copy);
    const text = all.map((c) => [c.subject, c.preheader, c.bodyText, c.sms].join(" ")).join("\n");
    expect(text).not.toMatch(/arrive (?:a few minutes )?early|before you come|coming in|thanks for visiting|before you arrive/i);
    expect(text).toMatch(/Before we arrive:/);
    expect(text).toMatch(/we'll (?:come to you|be there|be with you|do the travelling)/i);
    const thanks = flow(WINDOWS, "upsell").plan?.steps[0]?.title ?? "";
    expect(thanks).toMatch(/thank/i);
    expect(thanks).not.toMatch(/coming in/i);
  });
});

describe("questions the owner answers", () => {
  it("are answered in the owner's words, leaving out a 'no' and an answer that is an offer", () => {
    const facts = businessFacts(WINDOWS);
    expect(facts.faqAnswers).toEqual([
      { question: "Do I need to be home?", answer: "No need, just leave the gate open" },
      { question: "Do you use ladders?", answer: "Water-fed poles up to three floors" },
    ]);
    const answers = emailsOf(WINDOWS, "lead_nurture").find((c) => c.bodyText.includes('- "Do you use ladders?"'));
    expect(answers?.bodyText).toContain('- "Do you use ladders?" Water-fed poles up to three floors.');
    expect(answers?.bodyText).not.toMatch(/offices|10% off/);
  });

  it("are never read as a worry: a line of questions with their answers is not quoted back as one", () => {
    const facts = businessFacts(WINDOWS);
    expect(facts.objections.join(" ")).not.toContain("?");
    for (const type of ["lead_nurture", "abandoned_cart"] as const) {
      for (const c of emailsOf(WINDOWS, type)) expect(c.bodyText).not.toMatch(/worry (?:about|that) [^.:]*\?/i);
    }
  });
});
