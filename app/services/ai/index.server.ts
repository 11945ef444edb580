import { offlineProvider } from "~/services/ai/offline.server";
import { openAiSettings } from "~/services/ai/openai-client.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { type Env, getEnv } from "~/services/env.server";

let cached: { key: string; provider: FlowProvider } | undefined;

/** OpenAI when OPENAI_API_KEY is set, else the offline generator (docs/ai-and-generation.md). */
export function getFlowProvider(env: Env = getEnv()): FlowProvider {
  const settings = openAiSettings(env);
  if (!settings) return offlineProvider;
  const key = [settings.apiKey, settings.baseURL, settings.model, settings.timeoutMs].join("\n");
  if (cached?.key !== key) cached = { key, provider: createOpenAiProvider(settings) };
  return cached.provider;
}
