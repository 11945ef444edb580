import { FIELD_LIMITS } from "~/lib/limits";
import { isWebsiteUrl, WEBSITE_INVALID, WEBSITE_REQUIRED } from "~/lib/schemas/questionnaire";
import { getUserById, setResearchFailure, updateUserDetails, type ResearchFailure, type UserRecord } from "~/models/user.server";
import { openAiSettings } from "~/services/ai/openai-client.server";
import { toApiUser } from "~/services/auth/api-user.server";
import { conflict, isDomainError, upstreamFailed, validationError } from "~/services/domain-error";
import { getEnv } from "~/services/env.server";

import { parseAllowedHosts, websiteAddressProblem, withScheme } from "~/lib/research/address-rules";
import { fillEmptyAnswers } from "./answers.server";
import { answersFromFacts, extractSiteFacts, type ResearchAnswers, type SiteFacts } from "./extract";
import { answersFromModel, type ModelSettings } from "./model.server";
import { FetchFailedError, FetchRefusedError, safeFetch, type SafeFetchOptions } from "./safe-fetch.server";

/**
 * AI research (the dashboard's card, `POST /api/ai-research/perform`): reads the user's website and fills the questionnaire answers the
 * site supports, then marks research done. One run at a time per user.
 */

export const RESEARCH_RUNNING_MESSAGE = "Research is already running for your account. Please wait for it to finish.";
export const RESEARCH_FAILED_FALLBACK = "Failed to complete AI research. Please try again or fill out manually.";
export const NO_WEBSITE_MESSAGE = "Add your website address to your profile before running AI research.";

/** Users whose research is running in this process. */
const running = new Set<string>();

export interface ResearchOptions {
  fetch?: SafeFetchOptions;
  /** null: the offline extraction; undefined: from the environment (OPENAI_API_KEY). */
  model?: ModelSettings | null;
}

/** RESEARCH_ALLOWED_HOSTS is for tests only (loopback fixture sites); see .env.example. */
export function researchAllowedHosts() {
  return parseAllowedHosts(process.env.RESEARCH_ALLOWED_HOSTS);
}

function defaultOptions(): Required<ResearchOptions> {
  const env = getEnv();
  return {
    fetch: { allowedHosts: researchAllowedHosts() },
    model: openAiSettings(env),
  };
}

/**
 * Why the user's saved website cannot be researched as it stands (the address rules research
 * fetches by), or null: the dashboard says so before the user presses the button.
 */
export function researchAddressProblem(website: string) {
  return website.trim() ? websiteAddressProblem(website, researchAllowedHosts()) : NO_WEBSITE_MESSAGE;
}

export const RESEARCH_DONE_MESSAGE = "AI research has already filled in your profile. Edit your answers on the Onboarding Questions page.";

/**
 * A new website address for research (the dashboard's research card), checked by the rules the
 * questionnaire and the fetch use; saved only when research may read it.
 */
export async function changeResearchWebsite({ userId, website }: { userId: string; website: unknown }) {
  const fail = (message: string) => validationError(message, { researchWebsiteUrl: message });
  const value = typeof website === "string" ? website.trim() : "";
  if (!value) throw fail(WEBSITE_REQUIRED);
  if (value.length > FIELD_LIMITS.websiteUrl || !isWebsiteUrl(value)) throw fail(WEBSITE_INVALID);
  const problem = websiteAddressProblem(value, researchAllowedHosts());
  if (problem) throw fail(problem);
  const user = await getUserById(userId);
  if (!user) throw validationError("Your account could not be found.");
  if (user.completionMethod !== "ai" || user.aiResearchCompleted !== 0) throw conflict(RESEARCH_DONE_MESSAGE, "RESEARCH_DONE");
  await updateUserDetails({ id: userId, researchWebsiteUrl: value });
  return value;
}

async function researchAnswers(facts: SiteFacts, model: ModelSettings | null): Promise<ResearchAnswers> {
  const offline = answersFromFacts(facts);
  if (!model) return offline;
  try {
    const fromModel = await answersFromModel(facts, model);
    // The model writes better prose; the page's own facts fill what it left empty.
    return { ...offline, ...fromModel };
  } catch (error) {
    console.error("[research] the model failed; using the offline extraction", error);
    return offline;
  }
}

export async function performResearch({ userId, options = {} }: { userId: string; options?: ResearchOptions }) {
  if (running.has(userId)) throw conflict(RESEARCH_RUNNING_MESSAGE, "RESEARCH_RUNNING");
  running.add(userId);
  try {
    // A new try: the last failure's reason stands until now.
    await setResearchFailure(userId, null);
    return await researchNow(userId, options);
  } catch (error) {
    // A refusal to run at all (research already done) is no failed try.
    if (!(isDomainError(error) && error.kind === "conflict")) await setResearchFailure(userId, researchFailureOf(error));
    throw error;
  } finally {
    running.delete(userId);
  }
}

/**
 * A failure as the card keeps it: the reason the user was told, and what to do about it (the
 * address when it was refused, the site when it could not be read, else later or by hand).
 */
export function researchFailureOf(error: unknown): ResearchFailure {
  const byHand = "or answer the questions yourself on Onboarding Questions.";
  if (isDomainError(error) && error.kind === "validation") {
    return { reason: error.message, advice: `Correct the website address below and start the research again, ${byHand}`, at: new Date() };
  }
  if (isDomainError(error) && error.kind === "upstream_failed") {
    return { reason: error.message, advice: `Check that your website opens in a browser, then start the research again, ${byHand}`, at: new Date() };
  }
  return { reason: RESEARCH_FAILED_FALLBACK, advice: `Start the research again in a few minutes, ${byHand}`, at: new Date() };
}

async function researchNow(userId: string, options: ResearchOptions) {
  {
    const user = await getUserById(userId);
    if (!user) throw validationError("Your account could not be found.");
    const website = user.researchWebsiteUrl.trim();
    if (!website) throw validationError(NO_WEBSITE_MESSAGE, { researchWebsiteUrl: NO_WEBSITE_MESSAGE });
    const defaults = defaultOptions();
    const fetchOptions = { ...defaults.fetch, ...options.fetch };
    const model = options.model === undefined ? defaults.model : options.model;

    let page;
    try {
      page = await safeFetch(withScheme(website), fetchOptions);
    } catch (error) {
      if (error instanceof FetchRefusedError) throw validationError(error.message, { researchWebsiteUrl: error.message });
      if (error instanceof FetchFailedError) throw upstreamFailed(error.message, error);
      throw error;
    }
    const facts = extractSiteFacts(page.html, page.url);
    const filledFields = await fillEmptyAnswers(userId, await researchAnswers(facts, model));
    const updated: UserRecord | null = await updateUserDetails({ id: userId, aiResearchCompleted: 1 });
    if (!updated) throw validationError("Your account could not be found.");
    return { user: toApiUser(updated), filledFields };
  }
}

export function isResearchRunning(userId: string) {
  return running.has(userId);
}
