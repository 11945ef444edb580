import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * The business model: how a business sells, and so which words, events, follow-ups and calls to
 * action its flows use. Ten models cover the businesses Flowmap plans for. It is inferred from all
 * the answers, and the owner's own text outweighs the dropdowns ("pickup only, we don't deliver"
 * is `pickup` even under eCommerce). The owner can correct it; the correction is stored with the
 * answers (`businessModel`) and wins over the inference. Pure and client-safe.
 */

export const BUSINESS_MODELS = ["shop", "subscription", "appointment", "local-visit", "pickup", "high-ticket", "saas-trial", "b2b-service", "course", "membership"] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];

export function isBusinessModel(value: unknown): value is BusinessModel {
  return typeof value === "string" && (BUSINESS_MODELS as readonly string[]).includes(value);
}

/** How each model reads after "Flowmap plans your flows for: ". */
export const BUSINESS_MODEL_LABELS: Readonly<Record<BusinessModel, string>> = {
  shop: "an online shop that ships goods",
  subscription: "recurring deliveries or refills",
  appointment: "appointments booked ahead",
  "local-visit": "walk-in and same-day visits",
  pickup: "pre-orders collected in person",
  "high-ticket": "a considered purchase with a visit, quote or test drive",
  "saas-trial": "software with a free trial or free plan",
  "b2b-service": "a business service: call, proposal, retainer",
  course: "courses, cohorts and coaching",
  membership: "memberships with regular attendance",
};

/** A short name for each model, for lists and select options. */
export const BUSINESS_MODEL_NAMES: Readonly<Record<BusinessModel, string>> = {
  shop: "Online shop",
  subscription: "Subscription",
  appointment: "Appointments",
  "local-visit": "Walk-in visits",
  pickup: "Pre-order and pickup",
  "high-ticket": "Considered purchase",
  "saas-trial": "Software trial",
  "b2b-service": "Business service",
  course: "Courses and coaching",
  membership: "Membership",
};

/** The sentence shown on the Business Profile card and the Onboarding Questions page. */
export function businessModelSentence(model: BusinessModel): string {
  return `Flowmap plans your flows for: ${BUSINESS_MODEL_LABELS[model]}`;
}

type Signal = readonly [RegExp, number];

/**
 * What the owner's text says about each model, with a weight. The text's signals are worth more
 * than a dropdown's (at most 2), so a clear sentence overrides a choice that disagrees with it.
 */
const TEXT_SIGNALS: Readonly<Record<BusinessModel, readonly Signal[]>> = {
  shop: [
    [/\b(?:we ship|ships? (?:within|in|same|next|free|worldwide|across|to)|shipped|shipping|dispatch(?:ed)?|posted|tracked delivery|royal mail|usps|courier)\b/i, 3],
    [/\b(?:online (?:shop|store)|web ?shop|our (?:shop|store)|add to cart|checkout|order online)\b/i, 2],
    [/\b(?:free (?:[\w-]+ )?delivery|delivered to your door|paid online|in stock|made to order)\b/i, 2],
  ],
  subscription: [
    [
      /\b(?:subscriptions?|subscribe(?:rs)?|auto[- ]?replenish\w*|auto[- ]?ship|refills? (?:every|each)|every (?:month|\d+ (?:weeks|months))|monthly (?:box|plan|delivery|deliveries)|(?:skip|pause)(?:,| or| a)? (?:a |any )?(?:box|delivery|month|anytime|any time))\b/i,
      3,
    ],
    [/\b(?:box(?:es)? (?:every|each|a month)|plan (?:arrives|ships|renews)|renews?\b|prepaid|next (?:supply|box|bag|delivery)|on a schedule|billed per)\b/i, 3],
    [/\bdeliver\w*\b[^.]{0,40}\b(?:weekly|fortnightly|monthly|every (?:week|month|two weeks))\b/i, 3],
    [/\/\s?(?:wk|week)\b|\bper week\b|\b(?:weekly|monthly) or (?:fortnightly|monthly|quarterly)\b/i, 2],
  ],
  appointment: [
    [/\b(?:appointments?|consultations?|patients?|clinic|practitioners?|dentist|dental|vets?|veterinary|therapist|salon|tutor(?:ing)?|massage|treatments?)\b/i, 2],
    [/\b(?:book(?:ed|s|ing)? (?:online|ahead|an? (?:appointment|session|lesson|exam|visit|treatment))|booked \d|weeks? (?:out|ahead)|no[- ]shows?)\b/i, 3],
    [/\b(?:calendly|acuity|fresha|booksy|time slots?|weekly slot|lessons?|tuition)\b/i, 1.5],
  ],
  "local-visit": [
    [/\b(?:walk[- ]?ins?|drop[- ]?in|day pass(?:es)?|no booking|no reservations?|just (?:turn|show) up)\b/i, 3],
    [/\b(?:same[- ]day|come (?:in|by)|venue|tunnel|restaurant|caf[eé]|bar|escape rooms?|bowling|arcade|dinner|book a table|reservations?)\b/i, 2],
    [/\b(?:our locations?|open (?:daily|7 days|every day)|opening hours|pay station|at the door)\b/i, 2],
  ],
  pickup: [
    [/\b(?:pre[- ]?orders?|click (?:&|and) collect|pick(?:s|ed)?[- ]?up|collect(?:ion|ed)?|ready to collect|collection only|at the hatch|in[- ]store pickup)\b/i, 3],
    [/\b(?:(?:we )?(?:don'?t|do not|never) (?:deliver|ship|post)|no (?:delivery|deliveries|shipping)|not even (?:in|to))\b/i, 4],
  ],
  "high-ticket": [
    [
      /\b(?:test drives?|showroom|quotes?|site (?:visit|survey)|install(?:ation|er)?s?|viewings?|deposit|financ(?:e|ing)|part[- ]exchange|remodel\w*|used cars?|dealership|venue hire|exclusive use|design consultation)\b/i,
      3,
    ],
    [/[$£€]\s?\d{1,3}(?:,\d{3})+|\b\d{1,3}k\b/i, 1],
  ],
  "saas-trial": [
    [/\b(?:software|saas|apps?|platform|dashboard|integrat\w+|log ?in|sign[- ]?ups?|free plan|freemium|app store|google play|in[- ]app|download (?:the|our) app)\b/i, 2],
    [/\b(?:free trial|\d+[- ]day trial|trial (?:period|ends|users?)|start (?:a|the|your) trial|upgrade to|per (?:seat|user))\b/i, 3],
  ],
  "b2b-service": [
    [
      /\b(?:retainer|proposals?|discovery call|engagement letter|agency|accountants?|bookkeeping|consultan(?:t|cy)|audits?|statement of work|account manager|fixed (?:monthly )?fee)\b/i,
      3,
    ],
    // Goods and gyms have agreements too: a weak signal on its own.
    [/\b(?:contracts?|agreement)\b/i, 1],
    [/\b(?:bonded|insured|(?:site )?walk-?through|on-?site|service agreement|(?:for|to) (?:businesses|companies|offices|practices|firms))\b/i, 2],
  ],
  course: [[/\b(?:courses?|cohorts?|bootcamp|coaching|coach|modules?|curriculum|enrol(?:l|ment|s)?|self[- ]paced|lifetime access|workbook|graduates?|syllabus)\b/i, 3]],
  membership: [
    [
      /\b(?:memberships?|members|gym|classes|class pass|monthly billing|billed monthly|per month|fob|24\/7|coworking|(?:hot|dedicated) desks?|dojo|belt|reformer|pilates|yoga studio|(?:intro|trial) class)\b/i,
      3,
    ],
  ],
};

const SOFTWARE = /\b(?:software|saas|apps?|platform|dashboard|log ?in|app store|google play|in[- ]app|browser|api)\b/i;

/** What each dropdown suggests. Worth less than the owner's text. */
function choiceSignals(answers: Partial<QuestionnaireAnswers>): Partial<Record<BusinessModel, number>> {
  const scores: Partial<Record<BusinessModel, number>> = {};
  const add = (model: BusinessModel, weight: number) => (scores[model] = (scores[model] ?? 0) + weight);
  const type = answers.businessType ?? "";
  const industry = answers.industry ?? "";
  if (type === "eCommerce" || type === "B2C Transactional") add("shop", 2);
  if (type === "B2C Subscription") add("subscription", 3);
  if (type === "B2C Service/Retail") {
    add("appointment", 1);
    add("local-visit", 1);
    if (answers.conversionGoal === "Membership/Package") add("membership", 1);
    if (answers.conversionGoal === "First Booking") add("appointment", 1);
  }
  if (type.startsWith("B2B")) {
    add(/software|technology/i.test(industry) ? "saas-trial" : "b2b-service", 2);
  }
  if (/technology|software/i.test(industry)) add("saas-trial", 1);
  if (/education/i.test(industry)) add("course", 1);
  if (/fitness/i.test(industry)) add("membership", 1);
  if (/professional services|b2b services/i.test(industry)) add("b2b-service", 1);
  return scores;
}

/** The answers that describe how the business sells, most telling first (weights per field). */
const DESCRIBING_FIELDS: ReadonlyArray<readonly [keyof QuestionnaireAnswers, number]> = [
  ["businessOperationDescription", 1.5],
  ["purchaseMethod", 1.5],
  ["productServiceDescription", 1.5],
  ["customerJourney", 1],
  ["onboardingStage", 1],
  ["onboardingProcessSteps", 1],
  ["leadToClientJourney", 1],
  ["leadNurtureGoal", 1],
  ["crucialLeadInformation", 1],
  ["specificLeadOffer", 0.5],
  ["salesCycleLength", 0.5],
  ["onboardingGoal", 0.5],
];

export interface ModelScores {
  model: BusinessModel;
  scores: Record<BusinessModel, number>;
}

/** Every model's score for the answers, and the winner. */
export function scoreBusinessModels(answers: Partial<QuestionnaireAnswers>): ModelScores {
  const scores = Object.fromEntries(BUSINESS_MODELS.map((m) => [m, 0])) as Record<BusinessModel, number>;
  for (const [model, weight] of Object.entries(choiceSignals(answers)) as Array<[BusinessModel, number]>) scores[model] += weight;
  for (const [field, fieldWeight] of DESCRIBING_FIELDS) {
    const value = answers[field];
    const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
    if (!text) continue;
    for (const model of BUSINESS_MODELS) {
      for (const [pattern, weight] of TEXT_SIGNALS[model]) {
        const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
        // Repeated mentions count, with diminishing returns: one mention is a signal, three a theme.
        const count = Math.min(3, text.match(global)?.length ?? 0);
        if (count) scores[model] += weight * fieldWeight * (1 + (count - 1) * 0.25);
      }
    }
  }
  // A trial is software's only when the business is software: a cleaner's trial month is not a free trial of an app.
  if (!SOFTWARE.test(JSON.stringify(answers))) scores["saas-trial"] = Math.min(scores["saas-trial"], choiceSignals(answers)["saas-trial"] ?? 0);
  // Models that refine another: a pre-order shop is a pickup business when nothing ships; software
  // sold to businesses is still software; a membership with classes is not an appointment.
  if (scores.pickup >= 6 && /\b(?:don'?t|do not|never|no)\s+(?:deliver|ship|post|delivery|shipping)/i.test(JSON.stringify(answers))) scores.shop -= 4;
  let best: BusinessModel = "shop";
  for (const model of BUSINESS_MODELS) if (scores[model] > scores[best]) best = model;
  return { model: best, scores };
}

/** The model inferred from the answers alone. */
export function inferBusinessModel(answers: Partial<QuestionnaireAnswers>): BusinessModel {
  return scoreBusinessModels(answers).model;
}

/** The model the flows are planned for: the owner's correction when there is one, else the inference. */
export function businessModelOf(answers: Partial<QuestionnaireAnswers> & { businessModel?: string | null }): BusinessModel {
  return isBusinessModel(answers.businessModel) ? answers.businessModel : inferBusinessModel(answers);
}
