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
  | { kind: "hang" };

export interface OpenAiStub {
  /** The base URL to give the SDK (…/v1). */
  baseURL: string;
  /** Bodies of the chat-completion requests received, in order. */
  requests: Array<Record<string, unknown>>;
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
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (!answer || answer.kind === "hang") return; // the socket stays open until the client gives up
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
    script(...next) {
      answers = next;
      requests.length = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
