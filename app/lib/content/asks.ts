import type { BrandRules } from "~/lib/business/brand-rules";
import { termSource } from "~/lib/business/brand-words";
import { type BusinessFacts, codesIn, lowerStart, sentencesOf, upperStart } from "~/lib/business/facts";
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

/** Words that carry no meaning of their own in a marketer's name for a thing ("it's collection only"). */
const FILLER = new Set([
  "the",
  "our",
  "your",
  "their",
  "its",
  "it's",
  "that",
  "this",
  "and",
  "for",
  "with",
  "about",
  "from",
  "only",
  "all",
  "any",
  "every",
  "just",
  "very",
  "some",
  "more",
  "make",
  "sure",
  "clear",
]);

/** The five-letter stems of the words naming a thing: "free ink sample" → free, ink, sampl. */
function stemsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]*|\d+\p{L}*/gu) ?? []).filter((word) => word.length >= 2 && !FILLER.has(word)).map((word) => word.slice(0, 5));
}

/** "PT" → "personal training" where the answers spell it out: the words whose initials make the owner's shorthand. */
export function spelledOut(what: string, answerText: string): string | null {
  const short = /^\s*([A-Z]{2,4})\s*$/.exec(what)?.[1];
  if (!short || new RegExp(String.raw`\b${short}\b`).test(answerText)) return null;
  const words = short.split("").map((letter) => String.raw`${letter}[\p{L}'-]+`);
  return new RegExp(String.raw`\b${words.join(String.raw`\s+`)}\b`, "iu").exec(answerText)?.[0] ?? null;
}

/** Whether a sentence speaks of the thing: it names it, or has every word of its name (in any form and order). */
function speaksOf(text: string, what: string): boolean {
  if (names(text, what)) return true;
  const wanted = stemsOf(what);
  if (!wanted.length) return false;
  const have = new Set(stemsOf(text));
  return wanted.every((stem) => have.has(stem));
}

/** How much of the owner's exact detail a sentence carries: figures, quoted names, proper names. */
function detail(text: string): number {
  return (text.match(/\d+/g) ?? []).length + 2 * (text.match(/['"‘“][^'"’”]{2,40}['"’”]/g) ?? []).length + (text.slice(1).match(/\s\p{Lu}\p{Ll}+/gu) ?? []).length;
}

/**
 * A sentence a customer can read: not a question the owner was asked, not a chain of steps
 * ("order → collect → …"), not the owner speaking of customers ("people don't upload it").
 */
function readable(text: string): boolean {
  return !/→|->|\?\s*$/.test(text) && !/\b(?:people|customers|clients|patients|they|them|their|most of them)\b/i.test(text);
}

/**
 * The owner's sentences about the thing ("Bread Club: 4 loaves a month for £20" for "Bread Club"),
 * at most two, each once: those that name it first, else those with every word of it, the one
 * with the most exact detail first ("a free 4ml sample of our house ink 'Shropshire Slate'" for
 * "the free ink sample"). Shorthand the answers spell out ("PT") is read as they spell it.
 */
export function ownSentencesAbout(what: string, answerText: string, usable: (sentence: string) => boolean = () => true, options: { partly?: boolean } = {}): string[] {
  const name = spelledOut(what, answerText) ?? what;
  const sentences = sentencesOf(answerText).filter((s) => readable(s) && usable(s));
  const named = sentences.filter((s) => names(s, name));
  // A statement ("it's collection only") is said as the marketer put it unless the owner said it too; a thing ("the free ink sample") is found in any form.
  const statement = /^(?:it|it's|it is|we|we're|they|there|that)\b/i.test(name.trim());
  if (named.length || statement) return [...new Set(named)].slice(0, 2);
  const whole = sentences.filter((s) => speaksOf(s, name)).sort((a, b) => detail(b) - detail(a));
  return [...new Set(whole.length || !options.partly ? whole : partlyAbout(name, sentences))].slice(0, 2);
}

/**
 * For what an email is about ("finishing the prescription upload"): the owner's sentences with at
 * least half of the thing's words (its leading verb aside), most words first, then most detail.
 */
function partlyAbout(name: string, sentences: readonly string[]): string[] {
  const wanted = stemsOf(name.replace(/^\s*\p{L}+ing\s+/u, ""));
  const score = (s: string) => {
    const have = new Set(stemsOf(s));
    return wanted.filter((stem) => have.has(stem)).length;
  };
  const need = Math.ceil(wanted.length / 2);
  return sentences.filter((s) => wanted.length > 0 && score(s) >= need).sort((a, b) => score(b) - score(a) || detail(b) - detail(a));
}

/** The most words of the owner's sentence a thing the marketer asked for is said in whole. */
const ASKED_SENTENCE_WORDS = 20;

/** The owner's sentence about the thing as copy says it, or "". */
function ownLine(what: string, f: BusinessFacts, options: { partly?: boolean } = {}): string {
  const name = spelledOut(what, f.answerText) ?? what;
  // A sentence naming a word the brand never uses would be dropped by the brand pass: another is chosen.
  const rules = f.brandRules;
  const usable = (s: string) => ![...rules.negated, ...rules.banned].some((term) => term.length > 2 && names(s, term));
  // A sentence cut short to fit ("Taekwondo classes for kids and adults") may lose what it was chosen for: it is kept only when it still speaks of it.
  return ownSentencesAbout(what, f.answerText, usable, options)
    .map((s) => calmCase(s, f))
    .map((s) => sentence(s.split(/\s+/).length <= ASKED_SENTENCE_WORDS ? s : ownPhrase(s)))
    .filter((s) => (options.partly || speaksOf(s, name)) && balanced(s))
    .slice(0, options.partly ? 1 : 2)
    .join(" ");
}

/** A sentence cut short in a bracket ("flower care (trim stems") is not said. */
function balanced(text: string): boolean {
  return (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length;
}

/** An owner's answer typed in capitals, as copy says it: "PERSONAL TRAINING ($60/SESSION)" → "Personal training ($60/session)". */
function calmCase(text: string, f: BusinessFacts): string {
  if (/\p{Ll}/u.test(text)) return text;
  // A code stays exactly as given: "NOFEE", never "nofee".
  const codes = new Set([...f.offers.map((o) => o.code), ...codesIn(f.answerText)].filter((c): c is string => !!c));
  const calm = text.replace(/(\bcode\s+)?([\p{L}\d'-]+)/giu, (_all, code: string | undefined, word: string) =>
    code ? `${code.toLowerCase()}${word}` : codes.has(word) ? word : word.toLowerCase(),
  );
  return upperStart(calm);
}

/** The placeholder a topic gets when the answers say nothing about it: for the marketer to fill, never invented. */
export function topicPlaceholder(topic: string): string {
  return `[add: what to say about ${coreOf(topic).slice(0, 60)}]`;
}

/** What an email says first: its topic in the owner's words (or the topic's placeholder), then what it leads with. */
export function leadParagraphs(f: BusinessFacts, asks: BriefAsks): string[] {
  const topic = asks.topic ? ownLine(asks.topic, f, { partly: true }) || `${upperStart(coreOf(asks.topic))}: ${topicPlaceholder(asks.topic)}` : "";
  const lead = asks.leadWith && !names(topic, asks.leadWith) ? ownLine(asks.leadWith, f) || sentence(`First things first: ${lowerStart(asks.leadWith, f.brand)}`) : "";
  return [topic, lead].filter(Boolean);
}

/** Paragraphs that say what the brief asks to mention, where the body does not already: the owner's sentence about it, else the marketer's words. */
export function mentionParagraphs(f: BusinessFacts, asks: BriefAsks, body: readonly string[]): string[] {
  const said = body.join("\n");
  return asks.mentions
    .filter((m) => !names(said, m))
    .map((m) => askedQuestion(m) || askAbout(ownLine(m, f), f) || instruction(m) || sentence(`Good to know: ${lowerStart(m.replace(/[.!]+$/, ""), f.brand)}`));
}

/** The owner's line about a thing, or, where that line is only its name ("InBody scans."), an invitation to ask about it. */
function askAbout(line: string, f: BusinessFacts): string {
  const bare = /^[\p{L}\d&'\/ -]+\.$/u.test(line) && line.split(/\s+/).length <= 4 && !/\b(?:is|are|has|have|can|will|we|you|our)\b/i.test(line);
  return bare ? sentence(`Ask us about ${lowerStart(line.replace(/\.$/, ""), f.brand)}`) : line;
}

/** "arrive 10 minutes early for forms" → "Please arrive 10 minutes early for forms.": an instruction for the day, asked politely; else "". */
function instruction(mention: string): string {
  return /^(?:arrive|bring|come|wear|eat|drink|avoid|park|allow|fill in|complete|download|check in)\b/i.test(mention.trim())
    ? sentence(`Please ${mention.trim().replace(/[.!]+$/, "")}`)
    : "";
}

/** "ask whether they got stuck at module 3" → "Did you get stuck at module 3?": a question the brief asks the copy to put to the reader, or "". */
export function askedQuestion(mention: string): string {
  const rest = /^ask (?:them |people )?(?:whether|if)\s+(.+?)[.?]*$/i.exec(mention.trim())?.[1];
  if (!rest) return "";
  const you = rest
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\bthey\b/gi, "you")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthem(selves)?\b/gi, (_m, self: string | undefined) => (self ? "yourselves" : "you"));
  const past = /^you got\s+(.+)$/i.exec(you);
  if (past) return `Did you get ${past[1]}?`;
  const helper = /^you (are|were|have|had|can|could|did|do|need|want)\s+(.+)$/i.exec(you);
  if (helper && /^(?:are|were|have|had|can|could|did|do)$/i.test(helper[1]!)) return `${upperStart(helper[1]!.toLowerCase())} you ${helper[2]}?`;
  return `Quick question: ${you}?`;
}

/** Subjects led by what the brief puts first (its topic, else what it leads with): the email's own subjects after it, then a plain one; with no topic, its own subjects stay as options. */
export function ledSubjects<T extends string | false | null | undefined>(subjects: readonly T[], asks: BriefAsks, f: BusinessFacts): Array<T | string> {
  const first = asks.topic ?? asks.leadWith;
  if (!first) return [...subjects];
  const head = upperStart(spelledOut(first, f.answerText)?.toLowerCase() ?? coreOf(first));
  const led = [
    ...subjects.filter((s): s is Exclude<T, false | null | undefined | ""> => !!s && !names(s, first)).map((s) => `${head}: ${lowerStart(s, f.brand)}`),
    `${head} at ${f.brand}`,
  ];
  return asks.topic ? led : [...led, ...subjects];
}
