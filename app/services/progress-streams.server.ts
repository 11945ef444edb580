import { observeLimit } from "~/models/rate-limit.server";
import { DomainError, rateLimited } from "~/services/domain-error";

/**
 * The progress streams this process holds open (Server-Sent Events of a progress record,
 * decision 174): at most MAX_PROGRESS_STREAMS_PER_USER a user at once, and all of them ended when
 * the server starts to stop, so that an endless stream never holds a graceful stop up. A stream's
 * connection lives in one process, so the count is kept here, not in the database.
 */

/** How many progress streams one user may hold open at once (tabs, scripts); one more is a 429. */
export const MAX_PROGRESS_STREAMS_PER_USER = 5;
/** What a refused stream is told to wait before trying again (a stream ends when its work does). */
export const PROGRESS_STREAM_RETRY_SECONDS = 5;

export const TOO_MANY_STREAMS_MESSAGE = `You have ${MAX_PROGRESS_STREAMS_PER_USER} progress streams open already. Close one (or poll the progress instead) and try again.`;
export const SERVER_STOPPING_MESSAGE = "The server is restarting. Connect again in a moment; Last-Event-ID picks up where the stream stopped.";

const openByUser = new Map<string, number>();
const stops = new Set<AbortController>();
let closing = false;

export interface OpenStream {
  /** Aborted when the stream must end: the client went away, or the server is stopping. */
  signal: AbortSignal;
  /** Ends the stream and gives its place back (once; later calls do nothing). */
  release(): void;
}

/**
 * Takes one of the user's stream places, or refuses: a 503 while the server stops, a 429 when the
 * user holds the most already. The limit met is recorded for the answer's RateLimit headers.
 * `until` (the request's own signal) ends the stream when the client goes away.
 */
export function openProgressStream(userId: string, until: AbortSignal): OpenStream {
  if (closing) throw new DomainError("unavailable", SERVER_STOPPING_MESSAGE, { retryAfterSeconds: 1 });
  const open = openByUser.get(userId) ?? 0;
  const refused = open >= MAX_PROGRESS_STREAMS_PER_USER;
  observeLimit(`progress-streams:${userId}`, {
    limit: MAX_PROGRESS_STREAMS_PER_USER,
    remaining: refused ? 0 : MAX_PROGRESS_STREAMS_PER_USER - open - 1,
    resetSeconds: refused ? PROGRESS_STREAM_RETRY_SECONDS : 0,
  });
  if (refused) throw rateLimited(TOO_MANY_STREAMS_MESSAGE, PROGRESS_STREAM_RETRY_SECONDS);
  openByUser.set(userId, open + 1);
  const stop = new AbortController();
  stops.add(stop);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (!stop.signal.aborted) stop.abort(new Error("The stream ended."));
    stops.delete(stop);
    until.removeEventListener("abort", onGone);
    const left = (openByUser.get(userId) ?? 1) - 1;
    if (left > 0) openByUser.set(userId, left);
    else openByUser.delete(userId);
  };
  const onGone = () => stop.abort(new Error("The client went away."));
  if (until.aborted) onGone();
  else until.addEventListener("abort", onGone, { once: true });
  return { signal: stop.signal, release };
}

/** How many progress streams the user holds open in this process now. */
export function openProgressStreams(userId: string): number {
  return openByUser.get(userId) ?? 0;
}

/**
 * The first step of a clean stop, taken when the server stops accepting connections: every open
 * progress stream ends now (its client reconnects, elsewhere or after the restart, with
 * Last-Event-ID) and no new one opens. The streams would otherwise keep their requests in progress
 * until the server's drain gives up on them.
 */
export function endProgressStreams(): number {
  closing = true;
  const ended = stops.size;
  for (const stop of [...stops]) stop.abort(new Error("The server is stopping."));
  return ended;
}

/** Tests: accept streams again after endProgressStreams. */
export function reopenProgressStreams() {
  closing = false;
}
