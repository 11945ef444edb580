import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";

import { modelWaitText } from "~/lib/flows/wait";
import { type ModelCallLine, type ModelPurpose, recordModelCall, typicalDurationMs } from "~/services/ai/model-calls.server";
import { ProviderError } from "~/services/ai/provider.server";
import { type Env, getEnv } from "~/services/env.server";

/**
 * The one OpenAI client of the app: flow generation, content writing and website research all
 * ask through it.
 * It is the `openai` SDK against OPENAI_BASE_URL with OPENAI_MODEL, an explicit timeout
 * (OPENAI_TIMEOUT_MS; the SDK's own default is 10 minutes) and at most one retry, asking for a
 * JSON-schema structured answer. The timeout covers each attempt whole, from sending the request
 * to the answer's last byte (the SDK's own timeout stops at the answer's headers), and an answer
 * larger than MAX_MODEL_ANSWER_BYTES is refused while it arrives. Every fault (timeout, 5xx,
 * refusal, an answer cut short or too large, text that is not JSON, a shape zod refuses) is a
 * ProviderError; callers map it (the flows service to `upstream_failed`, content writing
 * likewise, research to its offline extraction).
 */

export interface OpenAiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Milliseconds for one attempt of a call, from the request to the answer's last byte. */
  timeoutMs: number;
}

/** One retry covers a dropped connection; more would keep a user waiting on a model that is down. */
export const OPENAI_MAX_RETRIES = 1;

/**
 * The largest answer the model may send, counted as it arrives (after any decompression): a
 * flow, a regeneration or a research answer is a few tens of kilobytes, so this is far past any
 * real one and keeps a runaway or hostile endpoint from filling memory.
 */
export const MAX_MODEL_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * How long one model call can keep a generation waiting at most: every attempt may use the whole
 * timeout, plus the SDK's pause before its retry (under a second at one retry).
 */
export function modelCallLimitMs(timeoutMs: number) {
  return (OPENAI_MAX_RETRIES + 1) * timeoutMs + 1_000 * OPENAI_MAX_RETRIES;
}

/** A checked request makes at most two model calls: the first answer and its one repair (repair.server.ts). */
export const MODEL_CALLS_PER_REQUEST = 2;

/** How long one checked request (a plan, a regeneration, content) can keep a generation waiting at most. */
export function modelRequestLimitMs(timeoutMs: number) {
  return MODEL_CALLS_PER_REQUEST * modelCallLimitMs(timeoutMs);
}

export class ModelAnswerTooLargeError extends Error {
  name = "ModelAnswerTooLargeError";
  constructor(limit: number) {
    super(`The model's answer is larger than ${Math.round(limit / (1024 * 1024))} MB.`);
  }
}

export class ModelTimeoutError extends Error {
  name = "ModelTimeoutError";
  constructor(timeoutMs: number) {
    super(`The model did not finish its answer within ${timeoutMs} ms.`);
  }
}

/**
 * A fetch for the SDK whose every request ends, headers and body, within `timeoutMs`, and whose
 * answer body is refused past `maxBytes`: the request is aborted, so the connection goes too and
 * nothing more is read. The SDK's own abort (its signal) still applies.
 */
export function boundedFetch({ timeoutMs, maxBytes = MAX_MODEL_ANSWER_BYTES }: { timeoutMs: number; maxBytes?: number }): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal;
    const follow = () => controller.abort(outer?.reason);
    if (outer?.aborted) follow();
    else outer?.addEventListener("abort", follow, { once: true });
    const timer = setTimeout(() => controller.abort(new ModelTimeoutError(timeoutMs)), timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", follow);
    };
    const refuse = (error: Error) => {
      controller.abort(error);
      finish();
      return error;
    };

    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      finish();
      throw controller.signal.reason instanceof Error ? controller.signal.reason : error;
    }
    const declared = response.headers.get("Content-Length");
    if (declared !== null && Number(declared) > maxBytes) {
      // Refused unread. As a body that fails rather than a failed request: the SDK retries a
      // failed request, and the same answer would be as large again.
      const error = refuse(new ModelAnswerTooLargeError(maxBytes));
      const body = new ReadableStream<Uint8Array>({ start: (stream) => stream.error(error) });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (!response.body) {
      finish();
      return response;
    }

    const reader = response.body.getReader();
    let size = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          finish();
          // The timeout's own error, not the transport's "aborted".
          stream.error(controller.signal.reason instanceof Error ? controller.signal.reason : error);
          return;
        }
        if (read.done) {
          finish();
          stream.close();
          return;
        }
        size += read.value.byteLength;
        if (size > maxBytes) {
          stream.error(refuse(new ModelAnswerTooLargeError(maxBytes)));
          return;
        }
        stream.enqueue(read.value);
      },
      cancel(reason) {
        controller.abort(reason);
        finish();
        return reader.cancel(reason).catch(() => undefined);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * What the screen says about the wait for a request of this purpose (app/lib/flows/wait.ts), or
 * null without a model: the offline generator answers at once and its screens keep their words.
 */
export function modelWait(purpose: ModelPurpose, env: Env = getEnv()): string | null {
  const settings = openAiSettings(env);
  if (!settings) return null;
  return modelWaitText({ typicalMs: typicalDurationMs(purpose), limitMs: modelRequestLimitMs(settings.timeoutMs) });
}

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

/**
 * The JSON schema with the named properties first wherever they appear (in the order named): a
 * model writes a structured answer in its schema's property order, so a streamed answer can lead
 * with what the screen shows first.
 */
export function withPropertiesFirst(value: unknown, first: readonly string[]): unknown {
  if (first.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => withPropertiesFirst(item, first));
  if (!value || typeof value !== "object") return value;
  const rank = (key: string) => {
    const at = first.indexOf(key);
    return at === -1 ? first.length : at;
  };
  const lead = (keys: string[]) => keys.map((key, index) => ({ key, index })).sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index);
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]): [string, unknown] => {
    if (key === "properties" && item && typeof item === "object" && !Array.isArray(item)) {
      const properties = item as Record<string, unknown>;
      return [key, Object.fromEntries(lead(Object.keys(properties)).map(({ key: name }) => [name, withPropertiesFirst(properties[name], first)]))];
    }
    if (key === "required" && Array.isArray(item) && item.every((name) => typeof name === "string")) return [key, lead(item).map(({ key: name }) => name)];
    return [key, withPropertiesFirst(item, first)];
  });
  return Object.fromEntries(entries);
}

function responseFormat(schema: z.ZodType, name: string, first: readonly string[] = []) {
  const format = zodResponseFormat(schema, name);
  return {
    type: "json_schema" as const,
    json_schema: { ...format.json_schema, schema: withPropertiesFirst(withoutLengthLimits(format.json_schema.schema), first) as Record<string, unknown> },
  };
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
  /** What the call is for, in its log line and counters; without it, read from `name` (see PURPOSE_BY_NAME). */
  purpose?: ModelPurpose;
  /**
   * With a listener the answer is streamed (`stream: true`, the same response format) and its
   * text is given to the listener as it arrives; the whole answer is then judged as usual.
   */
  listener?: AnswerListener;
  /** Properties the answer's schema lists first wherever they appear (see withPropertiesFirst). */
  firstProperties?: readonly string[];
  /** Ends the call at once when aborted (the server stopping). */
  signal?: AbortSignal;
}

/**
 * Who reads a streamed answer while it arrives: `begin` when a call starts sending (a repair, or
 * the SDK's retry, starts over), then every piece of the answer's text in order.
 */
export interface AnswerListener {
  begin(): void;
  text(piece: string): void;
}

/** The purpose of each response format the app asks for. */
const PURPOSE_BY_NAME: Record<string, ModelPurpose> = { flow: "plan", regenerated_flow: "regenerate", written_flow: "content", website_research: "research" };

function purposeOf(request: { name: string; purpose?: ModelPurpose }): ModelPurpose {
  return request.purpose ?? PURPOSE_BY_NAME[request.name] ?? "plan";
}

/** One thing wrong with an answer (a copy checker Finding is one; `rule` is its kind for the log). */
export interface AnswerProblem {
  where: string;
  message: string;
  rule?: string;
}

/** What the caller makes of a model's raw answer: the answer when its shape holds (fixed where safe), and every problem left. */
export interface Judgement<T> {
  answer: T | null;
  problems: AnswerProblem[];
}

/** A checked answer: the raw answer, the caller's judgement of it, and when its request began. */
export interface CheckedAnswer<T> {
  raw: unknown;
  answer: T | null;
  problems: AnswerProblem[];
  purpose: ModelPurpose;
  /** performance.now() when the request's first call was sent. */
  startedAt: number;
}

export interface OpenAiClient {
  readonly model: string;
  /** The model's answer as parsed JSON, not yet checked against the schema (for callers that keep the valid parts). */
  completeJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<unknown>;
  /** The model's answer, checked against the schema. */
  complete<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.infer<S>>;
  /**
   * The model's answer, checked against the schema and then by `check`; its log line says whether
   * the checker accepted it. With `repairOf` (the first answer, sent back with its findings) this
   * call is that request's repair: it logs purpose "repair" and the request's outcome, repaired or
   * refused.
   */
  checked<S extends z.ZodType, T>(request: JsonRequest<S>, judge: (raw: unknown) => Judgement<T>, repairOf?: CheckedAnswer<unknown>): Promise<CheckedAnswer<T>>;
}

/** Why a call failed, in a word for the log: the timeout, the HTTP status, or what was wrong with the answer. */
export function failureReason(error: unknown): string {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof ModelTimeoutError || at instanceof OpenAI.APIConnectionTimeoutError) return "timeout";
    if (at instanceof ModelAnswerTooLargeError) return "too_large";
    if (at instanceof OpenAI.APIError && typeof at.status === "number") return `http_${at.status}`;
    if (at instanceof OpenAI.APIConnectionError) return "connection";
    if (at instanceof ModelCallFault) return at.reason;
  }
  return "error";
}

/** A ProviderError that knows its reason for the log line. */
class ModelCallFault extends ProviderError {
  constructor(
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface RawAnswer {
  json: unknown;
  usage: { promptTokens?: number; completionTokens?: number };
}

export function createOpenAiClient(settings: OpenAiSettings): OpenAiClient {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: OPENAI_MAX_RETRIES,
    fetch: boundedFetch({ timeoutMs: settings.timeoutMs }),
  });

  /** The answer's parts, whether it came whole or streamed. */
  interface AnswerParts {
    present: boolean;
    content: string;
    refusal: string | null;
    finishReason: string | null;
    usage: RawAnswer["usage"];
  }

  /** A streamed answer, its text given to the listener piece by piece and gathered whole. */
  async function streamed(body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, listener: AnswerListener, signal?: AbortSignal): Promise<AnswerParts> {
    const parts: AnswerParts = { present: false, content: "", refusal: null, finishReason: null, usage: {} };
    const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal });
    listener.begin();
    for await (const chunk of stream) {
      if (chunk.usage) parts.usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices[0];
      if (!choice) continue;
      parts.present = true;
      const piece = choice.delta?.content;
      if (piece) {
        parts.content += piece;
        listener.text(piece);
      }
      if (choice.delta?.refusal) parts.refusal = (parts.refusal ?? "") + choice.delta.refusal;
      if (choice.finish_reason) parts.finishReason = choice.finish_reason;
    }
    return parts;
  }

  async function whole(body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal): Promise<AnswerParts> {
    const completion = await client.chat.completions.create(body, { signal });
    const choice = completion.choices[0];
    return {
      present: choice !== undefined,
      content: choice?.message.content ?? "",
      refusal: choice?.message.refusal ?? null,
      finishReason: choice?.finish_reason ?? null,
      usage: { promptTokens: completion.usage?.prompt_tokens, completionTokens: completion.usage?.completion_tokens },
    };
  }

  async function ask<S extends z.ZodType>({ schema, name, jsonSchema, system, user, temperature, listener, firstProperties = [], signal }: JsonRequest<S>): Promise<RawAnswer> {
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: settings.model,
      ...(temperature === undefined ? {} : { temperature }),
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      response_format: jsonSchema
        ? { type: "json_schema", json_schema: { name, strict: true, schema: withPropertiesFirst(jsonSchema, firstProperties) as Record<string, unknown> } }
        : responseFormat(schema, name, firstProperties),
    };
    let answer: AnswerParts;
    try {
      answer = listener ? await streamed(body, listener, signal) : await whole(body, signal);
    } catch (error) {
      throw new ProviderError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const { usage } = answer;
    const fault = (reason: string, message: string, cause?: unknown) => Object.assign(new ModelCallFault(reason, message, { cause }), { usage });
    if (!answer.present) throw fault("no_choice", "The model answered with no choice.");
    if (answer.refusal) throw fault("model_refusal", `The model refused: ${answer.refusal}`);
    if (answer.finishReason !== "stop") throw fault("cut_short", `The model stopped early (${answer.finishReason ?? "no reason given"}).`);
    try {
      return { json: JSON.parse(answer.content) as unknown, usage };
    } catch (error) {
      throw fault("invalid_json", "The model's answer is not valid JSON.", error);
    }
  }

  function parse<S extends z.ZodType>(request: JsonRequest<S>, raw: RawAnswer): z.infer<S> {
    const parsed = request.schema.safeParse(raw.json);
    if (!parsed.success) throw Object.assign(new ModelCallFault("shape", `The model's answer does not have the expected shape: ${parsed.error.message}`), { usage: raw.usage });
    return parsed.data as z.infer<S>;
  }

  /**
   * One model call with its log line: `finish` turns the answer into the result and says how the
   * call ended; a throw anywhere is the call's failure (and its request's).
   */
  async function logged<S extends z.ZodType, T>(
    request: JsonRequest<S>,
    repairOf: CheckedAnswer<unknown> | undefined,
    finish: (raw: RawAnswer) => { result: T; outcome: ModelCallLine["outcome"]; findings?: AnswerProblem[] },
  ): Promise<T> {
    const purpose = repairOf?.purpose ?? purposeOf(request);
    const started = performance.now();
    const line = { event: "model_call" as const, purpose: repairOf ? ("repair" as const) : purpose, ...(repairOf ? { for: purpose } : {}), model: settings.model };
    let raw: RawAnswer | undefined;
    try {
      raw = await ask(request);
      const { result, outcome, findings } = finish(raw);
      const now = performance.now();
      recordModelCall({ ...line, ...raw.usage, ms: now - started, outcome, findings: findings?.map((f) => f.rule ?? "rule") }, now - (repairOf?.startedAt ?? started));
      return result;
    } catch (error) {
      const usage = raw?.usage ?? (error as { usage?: RawAnswer["usage"] }).usage ?? {};
      recordModelCall({ ...line, ...usage, ms: performance.now() - started, outcome: "failed", reason: failureReason(error) });
      throw error instanceof ProviderError ? error : new ProviderError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  return {
    model: settings.model,
    completeJson: (request) => logged(request, undefined, (raw) => ({ result: raw.json, outcome: "accepted" })),
    complete: (request) => logged(request, undefined, (raw) => ({ result: parse(request, raw), outcome: "accepted" })),
    checked(request, judge, repairOf) {
      const startedAt = repairOf?.startedAt ?? performance.now();
      return logged(request, repairOf, (raw) => {
        const { answer, problems } = judge(raw.json);
        const purpose = repairOf?.purpose ?? purposeOf(request);
        const outcome = problems.length === 0 ? (repairOf ? "repaired" : "accepted") : repairOf ? "refused" : "needs_repair";
        return { result: { raw: raw.json, answer, problems, purpose, startedAt }, outcome, findings: problems };
      });
    },
  };
}
