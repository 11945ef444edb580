import { describe, expect, it } from "vitest";

import type { FlowType } from "~/lib/flow-types";
import { emptyAnswers } from "~/lib/questionnaire/fields";

import { misspelledForms, parseBrandRules, quotedParts } from "./checks/brand";
import { buttonHref, hasUnsubscribe, targetProblem } from "./checks/buttons";
import { checkCycle, cycleDay, isRepeatStep } from "./checks/cycle";
import { goalKeys, namesGoal } from "./checks/goal";
import { grammarSlips } from "./checks/grammar";
import { offerFindings, offerMentions } from "./checks/offers";
import { anchorIsLater, anchorMatchers, isAnchoredStep, onboardingStartProblems } from "./checks/onboarding";
import { checkLimits } from "./checks/product";
import { bodySentences, checkRepeatedBodies, sharedSentences } from "./checks/variety";
import { avoidFindings, usesAnyTerm } from "./checks/words";
import type { CorpusBusiness, Expectations } from "./corpus";
import type { BusinessOutput, FlowOutput, PlanStep, StepCopy } from "./pipeline";
import type { TextUnit } from "./texts";

/** Each check catches a planted failure and passes a clean text. */

const unit = (text: string, field: TextUnit["field"] = "body"): TextUnit => ({ where: "step 1 body", field, kind: "copy", stepNumber: 1, text });

function step(stepNumber: number, title: string, days: number, extra: Partial<PlanStep> = {}): PlanStep {
  const minutes = days * 1440;
  return {
    id: `s${stepNumber}`,
    stepNumber,
    stepType: "Email",
    title,
    timing: minutes ? { type: "offset", minutes } : { type: "immediate" },
    timingText: `${days} days after the trigger`,
    offsetMinutes: minutes,
    primaryGoal: "",
    keyMessages: "",
    callToAction: "Take a look",
    ...extra,
  };
}

function email(stepNumber: number, fields: Partial<StepCopy> = {}): StepCopy {
  return {
    touchpointId: `s${stepNumber}`,
    stepNumber,
    stepType: "Email",
    subject: "A subject",
    preheader: "A preheader",
    bodyText: "Hello.",
    callToAction: "Go",
    sms: "",
    html: "",
    buttonUrl: null,
    ...fields,
  };
}

function flow(flowType: FlowType, steps: PlanStep[], copy: StepCopy[] = []): FlowOutput {
  return {
    flowType,
    plan: { trigger: "", exitRules: [], overview: "", notes: "", quickNotes: "", inactivityDays: null, steps },
    planProblems: [],
    copy,
    contentProblems: [],
    crashes: [],
  };
}

function output(flows: FlowOutput[], expect: Partial<Expectations> = {}): BusinessOutput {
  const business: CorpusBusiness = {
    id: "00-test",
    model: "shop",
    answers: { ...emptyAnswers(), companyName: "Test Co" },
    expect: {
      words: { avoid: [], use: [] },
      anchor: "",
      goal: "",
      onboardingStarts: "",
      offers: [],
      noOffers: false,
      mustNotClaim: [],
      brandRules: [],
      repeatCycleDays: null,
      ...expect,
    },
  };
  return { business, flows };
}

describe("avoid and use", () => {
  it("finds an avoided word anywhere, even in a negation, and passes the business's own words", () => {
    expect(avoidFindings([unit("Sorry, we don't deliver.")], ["deliver"], "onboarding")).toHaveLength(1);
    expect(avoidFindings([unit("Collection only, from the hatch.")], ["deliver", "delivery"], "onboarding")).toEqual([]);
    expect(avoidFindings([unit("Take 10% off today")], ["% off"], null)).toHaveLength(1);
    expect(avoidFindings([unit("A shipment of joy")], ["ship"], null)).toEqual([]);
  });

  it("takes a business's word in the plural", () => {
    expect(usesAnyTerm([unit("Your sessions are booked")], ["session"])).toBe(true);
    expect(usesAnyTerm([unit("Your order is on its way")], ["session", "patch test"])).toBe(false);
  });
});

describe("offers", () => {
  it("tells a price from an offer", () => {
    expect(offerMentions("Country white is £5.50 a loaf, or £17 for a box of 6")).toEqual([]);
    expect(offerMentions("Get £5 off your first loaf").map((m) => m.key)).toEqual(["£5"]);
    expect(offerMentions("15% off your first order").map((m) => m.key)).toEqual(["15%"]);
    expect(offerMentions("Restaurants lose 4-10% of revenue")).toEqual([]);
  });

  it("reads codes, and no placeholder or product name as one", () => {
    expect(offerMentions("Use code SAVE20 at checkout").map((m) => m.key)).toContain("SAVE20");
    expect(offerMentions("Use [YOUR DISCOUNT CODE] at checkout")).toEqual([]);
    expect(offerMentions("Try the Tinted SPF40", "Tinted SPF40 is our bestseller")).toEqual([]);
  });

  const offers = [{ text: "$50 off the first laser session", code: "GLOW50", flows: ["lead_nurture" as const] }];

  it("fails an invented offer and an offer outside its flows, and passes a listed one in place", () => {
    expect(offerFindings(unit("Take 20% off today"), "lead_nurture", offers, false, "")[0]?.message).toMatch(/invented/);
    expect(offerFindings(unit("$50 off with GLOW50"), "upsell", offers, false, "")[0]?.message).toMatch(/belongs to lead_nurture/);
    expect(offerFindings(unit("$50 off with GLOW50"), "lead_nurture", offers, false, "")).toEqual([]);
  });

  it("fails any offer, free item or discount placeholder where the business never makes one", () => {
    expect(offerFindings(unit("A free gift with your order"), "onboarding", [], true, "")).toHaveLength(1);
    expect(offerFindings(unit("Use [YOUR DISCOUNT CODE]"), "onboarding", [], true, "")).toHaveLength(1);
    expect(offerFindings(unit("Feel free to reply; the turkey is gluten-free."), "onboarding", [], true, "")).toEqual([]);
  });

  it("reads freemium software's free plan as a pricing tier, and a free plan review as an offer", () => {
    const worksheet = [{ text: "Free 'Paycheck Plan' worksheet (PDF)", code: null, flows: ["lead_nurture" as const] }];
    expect(offerMentions("No judgment, a free plan that works.")).toEqual([]);
    expect(offerFindings(unit("Stay on the free plan, or try Plus."), "upsell", worksheet, false, "")).toEqual([]);
    expect(offerMentions("Book a free plan review").map((m) => m.key)).toEqual(["plan review"]);
  });

  it("takes the event a trigger or exit rule follows as a step already taken, and an offer in its other words as an offer", () => {
    const call = [{ text: "Free 20 minute call", code: null, flows: ["lead_nurture" as const] }];
    expect(offerFindings(unit("After the free call, once they've booked a lesson", "trigger"), "onboarding", call, false, "")).toEqual([]);
    expect(offerFindings(unit("Once they've had their free call", "exit"), "onboarding", call, false, "")).toEqual([]);
    expect(offerFindings(unit("Joins the list to claim a free call", "trigger"), "onboarding", call, false, "")).toHaveLength(1);
    expect(offerFindings(unit("After the free call, book a lesson"), "onboarding", call, false, "")).toHaveLength(1);
  });
});

describe("brand rules", () => {
  const run = (rules: string[], copy: StepCopy[], avoid: string[] = [], brand = "Test Co") =>
    parseBrandRules(rules, avoid, brand).checks.flatMap((check) => check.run(flow("onboarding", [step(1, "Welcome", 0)], copy)));

  it("reads which quoted words a rule asks for and which it forbids", () => {
    expect(quotedParts("Say 'treatment' not 'service', 'clients' not 'customers'")).toEqual([
      { text: "treatment", positive: true, banned: false },
      { text: "service", positive: false, banned: true },
      { text: "clients", positive: true, banned: false },
      { text: "customers", positive: false, banned: true },
    ]);
    expect(quotedParts("No 'hurry, won't last' pressure")[0]).toEqual({ text: "hurry, won't last", positive: false, banned: true });
  });

  it("checks exclamation marks, emoji and openers", () => {
    expect(run(["No exclamation marks"], [email(1, { bodyText: "Welcome!" })])).toHaveLength(1);
    expect(run(["No exclamation marks"], [email(1, { bodyText: "Welcome." })])).toEqual([]);
    expect(run(["At most one exclamation mark per email"], [email(1, { subject: "Hi!", bodyText: "Welcome!" })])).toHaveLength(1);
    expect(run(["No emoji"], [email(1, { bodyText: "Welcome 🎉" })])).toHaveLength(1);
    expect(run(["Don't open with 'Hey'"], [email(1, { bodyText: "Hey there" })])).toHaveLength(1);
    expect(run(["Don't open with 'Hey'"], [email(1, { bodyText: "Hello there" })])).toEqual([]);
  });

  it("checks a sign-off name in every email's closing lines", () => {
    expect(run(["Sign off as 'Mr Okafor', not 'Daniel'"], [email(1, { bodyText: "Thanks,\nThe team" })])).toHaveLength(1);
    expect(run(["Always sign off as Maria"], [email(1, { bodyText: "See you soon.\n\nCon affetto,\nMaria" })])).toEqual([]);
    expect(run(["Sign off with the named accountant, never 'The Team'"], [email(1, { bodyText: "Thanks,\nThe Ledger team" })])).toHaveLength(1);
  });

  it("checks the brand's own spelling, accents and case", () => {
    expect(misspelledForms("Order from The Loaf today", "the loaf.", true)).toHaveLength(1);
    expect(misspelledForms("order from the loaf. today", "the loaf.", true)).toEqual([]);
    expect(misspelledForms("Sol is here. SÖL is here.", "SÖL", false).map((w) => w.found)).toEqual(["Sol"]);
    expect(misspelledForms("The Sprint starts Monday; the Sprint is ten weeks", "the Sprint", false)).toEqual([]);
    expect(run(["Write 'budgetBee' exactly: lowercase b, capital B"], [email(1, { bodyText: "Welcome to BudgetBee." })])).toHaveLength(1);
    expect(run(["Always 'Master Kim', never just 'Kim'"], [email(1, { bodyText: "Kim will see you." })])).toHaveLength(1);
    expect(run(["Always 'Master Kim', never just 'Kim'"], [email(1, { bodyText: "Master Kim at Tiger Kim's Academy." })], [], "Tiger Kim's Academy")).toEqual([]);
  });

  it("checks lowercase copy outside merge tags, codes and the opt-out", () => {
    const rule = ["Lowercase everything"];
    expect(
      run(rule, [email(1, { subject: "see you saturday", preheader: "pickup 8-1", bodyText: 'hi {{ first_name|default:"there" }}, code LOAF10.', callToAction: "pre-order" })]),
    ).toEqual([]);
    expect(run(rule, [email(1, { subject: "See you Saturday", preheader: "pickup 8-1", bodyText: "hi.", callToAction: "pre-order" })])).toHaveLength(1);
  });

  it("bans quoted words the avoid list does not hold, and leaves the rest to judgement", () => {
    expect(run(["Never say 'game-changer'"], [email(1, { bodyText: "A real game-changer." })])).toHaveLength(1);
    expect(run(["Never say 'game-changer'"], [email(1, { bodyText: "A real game-changer." })], ["game-changer"])).toEqual([]);
    expect(parseBrandRules(["Clinical but warm; calm, expert", "Never badmouth 'your current cleaner'"]).judgement).toHaveLength(2);
  });
});

describe("repeat cycle", () => {
  it("recognises reorder and rebooking steps", () => {
    expect(isRepeatStep(["Running low?"])).toBeTruthy();
    expect(isRepeatStep(["Book your next session"])).toBeTruthy();
    expect(isRepeatStep(["Your next session is Tuesday"])).toBeNull();
  });

  it("holds a repeat step to ±50% of the cycle, and to nothing without one", () => {
    const upsell = (days: number) => [flow("upsell", [step(1, "Thanks", 0), step(2, "Time to reorder?", days)])];
    expect(checkCycle(output(upsell(25), { repeatCycleDays: 60 }))).toHaveLength(1);
    expect(checkCycle(output(upsell(55), { repeatCycleDays: 60 }))).toEqual([]);
    expect(checkCycle(output(upsell(55), { repeatCycleDays: null }))).toHaveLength(1);
  });

  it("counts a step timed after the visit from the visit, not from the booking made days ahead", () => {
    const rebook = step(4, "Time to book your next lesson", 12, { timing: { type: "relative_event", event: "appointment", direction: "after", minutes: 4 * 1440 } });
    expect(cycleDay(rebook)).toBe(4);
    expect(checkCycle(output([flow("onboarding", [rebook])], { repeatCycleDays: 7 }))).toEqual([]);
    expect(checkCycle(output([flow("onboarding", [{ ...rebook, timing: { type: "offset", minutes: 12 * 1440 } }])], { repeatCycleDays: 7 }))).toHaveLength(1);
  });
});

describe("onboarding start and anchor", () => {
  const starts = "after the consultation and patch test (not at booking)";

  it("fails a trigger at an event the owner ruled out, and passes the event they named", () => {
    expect(onboardingStartProblems("Books a first session.", starts)).toHaveLength(2);
    expect(onboardingStartProblems("Completes the consultation and patch test.", starts)).toEqual([]);
    expect(onboardingStartProblems("Places a first pre-order.", "after the first pre-order")).toEqual([]);
    expect(onboardingStartProblems("Places a first order.", "after the first pre-order")).toHaveLength(1);
  });

  it("knows an anchor after the start from the start itself", () => {
    expect(anchorIsLater("appointment date", starts)).toBe(true);
    expect(anchorIsLater("pickup day", "after the first pre-order")).toBe(true);
    expect(anchorIsLater("first day as a member", "first day as a member (after they sign up for a plan)")).toBe(false);
    expect(anchorIsLater("trial start", "Right at trial sign-up")).toBe(false);
    expect(anchorIsLater("start date", "When the deposit is paid (the start date is 4-10 weeks later)")).toBe(true);
  });

  it("takes a step timed around the event, and not one counted from the trigger", () => {
    const appointment = anchorMatchers("appointment date");
    const timed = (timingText: string, matchers = appointment) => isAnchoredStep({ timing: { type: "offset", minutes: 60 }, timingText }, matchers);
    expect(timed("2 hours before the appointment")).toBe(true);
    expect(timed("The day before your treatment")).toBe(true);
    expect(timed("2 days after the first booking")).toBe(false);
    expect(timed("3 days before handover", anchorMatchers("wedding date"))).toBe(false);
    expect(timed("The evening before pickup", anchorMatchers("pickup day"))).toBe(true);
    expect(isAnchoredStep({ timing: { type: "relative_event", event: "delivery", direction: "before", minutes: 60 }, timingText: "" }, appointment)).toBe(true);
  });
});

describe("goal", () => {
  it("reads the goal's words and finds them in copy", () => {
    expect(goalKeys("Book a test drive")).toEqual(["test drive", "test"]);
    expect(goalKeys("book a free consultation & patch test")).toEqual(["consultation", "patch test", "patch"]);
    expect(namesGoal("Book your free test drive", goalKeys("Book a test drive"))).toBe(true);
    expect(namesGoal("Shop now", goalKeys("Book a test drive"))).toBe(false);
    expect(namesGoal("Book a site walk through", goalKeys("Book a free site walk-through"))).toBe(true);
  });
});

describe("grammar", () => {
  const options = { brand: "Haldane Motor Co.", lowercase: false };
  const slips = (text: string, field: TextUnit["field"] = "body") => grammarSlips({ text, field }, options);

  it.each(["Books a appointment", "Build a abandoned cart flow", "Welcome to Haldane Motor Co..", "Welcome!!", "See you at the the hatch", "Here is an booking"])(
    "flags %s",
    (text) => {
      expect(slips(text)).not.toEqual([]);
    },
  );

  it.each(["Books an appointment", "A one-off visit", "a user guide", "an hour before", "Welcome to Haldane Motor Co.", "Wait… there's more", "that that is"])(
    "passes %s",
    (text) => {
      expect(slips(text)).toEqual([]);
    },
  );

  it("flags a fragment as a subject, and not one that starts with a lowercase brand", () => {
    expect(slips("and your first order", "subject")).not.toEqual([]);
    expect(slips("Everything you need for your", "subject")).not.toEqual([]);
    expect(grammarSlips({ text: "budgetBee is ready", field: "subject" }, { brand: "budgetBee", lowercase: false })).toEqual([]);
  });
});

describe("variety", () => {
  it("reads a body's sentences without its greeting and sign-off", () => {
    expect(bodySentences("Hi there,\n\nYou don't have to take our word for it. Ask a friend.\n\nKind regards,\nThe team")).toEqual(["you don't have to take our word for it."]);
  });

  it("fails a body repeated across a business's flows", () => {
    const body = "Hello,\n\nThe very same words here.";
    const flows = [flow("onboarding", [step(1, "A", 0)], [email(1, { bodyText: body })]), flow("upsell", [step(1, "B", 0)], [email(1, { bodyText: body })])];
    expect(checkRepeatedBodies(output(flows))).toHaveLength(1);
    expect(checkRepeatedBodies(output(flows.slice(0, 1)))).toEqual([]);
  });

  it("counts a sentence shared by more than a tenth of the businesses", () => {
    const with_ = (text: string) => output([flow("onboarding", [step(1, "A", 0)], [email(1, { bodyText: text })])]);
    const many = [...Array(5)].map(() => with_("You don't have to take our word for it."));
    const few = [...Array(36)].map((_, i) => with_(`A sentence only business number ${i} writes.`));
    expect(sharedSentences([...many, ...few.slice(1)])).toEqual([{ sentence: "you don't have to take our word for it.", businesses: 5 }]);
    expect(sharedSentences([...many.slice(0, 4), ...few])).toEqual([]);
  });
});

describe("buttons", () => {
  it("fails the bare home page and nowhere, and passes a page or a marked placeholder", () => {
    expect(targetProblem("https://theloaf.example/")).toMatch(/home page/);
    expect(targetProblem("https://theloaf.example")).toMatch(/home page/);
    expect(targetProblem("#")).toMatch(/nowhere/);
    expect(targetProblem("https://theloaf.example/pre-order")).toBeNull();
    expect(targetProblem("[Link: your booking page]")).toBeNull();
    expect(targetProblem("{{ event.extra.checkout_url }}")).toBeNull();
  });

  it("reads the button's link from the HTML and finds an unsubscribe link or tag", () => {
    const html = `<p>Hi</p><a href="https://x.example/cart?a=1&amp;b=2" style="x">Return to my cart</a><p>{% unsubscribe_link %}</p>`;
    expect(buttonHref(html, "Return to my cart")).toBe("https://x.example/cart?a=1&b=2");
    expect(hasUnsubscribe(html)).toBe(true);
    expect(hasUnsubscribe("<p>Unsubscribe at any time with the link in this footer.</p>")).toBe(false);
  });
});

describe("limits", () => {
  it("fails a call to action over 40 characters, and passes one within it", () => {
    const long = output([flow("onboarding", [step(1, "A", 0)], [email(1, { callToAction: "Claim free valuation of your part-exchange" })])]);
    const short = output([flow("onboarding", [step(1, "A", 0)], [email(1, { callToAction: "Get my valuation" })])]);
    expect(checkLimits(long)).toHaveLength(1);
    expect(checkLimits(short)).toEqual([]);
  });
});
