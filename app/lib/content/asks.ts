import type { BrandRules } from "~/lib/business/brand-rules";
import { termSource } from "~/lib/business/brand-words";
import { type BusinessFacts, lowerStart, sentencesOf, upperStart } from "~/lib/business/facts";
import { ownPhrase, sentence } from "~/lib/content/phrasing";
import { type BriefAsks, briefAsks } from "~/lib/flows/feedback/brief";

/**
 * What feedback asks of a step's copy (flows/feedback/brief.ts) as the offline writer says it: a
 * topic the email is written about, a thing it leads with, things it mentions, words it never says.
 * What the copy says about them comes from the owner's own answers; where they say nothing about a
 * topic, a marked placeholder for the marketer ([add: what to say about …]), never an invented fact.
 */

/** A brief's lines, without their bullets. */
function linesOf(keyMessages: string): string[] {
  return keyMessages.split("\n").map((line) => line.replace(/^\s*[•*-]\s*/, "").trim());
}

/** What a step's brief asks of its copy, also read from the forms stored before (`Tone: warm and personal…`, `Mention our free parking`). */
export function asksOf(keyMessages: string): BriefAsks {
  const asks = briefAsks(keyMessages);
  const lines = linesOf(keyMessages);
  const older = lines.map((line) => /^Mention (.+)$/.exec(line)?.[1]?.trim()).filter((m): m is string => !!m);
  const warm = lines.some((line) => /^Tone: warm\b/i.test(line));
  return { ...asks, tone: asks.tone ?? (warm ? "warm" : null), mentions: [...asks.mentions, ...older] };
}

/** Whether the brief asks anything of the copy. */
export function asksAnything(asks: BriefAsks): boolean {
  return !!(asks.tone || asks.topic || asks.leadWith || asks.mentions.length || asks.avoid.length);
}

/**
 * The brand's rules as a step's asks tighten them, never loosen: a formal tone allows no
 * exclamation marks or emoji and no casual greeting; words never to say are banned, so the brand
 * pass drops every sentence naming them and falls back from a subject or button that does.
 */
export function askedRules(rules: BrandRules, asks: BriefAsks): BrandRules {
  const formal = asks.tone === "formal";
  return {
    ...rules,
    exclamations: formal ? 0 : rules.exclamations,
    emoji: formal ? "none" : rules.emoji,
    formality: formal ? "formal" : rules.formality,
    banned: [...rules.banned, ...asks.avoid],
  };
}

/** The facts with the step's asked rules. */
export function withAsks(f: BusinessFacts, asks: BriefAsks): BusinessFacts {
  return asksAnything(asks) ? { ...f, brandRules: askedRules(f.brandRules, asks) } : f;
}

/** "the Bread Club." → "Bread Club": the words that name a thing in the answers. */
function coreOf(what: string): string {
  return what
    .replace(/^(?:the|our|your|a|an)\s+/i, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();
}

/** Whether the text names the thing ("Bread Club" in "Join the bread club"). */
export function names(text: string, what: string): boolean {
  const core = coreOf(what);
  return !!core && new RegExp(termSource(core), "iu").test(text);
}

/** The owner's sentences that name the thing ("Bread Club: 4 loaves a month for £20" for "Bread Club"), at most two, each once. */
export function ownSentencesAbout(what: string, answerText: string): string[] {
  return [...new Set(sentencesOf(answerText).filter((s) => names(s, what)))].slice(0, 2);
}

/** The owner's sentence about the thing as copy says it, or "". */
function ownLine(what: string, f: BusinessFacts): string {
  // A sentence cut short to fit ("Taekwondo classes for kids and adults") may lose what it was chosen for: it is kept only when it still names it.
  return ownSentencesAbout(what, f.answerText)
    .map((s) => sentence(ownPhrase(s)))
    .filter((s) => names(s, what))
    .join(" ");
}

/** The placeholder a topic gets when the answers say nothing about it: for the marketer to fill, never invented. */
export function topicPlaceholder(topic: string): string {
  return `[add: what to say about ${coreOf(topic).slice(0, 60)}]`;
}

/** What an email says first: its topic in the owner's words (or the topic's placeholder), then what it leads with. */
export function leadParagraphs(f: BusinessFacts, asks: BriefAsks): string[] {
  const topic = asks.topic ? ownLine(asks.topic, f) || `${upperStart(coreOf(asks.topic))}: ${topicPlaceholder(asks.topic)}` : "";
  const lead = asks.leadWith && !names(topic, asks.leadWith) ? ownLine(asks.leadWith, f) || sentence(`First things first: ${lowerStart(asks.leadWith, f.brand)}`) : "";
  return [topic, lead].filter(Boolean);
}

/** Paragraphs that say what the brief asks to mention, where the body does not already: the owner's sentence about it, else the marketer's words. */
export function mentionParagraphs(f: BusinessFacts, asks: BriefAsks, body: readonly string[]): string[] {
  const said = body.join("\n");
  return asks.mentions.filter((m) => !names(said, m)).map((m) => ownLine(m, f) || sentence(`Good to know: ${lowerStart(m.replace(/[.!]+$/, ""), f.brand)}`));
}

/** Subjects led by what the brief puts first (its topic, else what it leads with): the email's own subjects after it, then a plain one; with no topic, its own subjects stay as options. */
export function ledSubjects<T extends string | false | null | undefined>(subjects: readonly T[], asks: BriefAsks, f: BusinessFacts): Array<T | string> {
  const first = asks.topic ?? asks.leadWith;
  if (!first) return [...subjects];
  const head = upperStart(coreOf(first));
  const led = [
    ...subjects.filter((s): s is Exclude<T, false | null | undefined | ""> => !!s && !names(s, first)).map((s) => `${head}: ${lowerStart(s, f.brand)}`),
    `${head} at ${f.brand}`,
  ];
  return asks.topic ? led : [...led, ...subjects];
}
