import { describe, expect, it } from "vitest";

import { nextStep, parseStepParam, previousStep, questionnairePath, questionnaireProgress, totalSteps, type QuestionnaireStep } from "~/lib/questionnaire/navigation";
import { B2B, B2C_SERVICE_RETAIL, BUSINESS_TYPES } from "~/lib/questionnaire/options";

const OTHER_TYPES = ["B2C Transactional", "B2C Subscription", "eCommerce", "Other"] as const;

type Step = QuestionnaireStep | null;

/**
 * The questionnaire's navigation, written out: for each kind of business and completion
 * method, every step's [next, back]. "Previous goes back" one page along the visitor's path.
 */
const TRANSITIONS: Array<{ types: readonly string[]; method: "manual" | "ai" | undefined; steps: Partial<Record<QuestionnaireStep, [next: Step, back: Step]>> }> = [
  {
    types: [B2C_SERVICE_RETAIL],
    method: "manual",
    steps: { 1: [2, null], 2: [3, 1], 3: [4, 2], 4: [5, 3], 5: [6, 4], 6: [7, 5], 7: [null, 6], 9: [null, 1] },
  },
  {
    types: [B2C_SERVICE_RETAIL],
    method: "ai",
    steps: { 1: [2, null], 2: [3, 1], 3: [4, 2], 4: [7, 3], 5: [6, 4], 6: [7, 5], 7: [null, 4], 9: [null, 1] },
  },
  {
    types: OTHER_TYPES,
    method: "manual",
    steps: { 1: [3, null], 2: [3, 1], 3: [4, 1], 4: [5, 3], 5: [6, 4], 6: [7, 5], 7: [null, 6], 9: [null, 1] },
  },
  {
    types: OTHER_TYPES,
    method: "ai",
    steps: { 1: [3, null], 2: [3, 1], 3: [4, 1], 4: [7, 3], 5: [6, 4], 6: [7, 5], 7: [null, 4], 9: [null, 1] },
  },
  {
    // Before a method is chosen, step 4 is answered manually.
    types: OTHER_TYPES,
    method: undefined,
    steps: { 1: [3, null], 2: [3, 1], 3: [4, 1], 4: [5, 3], 5: [6, 4], 6: [7, 5], 7: [null, 6], 9: [null, 1] },
  },
  {
    // B2B leaves for the waitlist at once; steps 2 to 7 are not on its path.
    types: [B2B],
    method: undefined,
    steps: { 1: [9, null], 9: [null, 1] },
  },
];

describe("questionnaire navigation", () => {
  it("the table covers every business type", () => {
    expect(new Set(TRANSITIONS.flatMap((row) => row.types))).toEqual(new Set(BUSINESS_TYPES));
  });

  for (const { types, method, steps } of TRANSITIONS) {
    for (const type of types) {
      it.each(Object.entries(steps).map(([step, [next, back] = [null, null]]) => [Number(step) as QuestionnaireStep, next, back] as const))(
        `${type} / ${method ?? "no method"}: step %i goes forward to %s and back to %s`,
        (step, next, back) => {
          const answers = { businessType: type, completionMethod: method };
          expect(nextStep(step, answers)).toBe(next);
          expect(previousStep(step, answers)).toBe(back);
        },
      );
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
