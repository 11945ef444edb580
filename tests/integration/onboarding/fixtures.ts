import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "~/lib/schemas/questionnaire";

/** Every free-text answer of the wizard (steps 3 to 5), each filled in. */
export const TEXT_ANSWERS: Record<string, string> = Object.fromEntries(
  [...GENERAL_FIELDS, "businessOperationDescription", ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS].map((field) => [field, `Answer to ${field}`]),
);

export const SERVICE_CHOICES = {
  companyName: "Glow Studio",
  businessType: "B2C Service/Retail",
  industry: "Fitness",
  bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
  customerFrequency: ["Regular (Weekly)"],
  demandSeasonality: ["Steady demand with consistent patterns"],
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  communicationChannels: "Email + SMS",
  conversionGoal: "First Booking",
};

export const ECOMMERCE_CHOICES = {
  companyName: "Acme Goods",
  businessType: "eCommerce",
  industry: "E-commerce & Retail",
  communicationChannels: "Email only",
  conversionGoal: "Membership/Package",
};

/** A complete questionnaire for a B2C Service/Retail business (passes the full rules). */
export function serviceAnswers(overrides: Record<string, unknown> = {}) {
  return { ...SERVICE_CHOICES, serviceInnovation: "Well-known service", upsellOpportunities: "Primarily service packages", ...TEXT_ANSWERS, ...overrides };
}

/** A complete questionnaire for an eCommerce business (passes the full rules). */
export function ecommerceAnswers(overrides: Record<string, unknown> = {}) {
  return { ...ECOMMERCE_CHOICES, ...TEXT_ANSWERS, ...overrides };
}

/** Answers as a browser posts them: one pair per value, lists as repeated names. */
export function formFields(answers: Record<string, unknown>, extra: Record<string, string> = {}): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(answers)) {
    if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)]);
    else if (value !== undefined && value !== null) pairs.push([name, String(value)]);
  }
  for (const [name, value] of Object.entries(extra)) pairs.push([name, value]);
  return pairs;
}
