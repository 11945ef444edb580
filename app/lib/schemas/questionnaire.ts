import { z } from "zod";

import { FIELD_LIMITS, tooLongMessage } from "~/lib/limits";

import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS, SERVICE_LIST_FIELDS } from "~/lib/questionnaire/fields";
import {
  BOOKING_TIMELINES,
  BUSINESS_TYPES,
  CHANNELS_REQUIRED_FOR,
  COMMUNICATION_CHANNELS,
  COMPLETION_METHODS,
  CONVERSION_GOALS,
  CUSTOMER_FREQUENCIES,
  DEMAND_SEASONALITY,
  INDUSTRIES,
  isB2B,
  isServiceRetail,
  PURCHASE_DECISION_TIMELINES,
  SERVICE_INNOVATION,
  UPSELL_OPPORTUNITIES,
} from "~/lib/questionnaire/options";

/** The spec's messages (§5). */
export const REQUIRED = "This field is required";
export const SELECT_ONE = "Please select at least one option";
export const CHOOSE_METHOD = "Please choose a completion method";
export const WEBSITE_REQUIRED = "Website URL is required for AI research";
export const WEBSITE_EXAMPLE_HOST = "https://www.yourcompany.com";
export const WEBSITE_INVALID = `Please enter a valid website URL (e.g., ${WEBSITE_EXAMPLE_HOST})`;
export const EMAIL_INVALID = "Please enter a valid email address";
export const PASSWORD_MIN_8 = "Password must be at least 8 characters";
export const B2B_NOT_SERVED = "Flowmap does not serve B2B businesses yet: please join the waitlist instead.";
export const NOT_AN_OPTION = "Please choose one of the listed options";

export const TEXT_ANSWER_MAX = FIELD_LIMITS.textAnswer;

/** Form posts and JSON alike: surrounding space is dropped and an empty answer is no answer. */
function blankToUndefined(value: unknown) {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function requiredTextOf(max: number) {
  return z.preprocess(blankToUndefined, z.string({ error: REQUIRED }).max(max, { error: tooLongMessage(max) }));
}

function optionalTextOf(max: number) {
  return z.preprocess(blankToUndefined, z.string({ error: "Please enter text" }).max(max, { error: tooLongMessage(max) }).optional());
}

export const requiredText = requiredTextOf(TEXT_ANSWER_MAX);
export const optionalText = optionalTextOf(TEXT_ANSWER_MAX);
/** The company name is stored with users and waitlist entries too: it has a limit of its own. */
export const requiredCompanyName = requiredTextOf(FIELD_LIMITS.companyName);
export const optionalCompanyName = optionalTextOf(FIELD_LIMITS.companyName);

export function choice<const T extends readonly [string, ...string[]]>(options: T, requiredMessage = REQUIRED) {
  return z.preprocess(
    blankToUndefined,
    z.enum(options, { error: (issue) => (issue.input === undefined ? requiredMessage : NOT_AN_OPTION) }),
  );
}

export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T) {
  return z.preprocess(blankToUndefined, z.enum(options, { error: NOT_AN_OPTION }).optional());
}

/** Checkbox groups: one ticked box arrives as a string, several as a list, none as nothing. */
function toList(value: unknown) {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value.filter((v) => v !== "") : [value];
}

export function choiceList<const T extends readonly [string, ...string[]]>(options: T) {
  return z.preprocess(toList, z.array(z.enum(options, { error: NOT_AN_OPTION }), { error: SELECT_ONE }).max(options.length).min(1, { error: SELECT_ONE }));
}

export function optionalChoiceList<const T extends readonly [string, ...string[]]>(options: T) {
  return z.preprocess(toList, z.array(z.enum(options, { error: NOT_AN_OPTION }), { error: SELECT_ONE }).max(options.length));
}

export const websiteUrl = z.preprocess(
  blankToUndefined,
  z
    .string({ error: WEBSITE_REQUIRED })
    .max(FIELD_LIMITS.websiteUrl, { error: WEBSITE_INVALID })
    .refine(isWebsiteUrl, { error: WEBSITE_INVALID }),
);

/** A public website: http(s), a dotted host name, no credentials. A bare "example.com" is accepted too. */
export function isWebsiteUrl(value: string) {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return (url.protocol === "http:" || url.protocol === "https:") && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

export { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS, SERVICE_LIST_FIELDS } from "~/lib/questionnaire/fields";

function textShape<const K extends readonly string[]>(keys: K, field: typeof requiredText | typeof optionalText) {
  return Object.fromEntries(keys.map((k) => [k, field])) as Record<K[number], typeof field>;
}

/** Everything any questionnaire form may carry, each answer optional: the base of every schema below. */
const answersShape = {
  companyName: optionalCompanyName,
  businessType: optionalChoice(BUSINESS_TYPES),
  industry: optionalChoice(INDUSTRIES),
  bookingTimeline: optionalChoiceList(BOOKING_TIMELINES),
  customerFrequency: optionalChoiceList(CUSTOMER_FREQUENCIES),
  demandSeasonality: optionalChoiceList(DEMAND_SEASONALITY),
  purchaseDecisionTimeline: optionalChoice(PURCHASE_DECISION_TIMELINES),
  communicationChannels: optionalChoice(COMMUNICATION_CHANNELS),
  conversionGoal: optionalChoice(CONVERSION_GOALS),
  serviceInnovation: optionalChoice(SERVICE_INNOVATION),
  upsellOpportunities: optionalChoice(UPSELL_OPPORTUNITIES),
  businessOperationDescription: optionalText,
  ...textShape(GENERAL_FIELDS, optionalText),
  ...textShape(ONBOARDING_FIELDS, optionalText),
  ...textShape(LEAD_NURTURE_FIELDS, optionalText),
};

type Ctx = z.RefinementCtx;
type AnswersLike = { businessType?: string; [key: string]: unknown };

function requireIn(ctx: Ctx, value: unknown, path: string, message = REQUIRED) {
  const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
  if (empty) ctx.addIssue({ code: "custom", path: [path], message });
}

/** The B2C Service/Retail and B2B rules shared by the wizard and the answers page (spec §5). */
function businessTypeRules(value: AnswersLike, ctx: Ctx) {
  if (isServiceRetail(value.businessType)) {
    for (const field of SERVICE_LIST_FIELDS) requireIn(ctx, value[field], field, SELECT_ONE);
    requireIn(ctx, value.purchaseDecisionTimeline, "purchaseDecisionTimeline");
  }
  if ((CHANNELS_REQUIRED_FOR as readonly string[]).includes(value.businessType ?? "")) {
    requireIn(ctx, value.communicationChannels, "communicationChannels");
  }
}

/**
 * The business-type rules run even when other answers already failed (zod skips refinements
 * after a failed field by default), so a wizard step or the answers page reports a missing
 * service detail at once, not only after every other field is fixed.
 */
const ALWAYS_CHECK = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

/** The wizard's full validation (spec §5 "Full questionnaire"). */
export const fullQuestionnaireSchema = z
  .object({
    ...answersShape,
    companyName: requiredCompanyName,
    businessType: choice(BUSINESS_TYPES),
    industry: choice(INDUSTRIES),
    businessOperationDescription: requiredText,
    ...textShape(GENERAL_FIELDS, requiredText),
    ...textShape(ONBOARDING_FIELDS, requiredText),
    ...textShape(LEAD_NURTURE_FIELDS, requiredText),
  })
  .superRefine(businessTypeRules, ALWAYS_CHECK);

/** The answers page: every text answer optional, the service/retail rules kept (spec §5). */
export const editAnswersSchema = z
  .object({ ...answersShape, companyName: requiredCompanyName, businessType: choice(BUSINESS_TYPES), industry: choice(INDUSTRIES) })
  .superRefine(businessTypeRules, ALWAYS_CHECK);

export type QuestionnaireAnswersInput = z.infer<typeof editAnswersSchema>;

/** The wizard's five steps and the fields each one validates when Next is pressed. */
export const WIZARD_STEP_FIELDS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: ["companyName", "businessType", "industry"],
  2: [...SERVICE_LIST_FIELDS, "purchaseDecisionTimeline", "communicationChannels", "conversionGoal"],
  3: [...GENERAL_FIELDS.slice(0, 3), "businessOperationDescription", ...GENERAL_FIELDS.slice(3)],
  4: ONBOARDING_FIELDS,
  5: LEAD_NURTURE_FIELDS,
};
export const WIZARD_STEPS = [1, 2, 3, 4, 5] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * Next on a wizard step: the full validation, keeping only the problems of this step's fields,
 * so a step can never pass here and then fail at Complete Onboarding.
 */
export function wizardStepErrors(step: WizardStep, values: unknown): Record<string, string> {
  const result = fullQuestionnaireSchema.safeParse(values);
  if (result.success) return {};
  const fields = WIZARD_STEP_FIELDS[step];
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (fields.includes(key)) errors[key] ??= issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The public questionnaire (spec §5 "Public questionnaire per step").

const accountShape = {
  companyName: requiredCompanyName,
  firstName: requiredTextOf(FIELD_LIMITS.personName),
  lastName: requiredTextOf(FIELD_LIMITS.personName),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    z.string({ error: EMAIL_INVALID }).max(FIELD_LIMITS.email, { error: EMAIL_INVALID }).pipe(z.email({ error: EMAIL_INVALID })),
  ),
  password: z.string({ error: PASSWORD_MIN_8 }).min(8, { error: PASSWORD_MIN_8 }).max(FIELD_LIMITS.password, { error: `Password must be at most ${FIELD_LIMITS.password} characters` }),
};

const methodShape = {
  completionMethod: choice(COMPLETION_METHODS, CHOOSE_METHOD),
  researchWebsiteUrl: z.preprocess(blankToUndefined, z.string().max(FIELD_LIMITS.websiteUrl, { error: WEBSITE_INVALID }).optional()),
};

function websiteRule(value: { completionMethod?: string; researchWebsiteUrl?: string }, ctx: Ctx) {
  if (value.completionMethod !== "ai") return;
  if (!value.researchWebsiteUrl) ctx.addIssue({ code: "custom", path: ["researchWebsiteUrl"], message: WEBSITE_REQUIRED });
  else if (!isWebsiteUrl(value.researchWebsiteUrl)) ctx.addIssue({ code: "custom", path: ["researchWebsiteUrl"], message: WEBSITE_INVALID });
}

export const questionnaireStepSchemas = {
  1: z.object({ businessType: choice(BUSINESS_TYPES), industry: choice(INDUSTRIES) }),
  2: z.object({
    bookingTimeline: choiceList(BOOKING_TIMELINES),
    customerFrequency: choiceList(CUSTOMER_FREQUENCIES),
    demandSeasonality: choiceList(DEMAND_SEASONALITY),
    purchaseDecisionTimeline: choice(PURCHASE_DECISION_TIMELINES),
  }),
  3: z.object({
    communicationChannels: choice(COMMUNICATION_CHANNELS),
    serviceInnovation: choice(SERVICE_INNOVATION),
    upsellOpportunities: choice(UPSELL_OPPORTUNITIES),
  }),
  4: z.object(methodShape).superRefine(websiteRule),
  5: z.object(textShape(GENERAL_FIELDS, requiredText)),
  // The seven onboarding answers are required here; the lead nurture answers may follow now or
  // later on the answers page (the spec reads step 6 both ways, see docs/decisions/006).
  6: z.object({ ...textShape(ONBOARDING_FIELDS, requiredText), ...textShape(LEAD_NURTURE_FIELDS, optionalText) }),
  7: z.object(accountShape),
  9: z.object({
    firstName: accountShape.firstName,
    lastName: accountShape.lastName,
    email: accountShape.email,
    companyName: requiredCompanyName,
    businessType: choice(BUSINESS_TYPES),
    industry: choice(INDUSTRIES),
  }),
} as const;

export const waitlistSchema = questionnaireStepSchemas[9];

/** A saved draft: any subset of the answers so far, each checked only for shape. No password, ever. */
export const questionnaireDraftSchema = z.object({
  ...answersShape,
  completionMethod: optionalChoice(COMPLETION_METHODS),
  researchWebsiteUrl: optionalTextOf(FIELD_LIMITS.websiteUrl),
  firstName: optionalTextOf(FIELD_LIMITS.personName),
  lastName: optionalTextOf(FIELD_LIMITS.personName),
  email: optionalTextOf(FIELD_LIMITS.email),
});
export type QuestionnaireDraft = z.infer<typeof questionnaireDraftSchema>;

/**
 * `POST /api/questionnaire/submit`: every step on the visitor's path, validated in full unless
 * the method is AI (then the research fills the answers in later; spec §5).
 */
export const questionnaireSubmitSchema = z
  .object({ ...answersShape, ...methodShape, ...accountShape, businessType: choice(BUSINESS_TYPES), industry: choice(INDUSTRIES) })
  .superRefine((value, ctx) => {
    if (isB2B(value.businessType)) {
      ctx.addIssue({ code: "custom", path: ["businessType"], message: B2B_NOT_SERVED });
      return;
    }
    websiteRule(value, ctx);
    if (value.completionMethod === "ai") return;
    if (isServiceRetail(value.businessType)) {
      for (const field of SERVICE_LIST_FIELDS) requireIn(ctx, value[field], field, SELECT_ONE);
      requireIn(ctx, value.purchaseDecisionTimeline, "purchaseDecisionTimeline");
    }
    for (const field of ["communicationChannels", "serviceInnovation", "upsellOpportunities"] as const) requireIn(ctx, value[field], field);
    for (const field of [...GENERAL_FIELDS, ...ONBOARDING_FIELDS]) requireIn(ctx, value[field], field);
  });
export type QuestionnaireSubmission = z.infer<typeof questionnaireSubmitSchema>;
