import { checkBrand, parseBrandRules } from "./checks/brand";
import { checkButtons } from "./checks/buttons";
import { checkCycle } from "./checks/cycle";
import { checkGoal } from "./checks/goal";
import { checkGrammar } from "./checks/grammar";
import { checkOffers } from "./checks/offers";
import { checkAnchor, checkOnboardingStart } from "./checks/onboarding";
import { checkCopyChecker, checkCrash, checkLimits, checkPlanRules } from "./checks/product";
import { type BusinessCheck, CHECK_IDS, type CheckId, type Finding, type Judgement } from "./checks/types";
import { checkRepeatedBodies, checkSharedSentences } from "./checks/variety";
import { checkAvoid, checkUse } from "./checks/words";
import { type CorpusBusiness, loadCorpus, type Model, MODELS } from "./corpus";
import { type FeedbackReport, runFeedbackEval } from "./feedback/run";
import { type BusinessOutput, generateBusiness } from "./pipeline";

/**
 * Runs the eval: generates every flow and its content for each business of the corpus through the
 * product's offline path, runs every check, and counts the failures by model and check; then
 * applies the corpus's feedback notes to those flows and counts what became of them.
 */

/** The row of failures that belong to the corpus as a whole (sentences shared across businesses). */
export const CORPUS_ROW = "corpus";
export type Row = Model | typeof CORPUS_ROW;
export const ROWS: readonly Row[] = [...MODELS, CORPUS_ROW];

export interface EvalFailure extends Finding {
  /** The business's id ("09-dermalux"), or "corpus". */
  business: string;
  model: Row;
}

export type Counts = Record<CheckId, number> & { total: number };

export interface EvalReport {
  businesses: CorpusBusiness[];
  failures: EvalFailure[];
  /** Failures by row (model, then the corpus) and check. */
  counts: Record<Row, Counts>;
  totals: Counts;
  judgement: Array<{ business: string; items: Judgement[] }>;
  /** The corpus's feedback notes applied to the flows above (tests/eval/feedback/). */
  feedback: FeedbackReport;
  seconds: number;
}

const BUSINESS_CHECKS: readonly BusinessCheck[] = [
  checkAvoid,
  checkUse,
  checkOffers,
  checkBrand,
  checkCycle,
  checkOnboardingStart,
  checkGoal,
  checkAnchor,
  checkCopyChecker,
  checkPlanRules,
  checkGrammar,
  checkRepeatedBodies,
  checkButtons,
  checkLimits,
  checkCrash,
];

export function emptyCounts(): Counts {
  return { ...(Object.fromEntries(CHECK_IDS.map((id) => [id, 0])) as Record<CheckId, number>), total: 0 };
}

function judgementOf(business: CorpusBusiness): Judgement[] {
  const { brandRules, words, mustNotClaim } = business.expect;
  return [
    ...parseBrandRules(brandRules, words.avoid, business.answers.companyName).judgement.map((text): Judgement => ({ kind: "brand rule", text })),
    ...mustNotClaim.map((text): Judgement => ({ kind: "must not claim", text })),
  ];
}

function businessFailures(output: BusinessOutput): EvalFailure[] {
  const { id, model } = output.business;
  const found = BUSINESS_CHECKS.flatMap((check) => check(output));
  const order = (f: Finding) => CHECK_IDS.indexOf(f.check);
  return found.sort((a, b) => order(a) - order(b)).map((f) => ({ ...f, business: id, model }));
}

export function countFailures(failures: readonly EvalFailure[]): { counts: Record<Row, Counts>; totals: Counts } {
  const counts = Object.fromEntries(ROWS.map((row) => [row, emptyCounts()])) as Record<Row, Counts>;
  const totals = emptyCounts();
  for (const f of failures) {
    counts[f.model][f.check] += 1;
    counts[f.model].total += 1;
    totals[f.check] += 1;
    totals.total += 1;
  }
  return { counts, totals };
}

export function runEval(options: { only?: string } = {}): EvalReport {
  const started = performance.now();
  const businesses = loadCorpus(options.only);
  const outputs = businesses.map(generateBusiness);
  const failures = [...outputs.flatMap(businessFailures), ...checkSharedSentences(outputs).map((f): EvalFailure => ({ ...f, business: CORPUS_ROW, model: CORPUS_ROW }))];
  return {
    businesses,
    failures,
    ...countFailures(failures),
    judgement: businesses.map((business) => ({ business: business.id, items: judgementOf(business) })),
    feedback: runFeedbackEval(outputs),
    seconds: (performance.now() - started) / 1000,
  };
}
