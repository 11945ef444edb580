import { describe, expect, it } from "vitest";

import {
  nextStep,
  parseStepParam,
  previousStep,
  questionnairePath,
  questionnaireProgress,
  QUESTIONNAIRE_STEPS,
  totalSteps,
  type QuestionnaireStep,
} from "~/lib/questionnaire/navigation";
import { B2B, B2C_SERVICE_RETAIL, BUSINESS_TYPES } from "~/lib/questionnaire/options";

const METHODS = ["manual", "ai", undefined] as const;

/** The spec's rules written out by hand, independent of the implementation. */
function expectedNext(step: QuestionnaireStep, type: string, method: string | undefined): QuestionnaireStep | null {
  if (step === 1) return type === B2B ? 9 : type === B2C_SERVICE_RETAIL ? 2 : 3;
  if (step === 2) return 3;
  if (step === 3) return 4;
  if (step === 4) return method === "ai" ? 7 : 5;
  if (step === 5) return 6;
  if (step === 6) return 7;
  return null;
}

function expectedPrevious(step: QuestionnaireStep, type: string, method: string | undefined): QuestionnaireStep | null {
  if (step === 1) return null;
  if (step === 3) return type === B2C_SERVICE_RETAIL ? 2 : 1;
  if (step === 7) return method === "ai" ? 4 : 6;
  if (step === 9) return 1;
  return (step - 1) as QuestionnaireStep;
}

describe("questionnaire navigation", () => {
  for (const type of BUSINESS_TYPES) {
    for (const method of METHODS) {
      for (const step of QUESTIONNAIRE_STEPS) {
        it(`${type} / ${method ?? "no method"} / step ${step}: forward and back`, () => {
          const answers = { businessType: type, completionMethod: method };
          expect(nextStep(step, answers)).toBe(expectedNext(step, type, method));
          expect(previousStep(step, answers)).toBe(expectedPrevious(step, type, method));
        });
      }
    }
  }

  it.each([
    [B2C_SERVICE_RETAIL, "manual", [1, 2, 3, 4, 5, 6, 7]],
    [B2C_SERVICE_RETAIL, "ai", [1, 2, 3, 4, 7]],
    ["eCommerce", "manual", [1, 3, 4, 5, 6, 7]],
    ["Other", "ai", [1, 3, 4, 7]],
    [B2B, "manual", [1, 9]],
  ])("walks %s (%s) along %j", (businessType, completionMethod, path) => {
    expect(questionnairePath({ businessType, completionMethod })).toEqual(path);
    // Following nextStep from step 1 visits exactly the path, and previousStep walks it back.
    const answers = { businessType, completionMethod };
    const walked: number[] = [1];
    let step: QuestionnaireStep | null = 1;
    while ((step = nextStep(step, answers))) walked.push(step);
    expect(walked).toEqual(path);
    const back: number[] = [path[path.length - 1]];
    let at: QuestionnaireStep | null = path[path.length - 1] as QuestionnaireStep;
    while ((at = previousStep(at, answers))) back.unshift(at);
    expect(back).toEqual(path);
  });

  it("has the spec's totals: service/retail 7 (5 with AI), others 6 (4 with AI)", () => {
    for (const type of BUSINESS_TYPES.filter((t) => t !== B2B)) {
      const service = type === B2C_SERVICE_RETAIL;
      expect(totalSteps({ businessType: type, completionMethod: "manual" })).toBe(service ? 7 : 6);
      expect(totalSteps({ businessType: type, completionMethod: "ai" })).toBe(service ? 5 : 4);
    }
  });

  it("shows 'Step X of N' and a percentage along each path", () => {
    expect(questionnaireProgress(1, { businessType: "eCommerce", completionMethod: "manual" })).toEqual({ position: 1, total: 6, percent: 17 });
    expect(questionnaireProgress(7, { businessType: "eCommerce", completionMethod: "manual" })).toEqual({ position: 6, total: 6, percent: 100 });
    expect(questionnaireProgress(4, { businessType: B2C_SERVICE_RETAIL, completionMethod: "ai" })).toEqual({ position: 4, total: 5, percent: 80 });
    expect(questionnaireProgress(7, { businessType: "Other", completionMethod: "ai" })).toEqual({ position: 4, total: 4, percent: 100 });
  });

  it("shows the B2B waitlist path at 20% then 100%", () => {
    expect(questionnaireProgress(1, { businessType: B2B }).percent).toBe(20);
    expect(questionnaireProgress(9, { businessType: B2B }).percent).toBe(100);
    expect(questionnaireProgress(9, {}).percent).toBe(100);
  });

  it.each([
    ["1", 1],
    ["4", 4],
    ["9", 9],
    ["8", 1],
    ["0", 1],
    ["10", 1],
    ["abc", 1],
    ["", 1],
    [null, 1],
    [" 5 ", 5],
    ["5.5", 1],
  ])("reads ?step=%j as step %i", (raw, step) => {
    expect(parseStepParam(raw)).toBe(step);
  });
});
