import { fold, inflectionsOf, pluralTerm, singularTerm, termSource } from "~/lib/business/brand-words";
import type { BusinessModel } from "~/lib/business/model";
import { modelAvoidWords } from "~/lib/business/model-words";
import { negatedTermsOf, noDiscountsIn } from "~/lib/business/negations";
import { isBritishForm, type Spelling, spellingVariants } from "~/lib/business/spelling";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

export type { Spelling };

/**
 * The brand's own rules, read from what the owner typed: mostly the voice answer ("no exclamation
 * marks", "sign off as Maria", "never say 'artisan'", "always 'the loaf.' with the full stop"),
 * and, from every answer, what the business says it does not do ("we DON'T deliver", "no
 * takeout") and whether it never discounts. Every line of copy is held to them: the writer
 * rewrites what it safely can (brand-enforce.ts) and drops a sentence it cannot; the copy checker
 * flags the rest. The rules are general patterns of how owners write, never one business's text.
 * Pure: the same answers always give the same rules.
 */

/** How a brand takes emoji. */
export type EmojiRule = "none" | "sparingly" | "ok";
/** How formally a brand writes. */
export type Formality = "formal" | "casual";

/** A word the brand replaces with its own: say `to`, never `from`. */
export interface Replacement {
  from: string;
  to: string;
}

/** The brand's rules, as `brandRulesOf` reads them from the answers. */
export interface BrandRules {
  /** The name exactly as the business insists it is written ("the loaf.", "SÖL Daily", "budgetBee"). */
  brand: string;
  /** Names whose exact spelling the owner insists on, the brand's own words included ("SÖL", "the Sprint"). */
  casing: string[];
  /** The most exclamation marks one email (or text) may carry; null when the owner set no limit. */
  exclamations: number | null;
  /** Everything in lower case ("lowercase everything"). */
  lowercase: boolean;
  emoji: EmojiRule | null;
  /** The name every email is signed with, exactly as given. */
  signOff: string | null;
  /** Emails are signed by a named person the answers don't name ("sign off with the named accountant"). */
  signOffPerson: boolean;
  /** Sign-offs the owner refused ("not 'Daniel'", "never 'The Team'"). */
  signOffNot: string[];
  /** Terms never to use, with their inflections ("package", "packages"). */
  banned: string[];
  /** The brand's own words for words it never uses. Every `from` is also banned. */
  replacements: Replacement[];
  /** The owner never discounts: no discount, sale or coupon anywhere. */
  noDiscounts: boolean;
  spelling: Spelling | null;
  /** Words an email must not open with ("hey"), in lower case. */
  openers: string[];
  formality: Formality | null;
  /** What the business says it does not do or offer ("deliver", "takeout", "in-person"): never named, not even in a negation. */
  negated: string[];
  /** The business model's never-words (given a model): "cart" for a clinic, "shipping" for a pickup bakery. */
  avoid: string[];
}

/** What `brandRulesOf` may also take into account. */
export interface BrandRulesOptions {
  /** The business model, for its never-words (`avoid`). */
  model?: BusinessModel;
}

// ---------------------------------------------------------------------------------------------
// The voice answer, its sentences and its quoted terms

const OPEN = "\u0001";
const CLOSE = "\u0002";
const QUOTE = /"([^"\n]{1,80})"|(?<![\p{L}\p{N}])'((?:[^'\n]|'(?=[\p{L}\p{N}])){1,80}?)'(?![\p{L}\p{N}])/gu;
const TOKEN = /\u0001(\d+)\u0002/g;

/** Typographic quotes as plain ones, whitespace collapsed within lines. */
export function plainQuotes(text: string | undefined): string {
  return (text ?? "")
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D\u00AB\u00BB]/g, '"')
    .replace(/[^\S\n]+/g, " ")
    .trim();
}

interface Voice {
  /** Sentences with each quoted term replaced by a token. */
  sentences: string[];
  quotes: string[];
  /** The owner types in capitals: their capitals say nothing about how a word is written. */
  shouting: boolean;
}

function readVoice(text: string): Voice {
  const quotes: string[] = [];
  const masked = plainQuotes(text).replace(QUOTE, (_m, double?: string, single?: string) => `${OPEN}${quotes.push((double ?? single ?? "").trim()) - 1}${CLOSE}`);
  const sentences = masked
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "").length;
  return { sentences, quotes, shouting: letters.length > 20 && upper / letters.length > 0.6 };
}

// ---------------------------------------------------------------------------------------------
// What each quoted term is: banned, the brand's own word, a sign-off, an opener

type Polarity = "ban" | "say" | "neutral" | "signoff" | "signoff-not" | "opener";
/** How a group follows the one before: "not 'Y'" after "'X'", "— say 'Y'" after a ban, or neither. */
type Relation = "not" | "say" | "other";

interface Group {
  terms: string[];
  polarity: Polarity;
  relation: Relation;
}

const NEG = /\b(?:never|don'?t|dont|do not|doesn'?t|no|not|avoid|hate|ban(?:ned)?|stop|without|nothing like|cut)\b/i;
const SAY = /\b(?:say|says|use|write|call|always|prefer|spell|it'?s)\b/i;
const SIGN_OFF = /\bsign(?:ed|s|ing)?[\s-]*of{1,2}\b|\bsignoff\b/i;
const OPENER_CLAUSE = /\b(?:open|start|begin)(?:s|ing)?\b.*\bwith\s*$/i;
/** Between two terms of one list: ", ", " or ", " / ", " and " (", and" starts a new clause). */
const LIST = /^(?:\s*,\s*(?:or\s+|nor\s+)?|\s+(?:or|nor|and)\s+|\s*\/\s*|\s*&\s*)(?:(?:a|an|the)\s+)?$/i;
const NOT_LEAD = /^\s*,?\s*(?:but\s+)?(?:not|never|rather than|instead of)\s*(?:just\s+|simply\s+)?$/i;
/** A clause that names the brand's own word after a banned one: "— we say", "; say", "on its own - we say". */
const SAY_AFTER =
  /^(?:\s*[\p{L}']+){0,4}?\s*(?:[,;:\u2014\u2013]|\s-\s)\s*(?:but\s+|instead\s+)?(?:we\s+|just\s+|always\s+)?(?:say|use|write|call (?:it|them|us))\s*(?:instead\s*)?$/iu;

/** The lead's last clause, with finished parentheticals left out. */
function lastClause(lead: string): string {
  const open = lead.replace(/\([^()]*\)/g, " ").replace(/[()]/g, " ");
  return open.split(/[;:\u2014\u2013]|\s-\s|,|\b(?:and|but|so)\b/i).pop() ?? "";
}

function polarityOf(lead: string, before: string): Polarity {
  const clause = lastClause(lead);
  if (SIGN_OFF.test(clause)) return "signoff";
  if (SIGN_OFF.test(before) && NEG.test(clause)) return "signoff-not";
  if (NEG.test(clause)) return OPENER_CLAUSE.test(clause) ? "opener" : "ban";
  if (OPENER_CLAUSE.test(clause)) return "neutral";
  return SAY.test(clause) ? "say" : "neutral";
}

/** One sentence's quoted terms, grouped into lists ("'cheap' or 'budget'") with each group's stance. */
function groupsOf(sentence: string, quotes: string[]): Group[] {
  const parts = sentence.split(/\u0001(\d+)\u0002/);
  const groups: Group[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const lead = parts[i - 1] ?? "";
    const term = quotes[Number(parts[i])] ?? "";
    const last = groups[groups.length - 1];
    if (last && LIST.test(lead)) {
      last.terms.push(term);
      continue;
    }
    const before = parts.slice(0, i).join(" ");
    if (last && NOT_LEAD.test(lead)) {
      groups.push({ terms: [term], polarity: last.polarity === "signoff" ? "signoff-not" : "ban", relation: "not" });
      continue;
    }
    const relation: Relation = last && SAY_AFTER.test(lead.replace(/\([^()]*\)/g, " ")) ? "say" : "other";
    groups.push({ terms: [term], polarity: polarityOf(lead, before), relation });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Cleaning a quoted term

const GREETING = /^(?:hey|hi|hiya|heya|yo|hello|howdy|g'day|sup|greetings|hey there|hi there|hello there|hey guys|hi guys|hi all|hey all|dear customer)$/i;
const GREETING_START = /^(?:hey|hi|hiya|heya|yo|hello|howdy)\s+(.+)$/i;

/** A quoted term as a term: no trailing punctuation; a trailing "..." loses its dangling word; capitals lowered. */
function cleanTerm(raw: string): string {
  let term = raw.trim();
  if (/(?:\.{2,}|…)$/.test(term)) term = term.replace(/(?:\.{2,}|…)$/, "").replace(/\s+(?:could|can|would|will|is|are|and|or|the|a)$/i, "");
  term = term.replace(/[.!?,;:]+$/, "").trim();
  const letters = term.replace(/[^\p{L}]/gu, "");
  if (letters.length > 3 && letters === letters.toUpperCase()) term = term.toLowerCase();
  return term;
}

/** A banned quoted term and what it implies: its comma-separated parts, and the word a greeting addresses ("hey kiddos" → "kiddos"). */
function bannedParts(term: string): string[] {
  const out = [term];
  if (term.includes(",")) out.push(...term.split(/\s*,\s*/).filter((p) => p.split(/\s+/).length <= 4));
  const greeting = GREETING_START.exec(term);
  if (greeting && !GREETING.test(term)) out.push(greeting[1]!);
  return out.map((t) => t.trim()).filter((t) => /\p{L}/u.test(t));
}

// ---------------------------------------------------------------------------------------------
// Reading the voice answer's quoted terms

interface QuotedRules {
  banned: string[];
  pairs: Replacement[];
  casing: string[];
  signOff: string | null;
  signOffNot: string[];
  openers: string[];
  spellingForms: string[];
}

const CASING_CUE = /\b(?:capitals?|caps|capital letters?|upper ?case|lower ?case|exactly|spell(?:ed|t)?|full stop|period|accent|umlaut|like that|as written|as is)\b/i;
const MAX_REPLACEMENT_WORDS = 3;

/** A replacement is safe to make word for word: a short phrase without figures. */
function safeReplacement(to: string): boolean {
  return to.split(/\s+/).length <= MAX_REPLACEMENT_WORDS && !/[\d$£€%]/.test(to);
}

function addPair(out: QuotedRules, from: string, to: string) {
  if (fold(from) === fold(to)) out.casing.push(to);
  else if (safeReplacement(to)) out.pairs.push({ from, to });
}

/** What one group of quoted terms says on its own: a sign-off, a refused one, an opener, a ban, a spelling or a casing. */
function readGroup(group: Group, sentence: string, out: QuotedRules) {
  const terms = group.terms.map(cleanTerm).filter(Boolean);
  switch (group.polarity) {
    case "signoff":
      out.signOff ??= group.terms[0]!.trim();
      return;
    case "signoff-not":
      out.signOffNot.push(...terms);
      return;
    case "opener":
      out.openers.push(...terms.map((t) => t.toLowerCase()));
      return;
    case "ban":
      for (const term of terms) {
        if (GREETING.test(term)) out.openers.push(term.toLowerCase());
        else out.banned.push(...bannedParts(term));
      }
      return;
    default:
      if (terms.some(isBritishForm) && /\bspell/i.test(sentence)) out.spellingForms.push(...terms);
      else if (group.polarity === "say" && CASING_CUE.test(sentence)) out.casing.push(...group.terms.map((t) => t.trim()));
  }
}

/** The brand's own word for a banned one, from two neighbouring groups: "'guests' not 'customers'", "'cheap' — we say 'great value'". */
function readPair(group: Group, previous: Group, out: QuotedRules) {
  if (group.relation === "not" && (previous.polarity === "say" || previous.polarity === "neutral")) {
    for (const from of group.terms.map(cleanTerm)) addPair(out, from, previous.terms[0]!.trim());
  }
  if (group.relation === "say" && group.polarity === "say" && previous.polarity === "ban") {
    for (const from of previous.terms.map(cleanTerm)) addPair(out, from, cleanTerm(group.terms[0]!));
  }
}

function readQuoted(voice: Voice): QuotedRules {
  const out: QuotedRules = { banned: [], pairs: [], casing: [], signOff: null, signOffNot: [], openers: [], spellingForms: [] };
  for (const sentence of voice.sentences) {
    const groups = groupsOf(sentence, voice.quotes);
    groups.forEach((group, index) => {
      readGroup(group, sentence, out);
      if (index > 0) readPair(group, groups[index - 1]!, out);
    });
  }
  // An opener that is only a greeting is also a word the brand never uses.
  out.banned.push(...out.openers.filter((o) => !/\s/.test(o)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Unquoted bans: "never lecture about lattes or avocado toast", "no weight-loss talk"

/** Words about style, not vocabulary: "no slang", "no emoji", "no hype words" are rules of tone, not banned words. */
const META =
  /\b(?:slang|emoji\w*|emoticons?|jargon|fluff|hype|pressure|sell\w*|sales|sold|fancy|marketing|exclamation\w*|caps|capitals?|puns?|jokes?|claims?|promises?|names?|tactics|scare|fear\w*|urgency|guilt\w*|shame|judg\w*|lectur\w*|nonsense|clich\w*|buzzwords?|cutesy|talk|stuff|words?|language|discounts?|offers?|deals?|coupons?|gimmicks?|spam|filler|waffle|corporate|advice|deadlines?|nagging|shouting|swearing|profanity|photos?|pictures?|gifs?|hashtags?|links?|stock|bold|italics|formal\w*|preach\w*|lowercase|uppercase|one|thing|things|anything|it|that|this|them)\b/i;
const TRAILING_KIND = /\s+(?:talk|stuff|crap|language|words?|cliché|cliche|clichés|cliches|please|vibes|puns?|jokes?|bs|rubbish|nonsense|lol)$/i;
const UNQUOTED_BAN =
  /\b(?:never|don'?t|dont|do not|no need to)\s+(?:ever\s+)?(?:say|use|mention|write|call (?:it|them|us|him|her)(?:\s+(?:a|an|the))?|use the words?|lecture(?: people)? about|talk about)\s+([^.,;:!?()"\u0001\u2014\u2013]{2,60})/gi;
const UNQUOTED_NO = /(?:^|[\s,;:(\u2014\u2013-])no\s+(\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*){0,3})(?=\s*(?:[.,;:!?()\u0001\u2014\u2013]|\s-\s|$))/giu;

/** The short phrases in an unquoted object: "lattes or avocado toast" → "lattes", "avocado toast". */
function phrasesOf(object: string): string[] {
  return object
    .split(/\s+(?:-|because|since|as|in|when|unless|if|to|for|on)\s+/i)[0]!
    .split(/\s*(?:,|\/|\bor\b|\band\b|\bnor\b)\s*/i)
    .map((p) =>
      p
        .replace(/^(?:a|an|the|any|our|your)\s+/i, "")
        .replace(TRAILING_KIND, "")
        .trim(),
    )
    .filter((p) => p && p.split(/\s+/).length <= 3 && !META.test(p) && /\p{L}{2,}/u.test(p));
}

function readUnquoted(voice: Voice): string[] {
  const out: string[] = [];
  for (const sentence of voice.sentences) {
    for (const match of sentence.matchAll(UNQUOTED_BAN)) out.push(...phrasesOf(match[1]!));
    for (const match of sentence.matchAll(UNQUOTED_NO)) out.push(...phrasesOf(match[1]!));
  }
  return out.map(cleanTerm);
}

const CALL_IT = /\b(?:never|don'?t|dont|do not)\s+call\s+(?:it|them|us|this|that)\s+(?:an?\s+|the\s+)?(?:'([^'\n]{2,40})'|"([^"\n]{2,40})"|([^.,;:!?()'"\n]{2,40}))/gi;

/** "don't call it a free gift" in any other answer: an owner's word rules are not only in the voice answer. */
function callItBans(answers: Partial<QuestionnaireAnswers>): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(answers)) {
    if (field === "brandVoicePositioning" || field === "customerFeedback") continue;
    for (const m of plainQuotes(String(value ?? "")).matchAll(CALL_IT)) out.push(...(m[3] ? phrasesOf(m[3]) : [cleanTerm(m[1] ?? m[2] ?? "")]));
  }
  return out.filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Simple rules of the voice answer

const EXCL = String.raw`excl\w*(?:\s+(?:marks?|points?))?`;
const EXCL_COUNT = new RegExp(
  String.raw`\b(?:max(?:imum)?\.?|at most|only|no more than|up to|limit(?: of)?|just)\s+(one|1|two|2|three|3)\s+(?:${EXCL}|!)|\b(one|1|two|2|three|3)\s+(?:${EXCL}|!)\s*(?:max\w*|at most|tops|per (?:email|e-mail|message|text)|an email|only)`,
  "i",
);
const EXCL_NONE = new RegExp(
  String.raw`\b(?:no|never(?:\s+(?:use|ever use))?|don'?t\s+use|dont\s+use|do not use|zero|avoid|without|hate|ban)\s+(?:any\s+)?(?:using\s+)?${EXCL}|${EXCL}\s*(?::|are|is)?\s*(?:none|banned|never|not allowed|forbidden)`,
  "i",
);
const NUMBERS: Record<string, number> = { one: 1, "1": 1, two: 2, "2": 2, three: 3, "3": 3 };

/** The most exclamation marks an email may carry, or null when the owner set no limit. */
export function exclamationsOf(voice: string): number | null {
  const count = EXCL_COUNT.exec(voice);
  if (count) return NUMBERS[(count[1] ?? count[2]!).toLowerCase()] ?? 1;
  if (EXCL_NONE.test(voice)) return 0;
  return /\bexcl\w*[^.;]{0,30}\bsparingly\b/i.test(voice) ? 1 : null;
}

const LOWERCASE =
  /\b(?:lower[- ]?case|lower case)\s+(?:everything|always|only|throughout|all the way|all copy|all of it)\b|\b(?:all|everything|always|only|write|written|everything in|all in)\s+(?:in\s+)?lower[- ]?case\b|\bno (?:capital letters|capitals|caps) (?:at all|anywhere|ever)\b|\blower[- ]?case (?:brand|voice|style)\b/i;

/** The owner asks for everything in lower case. */
export function lowercaseOf(voice: string): boolean {
  return LOWERCASE.test(voice);
}

const EMOJI_WORD = String.raw`(?:emoji\w*|emoticons?|smiley\w*|smilies)`;
const EMOJI_NONE = new RegExp(
  String.raw`\b(?:no|never(?:\s+use)?|don'?t\s+use|dont\s+use|do not use|zero|without|hate|avoid|ban)\s+(?:any\s+)?${EMOJI_WORD}|\b${EMOJI_WORD}[\s:-]*(?:free|none|banned|never|not allowed)\b`,
  "i",
);
const EMOJI_SOME = new RegExp(
  String.raw`\b${EMOJI_WORD}\b[^.;]{0,40}\b(?:sparingly|sparing|not in every|occasional\w*|the odd|now and then|max(?:imum)? (?:one|1)|at most (?:one|1)|one per|only one|a few|light(?:ly)?|minimal\w*)|\b(?:the odd|occasional|a few|sparing|one)\s+${EMOJI_WORD}`,
  "i",
);
const EMOJI_OK = new RegExp(
  String.raw`\b${EMOJI_WORD}\s+(?:are |is )?(?:fine|ok|okay|allowed|welcome|encouraged|great|good|yes)\b|\b(?:love|use|we use|happy to use|loads of|lots of)\s+${EMOJI_WORD}`,
  "i",
);

/** How the brand takes emoji: none, sparingly, fine, or null when the owner said nothing (emoji in the answer itself mean fine). */
export function emojiOf(voice: string): EmojiRule | null {
  if (EMOJI_NONE.test(voice)) return "none";
  if (EMOJI_SOME.test(voice)) return "sparingly";
  if (EMOJI_OK.test(voice) || /\p{Extended_Pictographic}/u.test(voice)) return "ok";
  return null;
}

const FORMAL = /\b(?:formal|respectful|professional|polite|elegant|courteous|no slang|proper|not casual)\b/gi;
const CASUAL = /\b(?:casual|informal|relaxed|laid[- ]back|cheeky|chatty|fun|playful|banter|quirky|rough around the edges|not corporate|not stuffy|not formal|not too formal)\b/gi;

function firstIndex(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)][0]?.index ?? Infinity;
}

/** Formal or casual, by the first word of either kind the owner wrote ("not formal" is casual, "not casual" formal). */
export function formalityOf(voice: string): Formality | null {
  const formal = firstIndex(voice, FORMAL);
  const casual = firstIndex(voice, CASUAL);
  if (formal === Infinity && casual === Infinity) return null;
  return formal < casual ? "formal" : "casual";
}

// ---------------------------------------------------------------------------------------------
// Spelling

const SPELLING_NAMED =
  /\b(british|uk|u\.k\.|english|australian|aussie|canadian|american|us|u\.s\.)\s+(?:english\s+)?(?:spelling|spellings|english)\b|\b(british)\b|\b(aussie|australian)\b|\bspell(?:ing|ed)? (?:like|as) (?:the|a|an) (brits?|british|aussies?|australians?|canadians?|americans?)\b/i;

function spellingOfWord(word: string): Spelling | null {
  const w = word.toLowerCase().replace(/\./g, "");
  if (/^(?:british|uk|english|brits?)$/.test(w)) return "British";
  if (/^(?:australian|aussies?|australians?)$/.test(w)) return "Australian";
  if (/^canadians?$/.test(w)) return "Canadian";
  if (/^(?:american|us|americans?)$/.test(w)) return "American";
  return null;
}

/** The spelling the answers' money points to, when it is clear (pounds, Canadian or Australian dollars). */
function spellingOfMoney(all: string): Spelling | null {
  if (/\bCAD\b|\bC\$/.test(all)) return "Canadian";
  if (/\bAUD\b|\bA\$|\bAU\$/.test(all)) return "Australian";
  const pounds = (all.match(/£/g) ?? []).length;
  const dollars = (all.match(/\$/g) ?? []).length;
  return pounds > 0 && pounds >= dollars ? "British" : null;
}

/** The spelling the owner asked for, else the one their money points to, else null. */
export function spellingOf(voice: string, all: string, quotedForms: string[]): Spelling | null {
  const named = SPELLING_NAMED.exec(voice);
  const word = named ? (named.slice(1).find(Boolean) ?? "") : "";
  const explicit = spellingOfWord(word);
  if (explicit) return explicit;
  const money = spellingOfMoney(all);
  if (quotedForms.length) return money === "Canadian" || money === "Australian" ? money : "British";
  return money;
}

// ---------------------------------------------------------------------------------------------
// Sign-off, brand and casing

const PERSON_ROLE = /\b(?:named|own|assigned|personal|their|your|client'?s|customer'?s|patient'?s|dedicated)\b/i;

function titleCase(name: string): string {
  return name.replace(/\p{L}[\p{L}']*/gu, (w) =>
    w.length <= 2 && /^(?:of|de|la|le|du|da|di|von|van)$/i.test(w) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
  );
}

/** A sign-off written without quotes: "Always sign off as Maria (that's me)", "sign off with the named accountant". */
function unquotedSignOff(sentence: string): { name: string | null; person: boolean } | null {
  const match = /\bsign(?:ed|s|ing)?[\s-]*of{1,2}\s+(?:(?:as|with|from|by)\s+)?([^,.;:!?()\u0001\u2014\u2013]+)/i.exec(sentence);
  if (!match) return null;
  const phrase = match[1]!.split(/\s+(?:not|never|but|and never|rather than|instead of)\b/i)[0]!.trim();
  if (!phrase) return null;
  if (/^(?:the|our|your|their|a|an|each|every)\b|'s\b/i.test(phrase)) return { name: null, person: PERSON_ROLE.test(phrase) };
  if (phrase.split(/\s+/).length > 3 || /^(?:us|me|it|them)$/i.test(phrase)) return null;
  return { name: phrase === phrase.toLowerCase() || phrase === phrase.toUpperCase() ? titleCase(phrase) : phrase, person: false };
}

const NAME_STOP = /^(?:the|and|co|ltd|inc|llc|plc|of|for|by|at)$/i;

/** The words of the company name that can carry their own casing ("SÖL" in "SÖL Daily"). */
function nameWords(companyName: string): string[] {
  return companyName.split(/\s+/).filter((w) => fold(w).length >= 3 && !NAME_STOP.test(fold(w)));
}

/** Unquoted spellings of the name in a sentence about casing: "Brand is always SÖL in capitals". */
function unquotedCasing(sentence: string, companyName: string): string[] {
  if (!CASING_CUE.test(sentence)) return [];
  const words = nameWords(companyName).map(fold);
  const tokens = sentence.replace(TOKEN, " ").match(/[\p{L}\p{N}][\p{L}\p{N}'&-]*/gu) ?? [];
  return tokens.filter((t) => t !== t.toLowerCase() && words.includes(fold(t)));
}

/** The company name with the owner's casing applied: a rule naming the whole name wins; else each word the rules spell. */
export function brandFrom(companyName: string, casing: readonly string[]): string {
  const name = plainQuotes(companyName);
  const whole = casing.find((term) => fold(name) !== "" && fold(term) === fold(name));
  if (whole) return whole;
  let out = name;
  for (const term of casing) {
    if (/\s/.test(term)) continue;
    out = out.replace(new RegExp(termSource(term.replace(/\.$/, ""), { accents: true }), "giu"), (found) => (fold(found) === fold(term) ? term : found));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Putting it together

function answerText(answers: Partial<QuestionnaireAnswers>): string {
  return Object.values(answers)
    .map((value) => (Array.isArray(value) ? value.join("\n") : String(value ?? "")))
    .join("\n");
}

/** Every inflection and spelling of the banned terms, without the brand's own words. */
function expandBanned(terms: string[], keep: (term: string) => boolean): string[] {
  const out = new Set<string>();
  for (const term of terms) {
    if (!keep(term)) continue;
    for (const form of inflectionsOf(term)) {
      out.add(form);
      for (const variant of spellingVariants(form)) out.add(variant);
    }
  }
  return [...out];
}

const SHARED_LEAD = /^(your|our|my|the|a|an)\s+(.+)$/i;

/** "'your plan' not 'your subscription'": the words differ, not the "your", so "subscription" → "plan" wherever it stands. */
function withBareNouns(pairs: Replacement[]): Replacement[] {
  return pairs.flatMap((pair) => {
    const [from, to] = [SHARED_LEAD.exec(pair.from), SHARED_LEAD.exec(pair.to)];
    return from && to && from[1]!.toLowerCase() === to[1]!.toLowerCase() ? [pair, { from: from[2]!, to: to[2]! }] : [pair];
  });
}

/** The replacements with their number forms: "customers" → "clients" also gives "customer" → "client". */
function expandPairs(pairs: Replacement[]): Replacement[] {
  const out = new Map<string, Replacement>();
  for (const { from, to } of withBareNouns(pairs)) {
    out.set(from.toLowerCase(), { from, to });
    if (/^\p{Lu}/u.test(from)) continue;
    const singular = singularTerm(from);
    const other = singular ? { from: singular, to: singularTerm(to) ?? to } : { from: pluralTerm(from), to: pluralTerm(to) };
    if (other.from && other.to && !out.has(other.from.toLowerCase())) out.set(other.from.toLowerCase(), { from: other.from, to: other.to });
  }
  return [...out.values()];
}

const DISCOUNT_WORDS = ["discount", "discounts", "discounted", "coupon", "coupons", "% off", "on sale", "sale"];

/** The brand's rules, from the questionnaire answers (and, given a model, the model's never-words). */
export function brandRulesOf(answers: Partial<QuestionnaireAnswers>, options: BrandRulesOptions = {}): BrandRules {
  const voiceText = plainQuotes(answers.brandVoicePositioning);
  const voice = readVoice(voiceText);
  const companyName = plainQuotes(answers.companyName);
  const quoted = readQuoted(voice);
  const casing = [...quoted.casing, ...(voice.shouting ? [] : voice.sentences.flatMap((s) => unquotedCasing(s, companyName)))];
  const brand = brandFrom(companyName, casing);
  const sign = signOffOf(voice, quoted.signOff);
  const all = answerText(answers);
  const noDiscounts = noDiscountsIn(all);
  const ownWords = new Set([brand, companyName, ...casing, ...nameWords(companyName)].map(fold));
  const keep = (term: string) => !ownWords.has(fold(term)) && !quoted.pairs.some((p) => fold(p.to) === fold(term));
  const pairs = expandPairs(quoted.pairs.filter((p) => !ownWords.has(fold(p.from))));
  const banned = [...expandBanned([...quoted.banned, ...readUnquoted(voice), ...callItBans(answers), ...pairs.map((p) => p.from)], keep), ...(noDiscounts ? DISCOUNT_WORDS : [])];
  return {
    brand,
    casing: [...new Set(casing.filter((c) => fold(c) !== fold(brand)))],
    exclamations: exclamationsOf(voiceText),
    lowercase: lowercaseOf(voiceText),
    emoji: emojiOf(voiceText),
    signOff: sign.name,
    signOffPerson: sign.person,
    signOffNot: [...new Set(quoted.signOffNot)],
    banned,
    replacements: pairs,
    noDiscounts,
    spelling: spellingOf(voiceText, all, quoted.spellingForms),
    openers: [...new Set(quoted.openers.map((o) => o.toLowerCase()))],
    formality: formalityOf(voiceText),
    negated: negatedTermsOf(answers).filter((t) => !ownWords.has(fold(t))),
    avoid: options.model ? modelAvoidWords(options.model, all) : [],
  };
}

/** The sign-off: a quoted name, else one written without quotes, else a named person the answers don't name. */
function signOffOf(voice: Voice, quoted: string | null): { name: string | null; person: boolean } {
  if (quoted) return { name: voice.shouting ? titleCase(quoted) : quoted, person: false };
  for (const sentence of voice.sentences) {
    const found = SIGN_OFF.test(sentence) ? unquotedSignOff(sentence) : null;
    if (found) return found;
  }
  return { name: null, person: false };
}

/** Rules that ask nothing: the brand as typed and no limits. */
export function noBrandRules(brand = ""): BrandRules {
  return {
    brand,
    casing: [],
    exclamations: null,
    lowercase: false,
    emoji: null,
    signOff: null,
    signOffPerson: false,
    signOffNot: [],
    banned: [],
    replacements: [],
    noDiscounts: false,
    spelling: null,
    openers: [],
    formality: null,
    negated: [],
    avoid: [],
  };
}
