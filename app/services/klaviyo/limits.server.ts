import { peekRateLimits, hitRateLimit, type WindowLimit } from "~/models/rate-limit.server";
import type { KlaviyoSession } from "~/services/klaviyo/client.server";

/**
 * Flowmap's own count of the calls it makes to one Klaviyo account, against Klaviyo's published
 * limits for an operation (the shared `rate_limits` collection, keyed by a hash of the key, so
 * every instance and every user of the same account share it). A call waits, within the
 * session's budget, until every window has room; past the budget it is not sent at all.
 */

export interface AccountLimit {
  windowMs: number;
  max: number;
}

/** The account's windows for one operation, and how long until one more call fits in all of them (0: now). */
export async function accountLimitWait(operation: string, accountTag: string, limits: readonly AccountLimit[], now: number) {
  const windows = limits.map((limit) => ({ key: `klaviyo-${operation}:${accountTag}:${limit.windowMs}`, windowMs: limit.windowMs, max: limit.max, unreported: true }));
  const states = await peekRateLimits(windows, now);
  let wait = 0;
  for (const { retryAt } of states) wait = Math.max(wait, retryAt - now);
  return { wait, windows };
}

/** Counts one call in every window of the operation. */
export async function countAccountCall(windows: ReadonlyArray<{ key: string } & WindowLimit>, at: number) {
  for (const window of windows) await hitRateLimit(window.key, window, at);
}

/** The limit left no room within the session's wait budget: `waitMs` until it would. */
export class AccountLimitReached extends Error {
  name = "AccountLimitReached";
  constructor(
    readonly operation: string,
    readonly waitMs: number,
  ) {
    super(`Klaviyo's limit for ${operation} leaves no room for ${Math.ceil(waitMs / 1000)} s.`);
  }
}

/** Waits (within the session's budget) until the account has room for one more call, then counts it. */
export async function spendAccountCall(session: KlaviyoSession, operation: string, accountTag: string, limits: readonly AccountLimit[], now: () => number) {
  const { wait, windows } = await accountLimitWait(operation, accountTag, limits, now());
  if (!(await session.waitWithinBudget(wait))) throw new AccountLimitReached(operation, wait);
  await countAccountCall(windows, now());
}
