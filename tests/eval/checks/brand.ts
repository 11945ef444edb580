import type { FlowType } from "~/lib/flow-types";

import type { FlowOutput, StepCopy } from "../pipeline";
import { allTexts, copyTexts, EMOJI, fold, hasTerm, snippet, termPattern, type TextUnit, withoutMarkup } from "../texts";
import { offerMentions } from "./offers";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `brand`: what the voice answer's explicit rules (expect.brandRules) say that a machine can check.
 * Each rule is read with general patterns, never per business: "no exclamation marks" (or "at most
 * one per email"), "no emoji", "lowercase everything", "don't open with 'Hey'", "no first names in
 * subject lines", "no discounts", "British/UK/Australian spelling", a sign-off name, the brand's
 * own spelling ("Write 'budgetBee' exactly", "always SÖL", "Always 'Master Kim', never just 'Kim'"),
 * and quoted words after never/don't/no ("Never say 'painless'") that words.avoid does not already
 * hold. A rule none of these reads is listed as judgement: reported, not counted.
 */

export interface BrandCheck {
  rule: string;
  /** What is checked, in a few words ("no '!' in the copy"). */
  what: string;
  run: (flow: FlowOutput) => Finding[];
  /** Part of the rule is left to judgement (a sign-off "with the named accountant" names no one). */
  partial?: boolean;
}

export interface BrandRuleSet {
  checks: BrandCheck[];
  judgement: string[];
}

export function parseBrandRules(rules: readonly string[], avoid: readonly string[] = [], brand = ""): BrandRuleSet {
  const checks: BrandCheck[] = [];
  const judgement: string[] = [];
  for (const rule of rules) {
    const found = PARSERS.flatMap((parse) => parse(rule, avoid, brand));
    if (found.length === 0 || found.some((check) => check.partial)) judgement.push(rule);
    checks.push(...found);
  }
  return { checks, judgement };
}

export function checkBrand(output: BusinessOutput): Finding[] {
  const { brandRules, words } = output.business.expect;
  const { checks } = parseBrandRules(brandRules, words.avoid, output.business.answers.companyName);
  return output.flows.flatMap((flow) => checks.flatMap((check) => check.run(flow)));
}

/** Reads one rule; `brand` is the company name as the owner wrote it. */
type Parser = (rule: string, avoid: readonly string[], brand: string) => BrandCheck[];

// ---------------------------------------------------------------------------------------------
// Quoted words and their sense

export interface Quoted {
  text: string;
  /** False for a form the rule forbids ("never 'The Loaf'"), true for one it asks for. */
  positive: boolean;
  /** A forbidden word the rule bans from the text ("never say 'X'", "no 'X'"), not a way of treating it ("never badmouth 'X'"). */
  banned: boolean;
}

const QUOTE = /(?<!\p{L})['‘"“]((?:[^'’"”]|(?<=\p{L})['’](?=\p{L}))+?)['’"”](?!\p{L})/gu;
const NEGATIVE = /\b(?:never|don'?t|do not|no|not|avoid|without)\b/i;
const BANNING = /\b(?:never|don'?t|do not)\s+(?:\w+\s+)?(?:say|use|call|write|claim|promise|imply)\b|\b(?:no|not|avoid|without)\b/i;
const CONNECTOR = /^[\s,/()]*(?:(?:or|and|nor)\s+(?:an?\s+|the\s+)?)?$/i;

/** The rule's quoted words, each read as asked for or forbidden from the words before and after it. */
export function quotedParts(rule: string): Quoted[] {
  const parts: Quoted[] = [];
  let last = 0;
  for (const m of rule.matchAll(QUOTE)) {
    const before = rule.slice(last, m.index);
    const after = rule.slice(m.index + m[0].length);
    const clauseStart = before.lastIndexOf(";");
    const clause = clauseStart >= 0 ? before.slice(clauseStart) : before;
    const previous = parts[parts.length - 1];
    let part: Quoted;
    if (/^\s*,?\s*(?:not|never|instead of|rather than)\b/i.test(after)) part = { text: m[1]!, positive: true, banned: false };
    else if (previous && clauseStart < 0 && CONNECTOR.test(before)) part = { ...previous, text: m[1]! };
    else part = { text: m[1]!, positive: !NEGATIVE.test(clause), banned: NEGATIVE.test(clause) && BANNING.test(clause) };
    parts.push(part);
    last = m.index + m[0].length;
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// The parsers

const exclamation: Parser = (rule) => {
  const most = /at most (one|two|three|\d+) exclamation marks? (?:per|in each|an?) (email|message)/i.exec(rule);
  if (most) {
    const max = { one: 1, two: 2, three: 3 }[most[1]!.toLowerCase()] ?? Number(most[1]);
    return [{ rule, what: `at most ${max} '!' per email`, run: (flow) => tooManyExclamations(flow, max) }];
  }
  if (!/\b(?:no|never use|never|without) exclamation marks?\b/i.test(rule)) return [];
  return [{ rule, what: "no '!' in the copy", run: (flow) => eachCopy(flow, /!/, "an exclamation mark, which the brand never uses") }];
};

const emoji: Parser = (rule) => {
  if (!/\bno emoji/i.test(rule)) return [];
  return [{ rule, what: "no emoji", run: (flow) => eachCopy(flow, EMOJI, "an emoji, which the brand never uses") }];
};

const lowercase: Parser = (rule) => {
  if (!/\blower ?case everything\b|\ball lower ?case\b/i.test(rule)) return [];
  return [{ rule, what: "no capital letters in the copy", run: capitals }];
};

const opener: Parser = (rule) => {
  const m = /\b(?:don'?t|never|do not) (?:open|start) with ['‘"“]([^'’"”]+)['’"”]/i.exec(rule);
  if (!m) return [];
  const word = m[1]!;
  return [{ rule, what: `no subject or body opens with "${word}"`, run: (flow) => openers(flow, word) }];
};

const subjectNames: Parser = (rule) => {
  if (!/\bno first names? in (?:the )?subject/i.test(rule)) return [];
  return [{ rule, what: "no first-name merge tag in subjects", run: firstNameSubjects }];
};

const noDiscount: Parser = (rule) => {
  if (!/\b(?:no|never) discount(?:s|ing)?\b/i.test(rule)) return [];
  return [{ rule, what: "no discount, code or discount placeholder", run: discounts }];
};

const regional: Parser = (rule) => {
  const m = /\b(british|uk|australian|aussie) (?:english|spelling)\b/i.exec(rule);
  if (!m) return [];
  return [{ rule, what: `${m[1]} spelling (no US spellings)`, run: usSpellings }];
};

const signOff: Parser = (rule) => {
  if (!/\bsign(?:s|ed)?[- ]?off\b/i.test(rule)) return [];
  const quoted = quotedParts(rule);
  const named = quoted.find((q) => q.positive)?.text ?? /\bsign[- ]?off (?:as |with )?([A-Z][\p{L}'.-]*(?:\s+(?:&|and)\s+[A-Z][\p{L}'.-]*)?)/u.exec(rule)?.[1] ?? null;
  const notNames = quoted.filter((q) => !q.positive).map((q) => q.text);
  if (!named && notNames.length === 0) return [];
  const what = [named && `every email signs off as "${named}"`, notNames.length && `never as ${notNames.map((n) => `"${n}"`).join(" or ")}`].filter(Boolean).join(", ");
  return [{ rule, what, run: (flow) => signOffs(flow, named, notNames), partial: !named }];
};

const spelling: Parser = (rule, _avoid, brand) => {
  if (/\bsign[- ]?off\b/i.test(rule) || !/\b(?:write|written|always|brand is|spell|exactly|as they are|with a capital|in capitals)\b/i.test(rule)) return [];
  const quoted = quotedParts(rule);
  const forms = quoted.filter((q) => q.positive).map((q) => q.text);
  if (forms.length === 0) forms.push(...unquotedForms(rule));
  if (forms.length === 0) return [];
  const strict = /\blower ?case\b/i.test(rule);
  const bare = (text: string) => fold(text).replace(/[.!?]+$/, "");
  const outside = quoted.filter((q) => !q.positive && forms.some((form) => bare(form) !== bare(q.text) && hasTerm(form, q.text)));
  return forms.map((form) => ({
    rule,
    what: `written "${form}"${outside.length ? `, never ${outside.map((q) => `"${q.text}"`).join(" or ")} alone` : ""}`,
    run: (flow: FlowOutput) => [...misspellings(flow, form, strict), ...outside.flatMap((q) => aloneForms(flow, q.text, form, brand))],
  }));
};

const banned: Parser = (rule, avoid, brand) => {
  if (/\bsign[- ]?off\b|\b(?:open|start) with\b/i.test(rule)) return [];
  const spellingRule = spelling(rule, avoid, brand).length > 0;
  const held = new Set(avoid.map((term) => term.toLowerCase()));
  const forbidden = spellingRule ? [] : quotedParts(rule).filter((q) => q.banned);
  const terms = forbidden.filter((q) => !held.has(q.text.toLowerCase())).map((q) => q.text.replace(/[!?.]+$/, ""));
  if (terms.length === 0) return forbidden.length ? [{ rule, what: "banned words (words.avoid holds them)", run: () => [] }] : [];
  return [{ rule, what: `never ${terms.map((t) => `"${t}"`).join(", ")}`, run: (flow) => bannedWords(flow, terms) }];
};

const PARSERS: Parser[] = [exclamation, emoji, lowercase, opener, subjectNames, noDiscount, regional, signOff, spelling, banned];

/** Brand forms written without quotes: "Brand is always SÖL", "Write ÉLAN in capitals", "as they are (Fondations, Étirements)". */
function unquotedForms(rule: string): string[] {
  const listed = /as (?:they are|written)\s*\(([^)]+)\)/i.exec(rule);
  if (listed) return listed[1]!.split(/\s*,\s*/).filter(Boolean);
  const words = rule.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  return words.filter((w) => w.length >= 2 && (/^\p{Lu}{2,}$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w)) && /[^\x00-\x7F]|\p{Ll}\p{Lu}/u.test(w));
}

// ---------------------------------------------------------------------------------------------
// The checks

function emails(flow: FlowOutput): StepCopy[] {
  return flow.copy.filter((c) => c.stepType === "Email");
}

function eachCopy(flow: FlowOutput, pattern: RegExp, message: string): Finding[] {
  return copyTexts(flow).flatMap((unit) => {
    const m = new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(unit.text);
    return m ? [finding("brand", flow.flowType, unit.where, message, snippet(unit.text, m.index, m[0].length))] : [];
  });
}

function tooManyExclamations(flow: FlowOutput, max: number): Finding[] {
  return emails(flow).flatMap((c) => {
    const text = [c.subject, c.preheader, c.bodyText, c.callToAction].join("\n");
    const count = (text.match(/!/g) ?? []).length;
    return count > max
      ? [finding("brand", flow.flowType, `step ${c.stepNumber} email`, `${count} exclamation marks in one email; the brand allows ${max}`, snippet(text, text.indexOf("!"), 1))]
      : [];
  });
}

/** The words a lowercase brand may still capitalise: merge tags, placeholders, URLs, codes and the carriers' opt-out words. */
function lowercasePart(text: string): string {
  return withoutMarkup(text)
    .replace(/Reply STOP to opt out/g, " ")
    .replace(/\b[A-Z0-9]*\d[A-Z0-9]*\b/g, " ");
}

function capitals(flow: FlowOutput): Finding[] {
  return copyTexts(flow).flatMap((unit) => {
    const words = lowercasePart(unit.text).match(/\S*\p{Lu}\S*/gu);
    if (!words) return [];
    const first = unit.text.indexOf(words[0]!);
    return [
      finding(
        "brand",
        flow.flowType,
        unit.where,
        `capital letters in a lowercase brand's copy: ${[...new Set(words)].slice(0, 5).join(" ")}`,
        snippet(unit.text, Math.max(0, first), words[0]!.length),
      ),
    ];
  });
}

function openers(flow: FlowOutput, word: string): Finding[] {
  const pattern = new RegExp(`^\\s*${termPattern(word).source}`, "iu");
  return copyTexts(flow)
    .filter((unit) => (unit.field === "subject" || unit.field === "body") && pattern.test(unit.text))
    .map((unit) => finding("brand", flow.flowType, unit.where, `opens with "${word}"`, snippet(unit.text, 0, word.length)));
}

function firstNameSubjects(flow: FlowOutput): Finding[] {
  return copyTexts(flow)
    .filter((unit) => unit.field === "subject" && /\{\{[^}]*name[^}]*\}\}/i.test(unit.text))
    .map((unit) => finding("brand", flow.flowType, unit.where, "a first name in the subject line", unit.text));
}

function discounts(flow: FlowOutput): Finding[] {
  return allTexts(flow).flatMap((unit) => {
    const hits = offerMentions(unit.text).filter((m) => m.kind !== "free");
    const placeholder = /\[YOUR [^\]]*(?:DISCOUNT|CODE)[^\]]*\]/i.exec(unit.text);
    const at = hits[0] ?? (placeholder ? { text: placeholder[0], index: placeholder.index } : null);
    return at ? [finding("brand", flow.flowType, unit.where, `a discount ("${at.text}") from a brand that never discounts`, snippet(unit.text, at.index, at.text.length))] : [];
  });
}

/** A few American spellings a British or Australian reader notices at once. */
const US_SPELLINGS =
  /\b(?:colors?|colorful|favorites?|flavors?|behaviors?|neighbors?|honors?|organiz(?:e|ed|es|ing)|personaliz(?:e|ed)|realiz(?:e|ed)|analyz(?:e|ed)|optimiz(?:e|ed)|customiz(?:e|ed)|centers?|theaters?|catalogs?|enrollment|jewelry)\b/i;

function usSpellings(flow: FlowOutput): Finding[] {
  return copyTexts(flow).flatMap((unit) => {
    const m = US_SPELLINGS.exec(withoutMarkup(unit.text));
    if (!m) return [];
    return [finding("brand", flow.flowType, unit.where, `US spelling "${m[0]}"`, snippet(unit.text, unit.text.indexOf(m[0]), m[0].length))];
  });
}

function closingLines(body: string): string {
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-3)
    .join("\n");
}

function signOffs(flow: FlowOutput, name: string | null, notNames: readonly string[]): Finding[] {
  return emails(flow).flatMap((c) => {
    const closing = closingLines(c.bodyText);
    const where = `step ${c.stepNumber} closing lines`;
    const found: Finding[] = [];
    if (name && !fold(closing).includes(fold(name))) found.push(finding("brand", flow.flowType, where, `the email does not sign off as "${name}"`, closing));
    for (const not of notNames) {
      const words = not.split(/\s+/).filter((w) => !/^(?:the|a|an)$/i.test(w));
      if (words.length && words.every((w) => hasTerm(closing, w))) found.push(finding("brand", flow.flowType, where, `signs off as "${not}", which the brand never does`, closing));
    }
    return found;
  });
}

/** Text folded to lower case without accents, with each folded character's place in the original. */
function foldWithMap(text: string): { folded: string; at: number[] } {
  let folded = "";
  const at: number[] = [];
  let offset = 0;
  for (const char of text) {
    for (const c of fold(char)) {
      folded += c;
      at.push(offset);
    }
    offset += char.length;
  }
  return { folded, at };
}

/** Every place the brand form is written another way (case or accents); a sentence may capitalise its first letter unless the rule says lowercase. */
export function misspelledForms(text: string, form: string, strict: boolean): Array<{ found: string; index: number }> {
  const letters = form.replace(/[.!?]+$/, "");
  const { folded, at } = foldWithMap(text);
  const pattern = termPattern(fold(letters), { flags: "gu" });
  const wrong: Array<{ found: string; index: number }> = [];
  for (const m of folded.matchAll(pattern)) {
    const start = at[m.index]!;
    const endIndex = m.index + m[0].length;
    const end = endIndex < at.length ? at[endIndex]! : text.length;
    const found = text.slice(start, end);
    const sentenceStart = /(?:^|[.!?:]\s+|\n\s*)$/.test(text.slice(0, start));
    const capitalised = letters.charAt(0).toUpperCase() + letters.slice(1);
    if (found !== letters && !(sentenceStart && !strict && found === capitalised)) wrong.push({ found, index: start });
  }
  return wrong;
}

function misspellings(flow: FlowOutput, form: string, strict: boolean): Finding[] {
  return allTexts(flow).flatMap((unit) =>
    misspelledForms(unit.text, form, strict)
      .slice(0, 1)
      .map((w) => finding("brand", flow.flowType, unit.where, `"${w.found}" for "${form}"`, snippet(unit.text, w.index, w.found.length))),
  );
}

/** A shorter form the rule forbids on its own ("Kim" for "Master Kim"), outside the full form and the company's own name. */
function aloneForms(flow: FlowOutput, alone: string, form: string, brand: string): Finding[] {
  const blank = (m: string) => " ".repeat(m.length);
  return allTexts(flow).flatMap((unit) => {
    const masked = unit.text.replace(termPattern(form), blank).replace(brand.trim() ? termPattern(brand) : /^\b$/g, blank);
    const m = termPattern(alone).exec(masked);
    return m ? [finding("brand", flow.flowType, unit.where, `"${m[0]}" alone, where the brand says "${form}"`, snippet(unit.text, m.index, m[0].length))] : [];
  });
}

function bannedWords(flow: FlowOutput, terms: readonly string[]): Finding[] {
  return allTexts(flow).flatMap((unit: TextUnit) =>
    terms.flatMap((term) => {
      const m = termPattern(term).exec(unit.text);
      return m ? [finding("brand", flow.flowType as FlowType, unit.where, `"${term}", which the brand rules out`, snippet(unit.text, m.index, m[0].length))] : [];
    }),
  );
}
