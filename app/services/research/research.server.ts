import { getUserById, updateUserDetails, type UserRecord } from "~/models/user.server";
import { openAiSettings } from "~/services/ai/openai-client.server";
import { toApiUser } from "~/services/auth/api-user.server";
import { conflict, upstreamFailed, validationError } from "~/services/domain-error";
import { getEnv } from "~/services/env.server";

import { parseAllowedHosts } from "./address-rules";
import { fillEmptyAnswers } from "./answers.server";
import { answersFromFacts, extractSiteFacts, type ResearchAnswers, type SiteFacts } from "./extract";
import { answersFromModel, type ModelSettings } from "./model.server";
import { FetchFailedError, FetchRefusedError, safeFetch, type SafeFetchOptions } from "./safe-fetch.server";

/**
 * AI research (the dashboard's card, `POST /api/ai-research/perform`): reads the user's website and fills the questionnaire answers the
 * site supports, then marks research done. One run at a time per user.
 */

export const RESEARCH_RUNNING_MESSAGE = "Research is already running for your account. Please wait for it to finish.";
export const NO_WEBSITE_MESSAGE = "Add your website address to your profile before running AI research.";

/** Users whose research is running in this process. */
const running = new Set<string>();

export interface ResearchOptions {
  fetch?: SafeFetchOptions;
  /** null: the offline extraction; undefined: from the environment (OPENAI_API_KEY). */
  model?: ModelSettings | null;
}

function defaultOptions(): Required<ResearchOptions> {
  const env = getEnv();
  return {
    // RESEARCH_ALLOWED_HOSTS is for tests only (loopback fixture sites); see .env.example.
    fetch: { allowedHosts: parseAllowedHosts(process.env.RESEARCH_ALLOWED_HOSTS) },
    model: openAiSettings(env),
  };
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
  } finally {
    running.delete(userId);
  }
}

/** 'example.com' as typed in the questionnaire means https://example.com. */
function withScheme(website: string) {
  return /^[a-z][a-z\d+.-]*:/i.test(website) ? website : `https://${website}`;
}

export function isResearchRunning(userId: string) {
  return running.has(userId);
}
