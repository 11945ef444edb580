import type { BrandRules } from "~/lib/business/brand-rules";
import { articleFor, escapeRegExp, fold, matchCase, termSource } from "~/lib/business/brand-words";
import { NOT_THE_WORD } from "~/lib/business/model-words";
import { convertSpelling } from "~/lib/business/spelling";

/**
 * Holding copy to the brand's rules. `enforceBrandRules` rewrites what is safe to rewrite: the
 * brand's own words for banned ones, the brand's exact spelling, exclamation marks over the
 * allowance, emoji, spelling, banned openers, lower case. `bannedTermsIn` finds what it cannot
 * rewrite (a banned word without a replacement, something the business does not offer), so the
 * writer can drop that sentence (`dropSentencesWith`) and the copy checker can flag it. Merge
 * tags, links, [placeholders] and codes are never touched. Pure.
 */

/** Which piece of copy a text is: the plan is read by the marketer, the rest by the customer. */
export type CopyKind = "subject" | "preheader" | "body" | "cta" | "sms" | "plan";

/** What the rest of the email has used already. */
export interface EnforceOptions {
  /** Exclamation marks the same email has used already (its subject, preheader…), counted against the allowance. */
  exclamationsUsed?: number;
}

// ---------------------------------------------------------------------------------------------
// Masking what is never rewritten

const MASK_OPEN = "\uE000";
const MASK_CLOSE = "\uE001";
const MASK = /\uE000(\d+)\uE001/g;

/** Merge tags, links, e-mail addresses, [placeholders] and codes like GLOW50. */
const PROTECTED =
  /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\*\|[A-Z0-9_]+\|\*|https?:\/\/[^\s)\]>]+|\bwww\.[^\s)\]>]+|[\w.+-]+@[\w-]+\.[\w.-]+|\[[^\]\n]{1,80}\]|\b(?=[A-Z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z])[A-Z0-9][A-Z0-9_-]{2,19}\b/g;

function mask(text: string, pattern: RegExp, masks: string[]): string {
  return text.replace(pattern, (found) => `${MASK_OPEN}${masks.push(found) - 1}${MASK_CLOSE}`);
}

function unmaskAll(text: string, masks: readonly string[]): string {
  let out = text;
  for (let i = 0; i < 4 && MASK.test(out); i++) out = out.replace(MASK, (_m, n: string) => masks[Number(n)] ?? "");
  return out;
}

/** A pattern for any of the phrases, longest first (null when there are none). */
function anyOf(phrases: readonly string[], accents = false): RegExp | null {
  const list = [...new Set(phrases.filter((p) => p.trim()))].sort((a, b) => b.length - a.length);
  return list.length ? new RegExp(list.map((p) => termSource(p, { accents })).join("|"), "giu") : null;
}

function maskPhrases(text: string, phrases: readonly string[], masks: string[]): string {
  const pattern = anyOf(phrases, true);
  return pattern ? mask(text, pattern, masks) : text;
}

// ---------------------------------------------------------------------------------------------
// The brand's exact spelling

function isTitleOrUpper(found: string): boolean {
  return found === found.toUpperCase() || found.split(/\s+/).every((w) => w.charAt(0) === w.charAt(0).toUpperCase());
}

/** Whether a name is the brand or part of it: written exactly even at a sentence's start. */
function isBrandName(name: string, brand: string): boolean {
  return fold(name) === fold(brand) || brand.split(/\s+/).some((w) => fold(w) === fold(name));
}

/** One name fixed to its exact spelling; a name ending in a full stop gains it only where the match is clearly the name ("The Loaf"). */
function fixName(text: string, name: string, exact: boolean): string {
  const core = name.replace(/\.$/, "");
  const stop = core !== name;
  const pattern = new RegExp(`${termSource(core, { accents: true })}${stop ? "(\\.)?" : ""}`, "giu");
  return text.replace(pattern, (found: string, dot?: string) => {
    const bare = dot ? found.slice(0, -1) : found;
    if (stop && !dot && (bare === core || !isTitleOrUpper(bare))) return found;
    const fixed = exact ? name : bare.charAt(0) + name.slice(1);
    return stop && !dot && !exact ? fixed.replace(/\.$/, "") : fixed;
  });
}

function fixNames(text: string, rules: BrandRules): string {
  let out = text;
  for (const name of [rules.brand, ...rules.casing].filter(Boolean)) out = fixName(out, name, isBrandName(name, rules.brand));
  return out;
}

/** "Haldane Motor Co.." → "Haldane Motor Co.": a name ending in a full stop ends the sentence too. */
function fixDoubleStops(text: string, rules: BrandRules): string {
  let out = text;
  for (const name of [rules.brand, ...rules.casing].filter((n) => n.endsWith("."))) out = out.replace(new RegExp(`${escapeRegExp(name)}\\.(?!\\.)`, "g"), name);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Replacements

/** The brand's own word for each banned one, keeping case, number (through the listed forms) and the article ("a cheap" → "an affordable"). */
function applyReplacements(text: string, rules: BrandRules, masks: string[]): string {
  const pairs = new Map(rules.replacements.map((r) => [fold(r.from), r.to]));
  const froms = anyOf(rules.replacements.map((r) => r.from));
  if (!froms) return text;
  const protectedText = maskPhrases(
    text,
    rules.replacements.map((r) => r.to),
    masks,
  );
  const pattern = new RegExp(`(?:(?<![\\p{L}\\p{N}])(an?)(\\s+))?(?:${froms.source})`, "giu");
  return protectedText.replace(pattern, (found: string, article?: string, space?: string) => {
    const word = article ? found.slice(article.length + (space?.length ?? 0)) : found;
    const to = pairs.get(fold(word.replace(/\u2019/g, "'")));
    if (!to) return found;
    const replaced = matchCase(word, to);
    return article ? `${matchCase(article, articleFor(replaced))}${space}${replaced}` : replaced;
  });
}

// ---------------------------------------------------------------------------------------------
// Exclamation marks, emoji, openers

/** Exclamation marks in the text, outside merge tags, links and placeholders. */
export function countExclamations(text: string): number {
  return (text.replace(PROTECTED, "").match(/!/g) ?? []).length;
}

/** "!!" and "! !" as one mark, "?!" and "! ?" as a question, until nothing changes. */
function collapseMarks(text: string): string {
  let out = text;
  for (let previous = ""; previous !== out;) {
    previous = out;
    out = out.replace(/!(?:[^\S\n]*!)+/g, "!").replace(/\?[^\S\n]*!|![^\S\n]*\?/g, "?");
  }
  return out;
}

/** Exclamation marks past the allowance become full stops ("!!" counts once; "?!" is a question). */
function limitExclamations(text: string, allowance: number): string {
  let left = allowance;
  return collapseMarks(text).replace(/!/g, () => (left-- > 0 ? "!" : "."));
}

const EMOJI = /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}])*\uFE0F?/gu;

/** No emoji, or only the first one when the brand uses them sparingly. */
function limitEmoji(text: string, rule: BrandRules["emoji"]): string {
  if (rule !== "none" && rule !== "sparingly") return text;
  let kept = rule === "sparingly" ? 1 : 0;
  return text.replace(EMOJI, (found) => (kept-- > 0 ? found : ""));
}

const CASUAL_GREETINGS = ["hey", "hiya", "heya", "yo", "hey there", "hi there"];
const GREETINGS = /^(?:hey|hi|hiya|heya|yo|hello|howdy|g'day|hey there|hi there|hello there)$/i;

/** The first greeting the brand allows, for a banned one: "Hello" first for a formal brand. */
function allowedGreeting(rules: BrandRules): string | null {
  const choices = rules.formality === "formal" ? ["Hello", "Hi", "Dear"] : ["Hi", "Hello", "Dear"];
  return choices.find((g) => !rules.openers.includes(g.toLowerCase())) ?? null;
}

/** A text that opens with a banned opener, fixed until it opens with none. */
function fixOpeners(text: string, rules: BrandRules): string {
  let out = text;
  for (let previous = ""; previous !== out;) [previous, out] = [out, fixOpener(out, rules)];
  return out;
}

/** A text that opens with a banned opener: a greeting becomes an allowed one; anything else is cut. */
function fixOpener(text: string, rules: BrandRules): string {
  const openers = [...rules.openers, ...(rules.formality === "formal" ? CASUAL_GREETINGS : [])];
  const pattern = anyOf(openers);
  if (!pattern) return text;
  const start = new RegExp(`^(\\s*)(?:${pattern.source})([,.!]?[^\\S\\n]*)`, "iu");
  const match = start.exec(text);
  if (!match) return text;
  const opener = match[0].slice(match[1]!.length, match[0].length - match[2]!.length);
  const rest = text.slice(match[0].length);
  if (GREETINGS.test(opener)) {
    const greeting = allowedGreeting(rules);
    if (greeting) return `${match[1]}${matchCase(opener, greeting)}${match[2]}${rest}`;
  }
  return `${match[1]}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/** Spaces a removal left behind: runs inside a line, before punctuation, and at a line's end. */
function tidySpaces(text: string): string {
  return text
    .replace(/(?<=\S)[^\S\n]{2,}(?=\S)/g, " ")
    .replace(/(?<=\S)[^\S\n]+(?=[.,!?;:](?:\s|$))/g, "")
    .replace(/(?<=\S)[^\S\n]+$/gm, "");
}

// ---------------------------------------------------------------------------------------------
// Enforcing

/** The text rewritten to follow the brand's rules wherever a rewrite is safe (the plan, read by the marketer, keeps its case and openers). */
export function enforceBrandRules(text: string, rules: BrandRules, kind: CopyKind, options: EnforceOptions = {}): string {
  if (!text) return text;
  const masks: string[] = [];
  let out = fixNames(mask(text, PROTECTED, masks), rules);
  out = maskPhrases(out, [rules.brand, ...rules.casing], masks);
  out = applyReplacements(out, rules, masks);
  if (rules.spelling) out = convertSpelling(out, rules.spelling);
  if (rules.exclamations !== null) out = limitExclamations(out, Math.max(0, rules.exclamations - (options.exclamationsUsed ?? 0)));
  out = limitEmoji(out, rules.emoji);
  if (kind !== "plan" && kind !== "cta") out = fixOpeners(out, rules);
  if (rules.lowercase && kind !== "plan") out = out.toLowerCase();
  // A full stop that took an exclamation mark's place can complete a name ("co!" → "co."): fix names once more.
  return fixDoubleStops(unmaskAll(fixNames(tidySpaces(out), rules), masks), rules);
}

/** One email's fields, as `enforceEmail` holds them to the rules together. */
export interface EmailFields {
  subject?: string;
  preheader?: string;
  body?: string;
  cta?: string;
}

/** One email's fields held to the rules together: its exclamation marks are counted across subject, preheader, body and button. */
export function enforceEmail<T extends EmailFields>(fields: T, rules: BrandRules): T {
  let used = 0;
  const out: T = { ...fields };
  for (const kind of ["subject", "preheader", "body", "cta"] as const) {
    const text = fields[kind];
    if (text === undefined) continue;
    out[kind] = enforceBrandRules(text, rules, kind, { exclamationsUsed: used }) as T[typeof kind];
    used += countExclamations(out[kind] ?? "");
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Terms that cannot be rewritten

/** A term the copy must not use, found in a text. */
export interface BannedTerm {
  /** The term as the rules hold it (lower case). */
  term: string;
  /** Banned by the voice answer, replaced by the brand's own word, something the business does not do, or the business model's never-word. */
  kind: "banned" | "replaced" | "negated" | "avoid";
  /** The brand's own word for it, when there is one. */
  instead: string | null;
}

interface Compiled {
  terms: BannedTerm[];
  keep: string[];
}

const compiled = new WeakMap<BrandRules, Compiled>();

function compile(rules: BrandRules): Compiled {
  const cached = compiled.get(rules);
  if (cached) return cached;
  const seen = new Map<string, BannedTerm>();
  const add = (term: string, kind: BannedTerm["kind"], instead: string | null = null) => {
    const key = term.toLowerCase();
    if (key.trim() && !seen.has(key)) seen.set(key, { term: key, kind, instead });
  };
  for (const r of rules.replacements) add(r.from, "replaced", r.to);
  for (const t of rules.banned) add(t, "banned");
  for (const t of rules.negated) add(t, "negated");
  for (const t of rules.avoid) add(t, "avoid");
  const keep = [rules.brand, ...rules.casing, ...rules.replacements.map((r) => r.to)];
  const result = { terms: [...seen.values()], keep };
  compiled.set(rules, result);
  return result;
}

/** The text with what is never a banned use masked: tags, links, the brand's own words, and phrases like "in order to". */
function searchable(text: string, keep: readonly string[], terms: readonly BannedTerm[]): string {
  const masks: string[] = [];
  const idioms = terms.flatMap((t) => NOT_THE_WORD[t.term] ?? []);
  return maskPhrases(maskPhrases(mask(text, PROTECTED, masks), keep, masks), idioms, masks);
}

/** Each term's pattern, built once: the same few terms are looked for in every line of every flow. */
const TERM_PATTERNS = new Map<string, RegExp>();

function found(text: string, term: string): boolean {
  let pattern = TERM_PATTERNS.get(term);
  if (!pattern) {
    pattern = new RegExp(termSource(term), "iu");
    if (TERM_PATTERNS.size > 5000) TERM_PATTERNS.clear();
    TERM_PATTERNS.set(term, pattern);
  }
  return pattern.test(text);
}

/** Every banned, replaced, negated or never-word term in the text (whole word, any case), in the rules' order. */
export function bannedTermsIn(text: string, rules: BrandRules): BannedTerm[] {
  if (!text) return [];
  const { terms, keep } = compile(rules);
  const plain = searchable(text, keep, terms);
  return terms.filter((t) => found(plain, t.term));
}

const SENTENCE_END = /(?<=[.!?]["')\]]?)(?<!\b(?:Co|Dr|Mr|Mrs|Ms|St|Ltd|Inc|Jr|Sr|vs|etc|e\.g|i\.e)\.)\s+(?=\S)/;

/** The text without every sentence that names one of the terms; empty lines and paragraphs are dropped, the rest kept as it was. */
export function dropSentencesWith(text: string, terms: ReadonlyArray<string | BannedTerm>, rules?: BrandRules): string {
  const words = terms.map((t) => (typeof t === "string" ? t : t.term)).filter(Boolean);
  if (!words.length || !text) return text;
  const keep = rules ? compile(rules).keep : [];
  const names = (sentence: string) => words.some((w) => found(searchable(sentence, keep, []), w));
  const paragraphs = text.split(/\n[^\S\n]*\n/).map((paragraph) =>
    paragraph
      .split("\n")
      .map((line) =>
        line
          .split(SENTENCE_END)
          .filter((s) => !names(s))
          .join(" "),
      )
      .filter((line) => line.trim())
      .join("\n"),
  );
  return paragraphs.filter((p) => p.trim()).join("\n\n");
}
