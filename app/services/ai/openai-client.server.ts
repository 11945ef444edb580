import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";

import { ProviderError } from "~/services/ai/provider.server";
import { type Env, getEnv } from "~/services/env.server";

/**
 * The one OpenAI client of the app: flow generation, content writing and website research all
 * ask through it.
 * It is the `openai` SDK against OPENAI_BASE_URL with OPENAI_MODEL, an explicit timeout
 * (OPENAI_TIMEOUT_MS; the SDK's own default is 10 minutes) and at most one retry, asking for a
 * JSON-schema structured answer. Every fault (timeout, 5xx, refusal, an answer cut short, text
 * that is not JSON, a shape zod refuses) is a ProviderError; callers map it (the flows service to
 * `upstream_failed`, content writing likewise, research to its offline extraction).
 */

export interface OpenAiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Milliseconds for one call, retries aside. */
  timeoutMs: number;
}

/** One retry covers a dropped connection; more would keep a user waiting on a model that is down. */
export const OPENAI_MAX_RETRIES = 1;

/** The model settings from the environment, or null without OPENAI_API_KEY (the offline paths). */
export function openAiSettings(env: Env = getEnv()): OpenAiSettings | null {
  if (!env.OPENAI_API_KEY) return null;
  return { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS };
}

/** A JSON schema without string length limits (strict structured outputs refuse `maxLength`); zod checks them after. */
function withoutLengthLimits(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLengthLimits);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== "maxLength" && key !== "minLength")
        .map(([key, item]) => [key, withoutLengthLimits(item)]),
    );
  }
  return value;
}

function responseFormat(schema: z.ZodType, name: string) {
  const format = zodResponseFormat(schema, name);
  return { type: "json_schema" as const, json_schema: { ...format.json_schema, schema: withoutLengthLimits(format.json_schema.schema) as Record<string, unknown> } };
}

export interface JsonRequest<S extends z.ZodType> {
  /** The answer's shape: sent as the response format, and (in `complete`) checked on the answer. */
  schema: S;
  /** The response format's name. */
  name: string;
  /**
   * A hand-written JSON schema to send instead of the one derived from `schema` (for answers whose
   * zod schema holds refinements a JSON schema cannot say); sent strict.
   */
  jsonSchema?: Record<string, unknown>;
  system: string;
  user: string;
  temperature?: number;
}

export interface OpenAiClient {
  readonly model: string;
  /** The model's answer as parsed JSON, not yet checked against the schema (for callers that keep the valid parts). */
  completeJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<unknown>;
  /** The model's answer, checked against the schema. */
  complete<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.infer<S>>;
}

export function createOpenAiClient(settings: OpenAiSettings): OpenAiClient {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: OPENAI_MAX_RETRIES });

  async function completeJson<S extends z.ZodType>({ schema, name, jsonSchema, system, user, temperature }: JsonRequest<S>): Promise<unknown> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model: settings.model,
        ...(temperature === undefined ? {} : { temperature }),
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        response_format: jsonSchema ? { type: "json_schema", json_schema: { name, strict: true, schema: jsonSchema } } : responseFormat(schema, name),
      });
    } catch (error) {
      throw new ProviderError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const choice = completion.choices[0];
    if (!choice) throw new ProviderError("The model answered with no choice.");
    if (choice.message.refusal) throw new ProviderError(`The model refused: ${choice.message.refusal}`);
    if (choice.finish_reason !== "stop") throw new ProviderError(`The model stopped early (${choice.finish_reason}).`);
    try {
      return JSON.parse(choice.message.content ?? "") as unknown;
    } catch (error) {
      throw new ProviderError("The model's answer is not valid JSON.", { cause: error });
    }
  }

  return {
    model: settings.model,
    completeJson,
    async complete(request) {
      const parsed = request.schema.safeParse(await completeJson(request));
      if (!parsed.success) throw new ProviderError(`The model's answer does not have the expected shape: ${parsed.error.message}`);
      return parsed.data;
    },
  };
}
