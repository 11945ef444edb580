import { offlineProvider } from "~/services/ai/offline.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import type { FlowProvider } from "~/services/ai/provider.server";
import { type Env, getEnv } from "~/services/env.server";

let cached: { key: string; provider: FlowProvider } | undefined;

/** OpenAI when OPENAI_API_KEY is set, else the offline generator (ARCHITECTURE §6). */
export function getFlowProvider(env: Env = getEnv()): FlowProvider {
  if (!env.OPENAI_API_KEY) return offlineProvider;
  const key = [env.OPENAI_API_KEY, env.OPENAI_BASE_URL, env.OPENAI_MODEL, env.OPENAI_TIMEOUT_MS].join("\n");
  if (cached?.key !== key) {
    cached = {
      key,
      provider: createOpenAiProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS }),
    };
  }
  return cached.provider;
}
