/**
 * Example bodies of the API reference: a complete questionnaire for a small online tea shop. The
 * contract tests check that each example validates against its documented schema and that the
 * server accepts it.
 */
export const EXAMPLE_ANSWERS = {
  companyName: "Leaf & Kettle",
  businessType: "eCommerce",
  industry: "Food & Beverage",
  bookingTimeline: [],
  customerFrequency: [],
  demandSeasonality: [],
  purchaseDecisionTimeline: "",
  communicationChannels: "Email + SMS",
  conversionGoal: "",
  serviceInnovation: "",
  upsellOpportunities: "",
  businessOperationDescription: "We sell single-estate loose-leaf tea online and ship it from our own warehouse.",
  companyWebsite: "https://leafandkettle.example",
  primaryTargetAudience: "Busy professionals who want better loose-leaf tea at home",
  targetAudienceAge: "25-44",
  productServiceDescription: "Single-estate loose-leaf teas shipped fresh every month",
  primaryProblemSolved: "Supermarket tea bags taste stale and flat",
  competitiveDifferentiation: "We buy direct from twelve family estates and ship within 30 days of harvest.",
  customerJourney: "They find us through a tasting guide, try a sampler, then subscribe.",
  brandVoicePositioning: "Calm, knowledgeable and a little playful",
  customerFeedback: "Customers say the first cup tastes like nothing they have had from a bag.",
  frequentQuestionsConcerns: "How long does loose-leaf keep, and do I need special equipment?",
  salesCycleLength: "One to two weeks from first visit to first order",
  purchaseMethod: "Online checkout with card or wallet",
  onboardingStage: "Right after the first order",
  onboardingGoal: "First order within two weeks of signup",
  onboardingProcessSteps: "Welcome email, brewing guide, first-order discount, review request",
  keyUserKnowledgeElements: "Water temperature and steeping time for each tea family",
  availableProofMaterials: "4.8 stars from 2,300 reviews and a feature in a food magazine",
  onboardingBottlenecks: "New customers are unsure which tea to start with",
  onboardingSpecialOffers: "15% off the first order with a free steeping guide",
  leadToClientJourney: "Tasting guide download, sampler purchase, then a subscription",
  leadAcquisitionMethod: "Instagram recipes and the free tasting guide",
  specificLeadOffer: "A free tasting guide to the six tea families",
  crucialLeadInformation: "Which teas they drink today and how they brew them",
  socialProofCredentials: "Stocked by 40 independent cafés",
  topReasonsNotToBuy: "Worry that loose-leaf is fiddly to brew",
  competitiveAdvantageReasons: "Fresher tea, direct from the estates, at supermarket-premium prices",
  guarantees_q8: "Free returns within 30 days, even on opened tins",
  leadNurtureGoal: "Start a monthly tea subscription",
};

export const EXAMPLE_ACCOUNT = { firstName: "Jane", lastName: "Doe", email: "jane@example.com", password: "correct horse battery" };
