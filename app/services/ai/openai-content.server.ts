import OpenAI from "openai";

import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SMS_GSM7_MAX, SMS_OPT_OUT, SMS_UNICODE_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { WRITTEN_FLOW_JSON_SCHEMA, writtenFlowSchema, type WrittenFlow } from "~/lib/content/schema";
import { flowTypeLabel } from "~/lib/flow-types";
import type { ContentProvider, ContentRequest } from "~/services/ai/content.server";

/** The model could not give a usable answer: timeout, 5xx, refusal, truncated or malformed JSON. */
export class ContentProviderError extends Error {
  name = "ContentProviderError";
}

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
  private readonly client: OpenAI;

  constructor(options: { apiKey: string; baseURL?: string; model: string; timeoutMs: number }) {
    this.model = options.model;
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries: 1 });
  }

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
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.model,
        temperature: 0.7,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: JSON.stringify(brief) },
        ],
        response_format: { type: "json_schema", json_schema: { name: "written_flow", strict: true, schema: WRITTEN_FLOW_JSON_SCHEMA } },
      });
    } catch (error) {
      throw new ContentProviderError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const choice = completion.choices[0];
    if (!choice) throw new ContentProviderError("The model answered with no choice.");
    if (choice.message.refusal) throw new ContentProviderError("The model refused to write the content.");
    if (choice.finish_reason === "length") throw new ContentProviderError("The model's answer was cut off.");
    const text = choice.message.content ?? "";
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ContentProviderError("The model's answer is not valid JSON.");
    }
    const result = writtenFlowSchema.safeParse(parsed);
    if (!result.success) throw new ContentProviderError("The model's answer does not have the expected shape.");
    return result.data;
  }
}
