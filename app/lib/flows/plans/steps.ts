import { type BusinessFacts, lowerStart, type Offer } from "~/lib/business/facts";
import type { ModelAnchor } from "~/lib/business/model-specs";
import type { StepType } from "~/lib/flow-types";
import type { TouchpointAngle } from "~/lib/flows/angles";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * The pieces every plan is built from: a step, its brief as bullets, the fallback brief for an
 * angle the business gave no fact for, and a step timed from a date (the appointment, pickup, the
 * end of the trial) rather than from the trigger.
 */

export interface PlannedStep extends DraftTouchpoint {
  /** Set when the step is timed from a date the business has, not from the trigger. */
  anchor?: StepAnchor;
  /** What the step is for (welcome, proof, offer…): it picks the brief when the business gave no fact for it. */
  angle: TouchpointAngle;
}

export interface Plan {
  trigger: string;
  exitRules: string[];
  /** One sentence on how the plan fits this business, for the flow's overview ("Timed to the buying cycle: …"). */
  strategy: string;
  /** The flow's goal when it is not the flow type's usual one (an onboarding that starts at the first booking). */
  goal?: string;
  steps: PlannedStep[];
}

/** A step timed from a date: "2 hours before the appointment", "3 days after pickup". */
export interface StepAnchor {
  event: ModelAnchor;
  direction: "before" | "after";
  minutes: number;
  /** The sentence shown when the generated phrase would not read well ("The evening before pickup"). */
  displayText?: string;
}

export const H = MINUTES_PER_HOUR;
export const D = MINUTES_PER_DAY;

export function pick<T>(options: readonly T[], seed: number, salt: number): T {
  return options[(seed + salt * 7919) % options.length]!;
}

/**
 * The objection as a key message: "The worry that deep-tissue massage will hurt", "The worry about
 * being locked into a subscription" when the answer already names it a worry or a fear, else
 * "The worry: the price".
 */
export function worryLine(objection: string, brand: string, lead = "The worry"): string {
  // A long run of worries is the owner's own words: quoted whole, never spliced into the line.
  if (wordsIn(objection) >= QUOTE_WORDS) return `${lead}, in their words: "${objection.replace(/^"|"$/g, "")}"`;
  const named = /^(?:worr(?:y|ies|ied)|fears?|afraid|concerns?|concerned|nervous)\s+(about|that|of)\s+(.+)$/i.exec(objection.trim());
  return named ? `${lead} ${named[1]!.toLowerCase()} ${named[2]}` : `${lead}: ${lowerStart(objection, brand)}`;
}

export function bullets(...lines: Array<string | false | null | undefined>): string {
  return lines
    .filter((line): line is string => !!line)
    .slice(0, 5)
    .map((line) => `• ${line}`)
    .join("\n");
}

/** "the offer (15% off your first order, code WELCOME15)" for a brief. */
export function offerBrief(offer: Offer): string {
  const code = offer.code && !offer.text.includes(offer.code) ? ` (code ${offer.code})` : "";
  // A long offer is quoted, so it reads as the owner's exact words and not as a sentence of the brief.
  return wordsIn(offer.text) >= QUOTE_WORDS ? `"${offer.text}"${code}` : `${offer.text}${code}`;
}

/** An answer this long is quoted in a brief rather than run into its sentence. */
const QUOTE_WORDS = 11;

function wordsIn(text: string): number {
  return text.split(/[\s-]+/).filter(Boolean).length;
}

export function unitOf(facts: BusinessFacts): string {
  return facts.action.first.replace(/^first /, "");
}

/** The brief when the business gave no fact for the step: what a writer should find out and use. */
const FALLBACK_BRIEF: Record<TouchpointAngle, string[]> = {
  welcome: ["Who the business is, in one line", "What the emails will bring, and how often"],
  story: ["Why the business started, in three or four sentences", "The one thing it does differently"],
  howto: ["The three steps from choosing to the first result", "The question asked most before buying, answered"],
  proof: ["Two or three short reviews with first names", "A rating, a count of customers or a press mention"],
  objection: ["The two questions asked most before buying, answered plainly", "How to reach a real person"],
  offer: ["One clear next step", "Why now is a good moment"],
  urgency: ["Say plainly that this is the last reminder", "One clear next step"],
  cart: ["What was left behind", "How to finish in a minute"],
  reminder: ["One reason to act now", "One short link"],
  thanks: ["Confirm what happens next", "Who to contact with questions"],
  booked: ["When and where the booking is", "What to bring or how to prepare"],
  checkin: ["One question: how is it going?", "A reply goes to a real person"],
  replenish: ["Reorder in one click", "When the last one is likely to run out"],
  rebook: ["Invite the next visit", "Link straight to open times"],
  crosssell: ["Two or three things that go with the first purchase", "Why they go together"],
  upgrade: ["What the next level adds", "What it costs compared with now"],
  referral: ["One link to pass on to a friend", "Why a recommendation is the best thanks"],
  reactivation: ["A reminder of what the business does", "One link to change how often they hear from the business"],
  goodbye: ["One click keeps them on the list", "Otherwise this is the last email"],
  magnet: ["Deliver what they asked for", "What the next emails will bring"],
  education: ["One useful idea they can act on today", "How the business helps with it"],
};

export function step(
  channel: StepType,
  offsetMinutes: number,
  afterWhat: string,
  angle: TouchpointAngle,
  title: string,
  primaryGoal: string,
  keyMessages: string,
  callToAction: string,
): PlannedStep {
  const brief = keyMessages.split("\n").length >= 2 ? keyMessages : bullets(...keyMessages.split("\n").map((l) => l.replace(/^• /, "")), ...FALLBACK_BRIEF[angle]);
  return {
    stepType: channel,
    offsetMinutes,
    timingText: offsetMinutes === 0 ? `Immediately after ${afterWhat}` : `${formatDuration(offsetMinutes)} after ${afterWhat}`,
    angle,
    title,
    primaryGoal,
    keyMessages: brief,
    callToAction,
  };
}

/** The first review to quote, or a proof line. */
export function proofLine(facts: BusinessFacts): string | null {
  if (facts.reviews[0]) return `Quote a customer: "${facts.reviews[0]}"`;
  if (facts.proof[0]) return `Lead with the proof: ${facts.proof[0]}`;
  return null;
}

export function smsStep(facts: BusinessFacts, offset: number, afterWhat: string, angle: TouchpointAngle, title: string, purpose: string, cta: string): PlannedStep {
  return step("SMS", offset, afterWhat, angle, title, purpose, bullets(`Open with "${facts.brand}:"`, purpose, "One short link, then 'Reply STOP to opt out'"), cta);
}

const ANCHOR_PHRASES: Record<ModelAnchor, string> = {
  appointment: "the appointment",
  pickup: "pickup",
  trial_end: "the end of the trial",
  handover: "handover",
  start_date: "the start date",
  event_date: "the event",
  delivery: "delivery",
};

/** "2 hours before the appointment", "1 day after pickup". */
export function anchorText(anchor: StepAnchor): string {
  if (anchor.displayText) return anchor.displayText;
  const phrase = ANCHOR_PHRASES[anchor.event];
  return anchor.minutes === 0 ? `On the day of ${phrase}` : `${formatDuration(anchor.minutes)} ${anchor.direction} ${phrase}`;
}

/**
 * A step timed from a date. `leadMinutes` is how long after the trigger the date usually falls: it
 * places the step among the others (its estimated offset), while its timing stays tied to the date.
 */
export function anchoredStep(base: PlannedStep, anchor: StepAnchor, leadMinutes: number): PlannedStep {
  const estimate = anchor.direction === "before" ? leadMinutes - anchor.minutes : leadMinutes + anchor.minutes;
  return { ...base, offsetMinutes: Math.max(MINUTES_PER_HOUR, Math.round(estimate / MINUTES_PER_HOUR) * MINUTES_PER_HOUR), timingText: anchorText(anchor), anchor };
}
