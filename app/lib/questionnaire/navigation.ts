import { B2C_SERVICE_RETAIL, isB2B, isServiceRetail, type CompletionMethod } from "~/lib/questionnaire/options";

/**
 * The public questionnaire's navigation, as a pure function of the step and the
 * answers that decide the path: business type and completion method.
 *
 *   1 → 9 (waitlist) for B2B; 1 → 2 for B2C Service/Retail; otherwise 1 → 3
 *   2 → 3 → 4;  4 → 7 with AI Quick Pass, 4 → 5 → 6 → 7 when manual
 *   back: 3 → 1 for non-service types (2 for service); 7 → 4 with AI; 9 → 1
 */
export const QUESTIONNAIRE_STEPS = [1, 2, 3, 4, 5, 6, 7, 9] as const;
export type QuestionnaireStep = (typeof QUESTIONNAIRE_STEPS)[number];
export const WAITLIST_STEP = 9;
export const ACCOUNT_STEP = 7;

export interface PathAnswers {
  businessType?: string | null;
  completionMethod?: CompletionMethod | string | null;
}

export function isQuestionnaireStep(value: number): value is QuestionnaireStep {
  return (QUESTIONNAIRE_STEPS as readonly number[]).includes(value);
}

/** `?step=`: 1 to 9, anything else (8 included, which has no page) starts at 1. */
export function parseStepParam(raw: string | null | undefined): QuestionnaireStep {
  if (!raw || !/^\d$/.test(raw.trim())) return 1;
  const step = Number(raw.trim());
  return isQuestionnaireStep(step) ? step : 1;
}

/** The steps a visitor with these answers walks through, in order. */
export function questionnairePath(answers: PathAnswers): QuestionnaireStep[] {
  if (isB2B(answers.businessType)) return [1, 9];
  const service = isServiceRetail(answers.businessType);
  const ai = answers.completionMethod === "ai";
  return [1, ...(service ? [2 as const] : []), 3, 4, ...(ai ? [] : [5 as const, 6 as const]), 7];
}

export function nextStep(step: QuestionnaireStep, answers: PathAnswers): QuestionnaireStep | null {
  switch (step) {
    case 1:
      if (isB2B(answers.businessType)) return 9;
      return isServiceRetail(answers.businessType) ? 2 : 3;
    case 2:
      return 3;
    case 3:
      return 4;
    case 4:
      return answers.completionMethod === "ai" ? 7 : 5;
    case 5:
      return 6;
    case 6:
      return 7;
    case 7:
    case 9:
      return null;
  }
}

export function previousStep(step: QuestionnaireStep, answers: PathAnswers): QuestionnaireStep | null {
  switch (step) {
    case 1:
      return null;
    case 2:
      return 1;
    case 3:
      return isServiceRetail(answers.businessType) ? 2 : 1;
    case 4:
      return 3;
    case 5:
      return 4;
    case 6:
      return 5;
    case 7:
      return answers.completionMethod === "ai" ? 4 : 6;
    case 9:
      return 1;
  }
}

/** Steps on the path: service/retail 7 (5 with AI), others 6 (4 with AI). */
export function totalSteps(answers: PathAnswers): number {
  return questionnairePath(answers).length;
}

export interface Progress {
  /** 'Step X of N' */
  position: number;
  total: number;
  percent: number;
}

/**
 * The header's 'Step X of N' and percent bar. The B2B waitlist path shows 20% on step 1 and
 * 100% on the waitlist step. A step that is not on the visitor's path (reached with
 * `?step=`) counts by its place among the path's steps.
 */
export function questionnaireProgress(step: QuestionnaireStep, answers: PathAnswers): Progress {
  if (step === WAITLIST_STEP) return { position: 2, total: 2, percent: 100 };
  // Only step 1 is on the B2B path before the waitlist; any other step opened with `?step=`
  // counts on the path it implies, like every step off a visitor's path.
  if (isB2B(answers.businessType) && step === 1) return { position: 1, total: 2, percent: 20 };
  const path = pathThrough(step, answers);
  const position = path.indexOf(step) + 1;
  return { position, total: path.length, percent: Math.round((position / path.length) * 100) };
}

/**
 * The path a step is counted on: the visitor's own when the step is on it; otherwise (a step
 * opened with `?step=` before the answers that lead there) the path that step implies, keeping
 * what is known: the service step implies a B2C Service/Retail business, the manual steps the
 * manual method.
 */
function pathThrough(step: Exclude<QuestionnaireStep, 9>, answers: PathAnswers): QuestionnaireStep[] {
  const candidates: PathAnswers[] = [
    answers,
    { businessType: answers.businessType, completionMethod: "manual" },
    { businessType: B2C_SERVICE_RETAIL, completionMethod: answers.completionMethod },
    { businessType: B2C_SERVICE_RETAIL, completionMethod: "manual" },
  ];
  for (const candidate of candidates) {
    const path = questionnairePath(candidate);
    if (path.includes(step)) return path;
  }
  return questionnairePath({ businessType: B2C_SERVICE_RETAIL, completionMethod: "manual" });
}
