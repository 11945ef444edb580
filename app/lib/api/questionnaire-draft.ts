import { z } from "zod";

import { isQuestionnaireStep } from "~/lib/questionnaire/navigation";
import { questionnaireDraftSchema } from "~/lib/schemas/questionnaire";

const STEP_MESSAGE = "The step must be one of 1 to 7, or 9";

/**
 * `POST /api/questionnaire/draft`: `{ answers, step? }`, the answers only the draft's own fields
 * (anything else, a password above all, is a 422 naming it) and the step to resume at.
 */
export const draftApiSchema = z.object({
  answers: questionnaireDraftSchema,
  step: z
    .number({ error: "The step must be a number from 1 to 9" })
    .int({ error: "The step must be a number from 1 to 9" })
    .refine(isQuestionnaireStep, { error: STEP_MESSAGE })
    .optional(),
});
