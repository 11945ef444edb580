import { inflectionsOf } from "~/lib/business/brand-words";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * What a business says it does not do or offer, anywhere in its answers: "we DON'T deliver",
 * "no takeout", "Do you see exotics? (no, only dogs and cats)", "collection only", "online only".
 * Conservative: only a clear denial about the business's own service counts. A scope ("we don't
 * ship to Ireland"), a benefit ("no card needed", "no contracts"), the customer's own thing ("we
 * never sell your data") and what customers wrote are left alone. The copy must not name these
 * words at all, not even in a negation: it says what the business does instead. Pure.
 */

/** Fulfilment verbs: denying one denies its whole family ("we don't deliver" → "delivery"). */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  deliver: ["deliver", "delivers", "delivered", "delivering", "delivery", "deliveries"],
  ship: ["ship", "ships", "shipped", "shipping", "shipment", "shipments"],
  post: ["post", "posts", "posted", "posting", "postage"],
  courier: ["courier", "couriers", "couriered"],
};

/** A fulfilment noun's verb ("delivery" → "deliver"). */
const FAMILY_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(FAMILIES).flatMap(([verb, forms]) => forms.map((f) => [f, verb])));

const OBJECT_VERBS = "sell|offer|do|see|stock|provide|carry|take|accept|have|treat|serve|cover";
const VERBS = `${Object.keys(FAMILIES).join("|")}|${OBJECT_VERBS}`;
const DENY = String.raw`(?:do\s*n[o']?t|dont|never|no longer|won'?t|can'?t|cannot|will not)\s+(?:really\s+|actually\s+|currently\s+|even\s+|ever\s+)?`;
const WE_DONT = new RegExp(String.raw`\b(?:we|i)\s+${DENY}(${VERBS})\b((?:\s+(?:or|and|nor)\s+(?:${VERBS})\b)*)(.*)$`, "i");
const STOPPED = /\b(?:we|i)\s+(?:stopped|quit|no longer)\s+(?:doing|offering|selling|do|offer|sell)\s+(.+)$/i;
const FAQ = new RegExp(String.raw`\b(?:do|does|can|will)\s+(?:you|u|ya)\s+(${VERBS})\b\s*([^?()]{1,40}?)\s*\??\s*\(\s*(?:no|nope|nah)\b(?!\s*(?:problem|worries|need))`, "gi");
const ONLY = /\b(pick[- ]?up|collection(?: in[- ]store| in person)?|click (?:and|&) collect|in[- ]store (?:pick[- ]?up|collection)|dine[- ]in|online)\s+only\b/gi;

/** What "X only" rules out. */
const ONLY_RULES_OUT: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^(?:pick|collect|click|in[- ]store)/i, [...FAMILIES.deliver!, ...FAMILIES.ship!]],
  [/^dine/i, ["takeout", "takeaway", ...FAMILIES.deliver!]],
  [/^online/i, ["in-person", "in person"]],
];

/** The next word says the denial has a scope: a place, a day, a limit. */
const SCOPE =
  /^\s*(?:to|outside|abroad|overseas|internationally|international|on|at|before|after|until|beyond|over|under|in|within|across|during|every|except|unless|more|less|same|next)\b/i;
/** The denial is about part of what is sold: "we don't sell cabinets on their own". */
const QUALIFIED = /\b(?:on (?:its|their) own|alone|separately|by (?:itself|themselves)|individually|except|unless|apart from|other than|only)\b/i;
const NOT_A_THING = /^(?:it|that|this|those|these|them|anything|everything|something|much|many|all|one|a lot|stuff|things?|any|either|so|well|too|yet)$/i;
/** Denials that are selling points, not missing services: "no contracts", "no card needed". */
const BENEFIT =
  /\b(?:contracts?|commitments?|fees?|minimums?|lock[- ]?ins?|catch|hassle|queues?|wait\w*|pressure|judg\w*|surprises?|risk|obligations?|strings|cards?|card details|set[- ]?up|haggl\w*|commissions?|billing|ads|adverts|costs?|charges?|experience|middlem[ae]n|mark[- ]?ups?|limits?|deadlines?|need|needs|needed|required|necessary|problem|worries|stress|fuss|jargon)\b/i;

/** The short things named in a denial's object: "packages or blocks of lessons" → both; "" when it is a pronoun or a scope. */
function thingsOf(rest: string): string[] {
  const text = rest
    .replace(/\([^)]*\)?/g, " ")
    .replace(/\s+of\s+(?=\p{Lu}).*$/u, "")
    .trim();
  if (!text || QUALIFIED.test(text) || /^(?:your|their|his|her|my)\b/i.test(text)) return [];
  const cut = text
    .replace(/\s*\b(?:anymore|any more|yet|anywhere|either|at the moment|right now|at all|ever|never have|never|now|sorry|please|option|options)\b.*$/i, "")
    .replace(/(\S)\s+(?:on|in|at|for|to|with|from|by|because|unless|except|so|but|as|if|when|since|during|after|before|until|without|like|just)\b.*$/i, "$1");
  return cut
    .split(/\s*(?:,|\/|\bor\b|\band\b|\bnor\b)\s*/i)
    .map((p) =>
      p
        .replace(/^(?:a|an|the|any|our)\s+/i, "")
        .replace(/[.!?,;:]+$/, "")
        .trim(),
    )
    .filter((p) => p && p.split(/\s+/).length <= 4 && !NOT_A_THING.test(p.split(/\s+/)[0]!) && /\p{L}{2,}/u.test(p));
}

/** The words a denied thing stands for: a fulfilment family, else the thing with its number forms ("free trial" also "trial"). */
function wordsFor(thing: string): string[] {
  const lower = thing.toLowerCase();
  const family = FAMILY_OF[lower];
  if (family) return [...FAMILIES[family]!];
  const bare = lower.replace(/^free\s+/, "");
  return [...new Set([...inflectionsOf(lower), ...(bare !== lower ? inflectionsOf(bare) : [])])];
}

/** "we don't V …" in one clause: a fulfilment verb denies its family unless scoped; another verb denies its object. */
function fromDenial(clause: string): string[] {
  const match = WE_DONT.exec(clause);
  if (!match) return [];
  const verbs = [match[1]!, ...(match[2]!.match(new RegExp(`\\b(?:${VERBS})\\b`, "gi")) ?? [])].map((v) => v.toLowerCase());
  const rest = match[3] ?? "";
  const out: string[] = [];
  for (const verb of verbs) {
    if (FAMILIES[verb]) {
      if (!SCOPE.test(rest)) out.push(...FAMILIES[verb]!);
    } else out.push(...thingsOf(rest).flatMap(wordsFor));
  }
  return out;
}

/** A field's clauses: sentences, split again at commas, dashes and "and we". */
function clausesOf(text: string): string[] {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .split(/(?<=[.!?])\s+|\n+|[;:\u2014\u2013]|\s-\s|,\s*|\s+(?:and|but|so)\s+(?=(?:we|i)\b)/i)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** "NO takeout", "no subscription option yet": a clause that is only a denial, in the fields that describe the business. */
function fromBareNo(clause: string): string[] {
  const match = /^no\s+(.+)$/i.exec(clause.replace(/[.!?]+$/, ""));
  if (!match || BENEFIT.test(match[1]!)) return [];
  return thingsOf(match[1]!).flatMap(wordsFor);
}

/** "Do you see exotics? (no, only dogs and cats)": a customer's question the business answers no. */
function fromQuestions(text: string): string[] {
  const out: string[] = [];
  for (const match of text.replace(/[\u2018\u2019]/g, "'").matchAll(FAQ)) {
    const verb = match[1]!.toLowerCase();
    if (FAMILIES[verb]) {
      if (!SCOPE.test(match[2]!)) out.push(...FAMILIES[verb]!);
    } else out.push(...thingsOf(match[2]!).flatMap(wordsFor));
  }
  return out;
}

function fromOnly(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(ONLY)) {
    for (const [pattern, words] of ONLY_RULES_OUT) if (pattern.test(match[1]!)) out.push(...words);
  }
  return out;
}

/** "(you're NOT actually locked in!!)": the owner denies what people fear, so the copy never names it, even to deny it. */
const MYTH =
  /\b(?:you're|you are|they're|they are|nobody is|no one is|nobody gets|no one gets)\s+(?:not|never)\s+(?:actually|really|ever)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s*(?=[).!,;?]|$)/gi;

function fromMyths(text: string): string[] {
  return [...text.replace(/[\u2018\u2019]/g, "'").matchAll(MYTH)].flatMap((match) => wordsFor(match[1]!));
}

/** Fields where a business describes itself (a bare "No X" there is a missing service, not a benefit). */
const DESCRIBING: ReadonlyArray<keyof QuestionnaireAnswers> = ["businessOperationDescription", "productServiceDescription", "purchaseMethod"];
/** Fields never read for denials: the voice (its own rules), customers' words, reasons not to buy, selling points and offers. */
const NOT_READ = new Set<string>([
  "brandVoicePositioning",
  "customerFeedback",
  "topReasonsNotToBuy",
  "competitiveDifferentiation",
  "competitiveAdvantageReasons",
  "onboardingSpecialOffers",
  "specificLeadOffer",
]);

function textOf(value: unknown): string {
  return Array.isArray(value) ? value.join("\n") : String(value ?? "");
}

/** Every term the business says it does not do or offer, in lower case, with its inflections. */
export function negatedTermsOf(answers: Partial<QuestionnaireAnswers>): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(answers)) {
    const text = textOf(value);
    out.push(...fromMyths(text));
    if (NOT_READ.has(field)) continue;
    const clauses = clausesOf(text);
    out.push(...clauses.flatMap(fromDenial), ...fromQuestions(text), ...fromOnly(text));
    out.push(...clauses.flatMap((c) => (STOPPED.exec(c) ? thingsOf(STOPPED.exec(c)![1]!).flatMap(wordsFor) : [])));
    if ((DESCRIBING as readonly string[]).includes(field)) out.push(...clauses.flatMap(fromBareNo));
  }
  return [...new Set(out.map((t) => t.toLowerCase()))];
}

const NEVER_DISCOUNT =
  /\b(?:never|don'?t|dont|do not|won'?t|will not|doesn'?t)\s+(?:really\s+|ever\s+)?(?:do\s+|offer\s+|give\s+|run\s+|have\s+)?(?:any\s+)?(?:discount(?:s|ing)?|sales|deals|coupons?|promo(?:tion)?s|markdowns)\b(?![^.;]*\b(?:except|apart from|other than|unless|but)\b)/i;
const NO_DISCOUNTS = /\bno\s+(?:discount(?:s)?|sales|deals|coupons?|promo(?:tion)?s)\b(?!\s+(?:codes?\s+)?(?:for|on|except|other|apart|unless|to|this|right now|at the moment))/i;

/** The owner says they never discount ("We never discount", "NO. WE DO NOT DO DISCOUNTS"), with no exception. */
export function noDiscountsIn(text: string): boolean {
  const plain = text.replace(/[\u2018\u2019]/g, "'");
  return NEVER_DISCOUNT.test(plain) || NO_DISCOUNTS.test(plain);
}
