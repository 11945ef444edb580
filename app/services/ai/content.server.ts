import type { BusinessAnswers } from "~/lib/content/business";
import type { WrittenFlow } from "~/lib/content/schema";
import type { WriterTouchpoint } from "~/lib/content/writer";
import type { FlowType } from "~/lib/flow-types";
import { writeOffline, OFFLINE_CONTENT_MODEL } from "~/services/ai/offline-content.server";
import { OpenAiContentWriter } from "~/services/ai/openai-content.server";
import { openAiSettings } from "~/services/ai/openai-client.server";

/**
 * Premium content writing, the provider interface's content method (docs/ai-and-generation.md): the
 * offline writer by default, OpenAI when OPENAI_API_KEY is set. Both answer with the same
 * zod-validated shape; the content service then holds every answer to the same rules.
 */
export interface ContentRequest {
  flowType: FlowType;
  companyName: string;
  business: BusinessAnswers;
  /** The current touchpoints, in step order. */
  touchpoints: WriterTouchpoint[];
}

export interface ContentProvider {
  /** Stored with each entry: what wrote it. */
  readonly model: string;
  writeContent(request: ContentRequest): Promise<WrittenFlow>;
}

export const offlineContentProvider: ContentProvider = {
  model: OFFLINE_CONTENT_MODEL,
  writeContent: async (request) => writeOffline(request),
};

export function getContentProvider(): ContentProvider {
  const settings = openAiSettings();
  return settings ? new OpenAiContentWriter(settings) : offlineContentProvider;
}
