import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { isServiceRetail } from "~/lib/questionnaire/options";
import { SERVICE_LIST_FIELDS, SINGLE_ANSWER_NAMES, WIZARD_STEP_FIELDS, type WizardStep } from "~/lib/schemas/questionnaire";

/**
 * The questionnaire's answers as the onboarding forms carry them: one string per single answer,
 * a list per multiple-choice answer.
 */
export type OnboardingValues = QuestionnaireAnswers;

export const LIST_ANSWER_FIELDS = SERVICE_LIST_FIELDS;
export type ListAnswerField = (typeof LIST_ANSWER_FIELDS)[number];

export const SINGLE_ANSWER_FIELDS = SINGLE_ANSWER_NAMES satisfies ReadonlyArray<keyof OnboardingValues>;
export type SingleAnswerField = (typeof SINGLE_ANSWER_FIELDS)[number];

export type AnswerField = SingleAnswerField | ListAnswerField;

function isListField(name: string): name is ListAnswerField {
  return (LIST_ANSWER_FIELDS as readonly string[]).includes(name);
}

/**
 * Every answer a form posted, kept as typed (no validation): what the wizard carries from one step
 * to the next. Anything that is not an answer field is ignored.
 */
export function answersFromForm(form: FormData): OnboardingValues {
  const values = emptyAnswers();
  for (const field of SINGLE_ANSWER_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  for (const field of LIST_ANSWER_FIELDS) {
    values[field] = form.getAll(field).filter((v): v is string => typeof v === "string" && v !== "");
  }
  return values;
}

/** The step-2 fields of the wizard for this business type, in the order the wizard asks them. */
export const SERVICE_DETAIL_FIELDS = [
  "bookingTimeline",
  "customerFrequency",
  "purchaseDecisionTimeline",
  "demandSeasonality",
  "communicationChannels",
  "conversionGoal",
] as const satisfies ReadonlyArray<AnswerField>;
export const COMMUNICATION_FIELDS = ["communicationChannels", "conversionGoal"] as const satisfies ReadonlyArray<AnswerField>;

/** The fields a wizard step shows; every other answer travels along as a hidden input. */
export function wizardStepShows(step: WizardStep, businessType: string): readonly AnswerField[] {
  if (step === 2) return isServiceRetail(businessType) ? SERVICE_DETAIL_FIELDS : COMMUNICATION_FIELDS;
  return WIZARD_STEP_FIELDS[step].filter((field): field is AnswerField => isAnswerField(field));
}

function isAnswerField(name: string): name is AnswerField {
  return isListField(name) || (SINGLE_ANSWER_FIELDS as readonly string[]).includes(name);
}

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  1: "Business Information",
  2: "Communication & Goals",
  3: "General Business Information",
  4: "Onboarding Questions",
  5: "Lead Nurture Questions",
};

/** Why a step's answers are asked: the line beside the answers a saved profile still needs. */
export const WIZARD_STEP_REASONS: Record<WizardStep, string> = {
  1: "every flow is written for this business.",
  2: "your flows' channels and timing follow these.",
  3: "the messages of every flow are written from these.",
  4: "your onboarding flow is planned from these.",
  5: "your lead nurture flow is planned from these.",
};

export function wizardStepTitle(step: WizardStep, businessType: string) {
  return step === 2 && isServiceRetail(businessType) ? "Service Business Details" : WIZARD_STEP_TITLES[step];
}

/** The first value of a conform initial value, or "". */
export function firstValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : "";
  return "";
}

/** A conform initial value as a list (one ticked box arrives as a string). */
export function listValue(value: unknown): string[] {
  if (typeof value === "string") return value === "" ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v !== "");
  return [];
}
