// Where a dated business's onboarding stands when it starts, read from the owner's own words, for
// businesses of every dated model that no rule was written for.
import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import type { BusinessModel } from "~/lib/business/model";
import { onboardingFacts, onboardingMoment } from "~/lib/business/moment";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

function facts(model: BusinessModel, onboardingStage: string, extra: Partial<QuestionnaireAnswers> = {}) {
  return businessFacts({ ...emptyAnswers(), companyName: "Test Co", onboardingStage, businessModel: model, ...extra } as QuestionnaireAnswers);
}

describe("the onboarding moment of a dated business", () => {
  it("is 'ahead' when a date follows the purchase, named in the owner's words", () => {
    expect(onboardingMoment(facts("high-ticket", "When the order is confirmed (the pool is installed 4-6 weeks later)"))).toEqual({
      kind: "ahead",
      anchor: "handover",
      noun: "the installation",
    });
    expect(onboardingMoment(facts("high-ticket", "Once the deposit is in; the party is usually 3 to 5 months away"))).toEqual({
      kind: "ahead",
      anchor: "event_date",
      noun: "the party",
    });
    expect(onboardingMoment(facts("course", "After enrolment, usually 2-3 weeks before the term starts"))).toEqual({
      kind: "ahead",
      anchor: "start_date",
      noun: "the start of the term",
    });
    expect(onboardingMoment(facts("b2b-service", "When the contract is signed; work begins 2-4 weeks later"))).toMatchObject({ kind: "ahead", anchor: "start_date" });
  });

  it("is 'started' when the thing has begun at the trigger, so nothing is timed before it", () => {
    expect(onboardingMoment(facts("membership", "The day they get their key card"))).toEqual({ kind: "started", noun: "joining" });
    expect(onboardingMoment(facts("high-ticket", "After the bike is delivered"))).toEqual({ kind: "started", noun: "handover" });
    expect(onboardingMoment(facts("course", "Right after they buy"))).toMatchObject({ kind: "started" });
    // "30-day" is a length, not a lead time.
    expect(onboardingMoment(facts("b2b-service", "When the 30-day pilot starts"))).toMatchObject({ kind: "started" });
  });

  it("is 'booked' when a first session is booked, which becomes the unit the emails talk about", () => {
    expect(onboardingMoment(facts("b2b-service", "After the first site survey is booked"))).toEqual({ kind: "booked", unit: "site survey" });
    expect(onboardingMoment(facts("course", "When they book their first lesson"))).toEqual({ kind: "booked", unit: "lesson" });
    const named = facts("membership", "When they buy the starter pack and book Grounding", { productServiceDescription: "Small yoga classes for beginners" });
    expect(onboardingMoment(named)).toEqual({ kind: "booked", unit: "Grounding class" });
    const booked = onboardingFacts(facts("course", "When they book their first lesson"));
    expect(booked.unit).toBe("lesson");
    expect(booked.action.first).toBe("first lesson");
  });

  it("is null for a model that is not dated, and 'ahead' by default when the owner gave no start", () => {
    expect(onboardingMoment(facts("shop", "After the first order"))).toBeNull();
    expect(onboardingMoment(facts("appointment", "When they book"))).toBeNull();
    expect(onboardingMoment(facts("high-ticket", ""))).toEqual({ kind: "ahead", anchor: "handover", noun: "handover" });
  });
});
