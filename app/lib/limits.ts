/**
 * The longest value each kind of field accepts, defined once: the zod schemas, the mongoose
 * models and the inputs' `maxLength` all read these, so a form, the API and the database can
 * never disagree about what fits (a longer value is a 422 at the field, never a 500).
 */
export const FIELD_LIMITS = {
  email: 254,
  personName: 100,
  companyName: 200,
  /** Free-text questionnaire answers. */
  textAnswer: 5000,
  /** One option of a fixed list (business type, industry, …). */
  choice: 200,
  websiteUrl: 2048,
  password: 128,
} as const;

export type FieldLimit = keyof typeof FIELD_LIMITS;

/** The message for a value over its limit, the same everywhere. */
export function tooLongMessage(max: number) {
  return `Must be at most ${max} characters`;
}

/** Fields whose limit is not the free-text answers' one, by the name forms and the API use. */
const LIMIT_BY_FIELD_NAME: Readonly<Record<string, number>> = {
  companyName: FIELD_LIMITS.companyName,
  firstName: FIELD_LIMITS.personName,
  lastName: FIELD_LIMITS.personName,
  email: FIELD_LIMITS.email,
  password: FIELD_LIMITS.password,
  researchWebsiteUrl: FIELD_LIMITS.websiteUrl,
};

/** The `maxLength` of a form field: the same constant its schema and model use. */
export function maxLengthFor(name: string) {
  return LIMIT_BY_FIELD_NAME[name] ?? FIELD_LIMITS.textAnswer;
}

/**
 * The most characters a questionnaire's answers may hold together (a saved draft). Each answer
 * has its own limit above; this one keeps the set as a whole small, so that what a visitor can
 * store without an account stays small too.
 */
export const ANSWER_SET_MAX_CHARS = 20_000;

export function answerSetTooLongMessage(total: number) {
  return `Your answers are ${total.toLocaleString("en-US")} characters long in all; at most ${ANSWER_SET_MAX_CHARS.toLocaleString("en-US")} can be saved. Shorten some answers and try again.`;
}

/** The characters of a set of answers: its text values and list items together. */
export function answerSetLength(answers: Readonly<Record<string, unknown>>) {
  let total = 0;
  for (const value of Object.values(answers)) {
    if (typeof value === "string") total += value.length;
    else if (Array.isArray(value)) for (const item of value) if (typeof item === "string") total += item.length;
  }
  return total;
}
