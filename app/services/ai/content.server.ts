import { writeOffline, OFFLINE_CONTENT_MODEL } from "~/services/ai/offline-content.server";
import { OpenAiContentWriter } from "~/services/ai/openai-content.server";
import { openAiSettings } from "~/services/ai/openai-client.server";
import type { ContentProvider } from "~/services/ai/provider.server";

/**
 * Premium content writing, the provider interface's content method (docs/ai-and-generation.md): the
 * offline writer by default, OpenAI when OPENAI_API_KEY is set. Both answer with the same
 * zod-validated shape; the content service then holds every answer to the same rules.
 */
export const offlineContentProvider: ContentProvider = {
  model: OFFLINE_CONTENT_MODEL,
  instant: true,
  writeContent: async (request) => writeOffline(request),
};

export function getContentProvider(): ContentProvider {
  const settings = openAiSettings();
  return settings ? new OpenAiContentWriter(settings) : offlineContentProvider;
}
