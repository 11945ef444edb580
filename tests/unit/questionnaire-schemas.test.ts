import { describe, expect, it } from "vitest";
import { safeParse, type $ZodType } from "zod/v4/core";

import {
  B2B,
  B2C_SERVICE_RETAIL,
  BOOKING_TIMELINES,
  BUSINESS_TYPES,
  COMMUNICATION_CHANNELS,
  CUSTOMER_FREQUENCIES,
  DEMAND_SEASONALITY,
  INDUSTRIES,
  PURCHASE_DECISION_TIMELINES,
  SERVICE_INNOVATION,
  UPSELL_OPPORTUNITIES,
} from "~/lib/questionnaire/options";
import {
  B2B_NOT_SERVED,
  CHOOSE_METHOD,
  editAnswersSchema,
  EMAIL_INVALID,
  fullQuestionnaireSchema,
  GENERAL_FIELDS,
  LEAD_NURTURE_FIELDS,
  NOT_AN_OPTION,
  ONBOARDING_FIELDS,
  PASSWORD_MIN_8,
  questionnaireDraftSchema,
  questionnaireStepSchemas,
  questionnaireSubmitSchema,
  REQUIRED,
  SELECT_ONE,
  waitlistSchema,
  WEBSITE_INVALID,
  WEBSITE_REQUIRED,
  wizardStepErrors,
} from "~/lib/schemas/questionnaire";

/** Every problem of a parse, as `{ "path": "message" }` (the first message per path). */
function errorsOf(schema: $ZodType, value: unknown): Record<string, string> {
  const result = safeParse(schema, value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}

const all = (fields: readonly string[], message: string) => Object.fromEntries(fields.map((field) => [field, message]));
const answered = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, `About ${field}`]));
const omit = (value: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

const SERVICE = {
  bookingTimeline: [BOOKING_TIMELINES[0]],
  customerFrequency: [CUSTOMER_FREQUENCIES[0], CUSTOMER_FREQUENCIES[3]],
  demandSeasonality: [DEMAND_SEASONALITY[1]],
  purchaseDecisionTimeline: PURCHASE_DECISION_TIMELINES[0],
};
const ASSESSMENT = { communicationChannels: COMMUNICATION_CHANNELS[0], serviceInnovation: SERVICE_INNOVATION[2], upsellOpportunities: UPSELL_OPPORTUNITIES[0] };
const ACCOUNT = { companyName: "Pulse Studio", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "long-enough" };

describe("public questionnaire, step by step", () => {
  it("step 1: business type and industry, from their lists", () => {
    expect(errorsOf(questionnaireStepSchemas[1], {})).toEqual({ businessType: REQUIRED, industry: REQUIRED });
    expect(errorsOf(questionnaireStepSchemas[1], { businessType: "  ", industry: "" })).toEqual({ businessType: REQUIRED, industry: REQUIRED });
    expect(errorsOf(questionnaireStepSchemas[1], { businessType: "B2C", industry: "Mining" })).toEqual({ businessType: NOT_AN_OPTION, industry: NOT_AN_OPTION });
    for (const businessType of BUSINESS_TYPES) {
      for (const industry of INDUSTRIES) expect(errorsOf(questionnaireStepSchemas[1], { businessType, industry })).toEqual({});
    }
  });

  it("step 2: at least one choice per list and a decision timeline", () => {
    expect(errorsOf(questionnaireStepSchemas[2], {})).toEqual({
      bookingTimeline: SELECT_ONE,
      customerFrequency: SELECT_ONE,
      demandSeasonality: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
    });
    expect(errorsOf(questionnaireStepSchemas[2], { ...SERVICE, bookingTimeline: [], customerFrequency: "" })).toEqual({
      bookingTimeline: SELECT_ONE,
      customerFrequency: SELECT_ONE,
    });
    // One ticked box arrives as a string and counts as a list of one.
    expect(questionnaireStepSchemas[2].parse({ ...SERVICE, bookingTimeline: BOOKING_TIMELINES[2] }).bookingTimeline).toEqual([BOOKING_TIMELINES[2]]);
    expect(errorsOf(questionnaireStepSchemas[2], { ...SERVICE, demandSeasonality: ["Whenever"], purchaseDecisionTimeline: "Slow" })).toEqual({
      "demandSeasonality.0": NOT_AN_OPTION,
      purchaseDecisionTimeline: NOT_AN_OPTION,
    });
    expect(errorsOf(questionnaireStepSchemas[2], SERVICE)).toEqual({});
  });

  it("step 3: channels, service innovation and upsell opportunities", () => {
    expect(errorsOf(questionnaireStepSchemas[3], {})).toEqual(all(["communicationChannels", "serviceInnovation", "upsellOpportunities"], REQUIRED));
    expect(errorsOf(questionnaireStepSchemas[3], { ...ASSESSMENT, communicationChannels: "SMS only" })).toEqual({ communicationChannels: NOT_AN_OPTION });
    expect(errorsOf(questionnaireStepSchemas[3], ASSESSMENT)).toEqual({});
  });

  it("step 4: a completion method, and a valid website for AI Quick Pass", () => {
    const step4 = questionnaireStepSchemas[4];
    expect(errorsOf(step4, {})).toEqual({ completionMethod: CHOOSE_METHOD });
    expect(errorsOf(step4, { completionMethod: "robot" })).toEqual({ completionMethod: NOT_AN_OPTION });
    expect(errorsOf(step4, { completionMethod: "ai" })).toEqual({ researchWebsiteUrl: WEBSITE_REQUIRED });
    expect(errorsOf(step4, { completionMethod: "ai", researchWebsiteUrl: "   " })).toEqual({ researchWebsiteUrl: WEBSITE_REQUIRED });
    for (const bad of ["not a url", "localhost", "ftp://example.com", "https://user:pw@example.com", "http://", "javascript:alert(1)"]) {
      expect(errorsOf(step4, { completionMethod: "ai", researchWebsiteUrl: bad }), bad).toEqual({ researchWebsiteUrl: WEBSITE_INVALID });
    }
    expect(WEBSITE_INVALID).toBe("Please enter a valid website URL (e.g., https://www.yourcompany.com)");
    for (const good of ["https://www.yourcompany.com", "http://shop.example.co.uk/about", "example.com"]) {
      expect(errorsOf(step4, { completionMethod: "ai", researchWebsiteUrl: good }), good).toEqual({});
    }
    // Manual needs no website, whatever is in the field.
    expect(errorsOf(step4, { completionMethod: "manual", researchWebsiteUrl: "not a url" })).toEqual({});
  });

  it("step 5: the twelve company and audience answers, none blank, none over 5000 characters", () => {
    expect(GENERAL_FIELDS).toHaveLength(12);
    expect(errorsOf(questionnaireStepSchemas[5], {})).toEqual(all(GENERAL_FIELDS, REQUIRED));
    expect(errorsOf(questionnaireStepSchemas[5], { ...answered(GENERAL_FIELDS), customerJourney: " \n " })).toEqual({ customerJourney: REQUIRED });
    expect(errorsOf(questionnaireStepSchemas[5], { ...answered(GENERAL_FIELDS), purchaseMethod: "x".repeat(5001) })).toEqual({
      purchaseMethod: "Must be at most 5000 characters",
    });
    expect(questionnaireStepSchemas[5].parse({ ...answered(GENERAL_FIELDS), salesCycleLength: "  two weeks " }).salesCycleLength).toBe("two weeks");
  });

  it("step 6: the seven onboarding answers are required, the nine lead nurture answers optional", () => {
    expect(ONBOARDING_FIELDS).toHaveLength(7);
    expect(LEAD_NURTURE_FIELDS).toHaveLength(9);
    expect(errorsOf(questionnaireStepSchemas[6], {})).toEqual(all(ONBOARDING_FIELDS, REQUIRED));
    expect(errorsOf(questionnaireStepSchemas[6], answered(ONBOARDING_FIELDS))).toEqual({});
    expect(errorsOf(questionnaireStepSchemas[6], { ...answered(ONBOARDING_FIELDS), guarantees_q8: ["a", "b"] })).toEqual({ guarantees_q8: "Please enter text" });
  });

  it("step 7: the five account fields with the spec's messages", () => {
    expect(errorsOf(questionnaireStepSchemas[7], {})).toEqual({
      companyName: REQUIRED,
      firstName: REQUIRED,
      lastName: REQUIRED,
      email: EMAIL_INVALID,
      password: PASSWORD_MIN_8,
    });
    expect(EMAIL_INVALID).toBe("Please enter a valid email address");
    expect(PASSWORD_MIN_8).toBe("Password must be at least 8 characters");
    expect(errorsOf(questionnaireStepSchemas[7], { ...ACCOUNT, email: "ada@", password: "1234567" })).toEqual({ email: EMAIL_INVALID, password: PASSWORD_MIN_8 });
    expect(errorsOf(questionnaireStepSchemas[7], { ...ACCOUNT, password: "12345678" })).toEqual({});
    expect(questionnaireStepSchemas[7].parse({ ...ACCOUNT, email: "  Ada@Example.COM " }).email).toBe("ada@example.com");
  });

  it("the step-9 form is the waitlist schema", () => {
    expect(questionnaireStepSchemas[9]).toBe(waitlistSchema);
  });
});

describe("waitlist", () => {
  const entry = { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", companyName: "Compilers", businessType: B2B, industry: "B2B Services" };

  it("requires all six fields and a valid email", () => {
    expect(errorsOf(waitlistSchema, {})).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
      email: EMAIL_INVALID,
      companyName: REQUIRED,
      businessType: REQUIRED,
      industry: REQUIRED,
    });
    expect(errorsOf(waitlistSchema, { ...entry, email: "grace.example.com" })).toEqual({ email: EMAIL_INVALID });
    expect(errorsOf(waitlistSchema, entry)).toEqual({});
  });

  it("rejects values that are not on the lists, and non-strings", () => {
    expect(errorsOf(waitlistSchema, { ...entry, businessType: "Conglomerate", industry: "Mining" })).toEqual({ businessType: NOT_AN_OPTION, industry: NOT_AN_OPTION });
    expect(errorsOf(waitlistSchema, { ...entry, firstName: ["Grace"] })).toEqual({ firstName: REQUIRED });
  });
});

describe("questionnaire draft", () => {
  it("takes any subset of the answers and never a password or anything else", () => {
    const parsed = questionnaireDraftSchema.parse({ businessType: B2C_SERVICE_RETAIL, email: "ada@", password: "long-enough", role: "Admin" });
    expect(parsed).toMatchObject({ businessType: B2C_SERVICE_RETAIL, email: "ada@" });
    expect(parsed).not.toHaveProperty("password");
    expect(parsed).not.toHaveProperty("role");
    expect(errorsOf(questionnaireDraftSchema, {})).toEqual({});
  });

  it("still checks the shape of what it keeps", () => {
    expect(errorsOf(questionnaireDraftSchema, { businessType: "Other things", bookingTimeline: ["Never"], completionMethod: "psychic", companyName: 42 })).toEqual({
      businessType: NOT_AN_OPTION,
      "bookingTimeline.0": NOT_AN_OPTION,
      completionMethod: NOT_AN_OPTION,
      companyName: "Please enter text",
    });
  });
});

describe("questionnaire submission", () => {
  const manual = {
    businessType: B2C_SERVICE_RETAIL,
    industry: "Fitness",
    ...SERVICE,
    ...ASSESSMENT,
    completionMethod: "manual",
    ...answered(GENERAL_FIELDS),
    ...answered(ONBOARDING_FIELDS),
    ...ACCOUNT,
  };

  it("accepts a complete manual submission, lead nurture answers optional", () => {
    expect(errorsOf(questionnaireSubmitSchema, manual)).toEqual({});
    expect(questionnaireSubmitSchema.parse({ ...manual, ...answered(LEAD_NURTURE_FIELDS) }).leadNurtureGoal).toBe("About leadNurtureGoal");
  });

  it("validates every earlier step in full when the method is manual", () => {
    const missing = omit(manual, ["bookingTimeline", "purchaseDecisionTimeline", "serviceInnovation", "companyWebsite", "onboardingGoal"]);
    expect(errorsOf(questionnaireSubmitSchema, missing)).toEqual({
      bookingTimeline: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
      serviceInnovation: REQUIRED,
      companyWebsite: REQUIRED,
      onboardingGoal: REQUIRED,
    });
  });

  it("asks the service questions of B2C Service/Retail only", () => {
    const rest = omit(manual, ["bookingTimeline", "customerFrequency", "demandSeasonality", "purchaseDecisionTimeline"]);
    expect(errorsOf(questionnaireSubmitSchema, { ...rest, businessType: "eCommerce" })).toEqual({});
    expect(Object.keys(errorsOf(questionnaireSubmitSchema, rest)).sort()).toEqual(["bookingTimeline", "customerFrequency", "demandSeasonality", "purchaseDecisionTimeline"]);
  });

  it("with AI Quick Pass needs only steps 1, 4 and 7, and a valid website", () => {
    const ai = { businessType: "eCommerce", industry: "Fitness", completionMethod: "ai", ...ACCOUNT };
    expect(errorsOf(questionnaireSubmitSchema, ai)).toEqual({ researchWebsiteUrl: WEBSITE_REQUIRED });
    expect(errorsOf(questionnaireSubmitSchema, { ...ai, researchWebsiteUrl: "no" })).toEqual({ researchWebsiteUrl: WEBSITE_INVALID });
    expect(errorsOf(questionnaireSubmitSchema, { ...ai, researchWebsiteUrl: "https://pulse.example.com" })).toEqual({});
  });

  it("always needs the account, the business type and the industry, and a method", () => {
    expect(errorsOf(questionnaireSubmitSchema, {})).toMatchObject({
      businessType: REQUIRED,
      industry: REQUIRED,
      completionMethod: CHOOSE_METHOD,
      companyName: REQUIRED,
      firstName: REQUIRED,
      lastName: REQUIRED,
      email: EMAIL_INVALID,
      password: PASSWORD_MIN_8,
    });
  });

  it("refuses B2B: the waitlist is for them", () => {
    expect(errorsOf(questionnaireSubmitSchema, { ...manual, businessType: B2B })).toEqual({ businessType: B2B_NOT_SERVED });
  });

  it("rejects unknown options everywhere", () => {
    expect(
      errorsOf(questionnaireSubmitSchema, {
        ...manual,
        industry: "Space",
        customerFrequency: ["Hourly"],
        communicationChannels: "Fax",
        upsellOpportunities: "Everything",
        completionMethod: "magic",
      }),
    ).toEqual({
      industry: NOT_AN_OPTION,
      "customerFrequency.0": NOT_AN_OPTION,
      communicationChannels: NOT_AN_OPTION,
      upsellOpportunities: NOT_AN_OPTION,
      completionMethod: NOT_AN_OPTION,
    });
  });
});

describe("full questionnaire (the onboarding wizard)", () => {
  const complete = {
    companyName: "Pulse Studio",
    businessType: "eCommerce",
    industry: "Fitness",
    businessOperationDescription: "Two studios",
    ...answered(GENERAL_FIELDS),
    ...answered(ONBOARDING_FIELDS),
    ...answered(LEAD_NURTURE_FIELDS),
  };
  const textFields = [...GENERAL_FIELDS, "businessOperationDescription", ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS];

  it("requires every text answer ('This field is required')", () => {
    expect(errorsOf(fullQuestionnaireSchema, complete)).toEqual({});
    expect(errorsOf(fullQuestionnaireSchema, { companyName: "Pulse", businessType: "eCommerce", industry: "Fitness" })).toEqual(all(textFields, REQUIRED));
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, leadNurtureGoal: "   " })).toEqual({ leadNurtureGoal: REQUIRED });
  });

  it("asks B2C Service/Retail for the three lists ('Please select at least one option') and the decision timeline", () => {
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, businessType: B2C_SERVICE_RETAIL })).toEqual({
      bookingTimeline: SELECT_ONE,
      customerFrequency: SELECT_ONE,
      demandSeasonality: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
    });
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, businessType: B2C_SERVICE_RETAIL, ...SERVICE })).toEqual({});
  });

  it("asks B2B for communication channels", () => {
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, businessType: B2B })).toEqual({ communicationChannels: REQUIRED });
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, businessType: B2B, communicationChannels: "Email only" })).toEqual({});
  });

  it("rejects unknown options", () => {
    expect(errorsOf(fullQuestionnaireSchema, { ...complete, businessType: "B2Z", conversionGoal: "World domination" })).toMatchObject({
      businessType: NOT_AN_OPTION,
      conversionGoal: NOT_AN_OPTION,
    });
  });

  it("wizardStepErrors reports only the step's own fields", () => {
    expect(wizardStepErrors(1, {})).toEqual({ companyName: REQUIRED, businessType: REQUIRED, industry: REQUIRED });
    expect(wizardStepErrors(1, { companyName: "Pulse", businessType: "eCommerce", industry: "Fitness" })).toEqual({});
    expect(wizardStepErrors(2, { companyName: "Pulse", businessType: B2C_SERVICE_RETAIL, industry: "Fitness" })).toEqual({
      bookingTimeline: SELECT_ONE,
      customerFrequency: SELECT_ONE,
      demandSeasonality: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
    });
    expect(wizardStepErrors(2, { companyName: "Pulse", businessType: B2B, industry: "Fitness" })).toEqual({ communicationChannels: REQUIRED });
    expect(wizardStepErrors(2, { companyName: "Pulse", businessType: "eCommerce", industry: "Fitness" })).toEqual({});
    expect(wizardStepErrors(3, complete)).toEqual({});
    expect(wizardStepErrors(3, {})).toEqual(all([...GENERAL_FIELDS, "businessOperationDescription"], REQUIRED));
    expect(wizardStepErrors(4, {})).toEqual(all(ONBOARDING_FIELDS, REQUIRED));
    expect(wizardStepErrors(5, {})).toEqual(all(LEAD_NURTURE_FIELDS, REQUIRED));
    expect(wizardStepErrors(5, complete)).toEqual({});
  });
});

describe("edit answers (the answers page)", () => {
  it("leaves every text answer optional but keeps the basics", () => {
    expect(errorsOf(editAnswersSchema, { companyName: "Pulse", businessType: "eCommerce", industry: "Fitness" })).toEqual({});
    expect(errorsOf(editAnswersSchema, {})).toEqual({ companyName: REQUIRED, businessType: REQUIRED, industry: REQUIRED });
  });

  it("keeps the B2C Service/Retail rules and the B2B channels rule", () => {
    expect(errorsOf(editAnswersSchema, { companyName: "Pulse", businessType: B2C_SERVICE_RETAIL, industry: "Fitness" })).toEqual({
      bookingTimeline: SELECT_ONE,
      customerFrequency: SELECT_ONE,
      demandSeasonality: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
    });
    expect(errorsOf(editAnswersSchema, { companyName: "Pulse", businessType: B2C_SERVICE_RETAIL, industry: "Fitness", ...SERVICE })).toEqual({});
    expect(errorsOf(editAnswersSchema, { companyName: "Pulse", businessType: B2B, industry: "Fitness" })).toEqual({ communicationChannels: REQUIRED });
  });

  it("rejects unknown options and non-text answers", () => {
    expect(
      errorsOf(editAnswersSchema, { companyName: "Pulse", businessType: "eCommerce", industry: "Fitness", serviceInnovation: "Time travel", customerFeedback: { a: 1 } }),
    ).toEqual({
      serviceInnovation: NOT_AN_OPTION,
      customerFeedback: "Please enter text",
    });
  });
});
