import {
  BOOKING_TIMELINES,
  COMMUNICATION_CHANNELS,
  CUSTOMER_FREQUENCIES,
  DEMAND_SEASONALITY,
  PURCHASE_DECISION_TIMELINES,
  SERVICE_INNOVATION,
  UPSELL_OPPORTUNITIES,
} from "~/lib/questionnaire/options";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "~/lib/schemas/questionnaire";

/** Answers for every step of the questionnaire, as a visitor would give them. */
export const STEP_ANSWERS = {
  1: { businessType: "B2C Service/Retail", industry: "Fitness" },
  2: {
    bookingTimeline: [BOOKING_TIMELINES[0], BOOKING_TIMELINES[1]],
    customerFrequency: [CUSTOMER_FREQUENCIES[1]],
    demandSeasonality: [DEMAND_SEASONALITY[2]],
    purchaseDecisionTimeline: PURCHASE_DECISION_TIMELINES[2],
  },
  3: { communicationChannels: COMMUNICATION_CHANNELS[1], serviceInnovation: SERVICE_INNOVATION[1], upsellOpportunities: UPSELL_OPPORTUNITIES[2] },
  4: { completionMethod: "manual" },
  5: Object.fromEntries(GENERAL_FIELDS.map((field) => [field, `Answer to ${field}`])),
  6: Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field, `Answer to ${field}`])),
  7: { companyName: "Pulse Studio", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "long-enough-1" },
} as const;

export const LEAD_NURTURE_ANSWERS = Object.fromEntries(LEAD_NURTURE_FIELDS.map((field) => [field, `Lead answer to ${field}`]));

/** Form fields (lists become repeated keys, as a browser posts checkboxes). */
export function formFields(values: Record<string, string | readonly string[]>): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") entries.push([key, value]);
    else for (const item of value) entries.push([key, item]);
  }
  return entries;
}

/** A page post of one step with an intent. */
export function stepPost(step: number, values: Record<string, string | readonly string[]> = {}, intent = "next"): Array<[string, string]> {
  return [["step", String(step)], ["intent", intent], ...formFields(values)];
}

/** The JSON body of a full manual submission for a service/retail business. */
export function fullSubmission(overrides: Record<string, unknown> = {}) {
  return {
    ...STEP_ANSWERS[1],
    ...STEP_ANSWERS[2],
    ...STEP_ANSWERS[3],
    ...STEP_ANSWERS[4],
    ...STEP_ANSWERS[5],
    ...STEP_ANSWERS[6],
    ...STEP_ANSWERS[7],
    ...overrides,
  };
}

export const WAITLIST_ENTRY = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  companyName: "Compilers Inc",
  businessType: "B2B (Business-to-Business)",
  industry: "Technology & Software",
};
