import type { BusinessModelChoice } from "~/lib/business/model-choice";

/**
 * The questionnaire answers the content writers read (the facts model, lib/business/facts.ts,
 * turns them into short phrases, offers and proof).
 */
export interface BusinessAnswers {
  /** The owner's correction of the business model, or "" / absent (inferred from the answers). */
  businessModel?: BusinessModelChoice;
  companyName?: string;
  companyWebsite?: string;
  primaryTargetAudience?: string;
  productServiceDescription?: string;
  primaryProblemSolved?: string;
  competitiveDifferentiation?: string;
  brandVoicePositioning?: string;
  customerFeedback?: string;
  frequentQuestionsConcerns?: string;
  availableProofMaterials?: string;
  onboardingSpecialOffers?: string;
  specificLeadOffer?: string;
  socialProofCredentials?: string;
  topReasonsNotToBuy?: string;
  competitiveAdvantageReasons?: string;
  guarantees_q8?: string;
  onboardingGoal?: string;
  leadNurtureGoal?: string;
  keyUserKnowledgeElements?: string;
  onboardingStage?: string;
  onboardingProcessSteps?: string;
}
