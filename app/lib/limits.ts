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
