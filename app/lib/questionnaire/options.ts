/** Every option list of the questionnaire, the wizard and the answers page, spelled exactly as the screens show them. */

export const B2B = "B2B (Business-to-Business)";
export const B2C_SERVICE_RETAIL = "B2C Service/Retail";

export const BUSINESS_TYPES = [B2B, "B2C Transactional", "B2C Subscription", B2C_SERVICE_RETAIL, "eCommerce", "Other"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Business types whose communication channels are required: the B2B kinds. */
export const B2B_SOFTWARE_SAAS = "B2B Software/SaaS";
export const B2B_SERVICES = "B2B Services";
export const CHANNELS_REQUIRED_FOR = [B2B, B2B_SOFTWARE_SAAS, B2B_SERVICES] as const;

export const INDUSTRIES = [
  "Technology & Software",
  "Professional Services",
  "E-commerce & Retail",
  "Financial Services",
  "Healthcare & Wellness",
  "Education & Training",
  "Travel & Hospitality",
  "B2B Services",
  "Media & Content",
  "Food & Beverage",
  "Education",
  "Fitness",
  "Other/General",
] as const;

/** The answers page's shorter list: it lacks Food & Beverage, Education and Fitness. */
export const ANSWERS_PAGE_INDUSTRIES = INDUSTRIES.filter((i) => !["Food & Beverage", "Education", "Fitness"].includes(i));

export const COMMUNICATION_CHANNELS = ["Email only", "Email + SMS"] as const;

export const SERVICE_INNOVATION = ["Brand new category", "Known category with service innovation", "Well-known service"] as const;

export const UPSELL_OPPORTUNITIES = ["Primarily service packages", "Primarily products", "Service and product combinations"] as const;

export const PURCHASE_DECISION_TIMELINES = ["Impulse (0-2 hours)", "Quick (2-24 hours)", "Considered (1-7 days)", "Research-Heavy (7+ days)"] as const;

export const BOOKING_TIMELINES = ["Short (0-4 days)", "Medium (5-14 days)", "Long (15+ days)"] as const;

export const CUSTOMER_FREQUENCIES = ["High Frequency (2+ times/week)", "Regular (Weekly)", "Monthly", "Seasonal/Occasional"] as const;

export const DEMAND_SEASONALITY = [
  "High demand periods with limited availability",
  "Steady demand with consistent patterns",
  "Event-driven with holiday rushes and special occasions",
] as const;

export const CONVERSION_GOALS = ["First Booking", "Membership/Package"] as const;

export const COMPLETION_METHODS = ["manual", "ai"] as const;
export type CompletionMethod = (typeof COMPLETION_METHODS)[number];

export function isServiceRetail(businessType: string | null | undefined) {
  return businessType === B2C_SERVICE_RETAIL;
}

export function isB2B(businessType: string | null | undefined) {
  return businessType === B2B;
}
