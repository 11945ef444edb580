import { z } from "zod";

import { createOpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";
import { ProviderError } from "~/services/ai/provider.server";
import { getEnv } from "~/services/env.server";

import { factsAsText, RESEARCH_ANSWER_MAX, RESEARCH_FIELDS, type ResearchAnswers, type SiteFacts } from "./extract";

/**
 * The model path of research (OPENAI_API_KEY set): the model reads the page's facts and writes
 * the answers it can support, through the app's one OpenAI client (its timeout, retry and
 * ProviderError for every fault). Its output is validated field by field; anything off-schema is
 * dropped, never stored.
 */

const answerSchema = z.string().trim().max(RESEARCH_ANSWER_MAX);

/** What the model is asked for: every research field, "" when the page does not say. */
const modelOutputSchema = z.object(Object.fromEntries(RESEARCH_FIELDS.map((field) => [field, z.string()])) as Record<(typeof RESEARCH_FIELDS)[number], z.ZodString>);

/** The client's settings; without a timeout, the environment's OPENAI_TIMEOUT_MS. */
export type ModelSettings = Omit<OpenAiSettings, "timeoutMs"> & { timeoutMs?: number };

const INSTRUCTIONS = [
  "You fill in a lifecycle-marketing questionnaire for a business from its own website.",
  "Use only facts stated in the website text you are given. Never invent figures, offers, guarantees or testimonials.",
  "For a field the website does not support, answer with an empty string.",
  "Write each answer as the business owner would: plain sentences, at most 600 characters.",
  "Fields: companyName (the business's name), companyWebsite (its home page URL), productServiceDescription, primaryProblemSolved,",
  "businessOperationDescription (how the business operates), primaryTargetAudience, competitiveDifferentiation, customerFeedback,",
  "frequentQuestionsConcerns, purchaseMethod (how customers buy, prices or plans), socialProofCredentials, availableProofMaterials,",
  "guarantees_q8 (guarantees or refund policy), specificLeadOffer (an offer for new leads), onboardingSpecialOffers.",
].join(" ");

/** The model's answers for these facts; throws a ProviderError when the model gives no usable answer. */
export async function answersFromModel(facts: SiteFacts, settings: ModelSettings): Promise<ResearchAnswers> {
  const client = createOpenAiClient({ ...settings, timeoutMs: settings.timeoutMs ?? getEnv().OPENAI_TIMEOUT_MS });
  // Parsed field by field below rather than as a whole: one bad field must not cost the good ones.
  const output = await client.completeJson({
    schema: modelOutputSchema,
    name: "website_research",
    system: INSTRUCTIONS,
    user: factsAsText(facts),
    temperature: 0.2,
  });
  if (typeof output !== "object" || output === null) throw new ProviderError("The model's answer was not an object.");
  const answers: ResearchAnswers = {};
  for (const field of RESEARCH_FIELDS) {
    const result = answerSchema.safeParse(Reflect.get(output, field));
    if (result.success && result.data) answers[field] = result.data;
  }
  return answers;
}
