import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
import { ACCOUNT_STEP, nextStep, previousStep, questionnairePath, type QuestionnaireStep } from "~/lib/questionnaire/navigation";
import { questionnaireDraftSchema, questionnaireStepSchemas, type QuestionnaireDraft } from "~/lib/schemas/questionnaire";
import { fieldErrorsOf, validationError } from "~/services/domain-error";
import { loadDraft, saveQuestionnaireDraft, type DraftOwner, type SaveDraftOptions, type SavedDraft } from "~/services/questionnaire/drafts.server";

/**
 * The questionnaire's steps: what each asks, how a step's answers enter the draft, and where
 * Next and Back lead. The page calls these with the answers it read from the form.
 */

/** Steps whose Next only saves and moves on (7 creates the account, 9 joins the waitlist). */
export type AnswerStep = Exclude<QuestionnaireStep, 7 | 9>;

/** The fields each step asks for, straight from its schema. */
export function fieldsOfStep(step: QuestionnaireStep): string[] {
  return Object.keys(questionnaireStepSchemas[step].shape);
}

/**
 * The draft after a step: the step's own fields replaced by what was posted (an answer emptied on
 * the step is emptied in the draft), everything else kept. The password never enters a draft.
 */
export function mergeStep(answers: QuestionnaireDraft, step: QuestionnaireStep, values: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...answers };
  for (const field of fieldsOfStep(step)) {
    if (field === "password") continue;
    if (values[field] === undefined) delete merged[field];
    else merged[field] = values[field];
  }
  return merged;
}

/** The first step on the visitor's path that holds one of these problem fields (else the account step). */
export function firstIncompleteStep(answers: { businessType?: string | null; completionMethod?: string | null }, errorFields: string[]): QuestionnaireStep {
  const fields = new Set(errorFields.map((key) => key.split(".")[0]));
  for (const step of questionnairePath(answers)) {
    if (fieldsOfStep(step).some((field) => fields.has(field))) return step;
  }
  return fields.has("businessType") ? 1 : ACCOUNT_STEP;
}

/** Reads a step's answers against its schema; a failure is a validation error with a message per field. */
export function validateStep<S extends QuestionnaireStep>(step: S, input: unknown) {
  const parsed = questionnaireStepSchemas[step].safeParse(input);
  if (!parsed.success) throw validationError(QUESTIONNAIRE_MESSAGES.fillRequired, fieldErrorsOf(parsed.error));
  return parsed.data as Record<string, unknown>;
}

/**
 * Next on steps 1 to 6: the step's answers must be valid; they replace the step's part of the
 * draft, and the draft moves on to the next step on the visitor's path (which the answers may
 * just have changed). Returns the saved draft, whose step is where to go.
 */
export async function answerStep({
  owner,
  step,
  input,
  beforeNewVisitorDraft,
}: { owner: DraftOwner | null; step: AnswerStep; input: unknown } & SaveDraftOptions): Promise<SavedDraft> {
  const values = validateStep(step, input);
  const draft = await loadDraft(owner);
  const answers = mergeStep(draft.answers, step, values);
  const next = nextStep(step, questionnaireDraftSchema.parse(answers)) ?? 1;
  return saveQuestionnaireDraft({ owner, input: { answers, step: next }, beforeNewVisitorDraft });
}

/**
 * Back needs no valid answers: whatever is well formed on this step (`input`, null when nothing
 * is) is kept, the rest left as it was, and the draft goes to the previous step on the path.
 */
export async function leaveStep({
  owner,
  step,
  input,
  beforeNewVisitorDraft,
}: { owner: DraftOwner | null; step: QuestionnaireStep; input: unknown } & SaveDraftOptions): Promise<SavedDraft> {
  const draft = await loadDraft(owner);
  const loose = input === null || input === undefined ? null : questionnaireDraftSchema.safeParse(input);
  const answers = loose?.success ? mergeStep(draft.answers, step, loose.data) : draft.answers;
  const previous = previousStep(step, questionnaireDraftSchema.parse(answers)) ?? 1;
  return saveQuestionnaireDraft({ owner, input: { answers, step: previous }, beforeNewVisitorDraft });
}

/** Where Back from this step leads with the draft as it is: for a reply when saving failed. */
export async function stepBefore(owner: DraftOwner | null, step: QuestionnaireStep): Promise<QuestionnaireStep> {
  const draft = await loadDraft(owner);
  return previousStep(step, draft.answers) ?? 1;
}
