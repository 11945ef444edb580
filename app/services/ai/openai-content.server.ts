import { type ModelFlow, modelFlowSchema, WRITTEN_FLOW_JSON_SCHEMA, type WrittenFlow } from "~/lib/content/schema";
import { type BusinessFacts, businessFacts } from "~/lib/business/facts";
import { buttonLink } from "~/lib/content/links";
import { streamedMessagesReader } from "~/lib/content/streamed-messages";
import { checkWritten } from "~/lib/copy/checker";
import type { ContentProvider, ContentRequest, ContentStreamOptions } from "~/services/ai/provider.server";
import { createOpenAiClient, type OpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";
import { fixWritten, writtenRuleProblems } from "~/services/ai/answer-fixes.server";
import { contentPrompt, DEFAULT_CONTENT_TEMPERATURE } from "~/services/ai/prompt.server";
import { completeChecked } from "~/services/ai/repair.server";
import { getEnv } from "~/services/env.server";

/** The model's copy with each email's button link: the owner's URL for what the button says, or the marked placeholder. */
export function withButtonLinks(written: ModelFlow, request: ContentRequest, facts: BusinessFacts): WrittenFlow {
  const emails = new Set(request.touchpoints.filter((tp) => tp.stepType === "Email").map((tp) => tp.id));
  return {
    touchpoints: written.touchpoints.map((item) => ({
      ...item,
      buttonUrl:
        emails.has(item.touchpointId) && item.callToAction ? buttonLink(item.callToAction, request.business, { flowType: request.flowType, verb: facts.action.verb }) : null,
    })),
  };
}

export { asksIn } from "~/services/ai/prompt.server";

/** Each answered touchpoint's key messages, in the answer's order, for the checker to hold the copy to its asks. */
function briefsOf(answer: ModelFlow, request: ContentRequest): string[] {
  const byId = new Map(request.touchpoints.map((tp) => [tp.id, tp.keyMessages]));
  return answer.touchpoints.map((item) => byId.get(item.touchpointId) ?? "");
}

export class OpenAiContentWriter implements ContentProvider {
  readonly model: string;
  private readonly client: OpenAiClient;

  private readonly temperature: number | undefined;

  constructor(settings: OpenAiSettings, options: { temperature?: number } = {}) {
    this.model = settings.model;
    this.temperature = options.temperature;
    this.client = createOpenAiClient(settings);
  }

  /**
   * The flow's copy, asked with the same grounding as the plan (prompt.server.ts); safe fixes made,
   * then every content rule and checker finding goes back in one repair. Any fault of the model
   * (see OpenAiClient) is a ProviderError. With `onMessages` the answer streams, each touchpoint's
   * message reported field by field as it is written (a preview; the answer is judged whole as before).
   */
  async writeContent(request: ContentRequest, { onMessages, signal }: ContentStreamOptions = {}): Promise<WrittenFlow> {
    const facts = businessFacts(request.business, request.companyName);
    const allowed = request.touchpoints.map((tp) => `${tp.title}\n${tp.keyMessages}\n${tp.callToAction}`).join("\n");
    const temperature = this.temperature ?? getEnv().OPENAI_CONTENT_TEMPERATURE ?? DEFAULT_CONTENT_TEMPERATURE;
    const written = await completeChecked(
      this.client,
      {
        schema: modelFlowSchema,
        jsonSchema: WRITTEN_FLOW_JSON_SCHEMA,
        name: "written_flow",
        ...contentPrompt(request, facts),
        temperature,
        ...(onMessages ? { listener: streamedMessagesReader(onMessages) } : {}),
        ...(signal ? { signal } : {}),
      },
      {
        fix: (answer) => fixWritten(answer, request),
        check: (answer) => [...writtenRuleProblems(answer, request), ...checkWritten(facts, answer.touchpoints, { allowed, briefs: briefsOf(answer, request) })],
      },
    );
    return withButtonLinks(written, request, facts);
  }
}
