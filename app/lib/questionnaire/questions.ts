/**
 * The wording of every free-text question, shared by the questionnaire, the onboarding wizard and
 * the answers page, so a question reads the same wherever it is asked.
 */
export interface Question {
  label: string;
  placeholder?: string;
}

export const QUESTIONS = {
  companyWebsite: { label: "What is your company website?", placeholder: "https://www.yourcompany.com" },
  primaryTargetAudience: { label: "Who is your primary target audience?", placeholder: "e.g. busy parents in urban areas who book fitness classes" },
  targetAudienceAge: { label: "What age range is your target audience?", placeholder: "e.g. 25-44" },
  businessOperationDescription: { label: "How does your business operate day to day?", placeholder: "e.g. two studios, online booking, classes 6 am-9 pm" },
  productServiceDescription: { label: "Describe your product or service.", placeholder: "What you sell and what makes it valuable" },
  primaryProblemSolved: { label: "What primary problem do you solve for customers?" },
  competitiveDifferentiation: { label: "What sets you apart from competitors?" },
  customerJourney: { label: "Describe a typical customer journey, from discovery to purchase." },
  brandVoicePositioning: { label: "How would you describe your brand voice and positioning?", placeholder: "e.g. warm, expert, a little playful" },
  customerFeedback: { label: "What do customers say about you most often?" },
  frequentQuestionsConcerns: { label: "What questions or concerns come up most before people buy?" },
  salesCycleLength: { label: "How long is your typical sales cycle?", placeholder: "e.g. same day, 2 weeks" },
  purchaseMethod: { label: "How do customers buy from you?", placeholder: "e.g. online checkout, booking app, in store" },
  onboardingStage: { label: "At what stage does onboarding begin for a new customer?", placeholder: "e.g. right after sign-up, after the first purchase" },
  onboardingGoal: { label: "What is the main goal of your onboarding?", placeholder: "e.g. first booking within 7 days" },
  onboardingProcessSteps: { label: "What steps does a new customer go through today?" },
  keyUserKnowledgeElements: { label: "What must new customers know to succeed with you?" },
  availableProofMaterials: { label: "What proof can you share (reviews, case studies, testimonials)?" },
  onboardingBottlenecks: { label: "Where do new customers get stuck or drop off?" },
  onboardingSpecialOffers: { label: "Do you offer anything special to new customers?", placeholder: "e.g. first class free, 10% off the first order" },
  leadToClientJourney: { label: "How does a lead become a paying client today?" },
  leadAcquisitionMethod: { label: "How do you acquire leads?", placeholder: "e.g. Instagram ads, referrals, a free guide" },
  specificLeadOffer: { label: "What do you offer leads in exchange for their email (lead magnet)?" },
  crucialLeadInformation: { label: "What do leads most need to know before they buy?" },
  socialProofCredentials: { label: "What social proof or credentials can you show?" },
  topReasonsNotToBuy: { label: "What are the top reasons people do not buy?" },
  competitiveAdvantageReasons: { label: "Why do clients choose you over competitors?" },
  guarantees_q8: { label: "What guarantees do you offer?", placeholder: "e.g. 30-day money-back guarantee" },
  leadNurtureGoal: { label: "What is the goal of your lead nurture flow?", placeholder: "e.g. book a free consultation" },
} as const satisfies Record<string, Question>;

export type QuestionField = keyof typeof QUESTIONS;

/** Labels of the choice questions. */
export const CHOICE_LABELS = {
  companyName: "Company name",
  businessType: "Business type",
  industry: "Industry",
  bookingTimeline: "How far ahead do customers book?",
  customerFrequency: "How often do customers come back?",
  demandSeasonality: "How does demand vary through the year?",
  purchaseDecisionTimeline: "How long does a purchase decision take?",
  communicationChannels: "Which channels do you use to reach customers?",
  conversionGoal: "What is your primary conversion goal?",
  serviceInnovation: "How new is your service to customers?",
  upsellOpportunities: "Where are your upsell opportunities?",
  completionMethod: "How would you like to complete your assessment?",
  researchWebsiteUrl: "Your website address",
} as const;
