import { fitWords, plainPunctuation, smsBrand } from "~/lib/content/rules";

/**
 * What the writers take from a business's questionnaire answers: short, sentence-sized pieces of
 * its own words (company, offer, proof, guarantee, objections, audience, voice).
 */
export interface BusinessAnswers {
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
}

export type Voice = "warm" | "polished" | "bold" | "plain";

export interface BusinessProfile {
  company: string;
  website: string;
  audience: string;
  product: string;
  problem: string;
  difference: string;
  proof: string;
  offer: string;
  guarantee: string;
  objection: string;
  voice: Voice;
}

/** The first sentence (or line) of an answer, without a trailing full stop, at most `max` characters. */
export function firstSentence(answer: string | undefined, max = 140): string {
  const text = (answer ?? "").replace(/\r\n?/g, "\n").trim();
  if (!text) return "";
  const line = text.split("\n").map((l) => l.replace(/^\s*(?:[•*-]|\d+[.)])\s+/, "").trim()).find(Boolean) ?? "";
  const sentence = line.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? line;
  return fitWords(sentence.replace(/[.!?]+$/, ""), max);
}

/** Lower-cases the first letter unless the word looks like a name or an acronym. */
export function lowerFirst(text: string): string {
  const first = text.split(" ")[0] ?? "";
  if (first.length > 1 && first === first.toUpperCase()) return text;
  if (/^[A-Z][a-z]+[A-Z]/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const VOICE_WORDS: Array<[Voice, RegExp]> = [
  ["warm", /\b(friendly|warm|casual|fun|playful|approachable|caring|personal|down[- ]to[- ]earth|conversational|neighbou?rly)\b/i],
  ["bold", /\b(bold|energetic|confident|edgy|disruptive|direct|no[- ]nonsense|high[- ]energy|challenger)\b/i],
  ["polished", /\b(professional|expert|authoritative|premium|luxury|sophisticated|trusted|elegant|refined|formal|clinical)\b/i],
];

export function voiceOf(description: string | undefined): Voice {
  const text = description ?? "";
  let best: Voice = "plain";
  let bestIndex = Number.POSITIVE_INFINITY;
  // The adjective the business wrote first wins: "friendly but professional" is warm.
  for (const [voice, pattern] of VOICE_WORDS) {
    const index = text.search(pattern);
    if (index !== -1 && index < bestIndex) {
      best = voice;
      bestIndex = index;
    }
  }
  return best;
}

export function businessProfile(answers: BusinessAnswers, companyName: string): BusinessProfile {
  const pick = (...values: Array<string | undefined>) => values.map((value) => plainPunctuation(firstSentence(value))).find(Boolean) ?? "";
  return {
    company: smsBrand(companyName || answers.companyName || "") || "Our team",
    website: (answers.companyWebsite ?? "").trim(),
    audience: pick(answers.primaryTargetAudience),
    product: pick(answers.productServiceDescription),
    problem: pick(answers.primaryProblemSolved),
    difference: pick(answers.competitiveDifferentiation, answers.competitiveAdvantageReasons),
    proof: pick(answers.socialProofCredentials, answers.availableProofMaterials, answers.customerFeedback),
    offer: pick(answers.specificLeadOffer, answers.onboardingSpecialOffers),
    guarantee: pick(answers.guarantees_q8),
    objection: pick(answers.topReasonsNotToBuy, answers.frequentQuestionsConcerns),
    voice: voiceOf(answers.brandVoicePositioning),
  };
}
