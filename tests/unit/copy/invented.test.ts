import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { checkCopy, checkWritten } from "~/lib/copy/checker";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

// A pottery studio, in its owner's words: classes and a kiln, nothing else.
const STUDIO: QuestionnaireAnswers = {
  ...emptyAnswers(),
  companyName: "Wheel & Kiln",
  businessType: "B2C Service/Retail",
  productServiceDescription: "Beginner and improver pottery classes on the wheel, evenings and Saturdays, all clay and firing included.",
  competitiveDifferentiation: "Six students per teacher at most, and your pieces are glazed and fired for you.",
  primaryProblemSolved: "Wanting to make something with your hands after a day at a screen",
};

const invented = (text: string, answers: Partial<QuestionnaireAnswers> = {}, allowed = "") =>
  checkCopy(businessFacts({ ...STUDIO, ...answers }), [{ where: "body", text, audience: "customer" }], { allowed })
    .filter((f) => f.rule === "invented")
    .map((f) => f.text);

describe("the copy checker on invented claims", () => {
  it.each<[string, string, Partial<QuestionnaireAnswers>]>([
    ["a deadline", "Book by Friday: the offer ends Friday.", { onboardingSpecialOffers: "Free apron with your first class, until Friday 30 May" }],
    ["a deadline in hours", "Only 48 hours left to claim it.", { onboardingSpecialOffers: "Free apron if you book within 48 hours of signing up, only" }],
    ["a last chance", "Last chance to join the spring term.", { onboardingSpecialOffers: "Spring term booking closes on the deadline of 1 March" }],
    ["scarcity", "Only 3 spots left on Saturday.", { businessOperationDescription: "Classes are capped at six, so Saturday sells out most weeks" }],
    [
      "a founding story",
      "Wheel & Kiln started with a simple frustration: no time to make anything.",
      { competitiveAdvantageReasons: "I started the studio in 2019 after twenty years as a potter" },
    ],
    ["a founding subject", "Why we started Wheel & Kiln", { competitiveAdvantageReasons: "Founded by two potters in a railway arch" }],
    ["news", "We've recently added a Sunday class.", { businessOperationDescription: "New Sunday class just launched this month" }],
    ["a package", "A package of classes makes every week easier, and better value.", { upsellOpportunities: "A 6-class pack at a lower price per class" }],
    ["a membership", "Ask us about membership.", { upsellOpportunities: "Studio members get open-studio hours and kiln space" }],
    ["add-ons", "These are the add-ons customers like you tend to use next.", { upsellOpportunities: "Extras: glaze kits and private kiln firings" }],
    ["a loyalty scheme", "Earn points with our loyalty card.", { upsellOpportunities: "Stamp card: your tenth class is free" }],
    ["a referral scheme", "Refer a friend and you both save.", { onboardingSpecialOffers: "Refer someone and you both get a free glaze kit" }],
    ["a free consultation", "Book a free consultation with a teacher.", { specificLeadOffer: "A free 15-minute consultation to find your level" }],
    ["a free trial class", "Come to a free trial class.", { onboardingSpecialOffers: "Your first trial class is free" }],
    ["a download", "Download our free beginner's guide.", { specificLeadOffer: "The Beginner's Guide to Throwing (PDF)" }],
    ["a checklist", "Here's the free studio checklist.", { keyUserKnowledgeElements: "We send a what-to-bring checklist before the first class" }],
    ["a promise of speed", "Your first win in ten minutes.", { onboardingProcessSteps: "Most people centre their first pot in 10 minutes" }],
    ["a setup time", "Setting up takes a few minutes.", { onboardingProcessSteps: "Setup takes a few minutes online" }],
  ])("flags %s the answers do not give, and allows it when they do", (_kind, text, answers) => {
    expect(invented(text)).not.toEqual([]);
    expect(invented(text, answers)).toEqual([]);
  });

  it("tells the writer what to do: leave it out or mark a placeholder", () => {
    const [finding] = checkCopy(businessFacts(STUDIO), [{ where: "body", text: "The offer ends Friday.", audience: "customer" }]);
    expect(finding?.message).toMatch(/not in the business's answers: leave it out, or write \[add: .+\] for the marketer/);
  });

  it("passes a marked placeholder, a quoted review and the marketer's own brief", () => {
    expect(invented("The offer ends [add: the offer's end date].")).toEqual([]);
    expect(invented('"I recently took my first class and loved it," says Sam.')).toEqual([]);
    const plan = checkCopy(businessFacts(STUDIO), [{ where: "key messages", text: "If there is a deadline, say when it ends Friday", audience: "marketer" }]);
    expect(plan.filter((f) => f.rule === "invented")).toEqual([]);
  });

  it("takes what the user typed as the business's words", () => {
    expect(invented("The offer ends Friday.", {}, "Add a deadline: the offer ends Friday")).toEqual([]);
  });

  it("leaves ordinary phrasing alone", () => {
    for (const text of [
      "Getting started with Wheel & Kiln is easy.",
      "Booking takes a minute, at a time that suits you.",
      "The button below guides you through it.",
      "Arrive a few minutes early to settle in.",
      "Unlimited tea in the studio, for small limited companies too.",
      "What makes Wheel & Kiln different",
    ])
      expect(invented(text), text).toEqual([]);
  });

  it("checks written emails whatever the field", () => {
    const written = [
      { subject: "Why we started Wheel & Kiln", preheader: "Only 2 places left", bodyText: `Hi ${FIRST_NAME_TAG},\n\nSee you soon.`, callToAction: "Read our story" },
    ];
    const found = checkWritten(businessFacts(STUDIO), written).filter((f) => f.rule === "invented");
    expect(found.map((f) => f.where)).toEqual(["touchpoint 1 subject", "touchpoint 1 preheader", "touchpoint 1 button"]);
  });
});
