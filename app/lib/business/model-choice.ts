import { BUSINESS_MODEL_LABELS, BUSINESS_MODELS, businessModelOf, businessModelSentence, inferBusinessModel, isBusinessModel, type BusinessModel } from "~/lib/business/model";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * The owner's correction of the business model, and how the model is shown. The correction is
 * stored with the answers (`businessModel`: a model, or "" to follow the inference); the inferred
 * model is computed whenever the answers are read, so it always follows the latest answers.
 * docs/decisions/124-business-model-stored-correction-inferred-on-read.md. Pure and client-safe.
 */

/** What is stored: the owner's model, or "" (Flowmap works it out from the answers). */
export type BusinessModelChoice = BusinessModel | "";

/**
 * The answers as stored and as the generators receive them: every answer, and the owner's
 * correction of the business model, which is stored with them but is not a question ("" or left
 * out: Flowmap works the model out from the answers).
 */
export type StoredAnswers = QuestionnaireAnswers & { businessModel?: BusinessModelChoice };

export const BUSINESS_MODEL_CHOICES = ["", ...BUSINESS_MODELS] as const satisfies readonly BusinessModelChoice[];

export const BUSINESS_MODEL_SOURCES = ["inferred", "owner"] as const;
/** Where the model the flows are planned for comes from: the answers, or the owner's choice. */
export type BusinessModelSource = (typeof BUSINESS_MODEL_SOURCES)[number];

/** How the screens say where the model comes from, after the sentence. */
export const BUSINESS_MODEL_SOURCE_TEXT: Readonly<Record<BusinessModelSource, string>> = {
  inferred: "worked out from your answers",
  owner: "chosen by you",
};

/** The select's first option: no correction. */
export const FOLLOW_ANSWERS_LABEL = "Work it out from my answers";
/** Said under the select. */
export const BUSINESS_MODEL_TAKES_EFFECT = "Takes effect the next time you generate or regenerate a flow.";
/** A value that is neither a model nor "follow the answers" (a form post or an API call). */
export const BUSINESS_MODEL_INVALID = "Please choose one of the listed business models, or none to work it out from your answers.";

/** The model the flows are planned for, where it comes from, and what the answers alone give. */
export interface BusinessModelView {
  model: BusinessModel;
  source: BusinessModelSource;
  inferred: BusinessModel;
}

/** The view of stored answers: the owner's correction when there is one, else the inference. */
export function businessModelView(answers: Partial<QuestionnaireAnswers> & { businessModel?: string | null }): BusinessModelView {
  const model = businessModelOf(answers);
  if (!isBusinessModel(answers.businessModel)) return { model, source: "inferred", inferred: model };
  return { model, source: "owner", inferred: inferBusinessModel(answers) };
}

/** What the select stands on: the owner's model, else "" (follow the answers). */
export function choiceOf(view: BusinessModelView): BusinessModelChoice {
  return view.source === "owner" ? view.model : "";
}

/** The select's options: follow the answers, then each model by its label ("Appointments booked ahead"). */
export function businessModelOptions(): Array<{ value: BusinessModelChoice; label: string }> {
  return [{ value: "", label: FOLLOW_ANSWERS_LABEL }, ...BUSINESS_MODELS.map((model) => ({ value: model, label: upperFirst(BUSINESS_MODEL_LABELS[model]) }))];
}

function upperFirst(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The line under the sentence when the owner's choice differs from what the answers give. */
export function inferredDiffers(view: BusinessModelView): string | null {
  return view.source === "owner" && view.inferred !== view.model ? `From your answers alone: ${BUSINESS_MODEL_LABELS[view.inferred]}` : null;
}

/** The `intent` of the correction's form, on the dashboard and the Onboarding Questions page. */
export const BUSINESS_MODEL_INTENT = "business-model";
/** Where the correction sits on both screens (the redirect after a save comes back to it). */
export const BUSINESS_MODEL_ANCHOR = "business-model";

/** The toast after a correction is saved. */
export function businessModelSavedToast(view: BusinessModelView) {
  return {
    title: "Business model saved",
    description: `${businessModelSentence(view.model)} (${BUSINESS_MODEL_SOURCE_TEXT[view.source]}). It takes effect the next time you generate or regenerate a flow.`,
  };
}

/** What a refused correction answers (the page's error reply, with the form's intent). */
export interface BusinessModelReply {
  intent: typeof BUSINESS_MODEL_INTENT;
  fieldErrors: Record<string, string>;
  message: string;
  toast?: { title: string; description?: string };
}

/** A page's action reply is the correction form's when it names the form's intent. */
export function isBusinessModelReply(reply: unknown): reply is BusinessModelReply {
  return typeof reply === "object" && reply !== null && "intent" in reply && reply.intent === BUSINESS_MODEL_INTENT;
}
