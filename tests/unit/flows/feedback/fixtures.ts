import type { FlowType } from "~/lib/flow-types";
import { readIntents } from "~/lib/flows/feedback/intents";
import type { FlowDraft } from "~/lib/flows/rules";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft, regenerateOfflineDraft } from "~/services/ai/offline.server";

/** Businesses as owners type them, for the feedback handlers' tests. */
export const PHYSIO: QuestionnaireAnswers = {
  ...emptyAnswers(),
  companyName: "Stride Physio",
  businessType: "B2C Service/Retail",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Considered (1-7 days)",
  customerFrequency: ["Monthly"],
  productServiceDescription: "Sports physiotherapy and rehab sessions at our clinic on Mill Lane. Free parking behind the clinic.",
  onboardingSpecialOffers: "£15 off your first session with code STRIDE15",
  onboardingStage: "Onboarding begins after the first booking, usually 1-2 weeks out",
  guarantees_q8: "If the first session doesn't help, the second is free",
};

export const BAKERY: QuestionnaireAnswers = {
  ...emptyAnswers(),
  companyName: "Crumb & Co",
  businessType: "B2C Service/Retail",
  communicationChannels: "Email only",
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  customerFrequency: ["Weekly"],
  productServiceDescription: "Sourdough and pastries to pre-order online and collect from the shop on Saturday. We never discount and we don't deliver.",
  brandVoicePositioning: "Warm, plain, no hype.",
};

export function generate(flowType: FlowType, business: QuestionnaireAnswers = PHYSIO): FlowDraft {
  return generateOfflineDraft({ flowType, business, rule: null, customContext: "" });
}

export function regenerate(flowType: FlowType, feedback: string, business: QuestionnaireAnswers = PHYSIO, current: FlowDraft = generate(flowType, business)) {
  const result = regenerateOfflineDraft({
    flowType,
    business,
    rule: null,
    customContext: "",
    current: { flowOverview: current.flowOverview, quickNotes: "", touchpoints: current.touchpoints },
    feedback,
  });
  return { ...result, before: current, outcome: result.outcome! };
}

export function read(note: string, codes: string[] = []) {
  return readIntents(note, { anchor: "appointment", codes }).map(({ words: _words, ...intent }) => intent);
}
