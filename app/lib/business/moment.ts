import { actionOf, type BusinessFacts } from "~/lib/business/facts";
import type { BusinessModel } from "~/lib/business/model";
import type { ModelAnchor } from "~/lib/business/model-specs";

/**
 * Where a dated business's onboarding stands when it starts, read from the owner's own answer to
 * "when does onboarding start" (decision 127). Models whose customers buy first and come later (a
 * handover, a start date, a first class) fall into one of three cases:
 *
 * - `booked`: it starts when a first session is booked ("after the design consultation is booked"),
 *   so it runs like an appointment's: prepare before it, ask after it.
 * - `ahead`: it starts at a purchase and a date follows weeks or months later ("contract signed, then
 *   6-10 weeks to install", "the wedding is 12-20 months away"), so it prepares them for that date.
 * - `started`: the thing itself has begun ("after the car is handed over", "first day as a member",
 *   "right after purchase"), so nothing is timed before a date that has already passed.
 */
export type OnboardingMoment = { kind: "booked"; unit: string } | { kind: "ahead"; anchor: ModelAnchor; noun: string } | { kind: "started"; noun: string };

/** The models whose onboarding turns on a date after the purchase. */
export const DATED_MODELS: readonly BusinessModel[] = ["high-ticket", "b2b-service", "course", "membership"];

/** A lead time in the owner's words: "6-10 weeks", "12-20 months away", "2 weeks later". */
const LEAD_TIME = /\b\d{1,2}\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?(?:day|week|month)s?\b/i;

/** "the design consultation is booked", "the first mock audit is booked", "the first session is booked". */
const BOOKED = /\b(?:the|their|a|your)\s+(?:first\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+)\s+(?:is|are|gets|has been)\s+(?:booked|scheduled)\b/;
/** "they book their first class", "books a fitting". */
const BOOKS = /\bbooks?\s+(?:their|a|the|your)\s+(?:first\s+)?((?:[a-z-]+\s+){0,1}[a-z-]+)\b/;

/** The date a purchase leads up to, and what it is called, from the words the owner used for it. */
const AHEAD_EVENTS: ReadonlyArray<{ words: RegExp; anchor: ModelAnchor; noun: (match: RegExpExecArray) => string }> = [
  { words: /\binstall(?:ation|ed|s)?\b/i, anchor: "handover", noun: () => "the installation" },
  { words: /\b(wedding|event|party|celebration|ceremony|trip|holiday|move|launch|opening)\b/i, anchor: "event_date", noun: (m) => `the ${m[1]!.toLowerCase()}` },
  {
    words: /\b(cohort|course|bootcamp|programme|program|term|class|sprint|training)\s+(?:itself\s+)?(?:starts|begins)\b/i,
    anchor: "start_date",
    noun: (m) => `the start of the ${m[1]!.toLowerCase()}`,
  },
  { words: /\b(?:deliver(?:y|ed)|hand(?:ed)?\s*over|handover|collection)\b/i, anchor: "handover", noun: () => "handover" },
  { words: /\bstart(?:s|ing)?\b|\bstart date\b|\bbegins?\b/i, anchor: "start_date", noun: () => "the start date" },
];

/** "book Fondations": a session the owner calls by its own name, with the word the answers use for a session ("Fondations class"). */
function namedSession(f: Pick<BusinessFacts, "onboardingStage" | "answerText">): string | null {
  const name = /\bbooks?\s+(?:their\s+|a\s+|the\s+|your\s+)?(?:first\s+)?(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u.exec(f.onboardingStage)?.[1];
  if (!name) return null;
  const word = /\b(class|session|lesson|consultation|appointment)(?:es|s)?\b/i.exec(f.answerText)?.[1]?.toLowerCase();
  return word && !name.toLowerCase().includes(word) ? `${name} ${word}` : name;
}

/** What the first weeks are called once the thing has begun, per model. */
const STARTED_NOUN: Partial<Record<BusinessModel, string>> = {
  "high-ticket": "handover",
  "b2b-service": "the start of the work",
  course: "starting",
  membership: "joining",
};

/** Where the onboarding stands for a dated model; null for every other model. */
export function onboardingMoment(f: Pick<BusinessFacts, "model" | "onboardingStage" | "spec" | "answerText">): OnboardingMoment | null {
  if (!DATED_MODELS.includes(f.model)) return null;
  const stage = f.onboardingStage.toLowerCase();
  const booked = BOOKED.exec(stage) ?? BOOKS.exec(stage);
  if (booked && !/\bfree\b/.test(booked[1]!)) return { kind: "booked", unit: booked[1]!.trim() };
  const named = namedSession(f);
  if (named) return { kind: "booked", unit: named };
  const started = STARTED_NOUN[f.model] ?? "the start";
  if (!stage) return { kind: "ahead", anchor: f.spec.anchor ?? "start_date", noun: f.spec.anchor === "handover" ? "handover" : "the start date" };
  if (!LEAD_TIME.test(stage)) return { kind: "started", noun: started };
  for (const event of AHEAD_EVENTS) {
    const match = event.words.exec(stage);
    if (match) return { kind: "ahead", anchor: event.anchor, noun: event.noun(match) };
  }
  return { kind: "ahead", anchor: f.spec.anchor ?? "start_date", noun: "the start date" };
}

/** The facts with the booked session as the unit ("design consultation"), for an onboarding that starts at its booking. */
export function withBookedUnit(f: BusinessFacts, unit: string): BusinessFacts {
  return { ...f, unit, kind: "service", action: { ...actionOf(f.spec, unit), first: `first ${unit}`, verb: "book" } };
}

/** The facts an onboarding flow is written from: a booked session becomes the unit. */
export function onboardingFacts(f: BusinessFacts): BusinessFacts {
  const moment = onboardingMoment(f);
  return moment?.kind === "booked" ? withBookedUnit(f, moment.unit) : f;
}
