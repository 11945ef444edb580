/**
 * Word helpers shared by the brand-rules parser and its enforcer: folding a word for comparison,
 * the inflections of a term ("package" → "packages"), and the whole-word pattern a term is found
 * with (hyphen and space interchangeable, either apostrophe, case ignored). Pure.
 */

/** A letter or a digit: a whole-word match never has one on either side. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

const HYPHEN_OR_SPACE = "[\\s\\u2010\\u2011-]+";

/** Text for comparison: lower case, no accents, no edge punctuation, one space between words. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\u2010\u2011-]+/g, " ")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .trim();
}

/** The text with every character a regular expression treats specially escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One character of a term as a pattern: spaces and hyphens alike, either apostrophe, optionally any accent. */
function charSource(char: string, accents: boolean): string {
  if (/[\s\u2010\u2011-]/.test(char)) return HYPHEN_OR_SPACE;
  if (char === "'" || char === "\u2019") return "['\u2019]";
  const base = char.normalize("NFD").replace(/\p{M}/gu, "");
  if (accents && base !== char && base.length === 1) return `[${escapeRegExp(base)}${escapeRegExp(char)}]`;
  return escapeRegExp(char);
}

/** The pattern source that finds a term as a whole word or phrase (use with the "giu" flags). */
export function termSource(term: string, options: { accents?: boolean } = {}): string {
  const trimmed = term.trim();
  const body = [...trimmed]
    .map((char) => charSource(char, options.accents ?? false))
    .join("")
    .replace(/(?:\[\\s\\u2010\\u2011-\]\+)+/g, HYPHEN_OR_SPACE);
  const start = WORD_CHAR.test(trimmed.charAt(0)) ? "(?<![\\p{L}\\p{N}])" : "";
  const end = WORD_CHAR.test(trimmed.charAt(trimmed.length - 1)) ? "(?![\\p{L}\\p{N}])" : "";
  return `${start}${body}${end}`;
}

/** A global, case-insensitive pattern for a term. */
export function termPattern(term: string, options: { accents?: boolean } = {}): RegExp {
  return new RegExp(termSource(term, options), "giu");
}

const IRREGULAR: Readonly<Record<string, string>> = { child: "children", person: "people", man: "men", woman: "women", foot: "feet", tooth: "teeth", mouse: "mice" };
const IRREGULAR_SINGULAR: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(IRREGULAR).map(([one, many]) => [many, one]));

/** The plural of one English word ("box" → "boxes", "story" → "stories", "child" → "children"). */
export function pluralOf(word: string): string {
  const irregular = IRREGULAR[word.toLowerCase()];
  if (irregular) return irregular;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The singular of a plural English word, or null when the word does not look plural. */
export function singularOf(word: string): string | null {
  const irregular = IRREGULAR_SINGULAR[word.toLowerCase()];
  if (irregular) return irregular;
  if (word.length < 4 || /(?:ss|us|is|news)$/i.test(word)) return null;
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|zes|sses)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return null;
}

const NOT_A_NOUN = /^(?:it|them|that|this|those|these|one|you|me|us|him|her|up|out|off|down|in|on|last|now|again|ever|here|there|hey|hi|hello|yo|rich|poor)$/i;
/** Endings of words that have no plural: adverbs, adjectives, participles. */
const NO_PLURAL = /(?:ly|less|ful|ous|ive|ic|al|able|ible|ed|ing|est)$/i;

/** The word an inflection changes: the noun before "of" ("blocks of lessons"), else the last word. */
function headIndex(words: string[]): number {
  const of = words.findIndex((w, i) => i > 0 && /^of$/i.test(w));
  return of > 0 ? of - 1 : words.length - 1;
}

/** The term with its head noun changed, or null when the head is not a plain noun (phrases of three words or more change only before "of"). */
function withHead(term: string, change: (head: string) => string | null): string | null {
  const words = term.trim().split(/\s+/);
  const at = headIndex(words);
  const head = words[at] ?? "";
  if (words.length > 4 || (words.length > 2 && !/^of$/i.test(words[at + 1] ?? "")) || /['\u2019]/.test(term) || /\b(?:a|an)\s/i.test(term)) return null;
  if (NOT_A_NOUN.test(head) || !/^[\p{L}-]{3,}$/u.test(head) || /^(?:in|on|at|by|for|to|with|from)$/i.test(words[0]!)) return null;
  const changed = change(head);
  return changed ? [...words.slice(0, at), changed, ...words.slice(at + 1)].join(" ") : null;
}

/** The singular of a plural term ("blocks of lessons" → "block of lessons"), or null when it is not plural. */
export function singularTerm(term: string): string | null {
  return withHead(term, singularOf);
}

/** The plural of a singular term ("fur baby" → "fur babies"), or null when it is plural already or not a noun. */
export function pluralTerm(term: string): string | null {
  return withHead(term, (head) => (singularOf(head) || NO_PLURAL.test(head) ? null : pluralOf(head)));
}

/** The term's other number: plural for a singular term, singular for a plural one. */
export function numberForms(term: string): string[] {
  const other = singularTerm(term) ?? pluralTerm(term);
  return other ? [other] : [];
}

/** Verbs marketing copy bends into -ing and -ed ("hacking", "burned"); other words keep to their number forms ("package" never gives "packaging"). */
const COMMON_VERBS = new Set(
  "hack burn fight drill leverage skyrocket crush hustle invest guarantee promise cure heal detox boost slash grab hurry transform diagnose treat sell push spam nag rush lecture shame guilt judge pressure force trick hype sparkle binge splurge cheat starve punish".split(
    " ",
  ),
);

/** A verb's -ing and -ed forms: "burn" → "burning", "burned"; "sparkle" → "sparkling", "sparkled"; none for other words. */
export function verbForms(word: string): string[] {
  const lower = word.toLowerCase();
  if (!COMMON_VERBS.has(lower) && !/[iy][sz]e$/.test(lower)) return [];
  const stem = /[^aeiou]e$/.test(lower) ? lower.slice(0, -1) : lower;
  const past = /e$/.test(lower) ? `${lower}d` : /[^aeiou]y$/.test(lower) ? `${lower.slice(0, -1)}ied` : `${lower}ed`;
  return [`${stem}ing`, past];
}

/** A term and the inflections a copywriter might use instead: plural or singular, and a single word's verb forms. */
/** A gerund's verb ("booking" → "book", "books", "booked"): a business with "no booking" never asks anyone to book. */
function gerundVerb(term: string): string[] {
  if (!/^[a-z]{3,}ing$/i.test(term.trim())) return [];
  const stem = term.trim().slice(0, -3);
  // "shipping" → "ship": a doubled last consonant is the gerund's, not the verb's.
  const verb = /([bdgmnprt])\1$/i.test(stem) ? stem.slice(0, -1) : stem;
  return [verb, `${verb}s`, `${stem}ed`];
}

export function inflectionsOf(term: string): string[] {
  const trimmed = term.trim();
  // A name ("Kim", "Big Day") keeps its one form.
  if (/^\p{Lu}/u.test(trimmed) && trimmed !== trimmed.toUpperCase()) return [trimmed.toLowerCase()];
  const numbers = numberForms(trimmed);
  const base = singularTerm(trimmed) ?? trimmed;
  // "-ies" is "-y" ("stories") or "-ie" ("calories", "cookies"): both, without a dictionary.
  const ie = /[^aeiou]ies$/i.test(trimmed) ? [trimmed.slice(0, -1)] : [];
  const forms = [trimmed, ...numbers, ...ie, ...(/\s/.test(trimmed) ? [] : verbForms(base)), ...gerundVerb(trimmed)];
  return [...new Set(forms.map((f) => f.toLowerCase()))];
}

/** The target in the source's case: "Cheap" → "Affordable", "CHEAP" → "AFFORDABLE"; a target with its own capitals keeps them. */
export function matchCase(source: string, target: string): string {
  const letters = source.replace(/[^\p{L}]/gu, "");
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return target.toUpperCase();
  const first = source.charAt(0);
  if (first !== first.toLowerCase() && target.charAt(0) === target.charAt(0).toLowerCase()) return target.charAt(0).toUpperCase() + target.slice(1);
  return target;
}

/** "a" or "an" before a word, by its first sound (a rough rule: vowels, silent h, and "u" as in "use" aside). */
export function articleFor(word: string): "a" | "an" {
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return "an";
  if (/^(?:uni|use|usu|eu|one|once|ur[aeiou])/.test(lower)) return "a";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}
