import { draftStepSchema } from "~/lib/api/questionnaire-draft";
import { isQuestionnaireStep, type QuestionnaireStep } from "~/lib/questionnaire/navigation";
import { questionnaireDraftSchema, type QuestionnaireDraft } from "~/lib/schemas/questionnaire";
import { ANSWER_SET_MAX_CHARS, answerSetLength, answerSetTooLongMessage } from "~/lib/limits";
import { deleteDraft, getDraft, saveDraft, type DraftAnswers, type DraftOwner, type SaveDraftOptions } from "~/models/questionnaire-draft.server";
import { fieldErrorsOf, tooLarge, validationError } from "~/services/domain-error";

/**
 * Questionnaire drafts: the answers a visitor (or a signed-in user) has given so far and the step
 * to resume at, kept on the server. Whose draft it is comes in as a `DraftOwner` (the route finds
 * it from the session or the draft cookie); a visitor's new draft id goes back out as `draftId`.
 */

export type { DraftOwner, SaveDraftOptions } from "~/models/questionnaire-draft.server";

export interface LoadedDraft {
  answers: QuestionnaireDraft;
  step: QuestionnaireStep;
}

export interface SavedDraft {
  /** Only the answers given. */
  answers: DraftAnswers;
  step: QuestionnaireStep;
  /** The visitor's draft id, for the route's cookie; null for a signed-in user's draft. */
  draftId: string | null;
}

/** Drops empty answers, so that a draft holds only what was actually answered. */
function compact(answers: QuestionnaireDraft): DraftAnswers {
  const result: DraftAnswers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) result[key] = [...value];
    } else if (typeof value === "string" && value !== "") {
      result[key] = value;
    }
  }
  return result;
}

/**
 * Stored answers are read back through the draft schema, so that whatever a draft holds (an
 * answer a later release no longer offers, say) can never reach a form or a save unchecked:
 * an answer that fails is dropped, the rest are kept.
 */
function readAnswers(stored: DraftAnswers): QuestionnaireDraft {
  const parsed = questionnaireDraftSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !bad.has(key)));
  return questionnaireDraftSchema.safeParse(kept).data ?? questionnaireDraftSchema.parse({});
}

/** The answers so far and the step to resume at; no owner or no draft starts empty at step 1. */
export async function loadDraft(owner: DraftOwner | null): Promise<LoadedDraft> {
  const draft = owner ? await getDraft(owner) : null;
  if (!draft) return { answers: questionnaireDraftSchema.parse({}), step: 1 };
  return { answers: readAnswers(draft.answers), step: isQuestionnaireStep(draft.step) ? draft.step : 1 };
}

/** The draft as `GET /api/questionnaire/draft` shows it: only the answers given, and the step. */
export async function draftPayload(owner: DraftOwner | null): Promise<{ answers: DraftAnswers; step: QuestionnaireStep }> {
  const { answers, step } = await loadDraft(owner);
  return { answers: compact(answers), step };
}

/**
 * Replaces the owner's draft (a visitor without one gets a new draft and id). Without a step, the
 * draft keeps the step it had. Answers that fail the draft schema and a step without a page are a
 * validation error (422), answers over ANSWER_SET_MAX_CHARS together are too large (413), and
 * nothing is stored; only draft fields are ever kept, never a password. `beforeNewVisitorDraft`
 * runs before a visitor's new draft is created (the route's per-address limit).
 */
export async function saveQuestionnaireDraft({
  owner,
  input,
  beforeNewVisitorDraft,
}: {
  owner: DraftOwner | null;
  input: { answers: unknown; step?: number };
} & SaveDraftOptions): Promise<SavedDraft> {
  // Checked here, whoever the caller: the one guarantee of what a draft may hold.
  const parsed = questionnaireDraftSchema.safeParse(input.answers);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(fieldErrors)[0] ?? "The answers are not valid.", fieldErrors);
  }
  if (input.step !== undefined) {
    const step = draftStepSchema.safeParse(input.step);
    if (!step.success) {
      const message = step.error.issues[0]?.message ?? "The step is not valid.";
      throw validationError(message, { step: message });
    }
  }
  const answers = compact(parsed.data);
  const total = answerSetLength(answers);
  if (total > ANSWER_SET_MAX_CHARS) throw tooLarge(answerSetTooLongMessage(total));
  const previous = input.step === undefined && owner ? await getDraft(owner) : null;
  const wanted = input.step ?? previous?.step ?? 1;
  const step: QuestionnaireStep = isQuestionnaireStep(wanted) ? wanted : 1;
  const saved = await saveDraft(owner, { answers, step }, undefined, { beforeNewVisitorDraft });
  return { answers: saved.answers, step, draftId: owner && "userId" in owner ? null : saved.id };
}

/** Removes the owner's draft once it is done with. A failure is logged, never thrown: a leftover draft only waits for its TTL. */
export async function discardDraft(owner: DraftOwner | null): Promise<void> {
  if (!owner) return;
  try {
    await deleteDraft(owner);
  } catch (error) {
    console.error("Could not delete a questionnaire draft", error);
  }
}
