import { limitsMet, type LimitReport } from "~/models/rate-limit.server";

/**
 * An API answer to a request that a limit counted or checked (sign-in, sign-up, password reset,
 * Klaviyo connection attempts, requests with an Idempotency-Key, …) says where the caller stands:
 * `RateLimit-Limit` (the limit's size), `RateLimit-Remaining` (what is left of it) and
 * `RateLimit-Reset` (seconds until the oldest counted request leaves the sliding window, so one
 * more fits: on a 429, the same as Retry-After; 0 when nothing is counted). Of several limits, the
 * one with the least left is reported (on a tie, the one that frees up last): it is the one that
 * refuses first. docs/decisions/168.
 */
export const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const;

/** The limit that refuses first: the least left, then the longest wait. */
export function tightestLimit(reports: readonly LimitReport[]): LimitReport | null {
  let tightest: LimitReport | null = null;
  for (const report of reports) {
    if (!tightest || report.remaining < tightest.remaining || (report.remaining === tightest.remaining && report.resetSeconds > tightest.resetSeconds)) tightest = report;
  }
  return tightest;
}

/** Sets the RateLimit headers from the limits the request met (none when it met none). */
export function applyRateLimitHeaders(headers: Headers) {
  const tightest = tightestLimit(limitsMet());
  if (!tightest) return;
  headers.set("RateLimit-Limit", String(tightest.limit));
  headers.set("RateLimit-Remaining", String(tightest.remaining));
  headers.set("RateLimit-Reset", String(tightest.resetSeconds));
}
