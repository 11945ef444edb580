import type { BusinessFacts } from "~/lib/business/facts";
import type { Intent } from "~/lib/flows/feedback/intents";

/**
 * What stops a change: the owner's answers (what the business does not do, words it never uses,
 * never discounting, figures and claims the answers do not give) and the note's own negations (a
 * change never contradicts a "no" in the same note). Each reason says what to change to allow it.
 * Pure.
 */

function has(text: string, term: string): boolean {
  return new RegExp(String.raw`(?<![\p{L}])${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\p{L}])`, "iu").test(text);
}

/** A figure ("$2,000", "20%", "10 lessons for the price of 9") the answers never give. */
function inventedFigure(text: string, facts: BusinessFacts): string | null {
  const figures = text.match(/[$£€]\s?\d[\d,.]*|\d+\s?%/g) ?? [];
  const answers = facts.answerText.replace(/\s/g, "");
  return figures.find((figure) => !answers.includes(figure.replace(/\s/g, ""))) ?? null;
}

/** "free parking" where the answers speak of parking but never of free parking. */
function contradictedFree(text: string, facts: BusinessFacts): string | null {
  const match = /\bfree\s+((?:\p{L}{3,}\s*){1,3})/iu.exec(text);
  if (!match) return null;
  // The thing that is free ends at the first small word: "free parking in every email" is about parking.
  const words = match[1]!.trim().split(/\s+/);
  const stop = words.findIndex((word) => /^(?:in|on|at|to|for|with|every|each|all|the|and|or|of|from|when|if)$/i.test(word));
  const things = (stop === -1 ? words : words.slice(0, stop)).filter((word) => word.length >= 3);
  if (!things.length) return null;
  if (!things.some((thing) => has(facts.answerText, thing))) return null;
  const near = (thing: string) => new RegExp(String.raw`\bfree\s+(?:[\p{L}-]+\s+)?${thing}|\b${thing}\s+(?:is\s+)?free\b`, "iu").test(facts.answerText);
  return things.some(near) ? null : `free ${things.join(" ")}`;
}

/** Why the answers rule a piece of copy out, or null when they allow it. */
export function answersConflict(text: string, facts: BusinessFacts, options: { figures?: boolean } = {}): string | null {
  const rules = facts.brandRules;
  const negated = rules.negated.find((term) => term.length > 2 && has(text, term));
  if (negated) return `your answers say you don't do or offer "${negated}" (change that answer to allow it)`;
  const banned = rules.banned.find((term) => has(text, term));
  if (banned) return `your brand rules say never to use "${banned}" (change Words to avoid in your brand voice answer to allow it)`;
  const figure = options.figures === false ? null : inventedFigure(text, facts);
  if (figure) return `your answers give no "${figure}", and the flow never promises a figure they don't give (add it to your answers to use it)`;
  const free = contradictedFree(text, facts);
  if (free) return `your answers describe it differently and never say "${free}" (add it to your answers to use it)`;
  return null;
}

/** The owner never discounts: why a discount is not added. */
export function discountConflict(facts: BusinessFacts): string | null {
  return facts.brandRules.noDiscounts ? "your answers say you never discount (change that answer to allow one)" : null;
}

/** What the note itself says no to: words of its negations. */
export function negatedInNote(intents: readonly Intent[]): string[] {
  return intents.flatMap((intent) =>
    intent.kind === "remove" && intent.what ? [intent.what.toLowerCase()] : intent.kind === "emphasis" && intent.op === "replace" ? [intent.what.toLowerCase()] : [],
  );
}

/** Why the note's own words rule a change out ("you also wrote no texts"), or null. */
export function noteConflict(text: string, intents: readonly Intent[]): string | null {
  const term = negatedInNote(intents).find((word) => has(text, word));
  return term ? `your note also says no "${term}"` : null;
}

/** The note asks for no offer in the steps of `indices`… */
export function noteForbidsOffer(intents: readonly Intent[]): boolean {
  return intents.some((intent) => intent.kind === "offer" && intent.op === "remove");
}

/** Filler around what a vague note is about: "something about the new wall?" → "the new wall". */
const VAGUE_ABOUT = /\b(?:something|anything|stuff|a bit|more)\s+(?:about|on|re|regarding)\s+((?:the|our|a|an|this|that)\s+[\p{L}\d' -]{2,40}?)\s*[?.!]*$/iu;

/**
 * What a note names that the answers never mention ("the new wall"), or null: a note that gives
 * nothing to act on but names such a thing gets asked what it is, never a story invented about it.
 */
export function unknownThing(note: string, facts: BusinessFacts): string | null {
  const thing = VAGUE_ABOUT.exec(note.trim())?.[1]?.trim();
  if (!thing) return null;
  // The whole name counts: a climbing gym's answers speak of walls, not of "the new wall".
  const name = thing.replace(/^(?:the|our|a|an|this|that)\s+/i, "");
  return has(facts.answerText, name) ? null : thing;
}
