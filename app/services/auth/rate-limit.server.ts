import { hitRateLimit, hitRateLimits, peekRateLimits } from "~/models/rate-limit.server";
import { clientAddress } from "~/services/client.server";
import { rateLimited } from "~/services/domain-error";

/**
 * Failed sign-ins are limited three ways (docs/decisions/052):
 * - per account and client address: 10 a minute. A guesser is stopped quickly, and only on their
 *   own address: the account's owner, elsewhere, still signs in.
 * - per client address, whatever the account: 30 a minute (one address trying many accounts).
 * - per account, from anywhere: 100 an hour. Guessing spread over many addresses stays slow,
 *   and an attacker can hold a victim out for at most the rest of that hour at a time.
 * The client address is the TCP peer, or the right-most untrusted hop behind TRUST_PROXY.
 */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

export interface SignInLimit {
  name: "pair" | "ip" | "account";
  max: number;
  windowMs: number;
}
export const SIGN_IN_LIMITS: readonly SignInLimit[] = [
  { name: "pair", max: MAX_FAILED_SIGN_INS, windowMs: SIGN_IN_WINDOW_MS },
  { name: "ip", max: 30, windowMs: SIGN_IN_WINDOW_MS },
  { name: "account", max: 100, windowMs: 60 * 60_000 },
];

/** Too many failed sign-ins: a rate_limited DomainError that says when to try again. */
function signInRateLimited(retryAfterSeconds: number) {
  return rateLimited(`Too many failed sign-in attempts. Please wait ${retryAfterSeconds} seconds and try again.`, retryAfterSeconds);
}

export { clientAddress };

function normalizedEmail(email: string) {
  return email.trim().toLowerCase();
}

function keyOf(limit: SignInLimit, address: string, email: string) {
  if (limit.name === "pair") return `signin:pair:${email}|${address}`;
  if (limit.name === "ip") return `signin:ip:${address}`;
  return `signin:account:${email}`;
}

function claimsFor(request: Request, email: string) {
  const address = clientAddress(request);
  const account = normalizedEmail(email);
  return SIGN_IN_LIMITS.map((limit) => ({ limit, key: keyOf(limit, address, account) }));
}

/** Successful sign-ins are counted apart, so that only failures use up a limit. */
function successKey(key: string) {
  return key.replace(/^signin:/, "signin:ok:");
}

/**
 * Failed attempts per limit: attempts counted minus those that succeeded (success counters live
 * beside the attempt counters). Read for every limit at once: one round trip to the database.
 */
async function failuresPerLimit(claims: ReturnType<typeof claimsFor>, attempts: Array<{ count: number; resetAt: number }> | null, now: number) {
  const successKeys = claims.map(({ limit, key }) => ({ key: successKey(key), windowMs: limit.windowMs }));
  const attemptKeys = claims.map(({ limit, key }) => ({ key, windowMs: limit.windowMs }));
  const counts = await peekRateLimits(attempts ? successKeys : [...attemptKeys, ...successKeys], now);
  const attempted = attempts ?? counts.slice(0, claims.length);
  const succeeded = attempts ? counts : counts.slice(claims.length);
  return claims.map(({ limit }, i) => ({ limit, count: attempted[i]!.count - succeeded[i]!.count, resetAt: attempted[i]!.resetAt }));
}

function refuse(resetAt: number, now: number): never {
  throw signInRateLimited(Math.max(1, Math.ceil((resetAt - now) / 1000)));
}

/** Refuses the attempt before any password work when a limit is already used up. */
export async function assertSignInAllowed(request: Request, email: string, now = Date.now()) {
  for (const { limit, count, resetAt } of await failuresPerLimit(claimsFor(request, email), null, now)) {
    if (count >= limit.max) refuse(resetAt, now);
  }
}

/**
 * Claims one attempt against every limit before the password is checked. The claim is an atomic
 * increment, so a burst of concurrent guesses cannot all pass a check made before any of them is
 * counted. An attempt that turns out to be a failure stays counted; call `succeeded()` after a
 * good password, which credits the attempt back.
 */
export async function beginSignInAttempt(request: Request, email: string, now = Date.now()) {
  await assertSignInAllowed(request, email, now);
  const claims = claimsFor(request, email);
  const attempts = await Promise.all(claims.map(({ limit, key }) => hitRateLimit(key, limit.windowMs, now)));
  const over = (await failuresPerLimit(claims, attempts, now)).find(({ limit, count }) => count > limit.max);
  if (over) refuse(over.resetAt, now);
  return {
    async succeeded() {
      await hitRateLimits(
        claims.map(({ limit, key }) => ({ key: successKey(key), windowMs: limit.windowMs })),
        now,
      );
    },
  };
}

/** New accounts (and waitlist entries) per client address: REGISTRATION_RATE_LIMIT an hour, 20 by default. */
export const REGISTRATION_WINDOW_MS = 60 * 60_000;
export function registrationLimit() {
  const configured = Number(process.env.REGISTRATION_RATE_LIMIT);
  return Number.isInteger(configured) && configured > 0 ? configured : 20;
}

export const REGISTRATION_LIMIT_MESSAGE = (seconds: number) =>
  `Too many sign-ups from your network. Please wait ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"} and try again.`;

/**
 * Counts one sign-up (an account or a waitlist entry) from this client and throws a
 * `rate_limited` DomainError (429 with Retry-After) past the limit.
 */
export async function claimRegistration(request: Request, kind: "account" | "waitlist" = "account", now = Date.now()) {
  const { count, resetAt } = await hitRateLimit(`signup:${kind}:${clientAddress(request)}`, REGISTRATION_WINDOW_MS, now);
  if (count > registrationLimit()) {
    const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    throw rateLimited(REGISTRATION_LIMIT_MESSAGE(seconds), seconds);
  }
}

/** For page actions: the refusal when this client is over the sign-up limit, else null (the sign-up is counted). */
export async function signUpRefusal(request: Request, kind: "account" | "waitlist" = "account") {
  try {
    await claimRegistration(request, kind);
    return null;
  } catch (error) {
    if (error instanceof Error && "retryAfterSeconds" in error) {
      const seconds = Number((error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
      return { message: error.message, headers: new Headers({ "Retry-After": String(seconds) }) };
    }
    throw error;
  }
}
