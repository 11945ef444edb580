import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

/**
 * An OpenAI-compatible chat-completions server on loopback, for driving the real `openai` SDK
 * through every fault: each request takes the next scripted answer (the last one repeats).
 */
export type StubAnswer =
  /** A completion whose message content is this text. */
  | { kind: "content"; content: string; finishReason?: "stop" | "length" | "content_filter" }
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
  close(): Promise<void>;
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

export async function startOpenAiStub(): Promise<OpenAiStub> {
  let answers: StubAnswer[] = [];
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
    requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
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
    else if (answer.kind === "refusal") send(200, completion({ content: null, refusal: answer.refusal }, "stop"));
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
    script(...next) {
      answers = next;
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
