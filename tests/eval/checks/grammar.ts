import { allTexts, snippet, type TextUnit } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `grammar`: slips a reader sees at once, kept to clear cases. "a" before a vowel sound ("a
 * abandoned cart", "a appointment") and "an" before a consonant sound; doubled punctuation ("Co..",
 * "!!", ",,") and a space before a full stop or comma; a word twice in a row; and a subject or
 * preheader that is a fragment: it starts in lower case (unless the brand writes so) or ends on
 * a word that cannot end a sentence ("and", "the", "your").
 */

export interface GrammarOptions {
  /** The brand's name: a subject may start with it as it is written ("budgetBee", "the loaf."). */
  brand: string;
  /** The brand writes everything in lower case. */
  lowercase: boolean;
}

/** Words that start with a vowel letter but a consonant sound ("a user", "a one-off", "a UK shop"). */
const VOWEL_LETTER_CONSONANT_SOUND = /^(?:u(?:ni|se|su|ti|ra|re|ro|ku|s\b)|eu|ewe|one|once|U[A-Z])/;
/** Words that start with a consonant letter but a vowel sound ("an hour", "an honest"). */
const SILENT_H = /^(?:hour|honest|hono(?:u)?r|heir|herb)/i;

interface Slip {
  message: string;
  index: number;
  length: number;
}

function articleSlips(text: string): Slip[] {
  const slips: Slip[] = [];
  for (const m of text.matchAll(/(?<![\p{L}'’])(a|A|an|An)\s+([\p{L}][\p{L}'’-]*)/gu)) {
    const [article, word] = [m[1]!, m[2]!];
    if (article === "A" && !/(?:^|[.!?:]\s+|\n\s*)$/.test(text.slice(0, m.index))) continue;
    const vowel = /^[aeiouAEIOU]/.test(word);
    const acronym = /^\p{Lu}{2,}/u.test(word);
    if (article.length === 1 && vowel && !VOWEL_LETTER_CONSONANT_SOUND.test(word)) {
      slips.push({ message: `"${m[0]}": "a" before a vowel sound`, index: m.index, length: m[0].length });
    }
    if (article.length === 2 && !vowel && !acronym && !SILENT_H.test(word)) {
      slips.push({ message: `"${m[0]}": "an" before a consonant sound`, index: m.index, length: m[0].length });
    }
  }
  return slips;
}

const PUNCTUATION: Array<[RegExp, string]> = [
  [/(?<!\.)\.\.(?!\.)/, "a doubled full stop"],
  [/!!|\?\?|,,|;;/, "doubled punctuation"],
  [/[\p{L}\d)"'’]\s+[.,;!?](?=\s|$)/u, "a space before punctuation"],
];

function punctuationSlips(text: string): Slip[] {
  return PUNCTUATION.flatMap(([pattern, what]) => {
    const m = pattern.exec(text);
    return m ? [{ message: `${what}: "${m[0].trim()}"`, index: m.index, length: m[0].length }] : [];
  });
}

function repeatedWords(text: string): Slip[] {
  const m = /(?<![\p{L}'’])(\p{L}+)\s+\1(?![\p{L}'’])/iu.exec(text);
  if (!m || /^(?:that|had)$/i.test(m[1]!)) return [];
  return [{ message: `"${m[0]}": a word twice in a row`, index: m.index, length: m[0].length }];
}

const DANGLING_END = /(?:\b(?:and|or|but|the|a|an|of|with|your|our|my|their|its)|[,:;–-])\s*$/i;

export function fragmentSlip(text: string, options: GrammarOptions): Slip | null {
  const trimmed = text.trim();
  const startsWithBrand = options.brand && trimmed.toLowerCase().startsWith(options.brand.toLowerCase());
  if (!options.lowercase && !startsWithBrand && /^\p{Ll}/u.test(trimmed)) return { message: "starts in lower case, like a fragment", index: 0, length: 1 };
  const end = DANGLING_END.exec(trimmed);
  if (end) return { message: `ends on "${end[0].trim()}", like a fragment`, index: end.index, length: end[0].length };
  return null;
}

export function grammarSlips(unit: Pick<TextUnit, "text" | "field">, options: GrammarOptions): Slip[] {
  // A merge tag reads as one word of its own length, so places in the text stay where they were.
  const text = unit.text.replace(/\{\{[^}]*\}\}|\{%[^%]*%\}/g, (m) => `T${"t".repeat(m.length - 1)}`);
  const slips = [...articleSlips(text), ...punctuationSlips(text), ...repeatedWords(text)];
  if (unit.field === "subject" || unit.field === "preheader") {
    const fragment = fragmentSlip(text, options);
    if (fragment) slips.push(fragment);
  }
  return slips;
}

export function checkGrammar(output: BusinessOutput): Finding[] {
  const { answers, expect } = output.business;
  const options = { brand: answers.companyName, lowercase: expect.brandRules.some((rule) => /\blower ?case everything\b/i.test(rule)) };
  return output.flows.flatMap((flow) =>
    allTexts(flow).flatMap((unit) =>
      grammarSlips(unit, options).map((slip) => finding("grammar", flow.flowType, unit.where, slip.message, snippet(unit.text, slip.index, slip.length))),
    ),
  );
}
