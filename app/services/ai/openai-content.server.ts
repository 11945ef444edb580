import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SMS_GSM7_MAX, SMS_OPT_OUT, SMS_UNICODE_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { WRITTEN_FLOW_JSON_SCHEMA, writtenFlowSchema, type WrittenFlow } from "~/lib/content/schema";
import { flowTypeLabel } from "~/lib/flow-types";
import type { ContentProvider, ContentRequest } from "~/services/ai/content.server";
import { createOpenAiClient, type OpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";

const SYSTEM_PROMPT = [
  "You are a senior lifecycle copywriter. Write ready-to-send copy for every touchpoint of the flow you are given,",
  "in the business's own voice, using its answers (company, offer, proof, guarantee, objections, audience).",
  "Answer with JSON only, one entry per touchpoint, in the given order, with its touchpointId.",
  `Email touchpoints: subject (at most ${SUBJECT_MAX} characters), preheader (at most ${PREHEADER_MAX}),`,
  `bodyText (plain text, paragraphs separated by a blank line, bullet lines start with "• ", no HTML, no markdown),`,
  `callToAction (button text, at most ${CALL_TO_ACTION_MAX} characters); sms null.`,
  `SMS touchpoints: sms only (the email fields null): one message of at most ${SMS_GSM7_MAX} GSM-7 characters`,
  `(${SMS_UNICODE_MAX} if it needs any other character), starting with the brand name followed by ": "`,
  `and ending with '${SMS_OPT_OUT}'. Avoid emoji and curly quotes in SMS.`,
].join(" ");

export class OpenAiContentWriter implements ContentProvider {
  readonly model: string;
  private readonly client: OpenAiClient;

  constructor(settings: OpenAiSettings) {
    this.model = settings.model;
    this.client = createOpenAiClient(settings);
  }

  /** The flow's copy; any fault of the model (see OpenAiClient) is a ProviderError. */
  async writeContent(request: ContentRequest): Promise<WrittenFlow> {
    const brief = {
      flowType: flowTypeLabel(request.flowType),
      brand: request.companyName,
      business: request.business,
      touchpoints: request.touchpoints.map((tp) => ({
        touchpointId: tp.id,
        stepNumber: tp.stepNumber,
        channel: tp.stepType,
        title: tp.title,
        primaryGoal: tp.primaryGoal,
        keyMessages: tp.keyMessages,
        callToAction: tp.callToAction,
      })),
    };
    return this.client.complete({
      schema: writtenFlowSchema,
      jsonSchema: WRITTEN_FLOW_JSON_SCHEMA,
      name: "written_flow",
      system: SYSTEM_PROMPT,
      user: JSON.stringify(brief),
      temperature: 0.7,
    });
  }
}
