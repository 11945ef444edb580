import { hitRateLimit, peekRateLimit } from "~/models/rate-limit.server";

/** At most this many failed sign-ins a minute, per client address and per account. */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

export class RateLimitedError extends Error {
  name = "RateLimitedError";
  constructor(public readonly retryAfterSeconds: number) {
    super(`Too many failed sign-in attempts. Please wait ${retryAfterSeconds} seconds and try again.`);
  }
}

/**
 * The client's address as the proxy in front of the app reports it. remix-serve does not hand
 * the socket address to the app, so without a proxy all direct clients share one bucket (the
 * per-account limit still applies to each account). See docs/decisions/003.
 */
export function clientAddress(request: Request) {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP")?.trim() || "direct";
}

function keys(request: Request, email: string) {
  return [`signin:ip:${clientAddress(request)}`, `signin:account:${email.trim().toLowerCase()}`];
}

/** Successful sign-ins are counted apart, so that only failures use up a limit. */
function successKey(key: string) {
  return key.replace(/^signin:/, "signin:ok:");
}

async function failuresIn(key: string, attempts: { count: number; resetAt: number }, now: number) {
  const { count: succeeded } = await peekRateLimit(successKey(key), SIGN_IN_WINDOW_MS, now);
  return { count: attempts.count - succeeded, resetAt: attempts.resetAt };
}

function refuse(resetAt: number, now: number): never {
  throw new RateLimitedError(Math.max(1, Math.ceil((resetAt - now) / 1000)));
}

/** Refuses the attempt before any password work when either limit is already used up. */
export async function assertSignInAllowed(request: Request, email: string, now = Date.now()) {
  for (const key of keys(request, email)) {
    const { count, resetAt } = await failuresIn(key, await peekRateLimit(key, SIGN_IN_WINDOW_MS, now), now);
    if (count >= MAX_FAILED_SIGN_INS) refuse(resetAt, now);
  }
}

/**
 * Claims one attempt against both limits before the password is checked. The claim is an atomic
 * increment, so a burst of concurrent guesses cannot all pass a check made before any of them is
 * counted: the 11th claim in a window is refused however the requests interleave. An attempt
 * that turns out to be a failure stays counted; call `succeeded()` after a good password, which
 * credits the attempt back.
 */
export async function beginSignInAttempt(request: Request, email: string, now = Date.now()) {
  await assertSignInAllowed(request, email, now);
  const claimed = keys(request, email);
  const counts = await Promise.all(claimed.map(async (key) => failuresIn(key, await hitRateLimit(key, SIGN_IN_WINDOW_MS, now), now)));
  const over = counts.find(({ count }) => count > MAX_FAILED_SIGN_INS);
  if (over) refuse(over.resetAt, now);
  return {
    async succeeded() {
      await Promise.all(claimed.map((key) => hitRateLimit(successKey(key), SIGN_IN_WINDOW_MS, now)));
    },
  };
}
