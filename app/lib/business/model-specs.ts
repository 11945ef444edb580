import type { BusinessModel } from "~/lib/business/model";

/**
 * What each business model means for its flows, in one record: the words it uses and never uses,
 * the event its later steps are timed from, what "abandoned" means, which follow-ups exist, its
 * calls to action and exit rules. The planner and the writer read these instead of assuming a web
 * shop. The words each model never uses live beside the brand's own banned words
 * (lib/business/model-words.ts), so one pass holds copy to both. Pure and client-safe.
 */

/** The four kinds the copy is written for (what the business hands over: goods, deliveries, a service, software). */
export type BusinessKind = "product" | "subscription" | "service" | "digital";

/** The date a model's steps can be timed from, besides the trigger. */
export type ModelAnchor = "appointment" | "pickup" | "trial_end" | "handover" | "start_date" | "event_date" | "delivery";

export interface ModelSpec {
  kind: BusinessKind;
  /** Units the owner may call the thing bought, most specific first; the first one found in the answers wins. */
  units: readonly string[];
  /** The unit when the answers name none. */
  defaultUnit: string;
  /** What the first conversion is called: "first order", "first visit"; `{unit}` is replaced. */
  first: string;
  /** Who buys, when the owner names nobody: "customers", "clients", "members". */
  people: string;
  /** The date later steps can be timed from, or null when every step runs from the trigger. */
  anchor: ModelAnchor | null;
  /** What an abandoned checkout is for this model: "booking", "sign-up", "pre-order", "cart". */
  abandoned: string;
  /** Replenishment ("time to reorder") exists: consumables on a cycle. */
  replenishes: boolean;
  /** Rebooking ("time for your next visit") exists: recurring services. */
  rebooks: boolean;
  /** Calls to action: first conversion, coming back, finishing what was left. `{unit}` is replaced. */
  cta: { first: string; again: string; finish: string };
  /** What the exit rule says when the contact converts. */
  exit: string;
  /** The trigger when onboarding starts at the first conversion. */
  firstTrigger: string;
  /** The trigger for an upsell: the moment a customer has been served. */
  servedTrigger: string;
}

export const MODEL_SPECS: Readonly<Record<BusinessModel, ModelSpec>> = {
  shop: {
    kind: "product",
    units: ["order"],
    defaultUnit: "order",
    first: "first order",
    people: "customers",
    anchor: null,
    abandoned: "cart",
    replenishes: true,
    rebooks: false,
    cta: { first: "Shop now", again: "Shop again", finish: "Return to my cart" },
    exit: "Places an order",
    firstTrigger: "Places a first order.",
    servedTrigger: "Places an order.",
  },
  subscription: {
    kind: "subscription",
    units: ["box", "bag", "supply", "delivery", "plan"],
    defaultUnit: "delivery",
    first: "first {unit}",
    people: "subscribers",
    anchor: null,
    abandoned: "plan",
    replenishes: false,
    rebooks: false,
    cta: { first: "Choose my plan", again: "Manage my plan", finish: "Finish choosing my plan" },
    exit: "Starts a plan",
    firstTrigger: "Starts a plan (first payment), before the first {unit} arrives.",
    servedTrigger: "Receives a {unit}.",
  },
  appointment: {
    kind: "service",
    units: ["wellness exam", "treatment", "massage", "session", "lesson", "exam", "consultation", "assessment", "appointment", "visit"],
    defaultUnit: "appointment",
    first: "first {unit}",
    people: "clients",
    anchor: "appointment",
    abandoned: "booking",
    replenishes: false,
    rebooks: true,
    cta: { first: "Book your {unit}", again: "Book your next {unit}", finish: "Finish my booking" },
    exit: "Books a {unit}",
    firstTrigger: "Books a first {unit}.",
    servedTrigger: "Completes a {unit}.",
  },
  "local-visit": {
    kind: "service",
    units: ["wash", "day pass", "dinner", "table", "game", "room", "visit"],
    defaultUnit: "visit",
    first: "first visit",
    people: "guests",
    anchor: null,
    abandoned: "booking",
    replenishes: false,
    rebooks: true,
    cta: { first: "Plan my visit", again: "Plan my next visit", finish: "Finish my booking" },
    exit: "Visits (checks in or pays)",
    firstTrigger: "Makes a first visit and gives an email address.",
    servedTrigger: "Visits.",
  },
  pickup: {
    kind: "product",
    units: ["pre-order", "click & collect order", "collection order", "order"],
    defaultUnit: "order",
    first: "first {unit}",
    people: "customers",
    anchor: "pickup",
    abandoned: "{unit}",
    replenishes: true,
    rebooks: false,
    cta: { first: "Place my {unit}", again: "Order again for pickup", finish: "Finish my {unit}" },
    exit: "Places a {unit}",
    firstTrigger: "Places a first {unit}.",
    servedTrigger: "Collects a {unit}.",
  },
  "high-ticket": {
    kind: "service",
    units: ["test drive", "design consultation", "viewing", "site visit", "consultation", "quote", "visit"],
    defaultUnit: "consultation",
    first: "{unit}",
    people: "customers",
    anchor: "handover",
    abandoned: "enquiry",
    replenishes: false,
    rebooks: false,
    cta: { first: "Book a {unit}", again: "Talk to us again", finish: "Finish my enquiry" },
    exit: "Books a {unit} or buys",
    firstTrigger: "Buys (the deposit or contract is signed).",
    servedTrigger: "Takes delivery (handover).",
  },
  "saas-trial": {
    kind: "digital",
    units: ["free plan", "trial", "account"],
    defaultUnit: "trial",
    first: "{unit}",
    people: "users",
    anchor: "trial_end",
    abandoned: "sign-up",
    replenishes: false,
    rebooks: false,
    cta: { first: "Start my free trial", again: "Log back in", finish: "Finish my sign-up" },
    exit: "Becomes a paying customer (buys a plan)",
    firstTrigger: "Signs up (starts the trial or the free plan).",
    servedTrigger: "Buys a plan.",
  },
  "b2b-service": {
    kind: "service",
    units: ["discovery call", "walk-through", "audit", "mock inspection", "call"],
    defaultUnit: "call",
    first: "{unit}",
    people: "clients",
    anchor: "start_date",
    abandoned: "enquiry",
    replenishes: false,
    rebooks: false,
    cta: { first: "Book a {unit}", again: "Talk to us", finish: "Finish my enquiry" },
    exit: "Books a {unit} or signs an agreement",
    firstTrigger: "Signs the agreement.",
    servedTrigger: "Becomes a client (the work starts).",
  },
  course: {
    kind: "digital",
    units: ["bootcamp", "cohort", "course", "coaching", "programme", "program", "session"],
    defaultUnit: "course",
    first: "{unit}",
    people: "students",
    anchor: "start_date",
    abandoned: "enrolment",
    replenishes: false,
    rebooks: false,
    cta: { first: "Join the {unit}", again: "See what's next", finish: "Finish enrolling" },
    exit: "Enrols (buys or is accepted)",
    firstTrigger: "Enrols (pays or is accepted).",
    servedTrigger: "Finishes the {unit}.",
  },
  membership: {
    kind: "service",
    units: ["membership", "class", "trial class", "trial day", "visit"],
    defaultUnit: "membership",
    first: "first visit",
    people: "members",
    anchor: "start_date",
    abandoned: "sign-up",
    replenishes: false,
    rebooks: false,
    cta: { first: "Join now", again: "Book my next class", finish: "Finish joining" },
    exit: "Joins (starts a membership)",
    firstTrigger: "Joins (starts a membership).",
    servedTrigger: "Completes the first month as a member.",
  },
};

/** A spec text with the business's unit in it ("Book your {unit}" → "Book your treatment"). */
export function withUnit(text: string, unit: string): string {
  return text.replace(/\b([Aa]) \{unit\}/g, (_m, a: string) => `${withArticle(unit, a === "A")}`).replace(/\{unit\}/g, unit);
}

/** "a booking", "an enquiry", "an order", "a user", "an hour": the article a word's sound takes. */
export function withArticle(noun: string, capital = false): string {
  const vowelSound = /^(?:[aeio]|u(?!s[aeiu]|ni|ro|ti)|hour|honest|heir)/i.test(noun) && !/^(?:one|once|eu)/i.test(noun);
  const article = vowelSound ? "an" : "a";
  return `${capital ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${noun}`;
}

/** The owner's own word for the unit: the first of the model's units the answers use, else its default. */
export function unitIn(spec: ModelSpec, text: string): string {
  const lower = text.toLowerCase();
  let best: { unit: string; at: number } | null = null;
  for (const unit of spec.units) {
    // A unit only ever bought once ("new patient exam", "initial assessment") is not what people come back for.
    const at = lower.search(new RegExp(`(?<!(?:new patient|initial|intro|introductory|first|trial) )\\b${unit.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}s?\\b`));
    // The most specific unit the owner wrote wins; among equals, the one written first.
    if (at !== -1 && (!best || spec.units.indexOf(unit) < spec.units.indexOf(best.unit))) best = { unit, at };
  }
  return best?.unit ?? (spec.kind === "service" ? bookedNoun(lower) : null) ?? spec.defaultUnit;
}

/** Words a booking is made for that say nothing of what is booked ("book a time", "book a slot"). */
const NOT_A_UNIT = new Set(["time", "slot", "place", "spot", "date", "day", "space", "seat", "call", "free", "first", "new"]);

/** What the owner says people book, when none of the model's words is used: "book a tour" → "tour". */
function bookedNoun(text: string): string | null {
  for (const match of text.matchAll(/\bbook(?:s|ed|ing)?\s+(?:a|an|the|your|their)\s+([a-z][a-z-]{2,20})\b/g)) {
    const noun = match[1]!.replace(/s$/, "");
    if (!NOT_A_UNIT.has(noun)) return noun;
  }
  return null;
}

/** Whole-word test for a term in a text, case-insensitive. */
export function hasTerm(text: string, term: string): boolean {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}
