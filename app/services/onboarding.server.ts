import type { z } from "zod";

import { businessModelView, type BusinessModelView } from "~/lib/business/model-choice";
import { withServiceOnlyAnswersCleared } from "~/lib/questionnaire/fields";
import { businessModelChoiceSchema, fullQuestionnaireSchema, onboardingUpdateSchema, type QuestionnaireAnswersInput } from "~/lib/schemas/questionnaire";
import {
  CHOICE_FIELDS,
  emptyAnswers,
  getResponseByUserId,
  LIST_FIELDS,
  setBusinessModelForUser,
  TEXT_FIELDS,
  upsertResponseForUser,
  type QuestionnaireAnswers,
  type QuestionnaireResponseRecord,
  type StoredAnswers,
} from "~/models/questionnaire-response.server";
import { deleteOnboardingDraft, getOnboardingDraft, saveOnboardingDraft } from "~/models/onboarding-draft.server";
import { updateUserDetails, type UserRecord } from "~/models/user.server";
import type { CompletionMethod } from "~/lib/questionnaire/options";
import { fieldErrorsOf, onboardingRequired, validationError } from "~/services/domain-error";

/**
 * The signed-in user's own business questionnaire, as the onboarding wizard, the Onboarding
 * Questions page and `/api/onboarding` read and write it. Every call is scoped by the user's id;
 * nothing here takes another user's id from a request.
 */

/**
 * Which rules a save is checked against: the wizard's full questionnaire (every text
 * answer required) or the answers page's edit-answers schema (text answers optional), which also
 * takes the owner's business model (left out, the stored one stays). Both keep the B2C
 * Service/Retail and B2B rules. See docs/decisions/007-onboarding-api.md and 124.
 */
export type OnboardingValidation = "full" | "edit";

export const ONBOARDING_SCHEMAS = {
  full: fullQuestionnaireSchema,
  edit: onboardingUpdateSchema,
} as const satisfies Record<OnboardingValidation, z.core.$ZodType>;

/** The saved questionnaire, or null when the user has none. */
export function getOnboarding(userId: string): Promise<QuestionnaireResponseRecord | null> {
  return getResponseByUserId(userId);
}

/** A saved questionnaire counts as existing once it names the company. */
export function hasCompletedOnboarding(response: Pick<QuestionnaireAnswers, "companyName"> | null | undefined) {
  return Boolean(response?.companyName);
}

/**
 * What a form starts from: the saved answers, else empty answers with the company name the
 * account was registered with.
 */
export async function getOnboardingFormValues(user: Pick<UserRecord, "id" | "companyName">) {
  const saved = await getOnboarding(user.id);
  if (saved) return { saved: true, values: answersOf(saved), updatedAt: saved.updatedAt.toISOString(), businessModel: businessModelOfProfile(saved) };
  return { saved: false, values: { ...emptyAnswers(), companyName: user.companyName ?? "" }, updatedAt: null, businessModel: null };
}

/** The business model of a saved profile (one that names the company), computed from its answers now; null without one. */
export function businessModelOfProfile(record: QuestionnaireResponseRecord | null): BusinessModelView | null {
  return record && hasCompletedOnboarding(record) ? businessModelView(record) : null;
}

/** Only the answers of a stored record (no ids or dates). */
export function answersOf(record: QuestionnaireAnswers): QuestionnaireAnswers {
  const answers = emptyAnswers();
  for (const field of CHOICE_FIELDS) answers[field] = record[field] ?? "";
  for (const field of TEXT_FIELDS) answers[field] = record[field] ?? "";
  for (const field of LIST_FIELDS) answers[field] = [...(record[field] ?? [])];
  return answers;
}

/**
 * A save replaces the whole questionnaire: an answer left out (or blank) is stored empty, so a
 * cleared field stays cleared. Answers that do not apply to the business type (the service
 * details of a non-service business) are not kept, so what is stored always matches what the
 * forms show for that type.
 */
function toStoredAnswers(value: QuestionnaireAnswersInput & Pick<StoredAnswers, "businessModel">): StoredAnswers {
  const answers: StoredAnswers = emptyAnswers();
  for (const field of CHOICE_FIELDS) answers[field] = value[field] ?? "";
  for (const field of TEXT_FIELDS) answers[field] = value[field] ?? "";
  for (const field of LIST_FIELDS) answers[field] = [...new Set(value[field] ?? [])];
  // Not an answer: written only when given, so the questionnaire's own saves never clear it.
  if (value.businessModel !== undefined) answers.businessModel = value.businessModel;
  return withServiceOnlyAnswersCleared(answers);
}

export function validateOnboarding(input: unknown, validation: OnboardingValidation) {
  return ONBOARDING_SCHEMAS[validation].safeParse(input);
}

export interface SaveOnboardingResult {
  response: QuestionnaireResponseRecord;
  /**
   * True when the user had no saved questionnaire with a company name before this save: the
   * spec's "first save" (POST) as opposed to an update (PUT), which picks the success message.
   */
  created: boolean;
}

/**
 * Validates `input` against the chosen rules and saves it as the user's questionnaire. Callers
 * (page actions, the API) usually validate first to report errors in their own shape; this
 * check is the one that guarantees nothing invalid is ever stored. Throws
 * a validation DomainError (a message per field), storing nothing, when the answers fail.
 */
export async function saveOnboarding(userId: string, input: unknown, { validation }: { validation: OnboardingValidation }): Promise<SaveOnboardingResult> {
  const result = validateOnboarding(input, validation);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    throw validationError(Object.values(fieldErrors)[0] ?? "The answers are not valid.", fieldErrors);
  }
  const { response, companyNameBefore } = await upsertResponseForUser(userId, toStoredAnswers(result.data));
  // How the questionnaire is completed is stored with the account; written only when given.
  const account = result.data as { completionMethod?: CompletionMethod | null; researchWebsiteUrl?: string };
  if (account.completionMethod !== undefined || account.researchWebsiteUrl !== undefined) {
    await updateUserDetails({ id: userId, completionMethod: account.completionMethod, researchWebsiteUrl: account.researchWebsiteUrl });
  }
  return { response, created: !hasCompletedOnboarding({ companyName: companyNameBefore }) };
}

/** The questionnaire as `/api/onboarding` answers it (every stored answer, the business model, ids and ISO dates). */
export function toApiOnboarding(record: QuestionnaireResponseRecord) {
  const { model, source, inferred } = businessModelView(record);
  return {
    id: record.id,
    userId: record.userId,
    ...answersOf(record),
    businessModel: model,
    businessModelSource: source,
    businessModelInferred: inferred,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/**
 * The owner's correction of the business model, from a page form: a model, or "" to follow the
 * answers again. Only the correction is written. A value that is neither is a validation error
 * (nothing stored); without a saved profile there is nothing to correct (onboarding required).
 * Returns the model the next generation will use.
 */
export async function setBusinessModel({ userId, input }: { userId: string; input: unknown }): Promise<BusinessModelView> {
  const result = businessModelChoiceSchema.safeParse(input);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "The business model is not valid.";
    throw validationError(message, { businessModel: message });
  }
  const saved = await getOnboarding(userId);
  if (!hasCompletedOnboarding(saved)) throw onboardingRequired();
  const record = await setBusinessModelForUser(userId, result.data);
  if (!record) throw onboardingRequired();
  return businessModelView(record);
}

/** Answers read back from a stored draft: known fields only, each in its proper shape. */
function answersFromDraft(json: Record<string, unknown>): QuestionnaireAnswers {
  const answers = emptyAnswers();
  for (const field of [...CHOICE_FIELDS, ...TEXT_FIELDS]) {
    const value = json[field];
    if (typeof value === "string") answers[field] = value;
  }
  for (const field of LIST_FIELDS) {
    const value = json[field];
    if (Array.isArray(value)) answers[field] = value.filter((v): v is string => typeof v === "string");
  }
  return answers;
}

/**
 * What the onboarding wizard shows: the answers of its draft (kept between steps, on the server)
 * over the saved profile, and the step: the one asked for in the URL, else where the draft left
 * off, else the first.
 */
export async function getWizardState(user: Pick<UserRecord, "id" | "companyName">, requestedStep: number | null) {
  const [form, draft] = await Promise.all([getOnboardingFormValues(user), getOnboardingDraft(user.id)]);
  const values = draft ? answersFromDraft(draft.answers) : form.values;
  return {
    values,
    step: requestedStep ?? draft?.step ?? 1,
    hasProfile: form.saved && hasCompletedOnboarding(form.values),
    resumed: Boolean(draft),
  };
}

/** Keeps the wizard's answers so far and the step the user moves to. */
export function saveWizardProgress(userId: string, values: QuestionnaireAnswers, step: number) {
  return saveOnboardingDraft(userId, { answers: { ...values }, step });
}

/** Onboarding completed (or abandoned on purpose): the wizard starts afresh next time. */
export function clearWizardProgress(userId: string) {
  return deleteOnboardingDraft(userId);
}
