import { isServiceRetail } from "~/lib/questionnaire/options";

/**
 * The questionnaire's answer fields, grouped as the forms ask them. The stored table, the zod
 * schemas and the forms all take their field lists from here.
 */

/** Single-choice answers (and the company name). */
export const CHOICE_FIELDS = [
  "companyName",
  "businessType",
  "industry",
  "purchaseDecisionTimeline",
  "communicationChannels",
  "serviceInnovation",
  "upsellOpportunities",
  "conversionGoal",
] as const;

/** Multiple-choice answers, stored as lists (B2C Service/Retail only). */
export const SERVICE_LIST_FIELDS = ["bookingTimeline", "customerFrequency", "demandSeasonality"] as const;

/** The twelve general business answers (questionnaire step 5; the wizard's step 3 adds the operation description). */
export const GENERAL_FIELDS = [
  "companyWebsite",
  "primaryTargetAudience",
  "targetAudienceAge",
  "productServiceDescription",
  "primaryProblemSolved",
  "competitiveDifferentiation",
  "customerJourney",
  "brandVoicePositioning",
  "customerFeedback",
  "frequentQuestionsConcerns",
  "salesCycleLength",
  "purchaseMethod",
] as const;

export const ONBOARDING_FIELDS = [
  "onboardingStage",
  "onboardingGoal",
  "onboardingProcessSteps",
  "keyUserKnowledgeElements",
  "availableProofMaterials",
  "onboardingBottlenecks",
  "onboardingSpecialOffers",
] as const;

export const LEAD_NURTURE_FIELDS = [
  "leadToClientJourney",
  "leadAcquisitionMethod",
  "specificLeadOffer",
  "crucialLeadInformation",
  "socialProofCredentials",
  "topReasonsNotToBuy",
  "competitiveAdvantageReasons",
  "guarantees_q8",
  "leadNurtureGoal",
] as const;

/** Every free-text answer, in the wizard's order. */
export const TEXT_FIELDS = [...GENERAL_FIELDS.slice(0, 3), "businessOperationDescription", ...GENERAL_FIELDS.slice(3), ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS] as const;

export type ChoiceField = (typeof CHOICE_FIELDS)[number];
export type ListField = (typeof SERVICE_LIST_FIELDS)[number];
export type TextField = (typeof TEXT_FIELDS)[number];

/** Every answer of the questionnaire: one string per single answer, a list per multiple-choice answer. */
export type QuestionnaireAnswers = Record<ChoiceField | TextField, string> & Record<ListField, string[]>;

function each<F extends string, V>(fields: readonly F[], value: () => V) {
  return Object.fromEntries(fields.map((field) => [field, value()])) as Record<F, V>;
}

/** Every answer empty: the shape of a response nobody has filled in (a fresh list each time). */
export function emptyAnswers(): QuestionnaireAnswers {
  return { ...each(CHOICE_FIELDS, () => ""), ...each(TEXT_FIELDS, () => ""), ...each(SERVICE_LIST_FIELDS, (): string[] => []) };
}

/** Answers asked of B2C Service/Retail businesses only (wizard step 2, Service Business Details). */
export const SERVICE_ONLY_FIELDS = [...SERVICE_LIST_FIELDS, "purchaseDecisionTimeline"] as const;

/**
 * The one rule for stored answers: the service-only answers are kept for B2C Service/Retail
 * businesses only; for any other business type they are cleared (answers left from before a
 * change of business type would describe a business this is not). Returns a new object.
 */
export function withServiceOnlyAnswersCleared<T extends Partial<QuestionnaireAnswers>>(answers: T): T {
  if (isServiceRetail(answers.businessType)) return answers;
  const cleared: Partial<QuestionnaireAnswers> = { ...answers };
  for (const field of SERVICE_LIST_FIELDS) cleared[field] = [];
  cleared.purchaseDecisionTimeline = "";
  return cleared as T;
}
