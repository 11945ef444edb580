/**
 * Reading the evaluation corpus's brand rules and avoid-words back out of `brandRulesOf`: which
 * expected rule is of a kind the parser is meant to recover, and whether it did. The corpus is an
 * evaluation (tests/unit/business/brand-rules.corpus.test.ts asserts the rates), never a target list.
 */
import fs from "node:fs";
import path from "node:path";

import { PROJECT_ROOT } from "../../support/processes";

import { bannedTermsIn } from "~/lib/business/brand-enforce";
import { type BrandRules, brandRulesOf } from "~/lib/business/brand-rules";
import { type BusinessModel, businessModelOf } from "~/lib/business/model";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/** The evaluation corpus beside the repository (../shared/eval, as issue 34 places it). */
export const CORPUS_DIR = path.resolve(PROJECT_ROOT, "tests/eval/corpus/businesses");

export interface CorpusBusiness {
  file: string;
  model: BusinessModel;
  answers: QuestionnaireAnswers;
  expect: { brandRules: string[]; words: { avoid: string[] } };
}

export function loadCorpus(): CorpusBusiness[] {
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, file), "utf8")) as Omit<CorpusBusiness, "file">) }));
}

export type RuleKind = "exclamation" | "sign-off" | "brand spelling" | "lowercase" | "emoji" | "spelling" | "no discounts" | "opener" | "banned words" | "judgement";

const quoted = (text: string) => [...text.matchAll(/(?<!\p{L})'((?:[^']|'(?=\p{L}))+?)'(?!\p{L})/gu)].map((m) => m[1]!);

/** The kind of an expected rule, by how the corpus words it. */
export function kindOf(rule: string): RuleKind {
  if (/exclamation/i.test(rule)) return "exclamation";
  if (/sign off/i.test(rule)) return "sign-off";
  if (/^(?:brand is|write .*(?:exactly|capitals)|write the name|always '[^']+' with a capital)/i.test(rule)) return "brand spelling";
  if (/^lowercase everything/i.test(rule)) return "lowercase";
  if (/emoji/i.test(rule) && !/no marketing fluff/i.test(rule)) return "emoji";
  if (/\b(?:british|uk|australian|canadian) (?:spelling|english)\b/i.test(rule)) return "spelling";
  if (/^never discount|^no discounts/i.test(rule)) return "no discounts";
  if (/open with/i.test(rule)) return "opener";
  if (quoted(rule).length && /\b(?:never|don't|no|avoid|not)\b/i.test(rule)) return "banned words";
  return "judgement";
}

/** The banned terms an expected rule names: before its "say …" part, or after "not" in a "Say X not Y" rule. */
function bannedOf(rule: string): string[] {
  if (/^say\b/i.test(rule)) return [...rule.matchAll(/\bnot '([^']+)'(?:\s+or\s+'([^']+)')?/gi)].flatMap((m) => [m[1]!, m[2]].filter((t): t is string => !!t));
  const before = rule.split(/[;,]\s*say\b|—\s*say\b/i)[0]!;
  return quoted(before).filter((term) => !new RegExp(`(?:always|say|write)\\s+'${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}'`, "i").test(before));
}

function spellingName(rule: string): string {
  return /australian/i.test(rule) ? "Australian" : /canadian/i.test(rule) ? "Canadian" : "British";
}

/** Whether the rules recover one expected rule (judgement rules are never recovered mechanically). */
export function recovers(rules: BrandRules, rule: string): boolean {
  const terms = quoted(rule);
  switch (kindOf(rule)) {
    case "exclamation":
      return rules.exclamations === (/one|at most/i.test(rule) ? 1 : 0);
    case "sign-off":
      return /named/i.test(rule) ? rules.signOffPerson : rules.signOff === (terms[0] ?? /sign off as (\w+)/i.exec(rule)?.[1]);
    case "brand spelling": {
      const name = /(?:always|as|write)\s+'([^']+)'/i.exec(rule)?.[1] ?? /(?<!\p{L})(\p{Lu}{2,}\S*)/u.exec(rule)?.[1] ?? "";
      return rules.brand === name || rules.casing.includes(name);
    }
    case "lowercase":
      return rules.lowercase;
    case "emoji":
      return rules.emoji === (/\bno emoji/i.test(rule) ? "none" : /sparingly|not in every/i.test(rule) ? "sparingly" : "ok");
    case "spelling":
      return rules.spelling === spellingName(rule);
    case "no discounts":
      return rules.noDiscounts;
    case "opener":
      return terms.every((t) => rules.openers.includes(t.toLowerCase()));
    case "banned words":
      return bannedOf(rule).every((t) => bannedTermsIn(t, rules).length > 0);
    case "judgement":
      return false;
  }
}

export interface Tally {
  total: number;
  recovered: number;
  missed: string[];
}

function tally(map: Map<string, Tally>, key: string, ok: boolean, what: string) {
  const t = map.get(key) ?? { total: 0, recovered: 0, missed: [] };
  t.total += 1;
  if (ok) t.recovered += 1;
  else t.missed.push(what);
  map.set(key, t);
}

/** Recovery of the corpus's brand rules by kind, and of its avoid-words with and without the model's never-words. */
export function measure(corpus: readonly CorpusBusiness[], options: { corpusModel?: boolean } = {}) {
  const rules = new Map<string, Tally>();
  const avoid = new Map<string, Tally>();
  for (const business of corpus) {
    const own = brandRulesOf(business.answers);
    const withModel = brandRulesOf(business.answers, { model: options.corpusModel ? business.model : businessModelOf(business.answers) });
    for (const rule of business.expect.brandRules) tally(rules, kindOf(rule), recovers(own, rule), `${business.file}: ${rule}`);
    for (const word of business.expect.words.avoid) {
      tally(avoid, "brand rules and negations", bannedTermsIn(word, own).length > 0, `${business.file}: ${word}`);
      tally(avoid, "with the model's never-words", bannedTermsIn(word, withModel).length > 0, `${business.file}: ${word}`);
    }
  }
  return { rules, avoid };
}
