import * as z from "zod/mini";

import { keptWhenLeftOut } from "~/lib/api/kept-fields";
import { BUSINESS_MODEL_CHOICES, BUSINESS_MODEL_INVALID, type BusinessModelChoice } from "~/lib/business/model-choice";
import { FIELD_LIMITS, tooLongMessage } from "~/lib/limits";
import { websiteAddressProblem } from "~/lib/research/address-rules";

import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS, SERVICE_LIST_FIELDS } from "~/lib/questionnaire/fields";
import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
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

/** The messages a visitor sees for each rule a field breaks. */
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

/** The messages that mean "no answer given" (any other field message is about an answer as typed). */
const MISSING_ANSWER_MESSAGES: readonly string[] = [REQUIRED, SELECT_ONE, CHOOSE_METHOD, WEBSITE_REQUIRED];

/**
 * A refused questionnaire step's toast text: the spec's "fill in all required fields" when
 * something is unanswered, else that the answers given need correcting (a filled-in form whose
 * email or password is invalid is not told to fill anything in).
 */
export function refusedStepDescription(errors: Record<string, readonly string[] | null | undefined> | null | undefined): string {
  const messages = Object.values(errors ?? {}).flatMap((list) => list ?? []);
  return messages.length > 0 && messages.every((message) => !MISSING_ANSWER_MESSAGES.includes(message))
    ? QUESTIONNAIRE_MESSAGES.correctAnswers
    : QUESTIONNAIRE_MESSAGES.fillRequired;
}

export const TEXT_ANSWER_MAX = FIELD_LIMITS.textAnswer;

/** Form posts and JSON alike: surrounding space is dropped and an empty answer is no answer. */
function blankToUndefined(value: unknown) {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** zod's `preprocess`, which `zod/mini` spells as a pipe from a transform. */
function preprocess<S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) {
  return z.pipe(z.transform(fn), schema);
}

function requiredTextOf(max: number) {
  return preprocess(blankToUndefined, z.string({ error: REQUIRED }).check(z.maxLength(max, { error: tooLongMessage(max) })));
}

function optionalTextOf(max: number) {
  return preprocess(blankToUndefined, z.optional(z.string({ error: "Please enter text" }).check(z.maxLength(max, { error: tooLongMessage(max) }))));
}

export const requiredText = requiredTextOf(TEXT_ANSWER_MAX);
export const optionalText = optionalTextOf(TEXT_ANSWER_MAX);
/** The company name is stored with users and waitlist entries too: it has a limit of its own. */
export const requiredCompanyName = requiredTextOf(FIELD_LIMITS.companyName);
export const optionalCompanyName = optionalTextOf(FIELD_LIMITS.companyName);

export function choice<const T extends readonly [string, ...string[]]>(options: T, requiredMessage = REQUIRED) {
  return preprocess(blankToUndefined, z.enum(options, { error: (issue) => (issue.input === undefined ? requiredMessage : NOT_AN_OPTION) }));
}

export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T) {
  return preprocess(blankToUndefined, z.optional(z.enum(options, { error: NOT_AN_OPTION })));
}

/** Checkbox groups: one ticked box arrives as a string, several as a list, none as nothing. */
function toList(value: unknown) {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value.filter((v) => v !== "") : [value];
}

function listOf<const T extends readonly [string, ...string[]]>(options: T) {
  return z.array(z.enum(options, { error: NOT_AN_OPTION }), { error: SELECT_ONE });
}

export function choiceList<const T extends readonly [string, ...string[]]>(options: T) {
  return preprocess(toList, listOf(options).check(z.maxLength(options.length), z.minLength(1, { error: SELECT_ONE })));
}

export function optionalChoiceList<const T extends readonly [string, ...string[]]>(options: T) {
  return preprocess(toList, listOf(options).check(z.maxLength(options.length)));
}

export const websiteUrl = preprocess(
  blankToUndefined,
  z.string({ error: WEBSITE_REQUIRED }).check(z.maxLength(FIELD_LIMITS.websiteUrl, { error: WEBSITE_INVALID }), z.refine(isWebsiteUrl, { error: WEBSITE_INVALID })),
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

// ---------------------------------------------------------------------------------------------
// The one definition: every field any questionnaire form may carry, with its schema when the
// form requires it and when it may be left out. Every schema below (the wizard's full check, the
// answers page, the public questionnaire's steps, its submission and its draft) is built from
// this table by naming which fields it requires and which it takes optionally.

interface FieldRule<R extends z.ZodMiniType = z.ZodMiniType, O extends z.ZodMiniType = z.ZodMiniType> {
  required: R;
  optional: O;
}

const textField = (max: number): FieldRule<ReturnType<typeof requiredTextOf>, ReturnType<typeof optionalTextOf>> => ({
  required: requiredTextOf(max),
  optional: optionalTextOf(max),
});
const answerText = { required: requiredText, optional: optionalText };
function choiceField<const T extends readonly [string, ...string[]]>(options: T, requiredMessage?: string) {
  return { required: choice(options, requiredMessage), optional: optionalChoice(options) };
}
function listField<const T extends readonly [string, ...string[]]>(options: T) {
  return { required: choiceList(options), optional: optionalChoiceList(options) };
}
function textFields<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((k) => [k, answerText])) as Record<K[number], typeof answerText>;
}

const emailField = preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
  z.pipe(z.string({ error: EMAIL_INVALID }).check(z.maxLength(FIELD_LIMITS.email, { error: EMAIL_INVALID })), z.email({ error: EMAIL_INVALID })),
);
const passwordField = z
  .string({ error: PASSWORD_MIN_8 })
  .check(z.minLength(8, { error: PASSWORD_MIN_8 }), z.maxLength(FIELD_LIMITS.password, { error: `Password must be at most ${FIELD_LIMITS.password} characters` }));
const websiteField = preprocess(blankToUndefined, z.optional(z.string().check(z.maxLength(FIELD_LIMITS.websiteUrl, { error: WEBSITE_INVALID }))));

export const QUESTIONNAIRE_FIELDS = {
  companyName: { required: requiredCompanyName, optional: optionalCompanyName },
  businessType: choiceField(BUSINESS_TYPES),
  industry: choiceField(INDUSTRIES),
  bookingTimeline: listField(BOOKING_TIMELINES),
  customerFrequency: listField(CUSTOMER_FREQUENCIES),
  demandSeasonality: listField(DEMAND_SEASONALITY),
  purchaseDecisionTimeline: choiceField(PURCHASE_DECISION_TIMELINES),
  communicationChannels: choiceField(COMMUNICATION_CHANNELS),
  conversionGoal: choiceField(CONVERSION_GOALS),
  serviceInnovation: choiceField(SERVICE_INNOVATION),
  upsellOpportunities: choiceField(UPSELL_OPPORTUNITIES),
  businessOperationDescription: answerText,
  ...textFields(GENERAL_FIELDS),
  ...textFields(ONBOARDING_FIELDS),
  ...textFields(LEAD_NURTURE_FIELDS),
  // The public questionnaire's method and account fields. The research URL's own rule (required
  // and a real website when the method is AI) is a cross-field check: see websiteRule.
  completionMethod: choiceField(COMPLETION_METHODS, CHOOSE_METHOD),
  researchWebsiteUrl: { required: websiteField, optional: optionalTextOf(FIELD_LIMITS.websiteUrl) },
  firstName: textField(FIELD_LIMITS.personName),
  lastName: textField(FIELD_LIMITS.personName),
  // A draft keeps what was typed, checked only for length; the account step checks it in full.
  email: { required: emailField, optional: optionalTextOf(FIELD_LIMITS.email) },
  // Never part of a draft: a draft schema has no optional password to take.
  password: { required: passwordField, optional: z.never() },
} as const satisfies Record<string, FieldRule>;

type Fields = typeof QUESTIONNAIRE_FIELDS;
type FieldName = keyof Fields;

const PROFILE_ANSWER_NAMES = ["companyName", "businessType", "industry"] as const satisfies readonly FieldName[];
const LATER_SINGLE_ANSWER_NAMES = [
  "purchaseDecisionTimeline",
  "communicationChannels",
  "conversionGoal",
  "serviceInnovation",
  "upsellOpportunities",
  "businessOperationDescription",
  ...GENERAL_FIELDS,
  ...ONBOARDING_FIELDS,
  ...LEAD_NURTURE_FIELDS,
] as const satisfies readonly FieldName[];

/** The answers that hold one value each (the lists are SERVICE_LIST_FIELDS). */
export const SINGLE_ANSWER_NAMES = [...PROFILE_ANSWER_NAMES, ...LATER_SINGLE_ANSWER_NAMES] as const;

/** The answers themselves: the fields the wizard, the answers page and a draft share. */
const ANSWER_NAMES = [...PROFILE_ANSWER_NAMES, ...SERVICE_LIST_FIELDS, ...LATER_SINGLE_ANSWER_NAMES] as const;

/** An object shape: the `required` fields with their required schema, the `optional` ones with their optional schema. */
function shapeOf<const R extends readonly FieldName[], const O extends readonly FieldName[]>(required: R, optional: O = [] as unknown as O) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const name of optional) shape[name] = QUESTIONNAIRE_FIELDS[name].optional;
  for (const name of required) shape[name] = QUESTIONNAIRE_FIELDS[name].required;
  return shape as { [K in Exclude<O[number], R[number]>]: Fields[K]["optional"] } & { [K in R[number]]: Fields[K]["required"] };
}

type Ctx = z.core.$RefinementCtx;
type AnswersLike = { businessType?: string; [key: string]: unknown };

function requireIn(ctx: Ctx, value: unknown, path: string, message = REQUIRED) {
  const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
  if (empty) ctx.addIssue({ code: "custom", path: [path], message });
}

/** The B2C Service/Retail and B2B rules shared by the wizard and the answers page. */
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

/** The fields the wizard requires; the rest follow the business type. */
const WIZARD_REQUIRED = [
  "companyName",
  "businessType",
  "industry",
  "businessOperationDescription",
  ...GENERAL_FIELDS,
  ...ONBOARDING_FIELDS,
  ...LEAD_NURTURE_FIELDS,
] as const satisfies readonly FieldName[];

/** The wizard's full validation: every answer the business type asks for. */
export const fullQuestionnaireSchema = z.object(shapeOf(WIZARD_REQUIRED, ANSWER_NAMES)).check(z.superRefine(businessTypeRules, ALWAYS_CHECK));

/** The answers page: every text answer optional, the service/retail rules kept. */
export const editAnswersSchema = z.object(shapeOf(["companyName", "businessType", "industry"], ANSWER_NAMES)).check(z.superRefine(businessTypeRules, ALWAYS_CHECK));

export type QuestionnaireAnswersInput = z.infer<typeof editAnswersSchema>;

// ---------------------------------------------------------------------------------------------
// Not a question: the owner's correction of the business model (lib/business/model-choice.ts).
// No questionnaire form asks it; the Business Profile card, the Onboarding Questions page and
// PUT/PATCH /api/onboarding set it.

/** A model, or "" / null: work it out from the answers. Required: a form or call that sets it sends it. */
export const businessModelChoiceSchema = z.pipe(
  z.nullable(z.enum(BUSINESS_MODEL_CHOICES, { error: BUSINESS_MODEL_INVALID })),
  z.transform((value): BusinessModelChoice => value ?? ""),
);

/** In an update of the answers: left out, the stored correction stays (a PUT too). */
const keptBusinessModel = z
  .optional(businessModelChoiceSchema)
  .register(keptWhenLeftOut, { reason: "The business model is stored beside the answers; leaving it out keeps it." })
  .register(z.globalRegistry, {
    description:
      'The business model to plan flows for: one of the ten, or "" or null to work it out from the answers again. Left out, the stored choice stays. Takes effect on the next generate or regenerate.',
    examples: ["appointment", ""],
  });

/** How the questionnaire was filled (and the website research reads), stored with the account: left out, it stays. */
function keptAccountAnswer<S extends z.ZodMiniType>(schema: S, description: string) {
  const field = z.optional(schema);
  keptWhenLeftOut.add(field, { reason: "Stored with the account beside the answers; leaving it out keeps it." });
  z.globalRegistry.add(field, { description });
  return field;
}

/** PUT and PATCH /api/onboarding: the answers page's rules, the owner's business model, and how the questionnaire is completed. */
export const onboardingUpdateSchema = z
  .object({
    ...shapeOf(["companyName", "businessType", "industry"], ANSWER_NAMES),
    businessModel: keptBusinessModel,
    completionMethod: keptAccountAnswer(
      z.nullable(z.enum(COMPLETION_METHODS, { error: NOT_AN_OPTION })),
      "How the questionnaire is completed: manual, or ai (website research fills the answers). Left out, the stored one stays.",
    ),
    researchWebsiteUrl: keptAccountAnswer(
      QUESTIONNAIRE_FIELDS.researchWebsiteUrl.optional,
      'The website research reads; required (a public website) when completionMethod is ai, "" for none. Left out, the stored one stays.',
    ),
  })
  .check(z.superRefine(businessTypeRules, ALWAYS_CHECK), z.superRefine(websiteRule));

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
// The public questionnaire, step by step.

const ACCOUNT_FIELDS = ["companyName", "firstName", "lastName", "email", "password"] as const satisfies readonly FieldName[];
const METHOD_FIELDS = ["completionMethod"] as const satisfies readonly FieldName[];

function websiteRule(value: { completionMethod?: string | null; researchWebsiteUrl?: string }, ctx: Ctx) {
  if (value.completionMethod !== "ai") return;
  if (!value.researchWebsiteUrl) ctx.addIssue({ code: "custom", path: ["researchWebsiteUrl"], message: WEBSITE_REQUIRED });
  else if (!isWebsiteUrl(value.researchWebsiteUrl)) ctx.addIssue({ code: "custom", path: ["researchWebsiteUrl"], message: WEBSITE_INVALID });
  else {
    // Research reads the site later: an address it would refuse is refused now, with its reason.
    const problem = websiteAddressProblem(value.researchWebsiteUrl);
    if (problem) ctx.addIssue({ code: "custom", path: ["researchWebsiteUrl"], message: problem });
  }
}

/** Each step's fields: `required` ones must be answered there, `optional` ones may be. */
export const QUESTIONNAIRE_STEP_FIELDS = {
  1: { required: ["businessType", "industry"], optional: [] },
  2: { required: [...SERVICE_LIST_FIELDS, "purchaseDecisionTimeline"], optional: [] },
  3: { required: ["communicationChannels", "serviceInnovation", "upsellOpportunities"], optional: [] },
  // The research URL is required only for the AI method: websiteRule checks it.
  4: { required: [...METHOD_FIELDS, "researchWebsiteUrl"], optional: [] },
  5: { required: GENERAL_FIELDS, optional: [] },
  // The seven onboarding answers are required here; the lead nurture answers may follow now or
  // later on the answers page (step 6 asks both, see docs/decisions/006).
  6: { required: ONBOARDING_FIELDS, optional: LEAD_NURTURE_FIELDS },
  7: { required: ACCOUNT_FIELDS, optional: [] },
  9: { required: ["firstName", "lastName", "email", "companyName", "businessType", "industry"], optional: [] },
} as const satisfies Record<number, { required: readonly FieldName[]; optional: readonly FieldName[] }>;

const STEP = QUESTIONNAIRE_STEP_FIELDS;
export const questionnaireStepSchemas = {
  1: z.object(shapeOf(STEP[1].required, STEP[1].optional)),
  2: z.object(shapeOf(STEP[2].required, STEP[2].optional)),
  3: z.object(shapeOf(STEP[3].required, STEP[3].optional)),
  4: z.object(shapeOf(STEP[4].required, STEP[4].optional)).check(z.superRefine(websiteRule)),
  5: z.object(shapeOf(STEP[5].required, STEP[5].optional)),
  6: z.object(shapeOf(STEP[6].required, STEP[6].optional)),
  7: z.object(shapeOf(STEP[7].required, STEP[7].optional)),
  9: z.object(shapeOf(STEP[9].required, STEP[9].optional)),
} as const;

export const waitlistSchema = questionnaireStepSchemas[9];

/** A saved draft: any subset of the answers so far, each checked only for shape. No password, ever. */
export const questionnaireDraftSchema = z.object(shapeOf([], [...ANSWER_NAMES, "completionMethod", "researchWebsiteUrl", "firstName", "lastName", "email"]));
export type QuestionnaireDraft = z.infer<typeof questionnaireDraftSchema>;

/** What a submission needs on every path; the rest depends on the method and the business type. */
const SUBMIT_REQUIRED = ["businessType", "industry", ...METHOD_FIELDS, "researchWebsiteUrl", ...ACCOUNT_FIELDS] as const satisfies readonly FieldName[];

/**
 * `POST /api/questionnaire/submit`: every step on the visitor's path, validated in full unless
 * the method is AI (then the research fills the answers in later). The fields a manual
 * path requires are the steps' required fields (steps 2, 3, 5 and 6's).
 */
export const questionnaireSubmitSchema = z.object(shapeOf(SUBMIT_REQUIRED, ANSWER_NAMES)).check(
  z.superRefine((value, ctx) => {
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
    for (const step of [3, 5] as const) for (const field of QUESTIONNAIRE_STEP_FIELDS[step].required) requireIn(ctx, value[field], field);
    for (const field of QUESTIONNAIRE_STEP_FIELDS[6].required) requireIn(ctx, value[field], field);
  }),
);
export type QuestionnaireSubmission = z.infer<typeof questionnaireSubmitSchema>;
