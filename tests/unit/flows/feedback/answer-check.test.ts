import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import { checkAnswerIntents, flowChanges } from "~/lib/flows/feedback/answer-check";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { MINUTES_PER_DAY } from "~/lib/timing";

import { loadCorpus } from "../../../eval/corpus";
import { loadNotes } from "../../../eval/feedback/notes";
import { BAKERY, generate, PHYSIO, regenerate } from "./fixtures";

function step(title: string, keyMessages: string, fields: Partial<DraftTouchpoint> = {}): DraftTouchpoint {
  return {
    stepType: "Email",
    title,
    offsetMinutes: 0,
    timingText: "Right after booking",
    primaryGoal: "Keep the client coming back",
    keyMessages,
    callToAction: "Book my session",
    ...fields,
  };
}

const PLAN: DraftTouchpoint[] = [
  step("Welcome to Stride Physio", "• What to expect at the first session\n• Free parking behind the clinic"),
  step("Before your first session", "• What to wear and bring", { offsetMinutes: 2 * MINUTES_PER_DAY }),
  step("Leave us a review", "• One click to rate the session", { offsetMinutes: 7 * MINUTES_PER_DAY }),
  step("Your next session", "• £15 off your first session with code STRIDE15", { offsetMinutes: 14 * MINUTES_PER_DAY }),
];

function check(note: string, after: DraftTouchpoint[], options: { before?: DraftTouchpoint[]; business?: QuestionnaireAnswers; flowType?: FlowType } = {}) {
  const business = options.business ?? PHYSIO;
  return checkAnswerIntents({
    note,
    flowType: options.flowType ?? "onboarding",
    facts: businessFacts(business),
    smsAllowed: business.communicationChannels === "Email + SMS",
    before: options.before ?? PLAN,
    after,
  });
}

const messages = (failures: ReturnType<typeof check>) => failures.map((f) => f.message).join("\n");
const withStep = (index: number, fields: Partial<DraftTouchpoint>) => PLAN.map((tp, i) => (i === index ? { ...tp, ...fields } : tp));
const withoutOffer = withStep(3, { keyMessages: "• When the next session is due" });

describe("a regenerated flow held to its note's intents", () => {
  it("'we never discount, remove any offer' fails an answer that still has an offer or code, and passes one without", () => {
    const failures = check("we never discount, remove any offer", PLAN);
    expect(failures).toEqual([expect.objectContaining({ where: "step 4" })]);
    expect(messages(failures)).toMatch(/still offers "£15 off"|still offers "STRIDE15"/);
    expect(check("we never discount, remove any offer", withStep(3, { keyMessages: "• Use code STRIDE15 at checkout" }))).toHaveLength(1);
    expect(check("we never discount, remove any offer", withoutOffer)).toEqual([]);
  });

  it("reads a line that names an offer only to keep it out as no offer", () => {
    expect(check("remove any offer", withStep(3, { keyMessages: "• Never say: discount\n• No discount: lead with the care" }))).toEqual([]);
    expect(check("no STRIDE15 anywhere", withStep(3, { keyMessages: "• Never say: STRIDE15" }))).toEqual([]);
  });

  it("'no discount in the welcome email' fails only when the welcome email offers one", () => {
    const welcome = withStep(0, { keyMessages: "• 10% off your first session" });
    expect(messages(check("no discount in the welcome email", welcome))).toMatch(/step 1 \("Welcome to Stride Physio"\) still offers "10% off"/);
    expect(check("no discount in the welcome email", PLAN)).toEqual([]);
  });

  it("a discount for an owner who never discounts fails if it was put in: the reply must say it conflicts with the answers", () => {
    const before = generate("upsell", BAKERY);
    const after = before.touchpoints.map((tp, i) => (i === 1 ? { ...tp, keyMessages: `${tp.keyMessages}\n• 10% off with [YOUR DISCOUNT CODE]` } : tp));
    const failures = check("throw in 10% off to get them back", after, { before: before.touchpoints, business: BAKERY, flowType: "upsell" });
    expect(messages(failures)).toContain("the owner's answers say they never discount");
    expect(check("throw in 10% off to get them back", before.touchpoints, { before: before.touchpoints, business: BAKERY, flowType: "upsell" })).toEqual([]);
  });

  it("'no SMS' fails an answer with a text; 'don't add a text' one with more texts than before", () => {
    const sms = [...PLAN, step("See you tomorrow", "• Stride Physio: see you tomorrow", { stepType: "SMS", offsetMinutes: 20 * MINUTES_PER_DAY })];
    expect(messages(check("no SMS please", sms))).toMatch(/step 5 \("See you tomorrow"\) is a text: send no SMS at all/);
    expect(check("no SMS please", PLAN)).toEqual([]);
    expect(messages(check("don't add a text, just tighten the copy", sms))).toMatch(/has 1 texts, 0 before: add none/);
    expect(check("don't add a text, just tighten the copy", sms, { before: sms })).toEqual([]);
  });

  it("'at most 3 emails' fails 4 and passes 3", () => {
    expect(messages(check("at most 3 emails", PLAN))).toContain("the flow has 4 emails: keep at most 3");
    expect(check("at most 3 emails", PLAN.slice(0, 3))).toEqual([]);
  });

  it("'move the review request to day 21' fails when the review step is not on day 21, wherever it went", () => {
    expect(messages(check("move the review request to day 21", PLAN))).toMatch(/step 3 \("Leave us a review"\) is not there: move it on day 21/);
    const moved = [PLAN[0]!, PLAN[1]!, PLAN[3]!, { ...PLAN[2]!, offsetMinutes: 21 * MINUTES_PER_DAY }];
    expect(check("move the review request to day 21", moved)).toEqual([]);
  });

  it("'add a text 2 hours before the appointment' fails without a text, or with one timed otherwise", () => {
    const note = "add a text 2 hours before the appointment";
    expect(messages(check(note, PLAN))).toContain("the flow has no new text: add one, timed from the appointment");
    const late = [...PLAN, step("Book your treatment", "• Book now", { stepType: "SMS", offsetMinutes: 25 * MINUTES_PER_DAY })];
    expect(messages(check(note, late))).toMatch(/the new text \("Book your treatment"\) is not timed that way.*"direction": "before", "minutes": 120/);
    const right = [
      ...PLAN,
      step("See you soon", "• Stride Physio: see you in 2 hours", {
        stepType: "SMS",
        offsetMinutes: 3 * MINUTES_PER_DAY,
        timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120, time: null, displayText: null },
      }),
    ];
    expect(check(note, right)).toEqual([]);
  });

  it("an SMS is never required of a business that takes none", () => {
    expect(check("add a text the day before", PLAN, { business: BAKERY })).toEqual([]);
  });

  it("'too casual, make it more formal' fails an answer with more exclamation marks, emoji or contractions than before", () => {
    const casual = withStep(1, { title: "You're nearly here! 🎉", callToAction: "Let's go!" });
    const failures = check("too casual, make it more formal", casual);
    expect(messages(failures)).toMatch(/more formal tone.*\(5, was 0\)/);
    expect(check("too casual, make it more formal", PLAN)).toEqual([]);
  });

  it("'the second email should be about our Bread Club' fails when it is not", () => {
    const before = generate("lead_nurture", BAKERY).touchpoints;
    const note = "the second email should be about our Bread Club";
    expect(messages(check(note, before, { before, business: BAKERY, flowType: "lead_nurture" }))).toMatch(/step 2 .* is not about Bread Club/);
    const about = before.map((tp, i) => (i === 1 ? { ...tp, title: "Join the Bread Club", keyMessages: "• A loaf a week from the Bread Club" } : tp));
    expect(check(note, about, { before, business: BAKERY, flowType: "lead_nurture" })).toEqual([]);
  });

  it("'we don't sell packages' fails an answer that still sells one; 'remove the last email' one that keeps it", () => {
    expect(messages(check("we don't sell packages", withStep(1, { keyMessages: "• Our 6-session package" })))).toMatch(/still says "package"/);
    expect(check("we don't sell packages", PLAN)).toEqual([]);
    expect(messages(check("remove the last email", PLAN))).toMatch(/step 4 \("Your next session"\) is still in the flow/);
    expect(check("remove the last email", PLAN.slice(0, 3))).toEqual([]);
  });

  it("'space them out' fails when the steps end where they did", () => {
    expect(check("space them out", PLAN)).toHaveLength(1);
    expect(check("space them out", withStep(3, { offsetMinutes: 21 * MINUTES_PER_DAY }))).toEqual([]);
  });

  it("every intent of a note is checked, and each failure is named once", () => {
    const failures = check("No SMS. Remove any offer. At most 3 emails.", [...PLAN, step("Hi", "• Stride", { stepType: "SMS", offsetMinutes: 30 * MINUTES_PER_DAY })]);
    expect(failures).toHaveLength(3);
  });

  it.each([
    ["onboarding", "no discount in the welcome email please"],
    ["onboarding", "we never discount, remove any offer"],
    ["onboarding", "no STRIDE15 in the first email, keep it for the last one"],
    ["upsell", "no SMS"],
    ["lead_nurture", "at most 4 emails"],
    ["onboarding", "too casual, make it more formal"],
  ] as const)("the offline engine's own answer to %s '%s' passes", (flowType, note) => {
    const { draft, before, outcome } = regenerate(flowType, note);
    expect(outcome.acted).toBe(true);
    expect(check(note, draft.touchpoints, { before: before.touchpoints, flowType })).toEqual([]);
  });

  it("asks nothing of a model that the offline engine cannot give: its answer to each of the corpus's 60 notes (done or honestly refused) passes", () => {
    const businesses = new Map(loadCorpus().map((b) => [b.id, b.answers]));
    const notes = loadNotes();
    expect(notes).toHaveLength(60);
    const failing = notes.flatMap((note) => {
      const business = businesses.get(note.business)!;
      const { draft, before } = regenerate(note.flowType, note.note, business);
      const failures = check(note.note, draft.touchpoints, { before: before.touchpoints, business, flowType: note.flowType });
      return failures.map((f) => `${note.id}: ${f.message}`);
    });
    expect(failing).toEqual([]);
  }, 60_000);
});

describe("what a regenerated flow shows changed", () => {
  it("names steps removed, added, moved, retitled and rebriefed, from the flows alone", () => {
    const after = [
      { ...PLAN[0]!, title: "Welcome to the clinic" },
      { ...PLAN[1]!, keyMessages: "• What to wear\n• Where to park" },
      { ...PLAN[2]!, offsetMinutes: 21 * MINUTES_PER_DAY, timingText: "21 days after booking" },
      step("See you soon", "• Stride Physio: see you soon", { stepType: "SMS", offsetMinutes: 3 * MINUTES_PER_DAY, timingText: "3 days after booking" }),
    ];
    expect(flowChanges(PLAN, after).map((c) => c.words)).toEqual([
      'removed the email "Your next session"',
      'rewrote the email "Welcome to Stride Physio" as "Welcome to the clinic"',
      'rewrote the brief of the email "Before your first session"',
      'moved the email "Leave us a review" to 21 days after booking',
      'added the SMS "See you soon" (3 days after booking)',
    ]);
    expect(flowChanges(PLAN, PLAN)).toEqual([]);
  });
});
