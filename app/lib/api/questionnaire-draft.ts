import { z } from "zod";

import { isQuestionnaireStep } from "~/lib/questionnaire/navigation";
import { questionnaireDraftSchema } from "~/lib/schemas/questionnaire";

const STEP_NUMBER_MESSAGE = "The step must be a number from 1 to 9";
export const STEP_MESSAGE = "The step must be one of 1 to 7, or 9";

/**
 * The step a draft resumes at: a questionnaire step with a page (1 to 7, or 9). The API's body and
 * the drafts service both check it with this, whoever calls the service.
 */
export const draftStepSchema = z.number({ error: STEP_NUMBER_MESSAGE }).int({ error: STEP_NUMBER_MESSAGE }).refine(isQuestionnaireStep, { error: STEP_MESSAGE });

/**
 * `POST /api/questionnaire/draft`: `{ answers, step? }`, the answers only the draft's own fields
 * (anything else, a password above all, is a 422 naming it) and the step to resume at.
 */
export const draftApiSchema = z.object({
  answers: questionnaireDraftSchema,
  step: draftStepSchema.optional(),
});
