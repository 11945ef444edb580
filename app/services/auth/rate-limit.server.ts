import { hitRateLimit, peekRateLimits, releaseHits, secondsUntil, type Hit, type WindowLimit } from "~/models/rate-limit.server";
import { isDomainError, rateLimited } from "~/services/domain-error";

/**
 * Failed password checks (a sign-in, or the current password when changing it) are limited three
 * ways (docs/decisions/052), each over a sliding window: at most N in ANY span of the window's
 * length, so a burst across a minute's edge gets no more than one burst in:
 * - per account and client address: 10 a minute. A guesser is stopped quickly, and only on their
 *   own address: the account's owner, elsewhere, still signs in.
 * - per client address, whatever the account: 30 a minute (one address trying many accounts).
 * - per account, from anywhere: 100 an hour. Guessing spread over many addresses stays slow,
 *   and an attacker can hold a victim out for at most an hour after their last failure.
 * `client` is the client's address, which the routes read with `clientAddress` (app/web/client.server.ts):
 * the TCP peer, or behind TRUST_PROXY the address the trusted proxies name.
 */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

export interface SignInLimit extends WindowLimit {
  name: "pair" | "ip" | "account";
}
export const SIGN_IN_LIMITS: readonly SignInLimit[] = [
  { name: "pair", max: MAX_FAILED_SIGN_INS, windowMs: SIGN_IN_WINDOW_MS },
  { name: "ip", max: 30, windowMs: SIGN_IN_WINDOW_MS },
  { name: "account", max: 100, windowMs: 60 * 60_000 },
];

/** What was being checked: the refusal says so. */
export type PasswordCheck = "sign-in" | "current-password";

const TOO_MANY: Record<PasswordCheck, (seconds: number) => string> = {
  "sign-in": (seconds) => `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`,
  "current-password": (seconds) => `Too many failed password attempts. Please wait ${seconds} seconds and try again.`,
};

function normalizedEmail(email: string) {
  return email.trim().toLowerCase();
}

function keyOf(limit: SignInLimit, address: string, email: string) {
  if (limit.name === "pair") return `signin:pair:${email}|${address}`;
  if (limit.name === "ip") return `signin:ip:${address}`;
  return `signin:account:${email}`;
}

function claimsFor(client: string, email: string) {
  const account = normalizedEmail(email);
  return SIGN_IN_LIMITS.map((limit) => ({ ...limit, key: keyOf(limit, client, account) }));
}

function refuse(check: PasswordCheck, retryAt: number, now: number): never {
  const seconds = secondsUntil(retryAt, now);
  throw rateLimited(TOO_MANY[check](seconds), seconds);
}

/** Refuses the attempt before any password work when a limit is already used up. */
export async function assertSignInAllowed(client: string, email: string, now = Date.now(), check: PasswordCheck = "sign-in") {
  const states = await peekRateLimits(claimsFor(client, email), now);
  const full = states.filter((state, i) => state.count >= SIGN_IN_LIMITS[i]!.max);
  if (full.length > 0) refuse(check, Math.max(...full.map((state) => state.retryAt)), now);
}

/**
 * Claims one attempt against every limit before the password is checked. The claim is one atomic
 * write per limit, so a burst of concurrent guesses cannot all pass a check made before any of
 * them is counted; a claim past any limit is taken back from every limit and refused. An attempt
 * that turns out to be a failure stays counted; call `succeeded()` after a good password, which
 * takes the attempt back. Only failures use up a limit.
 */
export async function beginSignInAttempt(client: string, email: string, now = Date.now(), check: PasswordCheck = "sign-in") {
  await assertSignInAllowed(client, email, now, check);
  const claims = claimsFor(client, email);
  const hits: Hit[] = await Promise.all(claims.map((claim) => hitRateLimit(claim.key, claim, now)));
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length > 0) {
    await releaseHits(hits.filter((hit) => hit.allowed));
    refuse(check, Math.max(...refused.map((hit) => hit.retryAt)), now);
  }
  return {
    async succeeded() {
      await releaseHits(hits);
    },
  };
}

/** New accounts (and waitlist entries) per client address: REGISTRATION_RATE_LIMIT an hour, 20 by default. */
export const REGISTRATION_WINDOW_MS = 60 * 60_000;
export function registrationLimit() {
  const configured = Number(process.env.REGISTRATION_RATE_LIMIT);
  return Number.isInteger(configured) && configured > 0 ? configured : 20;
}

/**
 * What is counted against the sign-up limit: accounts, waitlist entries, and the questionnaire
 * drafts of visitors who arrive without one (each kind on its own counter).
 */
export type RegistrationKind = "account" | "waitlist" | "draft";

function minutes(seconds: number) {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? "" : "s"}`;
}

export const REGISTRATION_LIMIT_MESSAGE = (seconds: number) => `Too many sign-ups from your network. Please wait ${minutes(seconds)} and try again.`;
export const DRAFT_LIMIT_MESSAGE = (seconds: number) =>
  `Too many new questionnaires from your network. Please wait ${minutes(seconds)} and try again, or continue the one you started in this browser.`;

/**
 * Counts one sign-up (an account, a waitlist entry, a new visitor draft) from this client and
 * throws a `rate_limited` DomainError (429 with Retry-After) past the limit; a refused one is not
 * counted.
 */
export async function claimRegistration(client: string, kind: RegistrationKind = "account", now = Date.now()) {
  const hit = await hitRateLimit(`signup:${kind}:${client}`, { windowMs: REGISTRATION_WINDOW_MS, max: registrationLimit() }, now);
  if (!hit.allowed) {
    const seconds = secondsUntil(hit.retryAt, now);
    throw rateLimited(kind === "draft" ? DRAFT_LIMIT_MESSAGE(seconds) : REGISTRATION_LIMIT_MESSAGE(seconds), seconds);
  }
}

/** For page actions: the refusal when this client is over the sign-up limit, else null (the sign-up is counted). */
export async function signUpRefusal(client: string, kind: "account" | "waitlist" = "account") {
  try {
    await claimRegistration(client, kind);
    return null;
  } catch (error) {
    if (isDomainError(error) && error.kind === "rate_limited") return { message: error.message, retryAfterSeconds: error.retryAfterSeconds ?? 60 };
    throw error;
  }
}
