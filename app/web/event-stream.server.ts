import crypto from "node:crypto";

import { isDomainError } from "~/services/domain-error";
import { openProgressStream } from "~/services/progress-streams.server";

/**
 * A progress record as Server-Sent Events (decision 174): one `progress` event each time the
 * record changes, then `done` or `failed` with the same body the poll resource gives, then the
 * stream ends. Any record that can be read again by id fits: give `read` (the record as it stands,
 * throwing the resource's 404 when it is not the caller's or no longer kept) and `outcome` (how
 * it ended, or null while it runs).
 *
 * The record is read again every `checkEveryMs`: it is written in the database by whichever
 * instance runs the work, so reading it is how every instance learns of a change. A comment line
 * goes out after `keepAliveMs` without an event, so that proxies keep the connection. Each event's
 * id is a digest of its body: a client reconnecting with `Last-Event-ID` gets the record only if it
 * has changed since (nothing is sent twice), and a 204 (which ends an EventSource for good) when
 * the record had already ended as it last saw it.
 */
export interface ProgressFeed<V> {
  read(): Promise<V>;
  outcome(view: V): "done" | "failed" | null;
}

export interface EventStreamPace {
  /** How often the record is read again. */
  checkEveryMs: number;
  /** How long the stream may stay silent before a keep-alive comment (counted in reads, so it follows the same clock). */
  keepAliveMs: number;
}

const DEFAULT_PACE: EventStreamPace = { checkEveryMs: 250, keepAliveMs: 15_000 };
let pace = DEFAULT_PACE;

/** Tests: another pace for the streams opened from now on; the returned function puts the default back. */
export function setEventStreamPace(next: Partial<EventStreamPace>): () => void {
  pace = { ...DEFAULT_PACE, ...next };
  return () => {
    pace = DEFAULT_PACE;
  };
}

/** The wait before an EventSource reconnects after the stream ends without an outcome (the server stopped). */
export const RECONNECT_MS = 1_000;

export const KEEP_ALIVE_COMMENT = ": keep-alive\n\n";

/** The id of an event: a digest of the body it carries. */
export function eventIdOf(body: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 22);
}

function frame(event: string, id: string, body: unknown) {
  return `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(body)}\n\n`;
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * The answer to a stream request of `userId`'s: the record is read first, so a record that is not
 * theirs is the resource's 404 before any stream starts; then the user's stream place is taken
 * (429 past the limit, 503 while the server stops).
 */
export async function progressEventStream<V>(request: Request, userId: string, feed: ProgressFeed<V>): Promise<Response> {
  const first = await feed.read();
  const lastSeen = request.headers.get("Last-Event-ID")?.trim() || null;
  if (feed.outcome(first) && lastSeen === eventIdOf(first)) {
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  const stream = openProgressStream(userId, request.signal);
  const { checkEveryMs, keepAliveMs } = pace;
  const quietReadsBeforeKeepAlive = Math.max(1, Math.ceil(keepAliveMs / checkEveryMs));
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      void (async () => {
        let last = lastSeen;
        let view = first;
        let quietReads = 0;
        try {
          send(`retry: ${RECONNECT_MS}\n\n`);
          while (!stream.signal.aborted) {
            const id = eventIdOf(view);
            const outcome = feed.outcome(view);
            if (id !== last) {
              send(frame(outcome ?? "progress", id, view));
              last = id;
              quietReads = 0;
            }
            if (outcome) break;
            await pause(checkEveryMs, stream.signal);
            if (stream.signal.aborted) break;
            try {
              view = await feed.read();
            } catch (error) {
              // Gone (no longer kept): the stream ends; a reconnect is told 404.
              if (!isDomainError(error)) console.warn(`progress stream: the record could not be read: ${String(error)}`);
              break;
            }
            if (++quietReads >= quietReadsBeforeKeepAlive) {
              send(KEEP_ALIVE_COMMENT);
              quietReads = 0;
            }
          }
        } catch {
          // The client is gone (the stream was cancelled while an event was queued).
        } finally {
          stream.release();
          try {
            controller.close();
          } catch {
            // Already cancelled by the reader.
          }
        }
      })();
    },
    cancel() {
      stream.release();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // Proxies that buffer answers (nginx) pass this one through as it is written.
      "X-Accel-Buffering": "no",
    },
  });
}
