import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { checkCopy, checkPlan, checkWritten, type FindingRule } from "~/lib/copy/checker";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { emptyAnswers } from "~/lib/questionnaire/fields";

const facts = businessFacts({
  ...emptyAnswers(),
  companyName: "Bramble & Bean",
  businessType: "B2C Subscription",
  productServiceDescription: "Bramble & Bean roasts single-origin coffee in small batches and ships it within 48 hours of roasting, so every bag arrives at its freshest.",
  onboardingSpecialOffers: "15% off your first bag with code WELCOME15",
  customerFeedback: '"The best coffee I have had at home," says Priya.',
});

const rulesOf = (text: string, audience: "customer" | "marketer" = "customer") => checkCopy(facts, [{ where: "body", text, audience }]).map((f) => f.rule);

describe("the copy checker", () => {
  it("passes copy a marketer would send", () => {
    const body = `Hi ${FIRST_NAME_TAG},\n\nWelcome to Bramble & Bean! Here's 15% off your first bag with code WELCOME15.\n\nEnjoy,\nThe Bramble & Bean team`;
    expect(checkCopy(facts, [{ where: "body", text: body, audience: "customer" }])).toEqual([]);
  });

  it.each<[string, FindingRule]>([
    ["Thank them for joining and put the welcome offer in the first lines", "brief"],
    ["Low-stock notice only when it is true", "brief"],
    ["Download or access link in the first line.", "brief"],
    ["It ends in 48 hours: say so in the first line and the subject", "brief"],
    ["Proof to show: 4.8 stars", "brief"],
    ["Remind the subscriber of the offer", "brief"],
  ])("flags the brief in customer copy: %s", (text, rule) => {
    expect(rulesOf(text)).toContain(rule);
  });

  it("reads a quoted passage as someone's own words, not the writer's brief", () => {
    expect(rulesOf(`Our promise to you: "If the beans go stale, bring them back and we'll swap them."`)).not.toContain("brief");
    expect(rulesOf("If the beans go stale, bring them back to the shop")).toContain("brief");
  });

  it("lets the marketer's plan carry a brief", () => {
    expect(rulesOf("Thank them for joining and put the welcome offer in the first lines", "marketer")).toEqual([]);
  });

  it("flags a brand written in another case, and not the brand as written", () => {
    expect(rulesOf("It features bramble & Bean roasts")).toContain("brand-case");
    expect(rulesOf("It features BRAMBLE & BEAN roasts")).toContain("brand-case");
    expect(rulesOf("Bramble & Bean roasts to order")).not.toContain("brand-case");
  });

  it("flags a long answer pasted into a sentence, but not one quoted", () => {
    const pasted = "Our story: roasts single-origin coffee in small batches and ships it within 48 hours of roasting, so every bag arrives.";
    expect(rulesOf(pasted)).toContain("pasted");
    expect(rulesOf(`In our words: "roasts single-origin coffee in small batches and ships it within 48 hours of roasting, so every bag arrives."`)).not.toContain("pasted");
  });

  it("reads a bulleted list of the owner's items as separate lines, and the same items run into a sentence as pasted", () => {
    const listed = businessFacts({
      ...emptyAnswers(),
      companyName: "Hearth Tiles",
      topReasonsNotToBuy: "Grout colour worries, the mess of a refit, waiting weeks for the fitter, tiles cracking in frost, the price per square metre",
    });
    const items = ["grout colour worries", "the mess of a refit", "waiting weeks for the fitter", "tiles cracking in frost", "the price per square metre"];
    const check = (text: string) => checkCopy(listed, [{ where: "body", text, audience: "customer" }]).map((f) => f.rule);
    expect(check(`What people ask first:\n${items.map((item) => `- ${item}`).join("\n")}\nWe're happy to talk any of them through.`)).not.toContain("pasted");
    expect(check(`People worry about ${items.join(", ")}.`)).toContain("pasted");
  });

  it("reads a camel-cased brand before a colon as the brand, and a camel-cased key as a data key", () => {
    const camel = businessFacts({ ...emptyAnswers(), companyName: "napTime" });
    const check = (text: string) => checkCopy(camel, [{ where: "sms", text, audience: "customer" }]).map((f) => f.rule);
    expect(check("napTime: your first week of logs is in. Reply STOP to opt out")).not.toContain("data-key");
    expect(check("Getting started with napTime:\n- Log three days of naps")).not.toContain("data-key");
    expect(check("exitWhen: booked")).toContain("data-key");
  });

  it("flags codes and discounts the business never gave", () => {
    expect(rulesOf("Take 20% off with code BRAMBLEB20")).toEqual(expect.arrayContaining(["invented"]));
    expect(checkCopy(facts, [{ where: "body", text: "Take 20% off with code BRAMBLEB20", audience: "customer" }]).filter((f) => f.rule === "invented")).toHaveLength(2);
    expect(rulesOf("Get $10 off today")).toContain("invented");
    expect(rulesOf("15% off with code WELCOME15")).toEqual([]);
    expect(rulesOf("20% off with code [YOUR DISCOUNT CODE]")).toContain("invented");
    expect(checkCopy(facts, [{ where: "body", text: "20% off with code [YOUR DISCOUNT CODE]", audience: "customer" }], { allowed: "add a 20% discount" })).toEqual([]);
  });

  it("flags placeholders nobody will fill in, and accepts the marked ones", () => {
    for (const text of ["Welcome to [Company]", "Save XX% today", "Hi {{ name }},", "Use code <insert code>", "Launch date TBD"]) {
      expect(rulesOf(text), text).toContain("placeholder");
    }
    expect(rulesOf("Use code [YOUR DISCOUNT CODE] at checkout", "customer").filter((r) => r === "placeholder")).toEqual([]);
  });

  it("never counts a marked placeholder as an invented fact: a missing fact and a link to fill pass", () => {
    expect(rulesOf("Your consultation costs [add: your consultation price, e.g. $40], paid on the day.")).toEqual([]);
    expect(rulesOf("Pick a time at [Link: your booking page] and save [add: 15% or your own figure].")).toEqual([]);
    // Outside the brackets, the same figure is invented.
    expect(rulesOf("Your consultation costs $40 [add: your consultation price].")).toContain("invented");
    expect(rulesOf("Your consultation costs [price].")).toContain("placeholder");
  });

  it("flags raw data keys", () => {
    expect(rulesOf("exitWhen: places an order", "marketer")).toContain("data-key");
    expect(rulesOf("smsPolicy: sendWindowLocalTime: from: 08:00", "marketer")).toContain("data-key");
    expect(rulesOf("Texts go out between 08:00 and 21:00.", "marketer")).toEqual([]);
    // A brand written in camel case opens its texts with its name: that is the name, not a key.
    const clinic = businessFacts({ ...emptyAnswers(), companyName: "skinHQ", businessType: "B2C Service/Retail" });
    const keys = (text: string) => checkCopy(clinic, [{ where: "touchpoint 2 sms", text, audience: "customer" }]).filter((f) => f.rule === "data-key");
    expect(keys("skinHQ: see you tomorrow. Reply STOP to opt out")).toEqual([]);
    expect(keys("skinHQ: bookingRef: 42")).toHaveLength(1);
  });

  it("flags repeated titles in a plan and repeated subjects in written content", () => {
    const step = { primaryGoal: "Goal", keyMessages: "• One", callToAction: "Shop now" };
    const plan = {
      flowOverview: "Bramble & Bean's flow",
      touchpoints: [
        { ...step, title: "Something special" },
        { ...step, title: "something special!" },
      ],
    };
    expect(checkPlan(facts, plan).map((f) => f.rule)).toContain("repeat");
    const body = `Hi ${FIRST_NAME_TAG},\n\nHello.`;
    const written = [
      { subject: "Your questions, answered", preheader: "A", bodyText: body, callToAction: "Go" },
      { subject: "Your questions, answered", preheader: "B", bodyText: body, callToAction: "Go" },
    ];
    expect(checkWritten(facts, written).map((f) => f.rule)).toContain("repeat");
  });

  it("flags a bare greeting", () => {
    expect(
      checkWritten(facts, [{ subject: "Welcome", preheader: "More", bodyText: "Hi,\n\nWelcome.", callToAction: "Go" }])
        .map((f) => f.message)
        .join(" "),
    ).toContain("bare greeting");
  });
});

describe("the copy checker on what real models write", () => {
  const gym = businessFacts({
    ...emptyAnswers(),
    companyName: "Barbell Barn",
    businessType: "B2C Service/Retail",
    productServiceDescription: "A 24/7 strength gym. Membership is $29 a month, no contract. JOINING FEE WAIVED WITH CODE NOFEE.",
    guarantees_q8: "If you don't love it in the first 30 days, tell us at the desk and we refund your first month in full, no questions asked and no forms",
  });
  const found = (text: string, audience: "customer" | "marketer" = "customer") => checkCopy(gym, [{ where: "body", text, audience }]).map((f) => `${f.rule}: ${f.text}`);

  it("accepts any first-name tag with a fallback, and refuses one without", () => {
    expect(found('Hi {{ first_name|default:"friend" }},')).toEqual([]);
    expect(found("Hi {{ person.first_name | default: 'there' }},")).toEqual([]);
    expect(found("Hi {{ first_name }},")).toEqual(["placeholder: {{ first_name }}"]);
    expect(found('Hi {{ first_name|default:"" }},')).toEqual(['placeholder: {{ first_name|default:"" }}']);
  });

  it("reads a given price broken down per day or week as the business's figure, only when it is true", () => {
    expect(found("$29 a month, less than $1 a day.")).toEqual([]);
    expect(found("$29 a month, about $7 a week.")).toEqual([]);
    expect(found("$29 a month, less than $0.50 a day.")).toEqual(["invented: $0.50"]);
    expect(found("Less than $1 a day.")).toEqual([]);
    expect(found("Just $1 for your first week.")).toEqual(["invented: $1"]);
  });

  it("lets the guarantee be said word for word, and the marketer's plan carry an answer as it is", () => {
    expect(found("Our promise: if you don't love it in the first 30 days, tell us at the desk and we refund your first month in full, no questions asked.")).toEqual([]);
    expect(found("A 24/7 strength gym. Membership is $29 a month, no contract, and the joining fee is waived with code NOFEE for everyone", "marketer")).toEqual([]);
  });

  it("reads a code an owner writes in capitals ('CODE NOFEE') as the business's own", () => {
    expect(found("Join online with code NOFEE.")).toEqual([]);
    expect(found("Join online with code NOFEE2.")).toEqual(["invented: NOFEE2"]);
  });

  it("flags free offers, lead magnets and products the business never gave", () => {
    expect(found("Free protein shake with your first visit.")).toEqual(["invented: Free protein shake"]);
    expect(found("Grab our free lifting e-book.")).toEqual(["invented: our free lifting e-book"]);
    expect(found("Take our 2-minute strength quiz.")).toEqual(["invented: our 2-minute strength quiz"]);
    expect(found("Pick up our gym merch at the desk.")).toEqual(["invented: Pick up our gym merch"]);
    expect(found("Stress free training, 24/7.")).toEqual([]);
    expect(found("Feel free to ask at the desk.")).toEqual([]);
  });
});
