import { describe, expect, it } from "vitest";

import { brandRulesOf } from "~/lib/business/brand-rules";
import { businessFacts } from "~/lib/business/facts";
import { checkCopy, checkPlan, checkWritten, type Finding } from "~/lib/copy/checker";
import { holdStep } from "~/lib/content/brand-pass";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/** A made-up bakery with every kind of brand rule. */
const bakery: QuestionnaireAnswers = {
  ...emptyAnswers(),
  companyName: "the crumb.",
  businessType: "eCommerce",
  brandVoicePositioning:
    "lowercase everything, including our name: always 'the crumb.' with the full stop, never 'The Crumb'. no exclamation marks. never say 'artisan'. no emoji. sign off as 'Hana'. dont open with 'hey'.",
  businessOperationDescription: "we don't deliver, pickup only on saturdays.",
};
const facts = businessFacts(bakery);
const brandRules = (found: Finding[]) => found.filter((f) => f.rule === "brand-rule");
const check = (text: string, audience: "customer" | "marketer" = "customer") => brandRules(checkCopy(facts, [{ where: "touchpoint 1 body", text, audience }]));

const goodBody = `hi ${FIRST_NAME_TAG},\n\nyour loaf is ready at the crumb. pick it up on saturday.\n\nhana`;

describe("the copy checker's brand rules", () => {
  it("passes copy that keeps every rule", () => {
    expect(checkWritten(facts, [{ subject: "your loaf is ready", preheader: "saturday, 8 till 1", bodyText: goodBody, callToAction: "see the menu" }])).toEqual([]);
  });

  it("flags a banned word and something the business does not offer, even in a negation", () => {
    expect(check("our artisan loaf").map((f) => f.text)).toEqual(["artisan"]);
    const negated = check("we don't deliver, sorry");
    expect(negated.map((f) => f.text)).toEqual(["deliver"]);
    expect(negated[0]!.message).toMatch(/doesn't do or offer/);
  });

  it("flags exclamation marks, capitals, emoji and a banned opener in customer copy, not in the marketer's plan", () => {
    const messages = check("Hey, fresh bread! 🍞").map((f) => f.message);
    expect(messages.join("\n")).toMatch(/never uses exclamation marks/);
    expect(messages.join("\n")).toMatch(/lower case/);
    expect(messages.join("\n")).toMatch(/emoji/);
    expect(messages.join("\n")).toMatch(/never opens with "hey"/);
    expect(check("Fresh Bread! 🍞", "marketer")).toEqual([]);
  });

  it("flags the name in another spelling, and its full stop doubled", () => {
    expect(checkCopy(facts, [{ where: "body", text: "welcome to The Crumb", audience: "customer" }]).map((f) => f.rule)).toContain("brand-case");
    expect(
      check("see you at the crumb..")
        .map((f) => f.message)
        .join(),
    ).toMatch(/own full stop/);
    const sol = businessFacts({ ...emptyAnswers(), companyName: "Glück Kitchen", brandVoicePositioning: "Brand is always GLÜCK in capitals." });
    expect(checkCopy(sol, [{ where: "body", text: "Gluck Kitchen opens", audience: "customer" }]).map((f) => f.text)).toContain("Gluck Kitchen");
    expect(checkCopy(sol, [{ where: "body", text: "Welcome to Gluck.", audience: "customer" }]).map((f) => f.text)).toContain("Gluck");
  });

  it("flags a missing sign-off, and one the brand refuses", () => {
    const found = checkWritten(facts, [{ subject: "ready", preheader: "saturday", bodyText: `hi ${FIRST_NAME_TAG},\n\nready.\n\nthe crumb. team`, callToAction: "menu" }]);
    expect(brandRules(found).map((f) => f.message)).toEqual([`Sign the email off as "Hana", as the brand asks.`]);
    const accountants = businessFacts({ ...emptyAnswers(), companyName: "Tally & Co", brandVoicePositioning: "Sign off with the client's named accountant, never 'The Team'." });
    const signed = checkWritten(accountants, [
      { subject: "Hello", preheader: "More", bodyText: `Hi ${FIRST_NAME_TAG},\n\nYour return is filed.\n\nThe Team`, callToAction: "Open" },
    ]);
    expect(
      brandRules(signed)
        .map((f) => f.message)
        .join("\n"),
    ).toMatch(/never signs off as "The Team"/);
  });

  it("counts exclamation marks across one email against the allowance", () => {
    const lively = businessFacts({ ...emptyAnswers(), companyName: "Fernleaf", brandVoicePositioning: "At most one exclamation mark per email." });
    const email = { subject: "Fresh today!", preheader: "Come early", bodyText: `Hi ${FIRST_NAME_TAG},\n\nIt's here!`, callToAction: "See it" };
    expect(brandRules(checkWritten(lively, [email])).map((f) => f.message)).toEqual([
      "The brand allows at most 1 exclamation mark per email; this email has 2: end those sentences with full stops.",
    ]);
    expect(brandRules(checkWritten(lively, [{ ...email, subject: "Fresh today" }]))).toEqual([]);
  });

  it("holds the plan to the brand's words too", () => {
    const plan = { flowOverview: "Welcome flow", touchpoints: [{ title: "Artisan bread", primaryGoal: "Goal", keyMessages: "• Pickup", callToAction: "see the menu" }] };
    expect(brandRules(checkPlan(facts, plan)).map((f) => f.text)).toEqual(["artisan"]);
  });

  it("reads a web address and the SMS opt-out as what they are, not as the brand's copy", () => {
    expect(check("the crumb.: your loaf is ready. see it: thecrumb.example/menu Reply STOP to opt out")).toEqual([]);
    expect(check("the crumb.: Your loaf is ready. Reply STOP to opt out").map((f) => f.text)).toEqual(["Your"]);
    const studio = businessFacts({ ...emptyAnswers(), companyName: "PeakFit", businessType: "B2C Service/Retail" });
    const slips = (text: string) => checkCopy(studio, [{ where: "touchpoint 2 sms", text, audience: "customer" }]).filter((f) => f.rule === "brand-case");
    expect(slips("PeakFit: see you soon. Book: peakfit.example Reply STOP to opt out")).toEqual([]);
    expect(slips("Peakfit: see you soon. Reply STOP to opt out").map((f) => f.text)).toEqual(["Peakfit"]);
  });

  it("writes a lower-case brand's planned buttons in lower case, as the customer reads them", () => {
    const step = { title: "Your loaf", primaryGoal: "Confirm it.", keyMessages: "• When to collect", callToAction: "See My Order", timingText: "Immediately" };
    expect(holdStep(step, facts.brandRules, "A note").callToAction).toBe("see my order");
    expect(holdStep(step, facts.brandRules, "A note").title).toBe("Your loaf");
  });

  it("takes rules given in the options over the facts' own", () => {
    const rules = { ...brandRulesOf(bakery), banned: [] };
    expect(brandRules(checkCopy(facts, [{ where: "body", text: "our artisan loaf", audience: "customer" }], { brandRules: rules }))).toEqual([]);
  });
});
