import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/** Varied businesses, as their owners would answer the questionnaire. */
function business(answers: Partial<QuestionnaireAnswers>): QuestionnaireAnswers {
  return { ...emptyAnswers(), ...answers };
}

export const LEAF_AND_KETTLE = business({
  companyName: "Leaf & Kettle",
  businessType: "eCommerce",
  industry: "Food & Beverage",
  communicationChannels: "Email + SMS",
  primaryTargetAudience: "Busy professionals who want better loose-leaf tea at home",
  productServiceDescription: "Single-estate loose-leaf teas shipped fresh every month",
  primaryProblemSolved: "Supermarket tea bags taste stale and flat",
  competitiveDifferentiation: "We buy direct from twelve family estates and ship within 30 days of harvest.",
  brandVoicePositioning: "Calm, knowledgeable and a little playful",
  onboardingSpecialOffers: "15% off the first order with a free steeping guide",
  availableProofMaterials: "4.8 stars from 2,300 reviews and a feature in Bon Appétit",
  guarantees_q8: "Free returns within 30 days, even on opened tins",
  topReasonsNotToBuy: "Worry that loose-leaf is fiddly to brew",
  onboardingGoal: "First order within two weeks of signup",
  leadNurtureGoal: "Start a monthly tea subscription",
  specificLeadOffer: "A free tasting guide to the six tea families",
});

export const GLOW_STUDIO = business({
  companyName: "Glow Studio",
  businessType: "B2C Service/Retail",
  industry: "Fitness",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  customerFrequency: ["Regular (Weekly)"],
  upsellOpportunities: "Primarily service packages",
  primaryTargetAudience: "Women aged 25 to 45 new to strength training",
  productServiceDescription: "Small-group strength classes of eight people with a coach",
  primaryProblemSolved: "Gyms feel intimidating and classes are too crowded to learn form",
  competitiveDifferentiation: "Every class is capped at eight and coached by a certified trainer.",
  brandVoicePositioning: "Encouraging, upbeat, never preachy",
  onboardingSpecialOffers: "First class free",
  socialProofCredentials: "Rated 4.9 on Google by 640 members",
  guarantees_q8: "Cancel your membership any time, no fees",
  topReasonsNotToBuy: "Fear of not being fit enough to start",
  onboardingGoal: "Book a first class",
  conversionGoal: "First Booking",
  leadNurtureGoal: "Buy a 10-class pack",
});

export const LEDGERLY = business({
  companyName: "Ledgerly",
  businessType: "B2B (Business-to-Business)",
  industry: "Software & SaaS",
  communicationChannels: "Email only",
  primaryTargetAudience: "Finance leads at companies of 50 to 500 people",
  productServiceDescription: "Automated month-end close software that reconciles bank feeds",
  primaryProblemSolved: "Month-end close takes ten days of spreadsheets",
  competitiveDifferentiation: "Closes the books in two days with audit-ready trails.",
  brandVoicePositioning: "Precise, calm and expert",
  specificLeadOffer: "The Month-End Close Benchmark Report 2026",
  socialProofCredentials: "Used by 1,200 finance teams, SOC 2 Type II certified",
  guarantees_q8: "60-day money-back guarantee",
  topReasonsNotToBuy: "Migration from the current ERP looks risky",
  leadNurtureGoal: "Book a product demo",
  onboardingGoal: "Connect the first bank feed",
});

export const BOX_BREW = business({
  companyName: "BoxBrew",
  businessType: "B2C Subscription",
  industry: "Food & Beverage",
  communicationChannels: "Email only",
  primaryTargetAudience: "Home baristas who grind their own beans",
  productServiceDescription: "A coffee subscription with a new roaster every month",
  onboardingSpecialOffers: "Half price on the first box",
  customerFeedback: "Members say it is the best part of their month",
  guarantees_q8: "Skip or cancel any month",
  onboardingGoal: "Start a first subscription box",
});

/** Almost nothing answered beyond the required choices: the generator must still write a sound flow. */
export const SPARSE_CO = business({
  companyName: "Sparse Co",
  businessType: "Other",
  communicationChannels: "Email only",
});

export const OAK_AND_HEARTH = business({
  companyName: "Oak & Hearth",
  businessType: "B2C Transactional",
  industry: "Home & Garden",
  communicationChannels: "Email + SMS",
  primaryTargetAudience: "Couples furnishing their first home",
  productServiceDescription: "Solid-oak dining tables made to order",
  onboardingSpecialOffers: "Free white-glove delivery on the first order",
  availableProofMaterials: "Ten-year warranty and 900 five-star reviews",
  topReasonsNotToBuy: "Long lead times of six weeks",
  brandVoicePositioning: "Warm, crafted and honest",
  onboardingGoal: "Order a table",
});

/** A coffee subscription whose answers came partly from its website (research notes and a pricing line included). */
export const BRAMBLE_AND_BEAN = business({
  companyName: "Bramble & Bean",
  companyWebsite: "https://brambleandbean.example/",
  businessType: "B2C Subscription",
  industry: "Food & Beverage",
  communicationChannels: "Email + SMS",
  primaryTargetAudience: "Home coffee lovers who want café-quality coffee without the café queue",
  productServiceDescription: "Bramble & Bean roasts single-origin coffee in small batches and delivers it to your door within 48 hours of roasting, on a schedule you choose.",
  primaryProblemSolved: "Supermarket coffee is stale by the time you open it",
  competitiveDifferentiation: "What the website highlights: What we sell; Our guarantee.",
  brandVoicePositioning: "Friendly, knowledgeable, never snobby",
  customerFeedback: '"The first bag I opened smelled like the roastery," says Priya. "I haven\'t bought supermarket coffee since."',
  frequentQuestionsConcerns: "Can I skip a delivery? Which grind should I choose?",
  purchaseMethod: "$14 a bag, free shipping on every order over $35",
  availableProofMaterials: "Customer testimonials (2 on the website); 4.9 stars from 3,100 reviews",
  onboardingSpecialOffers: "$14 a bag, free shipping on every order over $35. 15% off your first bag with code WELCOME15.",
  guarantees_q8: "Not your cup? We'll replace your bag or refund it, no questions asked",
  topReasonsNotToBuy: "Worry about being locked into a subscription",
  onboardingGoal: "Start a first subscription",
  customerFrequency: ["Monthly"],
});

/** A massage studio that books appointments, decides fast and comes back monthly. */
export const KNEADED = business({
  companyName: "Kneaded Massage Studio",
  companyWebsite: "https://kneaded.example/",
  businessType: "B2C Service/Retail",
  industry: "Healthcare & Wellness",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  customerFrequency: ["Monthly"],
  bookingTimeline: ["Short (0-4 days)"],
  upsellOpportunities: "Primarily service packages",
  primaryTargetAudience: "Desk workers and weekend athletes with sore backs and shoulders",
  productServiceDescription: "Deep-tissue and sports massage by licensed therapists",
  primaryProblemSolved: "Tension that builds up from long hours at a desk",
  competitiveDifferentiation: "Every therapist is licensed and has at least five years of experience.",
  brandVoicePositioning: "Calm, warm and reassuring",
  customerFeedback: '"I walked out standing taller than I have in years." (Dana, a regular since 2021)',
  socialProofCredentials: "Rated 4.9 on Google by 870 clients",
  onboardingSpecialOffers: "$20 off your first massage",
  onboardingStage: "Onboarding begins after the first booking",
  guarantees_q8: "Not relaxed? Your next massage is on us",
  topReasonsNotToBuy: "Fear that deep-tissue massage will hurt",
  frequentQuestionsConcerns: "What should I wear? How early should I arrive?",
  conversionGoal: "First Booking",
});

/** A research-heavy furniture maker: a guarantee with its own heading, two authored reviews, a plural offer, email only. */
export const HEARTH_AND_TIMBER = business({
  companyName: "Hearth & Timber",
  businessType: "eCommerce",
  industry: "E-commerce & Retail",
  purchaseDecisionTimeline: "Research-Heavy (7+ days)",
  communicationChannels: "Email only",
  companyWebsite: "https://hearthandtimber.example/",
  primaryTargetAudience: "Homeowners furnishing a dining room they plan to keep for decades",
  productServiceDescription: "Solid oak and walnut dining tables, made to order in our Vermont workshop",
  primaryProblemSolved: "Flat-pack tables wobble and scratch within a couple of years",
  competitiveDifferentiation: "Each table is built by one maker, signed underneath, and finished with natural oils.",
  brandVoicePositioning: "Quiet, confident, craft-focused",
  customerFeedback: '"Eight people around it every Sunday and not a single wobble." (Marcus, Portland) "It\'s the first piece of furniture I\'d call an heirloom." (Elena, Austin)',
  frequentQuestionsConcerns: "How long does a made-to-order table take? Can I see the wood samples first?",
  purchaseMethod: "From $2,400, paid online; free white-glove delivery in the continental US",
  onboardingGoal: "Order a first table",
  availableProofMaterials: "Featured in Dwell; 1,200 tables delivered since 2014",
  onboardingSpecialOffers: "Free wood samples mailed to your door",
  topReasonsNotToBuy: "Worried about spending that much on a table they have not seen in person",
  guarantees_q8: "100-night home trial: if it is not right, we collect it and refund you in full",
});

/** Online lessons: a service with no address to arrive at, an offer that starts with "Your", a guarantee with no heading. */
export const FLUENTFUL = business({
  companyName: "Fluentful",
  businessType: "B2C Transactional",
  industry: "Education & Training",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Considered (1-7 days)",
  primaryTargetAudience: "Adults who want to hold a real conversation in Spanish before their next trip",
  productServiceDescription: "Online Spanish lessons with native tutors, 25 minutes a day on your phone",
  primaryProblemSolved: "Apps teach vocabulary but never get you speaking",
  competitiveDifferentiation: "Every lesson is a live conversation with a tutor from Mexico, Spain or Colombia.",
  brandVoicePositioning: "Encouraging, lively and plain-spoken",
  customerFeedback: '"After six weeks I ordered dinner in Madrid without switching to English." (Tom)',
  frequentQuestionsConcerns: "What if I'm a complete beginner? Can I change tutors?",
  onboardingSpecialOffers: "Your first week free",
  availableProofMaterials: "42,000 learners; 4.7 stars on the App Store",
  topReasonsNotToBuy: "Too shy to speak with a stranger",
  guarantees_q8: "Cancel any time in two taps",
  onboardingStage: "After signup",
});

export const BUSINESSES = [LEAF_AND_KETTLE, GLOW_STUDIO, LEDGERLY, BOX_BREW, SPARSE_CO, OAK_AND_HEARTH, BRAMBLE_AND_BEAN, KNEADED, HEARTH_AND_TIMBER, FLUENTFUL];
