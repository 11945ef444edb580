import type { FlowType } from "~/lib/flow-types";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

import type { CorpusOffer } from "../corpus";
import { allTexts, snippet, termPattern, type TextUnit } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `offers`: every offer the flows mention is one the business gave, in a flow it belongs to.
 * An offer is a shape, not a price: an amount or percentage followed by off, discount, credit or
 * saving ("£5 off", "10% discount", "$250 … credited"), a "save/get/give $X", "$X instead of $Y",
 * half price, "N months free", a code after "code" or "use" (or a token like SAVE20 the answers
 * never wrote), and, for placement and for "never discounts", a free item ("free consultation",
 * "first bag free", "on us"). "£5.50 a loaf" is a price and no offer; "[YOUR DISCOUNT CODE]" is a
 * marked placeholder and no code; "a free plan" is freemium software's pricing tier and no free item
 * (a "free plan review" is one). In a trigger or exit rule, what the flow starts or ends after ("After
 * the free call") is a step already taken, not an offer made.
 */

export type MentionKind = "percent" | "amount" | "deal" | "code" | "free";

export interface OfferMention {
  kind: MentionKind;
  /** The words as matched. */
  text: string;
  /** "$50", "10%", "half price", "2 months free", a code, or the words after "free". */
  key: string;
  index: number;
}

const MONEY = String.raw`[$£€]\s?\d+(?:,\d{3})*(?:\.\d{1,2})?`;
const PATTERNS: Array<{ kind: MentionKind; pattern: RegExp; key: (m: RegExpExecArray) => string }> = [
  { kind: "percent", pattern: /(\d{1,3}(?:\.\d+)?)\s?%\s*(?:off|discount|saving|savings|less|cheaper|reduction)\b/gi, key: (m) => `${m[1]}%` },
  { kind: "percent", pattern: /\b(?:save|saving|get|take|extra)\s+(?:up to\s+)?(\d{1,3}(?:\.\d+)?)\s?%/gi, key: (m) => `${m[1]}%` },
  {
    kind: "amount",
    pattern: new RegExp(String.raw`(${MONEY})(?:\s?\/\s?[a-z]+)?\)?\s+(?:off|discount|credit|credited|back|cashback|saving|savings|voucher|rebate|towards)\b`, "gi"),
    key: (m) => m[1]!,
  },
  { kind: "amount", pattern: new RegExp(String.raw`(${MONEY})\)?(?:\s+[\w-]+){0,3}?\s+(?:credited|waived|voucher|gift card|visa card)\b`, "gi"), key: (m) => m[1]! },
  { kind: "amount", pattern: new RegExp(String.raw`\b(?:save|get|give|earn|claim)\s+(?:an?\s+)?(?:extra\s+)?(${MONEY})`, "gi"), key: (m) => m[1]! },
  { kind: "amount", pattern: new RegExp(String.raw`(${MONEY})\s+instead of\s+[$£€]`, "gi"), key: (m) => m[1]! },
  { kind: "deal", pattern: /\bhalf[- ]price\b|\bhalf off\b/gi, key: () => "half price" },
  { kind: "deal", pattern: /\b(?:first|one|two|three|\d+)\s+(?:months?|weeks?)\s+(?:for\s+)?free\b/gi, key: (m) => m[0].toLowerCase() },
  {
    kind: "free",
    pattern:
      /(?<![-\p{L}])(?<!feel )free\s+(?!(?:to|of|from|time|and|or|for|up|with|in|on|at|any|anytime|it|you|yourself|them)\b)(?!(?:plan|tier|version|account)s?\b(?![ -](?:review|check|audit|session|call|consultation)s?\b))([\p{L}\d][\p{L}\d'’-]*(?:\s+[\p{L}\d][\p{L}\d'’-]*){0,2})/giu,
    key: (m) => m[1]!.toLowerCase(),
  },
  { kind: "free", pattern: /\b(?:first|one|two|\d+)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:is\s+|are\s+)?free\b/giu, key: (m) => m[0].toLowerCase() },
  { kind: "free", pattern: /\b(?:on us|on the house|complimentary)\b/gi, key: (m) => m[0].toLowerCase() },
];

/** A code written after "code", "coupon" or "promo"; after "use" only when the answers never wrote the word. */
const AFTER_CODE = /\b(?:code|coupon|promo)\s*:?\s*["'“‘]?([A-Z0-9][A-Z0-9-]{3,})\b/g;
const AFTER_USE = /\buse\s+["'“‘]?([A-Z][A-Z0-9]{3,})\b/g;
/** Letters then digits in capitals (SAVE20), the shape of a code, when the answers never wrote it (SPF40 is a product). */
const CODE_SHAPE = /\b[A-Z]{2,}[0-9]{1,4}\b/g;
/** The text before a mention in a trigger or exit rule that makes it the event the flow follows: "After the ", "once they've had their ". */
const AFTER_EVENT = /\b(?:after|once|following)\s+(?:they(?:'ve| have)\s+(?:had|taken|done|booked)\s+)?(?:(?:the|their|a|an|your)\s+)?$/i;
const MARKED_PLACEHOLDER = /\[[^\]\n]{1,80}\]/g;

const KNOWN = new Map<string, Set<string>>();

/** The words of the business's own text, read once per business. */
function wordsOf(text: string): Set<string> {
  let words = KNOWN.get(text);
  if (!words) KNOWN.set(text, (words = new Set(text.match(/[A-Za-z0-9]+/g) ?? [])));
  return words;
}

export function normalizeFigure(figure: string): string {
  return figure.replace(/[\s,]/g, "").toLowerCase();
}

/** Every offer-shaped mention in a text; `known` is the business's own text (codes-looking words it wrote are not codes). */
export function offerMentions(text: string, known = "", listedCodes: readonly string[] = []): OfferMention[] {
  const bare = text.replace(MARKED_PLACEHOLDER, (m) => " ".repeat(m.length));
  const found: OfferMention[] = [];
  for (const { kind, pattern, key } of PATTERNS) {
    for (const m of bare.matchAll(pattern)) {
      const mention = { kind, text: m[0], key: key(m as RegExpExecArray), index: m.index };
      if (!found.some((f) => f.key === mention.key && Math.abs(f.index - mention.index) < 12)) found.push(mention);
    }
  }
  const codes = new Map<string, number>();
  const knownWords = wordsOf(known);
  for (const code of listedCodes) for (const m of bare.matchAll(termPattern(code))) codes.set(m[0], m.index);
  for (const m of bare.matchAll(AFTER_CODE)) if (/[A-Z]/.test(m[1]!)) codes.set(m[1]!, m.index);
  for (const m of bare.matchAll(AFTER_USE)) if (!knownWords.has(m[1]!)) codes.set(m[1]!, m.index);
  for (const m of bare.matchAll(CODE_SHAPE)) if (!knownWords.has(m[0])) codes.set(m[0], m.index);
  for (const [code, index] of codes) found.push({ kind: "code", text: code, key: code.toUpperCase(), index });
  return found;
}

function offerWords(offer: CorpusOffer): Set<string> {
  return new Set(
    offer.text
      .toLowerCase()
      .split(/[^\p{L}\d-]+/u)
      .filter((w) => w.length >= 3 && !STOP.has(w)),
  );
}

const STOP = new Set(["free", "the", "and", "with", "your", "for", "every", "first", "any", "all", "off", "our", "you", "new", "per", "one"]);

/** Whether a mention is (one of the ways of writing) this offer. */
export function mentionMatches(mention: OfferMention, offer: CorpusOffer): boolean {
  const text = offer.text.toLowerCase();
  if (mention.kind === "code") return offer.code !== null && offer.code.toUpperCase() === mention.key;
  if (mention.kind === "percent" || mention.kind === "amount") {
    const figures = (offer.text.match(/[$£€]\s?\d[\d,]*(?:\.\d{1,2})?|\d{1,3}(?:\.\d+)?\s?%/g) ?? []).map(normalizeFigure);
    return figures.includes(normalizeFigure(mention.key));
  }
  if (mention.key === "half price") return /half[- ]price|half off|50\s?%/.test(text);
  if (mention.kind === "deal") return /\bfree\b/.test(text) && /\b(?:month|week)s?\b/.test(text) && mention.key.split(/\s+/).some((w) => w !== "free" && text.includes(w));
  const gift = /\bon us\b|\bon the house\b|\bcomplimentary\b/;
  if (gift.test(mention.key)) return gift.test(text);
  if (!/\bfree\b/.test(text)) return false;
  const words = offerWords(offer);
  return mention.key.split(/[^\p{L}\d-]+/u).some((w) => words.has(w));
}

export function answersText(answers: QuestionnaireAnswers): string {
  return Object.values(answers)
    .flat()
    .filter((v): v is string => typeof v === "string")
    .join("\n");
}

/** The offer findings of one text of one flow. */
export function offerFindings(unit: TextUnit, flowType: FlowType, offers: readonly CorpusOffer[], noOffers: boolean, known: string): Finding[] {
  const codes = offers.flatMap((o) => (o.code ? [o.code] : []));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const add = (message: string, index: number, length: number) => {
    if (seen.has(message)) return;
    seen.add(message);
    findings.push(finding("offers", flowType, unit.where, message, snippet(unit.text, index, length)));
  };
  for (const mention of offerMentions(unit.text, known, codes)) {
    if ((unit.field === "trigger" || unit.field === "exit") && AFTER_EVENT.test(unit.text.slice(0, mention.index))) continue;
    if (noOffers) {
      add(`"${mention.text}" is an offer, and this business never makes one`, mention.index, mention.text.length);
      continue;
    }
    const matched = offers.filter((offer) => mentionMatches(mention, offer));
    if (matched.length === 0 && mention.kind !== "free") add(`"${mention.text}" is not one of the business's offers (invented)`, mention.index, mention.text.length);
    else if (matched.length > 0 && !matched.some((offer) => offer.flows.includes(flowType))) {
      add(`"${mention.text}" (${matched[0]!.text}) belongs to ${matched[0]!.flows.join(", ")}, not this flow`, mention.index, mention.text.length);
    }
  }
  if (noOffers) {
    const placeholder = /\[YOUR [^\]]*(?:DISCOUNT|CODE|OFFER)[^\]]*\]/i.exec(unit.text);
    if (placeholder) add(`"${placeholder[0]}" invites a discount, and this business never makes one`, placeholder.index, placeholder[0].length);
  }
  return findings;
}

export function checkOffers(output: BusinessOutput): Finding[] {
  const { expect, answers } = output.business;
  const known = answersText(answers);
  return output.flows.flatMap((flow) => allTexts(flow).flatMap((unit) => offerFindings(unit, flow.flowType, expect.offers, expect.noOffers, known)));
}
