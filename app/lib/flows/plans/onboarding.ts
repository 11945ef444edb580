import { type BusinessFacts, lowerStart, offerFor } from "~/lib/business/facts";
import type { BusinessModel } from "~/lib/business/model";
import type { ModelAnchor } from "~/lib/business/model-specs";
import { onboardingMoment, type OnboardingMoment, withBookedUnit } from "~/lib/business/moment";
import { anchoredStep, bullets, D, H, pick, type Plan, type PlannedStep, proofLine, smsStep, step } from "~/lib/flows/plans/steps";
import { formatDuration } from "~/lib/timing";

/**
 * Onboarding for the models whose first weeks turn on a date: an appointment, a pickup day, the
 * end of a trial, a handover, a start date. It starts where the owner said it does, prepares the
 * person for the date, asks how it went only after it, and exits on the next conversion (never on
 * the event that started it). Shops and subscriptions keep the planner's own onboarding.
 */

type Builder = (f: BusinessFacts, seed: number, lead: number) => Plan;

/** How long after the trigger the date usually falls, from the owner's words ("usually 2-3 weeks out"), else a default per date. */
export function leadMinutes(f: BusinessFacts, anchor: ModelAnchor): number {
  if (anchor === "trial_end") return trialDays(f) * D;
  // A range in the owner's "when does onboarding start" answer is the lead time ("then 6-10 weeks to install").
  const range =
    /(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(day|week|month)s?\b/i.exec(f.onboardingStage) ??
    /(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(day|week|month)s?\b[^.\n]{0,24}?\b(?:out|away|later|ahead|before|after|wait)/i.exec(f.answerText);
  if (range) {
    const days = { day: 1, week: 7, month: 30 }[range[3]!.toLowerCase() as "day" | "week" | "month"];
    return Math.round(((Number(range[1]) + Number(range[2])) / 2) * days) * D;
  }
  const defaults: Record<ModelAnchor, number> = { appointment: 7, pickup: 3, trial_end: 14, handover: 21, start_date: 21, event_date: 30, delivery: 3 };
  return defaults[anchor] * D;
}

/** The trial's length in days ("14-day trial", "7 day free trial"), 14 when the answers don't say. */
export function trialDays(f: BusinessFacts): number {
  const match = /(\d{1,2})[- ]day\s+(?:free\s+)?trial/i.exec(f.answerText);
  return match ? Math.min(60, Math.max(3, Number(match[1]))) : 14;
}

/** The trigger in the owner's words when they gave them, else the model's. */
function triggerOf(f: BusinessFacts): string {
  return f.onboardingStage ? `${f.onboardingStage.replace(/[.!?]+$/, "")}.` : f.spec.firstTrigger.replace(/\{unit\}/g, f.unit);
}

/** A line of the owner's preparation advice for the brief ("Shave the area 24h before"). */
function prepLine(f: BusinessFacts): string | null {
  return f.prep[0] ? `What to do before: ${lowerStart(f.prep[0], f.brand)}` : null;
}

/** The owner's advice for after the appointment ("expect shedding 1-3 weeks after"), if any of it is about afterwards. */
function aftercare(f: BusinessFacts): string {
  return f.prep.find((line) => /\b(?:after|afterwards|aftercare|post-|expect|for \d+ (?:hours|days) after)\b/i.test(line) && !/\bbefore\b/i.test(line)) ?? "";
}

const appointment: Builder = (f, seed, lead) => {
  const unit = f.unit;
  const cycle = f.cycleDays && f.spec.rebooks ? Math.min(120, Math.max(7, f.cycleDays)) : null;
  const steps: PlannedStep[] = [
    step(
      "Email",
      0,
      "the trigger",
      "booked",
      pick([`Before your first ${unit}: how to prepare`, `Before your first ${unit}: what to expect`], seed, 1),
      `Prepare them for the first ${unit}, so they arrive ready and nothing has to be rescheduled.`,
      bullets(
        prepLine(f),
        f.prep[1] && `Also: ${lowerStart(f.prep[1], f.brand)}`,
        "Date, time and place, and how to change the booking",
        f.questions[0] && `Answer up front: ${f.questions[0]}`,
      ),
      "See my booking",
    ),
    anchoredStep(
      f.usesSms
        ? smsStep(f, 0, "the appointment", "reminder", `See you tomorrow`, `A reminder the day before, with the time and a link to reschedule.`, "Tap to see the details")
        : step(
            "Email",
            0,
            "the appointment",
            "reminder",
            `A reminder: your ${unit} is tomorrow`,
            "Remind them the day before.",
            bullets(prepLine(f), "The time, the place and how to reschedule"),
            "See my booking",
          ),
      { event: "appointment", direction: "before", minutes: D },
      lead,
    ),
    anchoredStep(
      step(
        "Email",
        0,
        "the appointment",
        "checkin",
        pick([`How was your first ${unit}?`, `How did your ${unit} go?`], seed, 2),
        `Ask how it went while the ${unit} is fresh, and catch any problem early.`,
        bullets("One question: how was it? (a one-click rating)", aftercare(f) && `Aftercare: ${lowerStart(aftercare(f), f.brand)}`, "A reply goes to a real person"),
        "Tell us how it went",
      ),
      { event: "appointment", direction: "after", minutes: D },
      lead,
    ),
  ];
  if (cycle)
    steps.push(
      anchoredStep(
        step(
          "Email",
          0,
          "the appointment",
          "rebook",
          pick([`Time to book your next ${unit}`, `Your next ${unit}`], seed, 3),
          `Invite the next ${unit} at the rhythm the owner described (about ${formatDuration(cycle * D)}).`,
          bullets(`When the next ${unit} is due`, proofLine(f), "Link straight to open times"),
          f.action.again,
        ),
        { event: "appointment", direction: "after", minutes: Math.max(2, cycle - 3) * D },
        lead,
      ),
    );
  else
    steps.push(
      anchoredStep(
        step(
          "Email",
          0,
          "the appointment",
          "proof",
          `Why ${f.spec.people} choose ${f.brand}`,
          "Show what others say, and how to reach a real person.",
          bullets(proofLine(f), f.proof[1]),
          "See what others say",
        ),
        { event: "appointment", direction: "after", minutes: 7 * D },
        lead,
      ),
    );
  return {
    trigger: triggerOf(f),
    exitRules: [`Cancels without rebooking`, `Books a second ${unit}: move to the regulars' flow`, "Unsubscribes or marks an email as spam"],
    strategy: `Timed from the ${unit}, not from the booking: it prepares them before, reminds them the day before, asks how it went the day after${cycle ? ` and invites the next ${unit}` : ""}.`,
    goal: `get them to the first ${unit} prepared, and to the next one`,
    steps,
  };
};

const pickup: Builder = (f, seed, lead) => {
  const unit = f.unit;
  const cycle = f.cycleDays ? Math.min(60, Math.max(5, f.cycleDays)) : null;
  const steps: PlannedStep[] = [
    step(
      "Email",
      0,
      "the trigger",
      "thanks",
      pick([`Your ${unit} is in`, `Got it: your ${unit}`], seed, 1),
      `Confirm the ${unit} and say exactly when and where to collect it.`,
      bullets("When and where to collect, and what to bring", prepLine(f), f.questions[0] && `Answer up front: ${f.questions[0]}`),
      `See my ${unit}`,
    ),
    anchoredStep(
      f.usesSms
        ? smsStep(f, 0, "pickup", "reminder", "Pickup reminder", "A reminder the evening before pickup, with the time and place.", "Tap for the details")
        : step("Email", 0, "pickup", "reminder", "A reminder: pickup tomorrow", "Remind them the evening before pickup.", bullets("When and where to collect"), `See my ${unit}`),
      { event: "pickup", direction: "before", minutes: 14 * H, displayText: "The evening before pickup" },
      lead,
    ),
    anchoredStep(
      step(
        "Email",
        0,
        "pickup",
        "checkin",
        pick(["How was it?", `How did we do?`], seed, 2),
        "Ask how it was, and share how to make the most of it.",
        bullets("One question: how was it?", f.prep.length > 1 && `A tip: ${lowerStart(f.prep[f.prep.length - 1]!, f.brand)}`, proofLine(f)),
        "Tell us how it went",
      ),
      { event: "pickup", direction: "after", minutes: D },
      lead,
    ),
  ];
  if (cycle)
    steps.push(
      step(
        "Email",
        Math.max(lead + 2 * D, (cycle - 2) * D),
        "the trigger",
        "replenish",
        pick([`Time for your next ${unit}?`, `Your next ${unit}`], seed, 3),
        `Invite the next ${unit} before the deadline, at the rhythm they buy (about ${formatDuration(cycle * D)}).`,
        bullets(`The deadline for the next ${unit}`, "One link to order again"),
        f.action.again,
      ),
    );
  return {
    trigger: triggerOf(f),
    exitRules: [`Places a second ${unit}: move to the regulars' flow`, "Unsubscribes or marks an email as spam"],
    strategy: `Timed from pickup: it confirms the ${unit}, reminds them the evening before, asks how it was the day after${cycle ? ` and invites the next ${unit}` : ""}.`,
    goal: `get the first ${unit} collected, and the next one placed`,
    steps,
  };
};

const trial: Builder = (f, seed) => {
  const days = trialDays(f);
  const timed = f.trial;
  const offer = offerFor(f, "onboarding", { incentiveOnly: true });
  const steps: PlannedStep[] = [
    step(
      "Email",
      0,
      "sign-up",
      "welcome",
      pick([`Welcome to ${f.brand}: your first step`, `You're in: start here`], seed, 1),
      "Welcome them and get them to the first useful result today.",
      bullets(f.prep[0] && `The first step: ${lowerStart(f.prep[0], f.brand)}`, f.product && `What ${f.brand} does: ${lowerStart(f.product, f.brand)}`, "Where to get help"),
      "Take the first step",
    ),
    step(
      "Email",
      D,
      "sign-up",
      "howto",
      pick(["Set up in three steps", `Getting started with ${f.brand}`], seed, 2),
      "Walk them through setup so they reach the first result.",
      bullets(f.prep[1] ? `Show: ${lowerStart(f.prep[1], f.brand)}` : "The three steps to a first result", f.questions[0] && `Answer: ${f.questions[0]}`),
      "Finish setting up",
    ),
    step(
      "Email",
      3 * D,
      "sign-up",
      "proof",
      pick([`What people say about ${f.brand}`, `Results from people like you`], seed, 3),
      "Show what others get from it, once they have tried it themselves.",
      bullets(proofLine(f), f.proof[1] && `Add: ${f.proof[1]}`),
      "See what they say",
    ),
  ];
  if (timed)
    steps.push(
      anchoredStep(
        step(
          "Email",
          0,
          "the end of the trial",
          "upgrade",
          "Your trial ends in 2 days",
          "Say plainly when the trial ends, what happens then, and how to keep going.",
          bullets("When the trial ends and what happens then", offer && `The offer exactly as given: ${offer.text}`, f.guarantee && `Reassure: ${f.guarantee}`),
          "Choose my plan",
        ),
        { event: "trial_end", direction: "before", minutes: 2 * D },
        days * D,
      ),
    );
  else
    steps.push(
      step(
        "Email",
        10 * D,
        "sign-up",
        "upgrade",
        pick(["Ready for more? Upgrade your plan", `Upgrade: what the next plan adds`], seed, 4),
        "Show what the paid plan adds, without pressure.",
        // Software without a trial is free to start: the paid plan adds to the free plan people are on.
        bullets("What the paid plan adds to the free plan", offer && `The offer exactly as given: ${offer.text}`),
        "See the plans",
      ),
    );
  return {
    trigger: triggerOf(f),
    exitRules: ["Buys a plan: move to the customer flows", "Unsubscribes or marks an email as spam"],
    strategy: timed
      ? `It starts at sign-up, gets them to a first result in the first days, and says plainly 2 days before the ${days}-day trial ends what happens next.`
      : "It starts at sign-up, gets them to a first result in the first days, and shows what the paid plan adds after about 10 days.",
    goal: "turn a sign-up into a paying customer",
    steps,
  };
};

/** A date that comes after the purchase and is still ahead: an installation, the wedding, the start of the cohort. */
function aheadBuilder(anchor: ModelAnchor, noun: string): Builder {
  return (f, seed, lead) => ({
    trigger: triggerOf(f),
    exitRules: ["Cancels or asks for a refund", "Unsubscribes or marks an email as spam"],
    strategy: `It thanks them at once, prepares them before ${noun}, and checks in after it.`,
    goal: `make the time up to ${noun} and the first weeks after it go well`,
    steps: [
      thanksStep(f, seed, `Thank them and set out what happens between now and ${noun}, step by step.`),
      anchoredStep(
        step(
          "Email",
          0,
          noun,
          "booked",
          `Getting ready for ${noun}`,
          `Prepare them for ${noun}: what to have ready, what happens, what they need to do.`,
          bullets(prepLine(f), f.questions[0] && `Answer: ${f.questions[0]}`),
          "See the details",
        ),
        { event: anchor, direction: "before", minutes: 3 * D, displayText: `3 days before ${noun}` },
        lead,
      ),
      anchoredStep(
        // An event is over once it has happened: it is asked about as past; an installation or a start goes on.
        anchor === "event_date"
          ? checkinStep(seed, `Check in a few days after ${noun}: how it went, and anything to follow up.`, noun)
          : checkinStep(seed, `Check in a few days after ${noun}, and catch any problem early.`),
        { event: anchor, direction: "after", minutes: 3 * D, displayText: `3 days after ${noun}` },
        lead,
      ),
      anchoredStep(reviewStep(f, seed), { event: anchor, direction: "after", minutes: 30 * D, displayText: `30 days after ${noun}` }, lead),
    ],
  });
}

/** The thing has begun at the trigger (a handover, a first day, a purchase): its first weeks, from the trigger. */
function startedBuilder(noun: string): Builder {
  return (f, seed) => ({
    trigger: triggerOf(f),
    exitRules: ["Cancels or asks for a refund", "Unsubscribes or marks an email as spam"],
    strategy: `It thanks them at once, helps with the first days after ${noun}, checks in after a week, and asks for a review after a month.`,
    goal: "make the first weeks go well, so they stay and tell others",
    steps: [
      thanksStep(f, seed, "Thank them and set out what to know for the first days, step by step."),
      step(
        "Email",
        2 * D,
        "the trigger",
        "howto",
        pick([`Your first days: what to know`, `Getting the most from the first weeks`], seed, 2),
        "Help them with the first days: what to do, who to ask.",
        bullets(f.prep[1] ? `What to know: ${lowerStart(f.prep[1], f.brand)}` : prepLine(f), f.questions[0] && `Answer: ${f.questions[0]}`),
        "See the details",
      ),
      step(
        "Email",
        7 * D,
        "the trigger",
        "checkin",
        pick([`How is it going?`, `How are the first days going?`], seed, 3),
        "Check in after the first week, and catch any problem early.",
        bullets("One question: how is it going?", "A reply goes to a real person"),
        "Tell us how it's going",
      ),
      step("Email", 30 * D, "the trigger", "checkin", ...reviewParts(f, seed)),
    ],
  });
}

function thanksStep(f: BusinessFacts, seed: number, purpose: string): PlannedStep {
  return step(
    "Email",
    0,
    "the trigger",
    "thanks",
    pick([`Thank you: what happens next`, `Thank you, and what happens next`], seed, 1),
    purpose,
    bullets(f.prep[0] && `Next: ${lowerStart(f.prep[0], f.brand)}`, "Who their contact is, and how to reach them"),
    "See what happens next",
  );
}

/** A check-in: how it is going, or, after a one-off event that is over (the wedding, the party), how it was. */
function checkinStep(seed: number, purpose: string, over?: string): PlannedStep {
  if (over)
    return step("Email", 0, "the date", "checkin", `How was ${over}?`, purpose, bullets("One question: how was it?", "A reply goes to a real person"), "Tell us how it went");
  return step(
    "Email",
    0,
    "the date",
    "checkin",
    pick([`How is it going?`, `How are the first days going?`], seed, 3),
    purpose,
    bullets("One question: how is it going?", "A reply goes to a real person"),
    "Tell us how it's going",
  );
}

/** A month in, a customer is asked for a review; a first-purchase guarantee no longer applies. */
function reviewParts(f: BusinessFacts, seed: number): [string, string, string, string] {
  return [
    pick([`A month in: how did we do?`, `A month in: a quick review?`], seed, 4),
    "Ask for a short review, a month in.",
    bullets("Ask for a short review", proofLine(f)),
    "Leave a review",
  ];
}

function reviewStep(f: BusinessFacts, seed: number): PlannedStep {
  return step("Email", 0, "the date", "checkin", ...reviewParts(f, seed));
}

const visit: Builder = (f, seed) => {
  const unit = f.unit;
  const cycle = f.cycleDays ? Math.min(60, Math.max(4, f.cycleDays)) : 14;
  return {
    trigger: triggerOf(f),
    exitRules: [`Comes back for a second ${unit}: move to the regulars' flow`, "Unsubscribes or marks an email as spam"],
    strategy: `It thanks them the day after the first ${unit}, shares the best of the place, and invites them back at the rhythm guests return (about ${formatDuration(cycle * D)}).`,
    goal: `turn a first ${unit} into regular ones`,
    steps: [
      step(
        "Email",
        H,
        "the first visit",
        "thanks",
        pick([`Thanks for coming in`, `Good to see you at ${f.brand}`], seed, 1),
        `Thank them for the first ${unit}.`,
        bullets(f.difference && `One thing to know: ${f.difference}`, proofLine(f)),
        "See what's on",
      ),
      step(
        "Email",
        3 * D,
        "the first visit",
        "checkin",
        pick([`How was your ${unit}?`, `How did we do?`], seed, 2),
        "Ask how it was.",
        bullets("One question: how was it?", "A reply goes to a real person"),
        "Tell us how it went",
      ),
      step(
        "Email",
        Math.max(5, cycle - 2) * D,
        "the first visit",
        "rebook",
        pick([`Come back soon`, `Your next ${unit}`], seed, 3),
        "Invite the next visit.",
        bullets(f.questions[0] && `Answer: ${f.questions[0]}`, "Opening times and where to find us"),
        f.action.again,
      ),
    ],
  };
};

const BUILDERS: Partial<Record<BusinessModel, Builder>> = {
  appointment,
  pickup,
  "saas-trial": trial,
  "local-visit": visit,
};

function datedBuilderOf(moment: Exclude<OnboardingMoment, { kind: "booked" }>): Builder {
  return moment.kind === "ahead" ? aheadBuilder(moment.anchor, moment.noun) : startedBuilder(moment.noun);
}

/** The onboarding plan for a business whose model has its own, or null (shops and subscriptions). */
export function anchoredOnboardingPlan(f: BusinessFacts, seed: number): Plan | null {
  // A venue people book ahead (an escape room, a class) is timed from the booked date, like an appointment.
  const booked = f.model === "local-visit" && /\bbook/i.test(f.onboardingStage);
  const moment = onboardingMoment(f);
  if (moment?.kind === "booked") f = withBookedUnit(f, moment.unit);
  const build = booked || moment?.kind === "booked" ? appointment : moment ? datedBuilderOf(moment) : BUILDERS[f.model];
  // An onboarding the owner starts at sign-up is a welcome series to the first conversion; a trial's sign-up is its first conversion.
  if (!build || (f.onboardingStart === "signup" && f.model !== "saas-trial")) return null;
  const anchor = moment?.kind === "ahead" ? moment.anchor : f.spec.anchor;
  const lead = anchor ? leadMinutes(f, anchor) : 0;
  const plan = build(f, seed, lead);
  return { ...plan, steps: [...plan.steps].sort((a, b) => a.offsetMinutes - b.offsetMinutes) };
}
