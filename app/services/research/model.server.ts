import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";

import { factsAsText, RESEARCH_ANSWER_MAX, RESEARCH_FIELDS, type ResearchAnswers, type SiteFacts } from "./extract";

/**
 * The model path of research (OPENAI_API_KEY set): the model reads the page's facts and writes
 * the answers it can support. Its output is validated field by field; anything off-schema is
 * dropped, never stored.
 */

const answerSchema = z.string().trim().max(RESEARCH_ANSWER_MAX);

/** What the model is asked for: every research field, "" when the page does not say. */
const modelOutputSchema = z.object(Object.fromEntries(RESEARCH_FIELDS.map((field) => [field, z.string()])) as Record<(typeof RESEARCH_FIELDS)[number], z.ZodString>);

export interface ModelSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Milliseconds for the whole call; the SDK's default is 10 minutes. */
  timeoutMs?: number;
}

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

export async function answersFromModel(facts: SiteFacts, settings: ModelSettings): Promise<ResearchAnswers> {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs ?? 45_000, maxRetries: 1 });
  const completion = await client.chat.completions.create({
    model: settings.model,
    temperature: 0.2,
    response_format: zodResponseFormat(modelOutputSchema, "website_research"),
    messages: [
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: factsAsText(facts) },
    ],
  });
  const content = completion.choices[0]?.message?.content;
  if (!content) throw new Error("The model returned no answer.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new Error("The model's answer was not JSON.");
  }
  if (typeof parsed !== "object" || parsed === null) throw new Error("The model's answer was not an object.");
  const answers: ResearchAnswers = {};
  for (const field of RESEARCH_FIELDS) {
    const result = answerSchema.safeParse(Reflect.get(parsed, field));
    if (result.success && result.data) answers[field] = result.data;
  }
  return answers;
}
