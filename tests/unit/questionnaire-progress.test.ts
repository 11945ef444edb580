import { describe, expect, it } from "vitest";

import { questionnaireProgress, type QuestionnaireStep } from "~/lib/questionnaire/navigation";

const SERVICE = "B2C Service/Retail";

/**
 * 'Step X of N' and the percent for a step opened directly (`?step=`), written out from the
 * spec's paths: service/retail 1-2-3-4-5-6-7 (1-2-3-4-7 with AI), others 1-3-4-5-6-7 (1-3-4-7
 * with AI). A step counts on the path the answers so far lead to, or else on the path it implies.
 */
describe("the questionnaire's counter on a step opened directly", () => {
  it.each<[QuestionnaireStep, Record<string, string>, string, number]>([
    // A new visitor: nothing answered yet.
    [1, {}, "1 of 6", 17],
    [2, {}, "2 of 7", 29],
    [3, {}, "2 of 6", 33],
    [4, {}, "3 of 6", 50],
    [5, {}, "4 of 6", 67],
    [6, {}, "5 of 6", 83],
    [7, {}, "6 of 6", 100],
    // The answers decide the path when the step is on it.
    [2, { businessType: SERVICE }, "2 of 7", 29],
    [7, { businessType: SERVICE, completionMethod: "ai" }, "5 of 5", 100],
    [3, { businessType: "Other", completionMethod: "ai" }, "2 of 4", 50],
    // A step off the visitor's own path counts on the path it implies, keeping what is known.
    [2, { businessType: "eCommerce" }, "2 of 7", 29],
    [5, { businessType: SERVICE, completionMethod: "ai" }, "5 of 7", 71],
    [6, { businessType: "Other", completionMethod: "ai" }, "5 of 6", 83],
    // A B2B draft: step 1 of its two-step path; the company questions opened directly are not "1 of 2".
    [1, { businessType: "B2B (Business-to-Business)" }, "1 of 2", 20],
    [5, { businessType: "B2B (Business-to-Business)" }, "5 of 7", 71],
    [3, { businessType: "B2B (Business-to-Business)", completionMethod: "ai" }, "3 of 5", 60],
  ])("step %i with %j reads 'Step %s' at %i%%", (step, answers, counter, percent) => {
    const progress = questionnaireProgress(step, answers);
    expect(`${progress.position} of ${progress.total}`).toBe(counter);
    expect(progress.percent).toBe(percent);
  });
});
