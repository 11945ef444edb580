import { describe, expect, it } from "vitest";

import { businessFacts, offerFor, parseOffers } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

const answers = (partial: Partial<QuestionnaireAnswers>) => ({ ...emptyAnswers(), ...partial });

/** A barber's shop people book online, with onboarding from the first booking. */
const barber = (offers: string, extra: Partial<QuestionnaireAnswers> = {}) =>
  businessFacts(
    answers({
      businessType: "B2C Service/Retail",
      productServiceDescription: "Haircuts, skin fades and beard trims; book online",
      onboardingStage: "After they book their first cut",
      onboardingSpecialOffers: offers,
      ...extra,
    }),
  );

const flowsOf = (offers: ReturnType<typeof businessFacts>["offers"], words: RegExp): FlowType[] => [...(offers.find((o) => words.test(o.text))?.flows ?? [])].sort();

describe("where each offer goes", () => {
  it("takes the owner's 'none' and an offer not running now as no offer", () => {
    expect(parseOffers("None for the free plan obviously.", ["onboarding"])).toEqual([]);
    expect(parseOffers("none on the course itself, I don't do sales except Black Friday", ["onboarding"])).toEqual([]);
    expect(parseOffers("Sometimes we run 40% off annual plans in January (code NEWYEAR40), but not right now.", ["onboarding"])).toEqual([]);
    expect(parseOffers("None, except 10% off your first order with HELLO10", ["onboarding"])).toMatchObject([{ value: "10%", code: "HELLO10" }]);
  });

  it("lets an abandoned booking carry a first-visit incentive, but not one for a group of people", () => {
    expect(flowsOf(barber("20% off your first cut with code FIRSTCUT.").offers, /FIRSTCUT/)).toEqual(["abandoned_cart", "lead_nurture"]);
    const students = barber("Students get 20% off their first cut with code STUDENT20.");
    expect(flowsOf(students.offers, /STUDENT20/)).toEqual(["lead_nurture"]);
    expect(offerFor(students, "abandoned_cart")).toBeNull();
    const puppies = barber("New dog owners get a free nail trim at their first grooming visit.");
    expect(flowsOf(puppies.offers, /nail trim/)).not.toContain("abandoned_cart");
    expect(flowsOf(barber("Over-60s get a free beard trim with any cut.").offers, /beard trim/)).not.toContain("abandoned_cart");
  });

  it("gives an offer open to anyone at any time to leads and customers, never as a checkout's incentive", () => {
    const optician = barber("Free eye pressure check any time, no appointment needed.");
    expect(flowsOf(optician.offers, /eye pressure/)).toEqual(["lead_nurture", "onboarding", "upsell"]);
    expect(offerFor(optician, "abandoned_cart")).toBeNull();
  });

  it("gives a seat for someone a customer brings to leads and customers, not to the abandoned checkout", () => {
    const cohort = businessFacts(
      answers({
        productServiceDescription: "An 8-week online cohort course for first-time managers",
        onboardingStage: "Once they've paid",
        onboardingSpecialOffers: "Co-founder seat 50% off. Bring your partner: plus-one tickets half price.",
      }),
    );
    expect(flowsOf(cohort.offers, /co-founder/i)).toEqual(["lead_nurture", "onboarding", "upsell"]);
    expect(flowsOf(cohort.offers, /plus-one/i)).toEqual(["lead_nurture", "onboarding", "upsell"]);
  });

  it("puts an offer that comes with a later, named purchase in the upsell only", () => {
    const orthodontist = barber("Free retainer case when you start Clear Aligners.", { productServiceDescription: "Check-ups, hygiene visits, Clear Aligners" });
    expect(flowsOf(orthodontist.offers, /retainer case/)).toEqual(["upsell"]);
    expect(offerFor(orthodontist, "lead_nurture")).toBeNull();
    // The first thing sold, named, is no later purchase; nor is a word in capitals typed as a shout.
    const cuts = barber("Free hot towel when you start your first cut.");
    expect(flowsOf(cuts.offers, /hot towel/)).toContain("lead_nurture");
    expect(flowsOf(barber("FREE HOT TOWEL WHEN YOU START YOUR FIRST CUT").offers, /HOT TOWEL/)).toContain("lead_nurture");
  });

  it("keeps a free first visit out of the abandoned flow where people come in without booking, and lets a sign-up offer in", () => {
    const walkIn = {
      businessType: "B2C Service/Retail",
      productServiceDescription: "Self-service dog wash bays and a members' club",
      businessOperationDescription: "Two sites, open 7am-9pm. No booking, just show up and pay at the bay.",
      onboardingStage: "After their first wash",
    } satisfies Partial<QuestionnaireAnswers>;
    const facts = businessFacts(
      answers({ ...walkIn, onboardingSpecialOffers: "First wash free with code FIRSTWASH. 50% off your first month of the Wash Club with code CLUB50." }),
    );
    expect(flowsOf(facts.offers, /FIRSTWASH/)).toEqual(["lead_nurture"]);
    expect(flowsOf(facts.offers, /CLUB50/)).toContain("abandoned_cart");
    // "No booking needed" still lets people book, so their unfinished booking may carry the offer.
    const booked = businessFacts(
      answers({
        ...walkIn,
        businessOperationDescription: "No booking needed, but most people book a bay online.",
        onboardingSpecialOffers: "First wash free with code FIRSTWASH.",
      }),
    );
    expect(flowsOf(booked.offers, /FIRSTWASH/)).toContain("abandoned_cart");
  });
});
