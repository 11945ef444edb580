import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

/**
 * An OpenAI-compatible chat-completions server on loopback, for driving the real `openai` SDK
 * through every fault: each request takes the next scripted answer (the last one repeats).
 */
export type StubAnswer =
  /**
   * A completion whose message content is this text. Asked to stream (`stream: true`), it comes as
   * server-sent events, a token (about four characters) each, at the stub's pace; `pauseAt` holds
   * the stream after that many characters (or where that text first comes) until `resume()`,
   * `failAt` drops the connection there.
   */
  | { kind: "content"; content: string; finishReason?: "stop" | "length" | "content_filter"; pauseAt?: number | string; failAt?: number }
  /** A completion that refuses. */
  | { kind: "refusal"; refusal: string }
  /** An HTTP error status with an OpenAI-style error body. */
  | { kind: "status"; status: number }
  /** Never answers (the client's timeout must end it). */
  | { kind: "hang" }
  /** Sends 200 and the headers, a first piece of the body, then nothing more, ever. */
  | { kind: "stall-after-headers" }
  /** Sends 200, then the body one byte at a time, a byte every `everyMs`, never reaching its end. */
  | { kind: "drip"; everyMs: number }
  /**
   * A 200 whose body is `bytes` long (a JSON completion padded with spaces), written as fast as the
   * client takes it; with `declareLength` the size is announced in Content-Length, else chunked.
   */
  | { kind: "huge"; bytes: number; declareLength?: boolean };

export interface OpenAiStub {
  /** The base URL to give the SDK (…/v1). */
  baseURL: string;
  /** Bodies of the chat-completion requests received, in order. */
  requests: Array<Record<string, unknown>>;
  /** Body bytes written to each answer so far, in order (what the client let the stub send). */
  bodyBytesSent: number[];
  /** Resolves once the client has closed the connection of the n-th answer (0-based). */
  answerClosed(index: number): Promise<void>;
  script(...answers: StubAnswer[]): void;
  /** Lets a stream held at its `pauseAt` go on. */
  resume(): void;
  /** Resolves once a stream has reached its `pauseAt` (the n-th such pause, 0-based). */
  paused(index?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * How fast a streamed answer comes: the first token after `firstTokenMs`, then `tokensPerSecond`.
 * Tests give none (no delay at all); the bench gives a real model's pace.
 */
export interface StubPace {
  firstTokenMs: number;
  tokensPerSecond: number;
}

/** A real model's pace (gpt-4o-mini-like): the first token after about 0.8 s, then about 40 tokens a second. */
export const REAL_MODEL_PACE: StubPace = { firstTokenMs: 800, tokensPerSecond: 40 };

/** Characters per token, roughly, for English text and JSON. */
const CHARS_PER_TOKEN = 4;

/**
 * The answer's JSON with its objects' keys in the order the request's JSON schema lists them, as
 * a model writing a structured answer does; text that is not JSON is left as it is.
 */
export function inSchemaOrder(content: string, body: Record<string, unknown>): string {
  const format = body.response_format as { json_schema?: { schema?: unknown } } | undefined;
  const schema = format?.json_schema?.schema;
  if (!schema) return content;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return content;
  }
  const order = (item: unknown, at: unknown): unknown => {
    const node = (at ?? {}) as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
    if (Array.isArray(item)) return item.map((entry) => order(entry, node.items ?? node.anyOf?.find((option) => (option as { type?: string }).type === "array")));
    if (!item || typeof item !== "object") return item;
    const shape = node.properties ? node : ((node.anyOf?.find((option) => (option as { properties?: unknown }).properties) ?? {}) as typeof node);
    const keys = Object.keys(item);
    const listed = Object.keys(shape.properties ?? {}).filter((key) => keys.includes(key));
    const rest = keys.filter((key) => !listed.includes(key));
    return Object.fromEntries([...listed, ...rest].map((key) => [key, order((item as Record<string, unknown>)[key], shape.properties?.[key])]));
  };
  return JSON.stringify(order(value, schema));
}

function completion(message: Record<string, unknown>, finishReason: string) {
  return {
    id: "chatcmpl-stub",
    object: "chat.completion",
    created: 0,
    model: "stub-model",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(delta: Record<string, unknown>, finishReason: string | null, usage?: Record<string, number>) {
  return {
    id: "chatcmpl-stub",
    object: "chat.completion.chunk",
    created: 0,
    model: "stub-model",
    choices: usage ? [] : [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(usage ? { usage } : {}),
  };
}

export async function startOpenAiStub({ pace }: { pace?: StubPace } = {}): Promise<OpenAiStub> {
  let answers: StubAnswer[] = [];
  let resumeStream: () => void = () => undefined;
  let resumed = Promise.resolve();
  const pauses: Array<{ promise: Promise<void>; resolve: () => void }> = [];
  let pauseCount = 0;
  const pauseAt = (index: number) => {
    while (pauses.length <= index) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      pauses.push({ promise, resolve });
    }
    return pauses[index]!;
  };
  const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

  /** The answer as server-sent events, a token each, at the pace; a pause or a drop where the answer says. */
  async function stream(res: http.ServerResponse, index: number, answer: Extract<StubAnswer, { kind: "content" }>, content: string) {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
    const send = (event: unknown) => {
      const line = `data: ${JSON.stringify(event)}\n\n`;
      bodyBytesSent[index]! += Buffer.byteLength(line);
      res.write(line);
    };
    await sleep(pace?.firstTokenMs ?? 0);
    send(chunk({ role: "assistant", content: "", refusal: null }, null));
    let paused = false;
    const holdAt = typeof answer.pauseAt === "string" ? content.indexOf(answer.pauseAt) : answer.pauseAt;
    for (let at = 0; at < content.length; at += CHARS_PER_TOKEN) {
      if (res.destroyed) return;
      if (answer.failAt !== undefined && at >= answer.failAt) {
        // What was sent reaches the client first (a comment line), then the connection drops.
        await new Promise<void>((resolve) => res.write(": dropped\n\n", () => resolve()));
        res.destroy();
        return;
      }
      if (!paused && holdAt !== undefined && holdAt >= 0 && at >= holdAt) {
        paused = true;
        pauseAt(pauseCount++).resolve();
        await resumed;
      }
      send(chunk({ content: content.slice(at, at + CHARS_PER_TOKEN) }, null));
      if (pace) await sleep(1000 / pace.tokensPerSecond);
    }
    send(chunk({}, answer.finishReason ?? "stop"));
    send(chunk({}, null, { prompt_tokens: 1, completion_tokens: Math.ceil(content.length / CHARS_PER_TOKEN), total_tokens: 1 + Math.ceil(content.length / CHARS_PER_TOKEN) }));
    res.end("data: [DONE]\n\n");
  }

  const requests: Array<Record<string, unknown>> = [];
  const bodyBytesSent: number[] = [];
  const closed: Array<{ promise: Promise<void>; resolve: () => void }> = [];
  const closedAt = (index: number) => {
    while (closed.length <= index) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      closed.push({ promise, resolve });
    }
    return closed[index]!;
  };
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    requests.push(body);
    const index = bodyBytesSent.push(0) - 1;
    res.on("close", () => closedAt(index).resolve());
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (!answer || answer.kind === "hang") return; // the socket stays open until the client gives up
    if (answer.kind === "stall-after-headers" || answer.kind === "drip") {
      const text = JSON.stringify(completion({ content: "{}", refusal: null }, "stop"));
      res.writeHead(200, { "Content-Type": "application/json" });
      res.flushHeaders();
      if (answer.kind === "stall-after-headers") {
        res.write(text.slice(0, 20));
        bodyBytesSent[index] = 20;
        return; // the rest never comes
      }
      // One byte at a time, and never the last one: only the client's timeout ends this answer.
      let at = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return;
        res.write(text[at % (text.length - 1)]!);
        at += 1;
        bodyBytesSent[index] = at;
      }, answer.everyMs);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (answer.kind === "huge") {
      const head = JSON.stringify(completion({ content: "{}", refusal: null }, "stop"));
      const headers: Record<string, string | number> = { "Content-Type": "application/json" };
      if (answer.declareLength) headers["Content-Length"] = answer.bytes;
      res.writeHead(200, headers);
      // A valid JSON document: the completion, then spaces up to the size (JSON allows trailing whitespace).
      const padding = Buffer.alloc(64 * 1024, " ");
      let remaining = answer.bytes;
      const first = Buffer.from(head);
      const pump = () => {
        let room = true;
        while (room && remaining > 0 && !res.destroyed) {
          const chunk = bodyBytesSent[index] === 0 ? first : padding.subarray(0, Math.min(padding.length, remaining));
          remaining -= chunk.length;
          bodyBytesSent[index]! += chunk.length;
          room = res.write(chunk);
        }
        if (remaining <= 0) res.end();
      };
      res.on("drain", pump);
      pump();
      return;
    }
    const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (answer.kind === "status") send(answer.status, { error: { message: "stub failure", type: "server_error" } });
    else if (answer.kind === "refusal" && body.stream === true) {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify(chunk({ role: "assistant", content: null, refusal: answer.refusal }, null))}\n\n`);
      res.write(`data: ${JSON.stringify(chunk({}, "stop"))}\n\n`);
      res.end("data: [DONE]\n\n");
    } else if (answer.kind === "refusal") send(200, completion({ content: null, refusal: answer.refusal }, "stop"));
    else if (body.stream === true) await stream(res, index, answer, inSchemaOrder(answer.content, body));
    else send(200, completion({ content: answer.content, refusal: null }, answer.finishReason ?? "stop"));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    bodyBytesSent,
    answerClosed: (index) => closedAt(index).promise,
    resume() {
      resumeStream();
      resumed = Promise.resolve();
    },
    paused: (index = 0) => pauseAt(index).promise,
    script(...next) {
      answers = next;
      // A stream still held from an earlier script goes on.
      resumeStream();
      resumed = new Promise<void>((resolve) => (resumeStream = resolve));
      pauses.length = 0;
      pauseCount = 0;
      requests.length = 0;
      bodyBytesSent.length = 0;
      closed.length = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
