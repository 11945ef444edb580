/**
 * A generation's progress as Server-Sent Events, read over HTTP from the project's real server
 * (server/app-server.js) in front of the whole app, while a loopback stand-in model streams the
 * flow: the events, reconnecting with Last-Event-ID, sign-in and ownership, the per-user limit,
 * a client that goes away, and a server that stops.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { generateOfflineDraft } from "~/services/ai/offline.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import { backgroundGenerationsSettled, startGeneration } from "~/services/flows/progress.server";
import {
  endProgressStreams,
  MAX_PROGRESS_STREAMS_PER_USER,
  openProgressStreams,
  PROGRESS_STREAM_RETRY_SECONDS,
  reopenProgressStreams,
  SERVER_STOPPING_MESSAGE,
  TOO_MANY_STREAMS_MESSAGE,
} from "~/services/progress-streams.server";
import * as boundary from "~/web/boundary.server";
import { KEEP_ALIVE_COMMENT, setEventStreamPace } from "~/web/event-stream.server";

import { createAppServer } from "../../../server/app-server.js";
import { useTestDatabase } from "../../support/db";
import { createUser } from "../../support/factories";
import { build, handle } from "../../support/in-process-app";
import { type OpenAiStub, startOpenAiStub } from "../../support/openai-stub";
import { LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
let port = 0;
const server = createAppServer({ handleRequest: handle, boundary, build });
let restorePace: () => void;
beforeAll(async () => {
  stub = await startOpenAiStub();
  // The record is read again at every turn of a short interval; a keep-alive after 3 quiet reads.
  restorePace = setEventStreamPace({ checkEveryMs: 10, keepAliveMs: 30 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  stub.resume();
  await backgroundGenerationsSettled();
  reopenProgressStreams();
});
afterAll(async () => {
  restorePace();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stub.close();
});

const provider = () => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 5000 });

/** The answer as the stand-in streams it: its steps first, held once the first step is written whole. */
function heldAfterFirstStep() {
  const draft = generateOfflineDraft({ flowType: "onboarding", business: LEDGERLY, rule: null, customContext: "" });
  const { touchpoints, ...rest } = draft as unknown as { touchpoints: unknown[] };
  const content = JSON.stringify({ touchpoints, ...rest });
  const first = JSON.stringify(touchpoints[0]);
  return { content, pauseAt: content.indexOf(first) + first.length + 1 };
}

/** A generation under way, the model held after its first step, that step already in the record. */
async function generationUnderWay() {
  const owner = await onboardedUser({ answers: LEDGERLY });
  const { content, pauseAt } = heldAfterFirstStep();
  stub.script({ kind: "content", content, pauseAt });
  const started = await startGeneration({ user: { id: owner.user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
  if (!started.started) throw new Error("a model generation runs in the background");
  const id = started.progress.id;
  await stub.paused();
  await vi.waitFor(async () => expect(((await poll(id, owner.cookie)).body as { steps: unknown[] }).steps.length).toBeGreaterThanOrEqual(1));
  return { ...owner, id };
}

interface SseEvent {
  event: string;
  id: string;
  data: unknown;
}

/** A GET read as it arrives: its events and comments, parsed line by line. */
function open(path: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let raw = "";
  let status = 0;
  let responseHeaders: http.IncomingHttpHeaders = {};
  const changed = new Set<() => void>();
  const notify = () => changed.forEach((listener) => listener());
  let ended = false;
  const request = http.get({ host: "127.0.0.1", port, path, headers: { Accept: "text/event-stream", ...headers } });
  const answered = new Promise<void>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (res) => {
      status = res.statusCode ?? 0;
      responseHeaders = res.headers;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        raw += chunk;
        let end: number;
        while ((end = raw.indexOf("\n\n")) >= 0) {
          const block = raw.slice(0, end);
          raw = raw.slice(end + 2);
          if (block.startsWith(":")) comments.push(`${block}\n\n`);
          else if (/^event: /m.test(block)) {
            const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(block)?.[1] ?? "";
            events.push({ event: field("event"), id: field("id"), data: JSON.parse(field("data")) });
          }
        }
        notify();
      });
      res.on("end", () => {
        ended = true;
        notify();
      });
      res.on("close", () => {
        ended = true;
        notify();
      });
      resolve();
    });
  });
  /** Resolves once `check` holds (checked at every piece that arrives); fails when the answer ends first. */
  const until = (check: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (check()) {
          changed.delete(test);
          resolve();
        } else if (ended) {
          changed.delete(test);
          reject(new Error(`the answer ended before ${what}: ${JSON.stringify(events)}`));
        }
      };
      changed.add(test);
      test();
    });
  return {
    answered,
    events,
    comments,
    status: () => status,
    headers: () => responseHeaders,
    body: () => raw,
    until,
    ended: () => until(() => ended, "its end"),
    close: () => request.destroy(),
  };
}

async function poll(id: string, cookie: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/ai-flow-generations/${id}`, { headers: { Cookie: cookie } });
  return { status: response.status, body: (await response.json()) as unknown };
}

const eventsPath = (id: string) => `/api/ai-flow-generations/${id}/events`;

describe("a generation's progress as Server-Sent Events", () => {
  it("sends the progress at each change, a keep-alive while nothing changes, then done with the poll resource's body, and ends; never gzipped", async () => {
    const { id, cookie, user } = await generationUnderWay();
    const stream = open(eventsPath(id), { Cookie: cookie, "Accept-Encoding": "gzip" });
    await stream.answered;
    expect(stream.status()).toBe(200);
    expect(stream.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers()["content-encoding"]).toBeUndefined();
    expect(stream.headers()["cache-control"]).toContain("no-store");
    expect(stream.headers()["ratelimit-limit"]).toBe(String(MAX_PROGRESS_STREAMS_PER_USER));
    expect(stream.headers()["ratelimit-remaining"]).toBe(String(MAX_PROGRESS_STREAMS_PER_USER - 1));

    // The state as it is now, the same as the poll resource says, then silence but for keep-alives.
    await stream.until(() => stream.events.length >= 1, "the first event");
    const [first] = stream.events;
    expect(first).toMatchObject({ event: "progress", data: { id, state: "running", attempt: 1 } });
    expect(first!.data).toEqual((await poll(id, cookie)).body);
    await stream.until(() => stream.comments.includes(KEEP_ALIVE_COMMENT), "a keep-alive");
    expect(stream.events).toHaveLength(1);

    stub.resume();
    await stream.ended();
    const last = stream.events.at(-1)!;
    expect(last.event).toBe("done");
    expect(last.data).toMatchObject({ id, state: "succeeded", flowId: expect.any(String), error: null });
    expect(last.data).toEqual((await poll(id, cookie)).body);
    // One event per change: every id differs from the one before, and only the last is not progress.
    const ids = stream.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(stream.events.slice(0, -1).every((event) => event.event === "progress")).toBe(true);
    // The steps only grow within an attempt.
    const counts = stream.events.slice(0, -1).map((event) => (event.data as { steps: unknown[] }).steps.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    await vi.waitFor(() => expect(openProgressStreams(user.id)).toBe(0));
  });

  it("sends failed with the poll resource's body when the model fails after steps were shown", async () => {
    const owner = await onboardedUser({ answers: LEDGERLY });
    const { content, pauseAt } = heldAfterFirstStep();
    stub.script({ kind: "content", content, failAt: pauseAt + 8 }, { kind: "status", status: 500 });
    const started = await startGeneration({ user: { id: owner.user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });
    if (!started.started) throw new Error("a model generation runs in the background");
    const stream = open(eventsPath(started.progress.id), { Cookie: owner.cookie });
    await stream.ended();
    const last = stream.events.at(-1)!;
    expect(last.event).toBe("failed");
    expect(last.data).toMatchObject({ state: "failed", error: { message: expect.any(String) } });
    expect(last.data).toEqual((await poll(started.progress.id, owner.cookie)).body);
  });

  it("resumes a reconnect after Last-Event-ID without repeating it, and answers 204 once the client has the outcome", async () => {
    const { id, cookie } = await generationUnderWay();
    const before = open(eventsPath(id), { Cookie: cookie });
    await before.until(() => before.events.length >= 1, "the first event");
    const seen = before.events[0]!;
    before.close();

    const again = open(eventsPath(id), { Cookie: cookie, "Last-Event-ID": seen.id });
    await again.answered;
    expect(again.status()).toBe(200);
    // Reads went by (a keep-alive comes after three) and nothing was sent: the client has it already.
    await again.until(() => again.comments.includes(KEEP_ALIVE_COMMENT), "a keep-alive");
    expect(again.events).toEqual([]);
    stub.resume();
    await again.ended();
    expect(again.events.map((event) => event.id)).not.toContain(seen.id);
    const done = again.events.at(-1)!;
    expect(done.event).toBe("done");

    // The outcome already read: 204, which tells an EventSource not to reconnect.
    const after = await fetch(`http://127.0.0.1:${port}${eventsPath(id)}`, { headers: { Cookie: cookie, "Last-Event-ID": done.id } });
    expect(after.status).toBe(204);
    expect(await after.text()).toBe("");
    // Without it: the outcome once, then the end.
    const fresh = open(eventsPath(id), { Cookie: cookie });
    await fresh.ended();
    expect(fresh.events).toEqual([done]);
  });

  it("checks sign-in and ownership before any stream starts: 401 signed out, 404 for another user's or an unknown generation", async () => {
    const { id } = await generationUnderWay();
    const other = await createUser();
    const signedOut = await fetch(`http://127.0.0.1:${port}${eventsPath(id)}`, { headers: { Accept: "text/event-stream" } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Content-Type")).toContain("application/json");
    expect(await signedOut.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    for (const path of [eventsPath(id), eventsPath("0123456789abcdef01234567")]) {
      const refused = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Accept: "text/event-stream", Cookie: other.cookie } });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("Content-Type")).toContain("application/json");
      expect(await refused.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(openProgressStreams(other.user.id)).toBe(0);
  });

  it("holds a user to the streams limit (429 with RateLimit headers); a client that goes away frees its place", async () => {
    const { id, cookie, user } = await generationUnderWay();
    const streams = Array.from({ length: MAX_PROGRESS_STREAMS_PER_USER }, () => open(eventsPath(id), { Cookie: cookie }));
    for (const stream of streams) await stream.until(() => stream.events.length >= 1, "the first event");
    expect(openProgressStreams(user.id)).toBe(MAX_PROGRESS_STREAMS_PER_USER);

    const refused = await fetch(`http://127.0.0.1:${port}${eventsPath(id)}`, { headers: { Cookie: cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: TOO_MANY_STREAMS_MESSAGE, code: "RATE_LIMITED" });
    expect(refused.headers.get("Retry-After")).toBe(String(PROGRESS_STREAM_RETRY_SECONDS));
    expect(refused.headers.get("RateLimit-Limit")).toBe(String(MAX_PROGRESS_STREAMS_PER_USER));
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("RateLimit-Reset")).toBe(refused.headers.get("Retry-After"));

    streams[0]!.close();
    await vi.waitFor(() => expect(openProgressStreams(user.id)).toBe(MAX_PROGRESS_STREAMS_PER_USER - 1));
    const next = open(eventsPath(id), { Cookie: cookie });
    await next.until(() => next.events.length >= 1, "the first event");
    expect(next.status()).toBe(200);
    for (const stream of [...streams.slice(1), next]) stream.close();
    await vi.waitFor(() => expect(openProgressStreams(user.id)).toBe(0));
  });

  it("ends every stream when the server starts to stop, and opens none while it stops", async () => {
    const { id, cookie, user } = await generationUnderWay();
    const stream = open(eventsPath(id), { Cookie: cookie });
    await stream.until(() => stream.events.length >= 1, "the first event");
    expect(endProgressStreams()).toBe(1);
    await stream.ended();
    expect(stream.events.map((event) => event.event)).toEqual(["progress"]);
    expect(openProgressStreams(user.id)).toBe(0);

    const refused = await fetch(`http://127.0.0.1:${port}${eventsPath(id)}`, { headers: { Cookie: cookie } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect(await refused.json()).toMatchObject({ message: SERVER_STOPPING_MESSAGE });
  });
});
