import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

import mongoose, { Schema } from "mongoose";

/**
 * Sliding-window rate limits kept in the database, so a limit holds across every app instance
 * that shares it. A document per key holds the times of the hits still inside the window (a
 * sliding log): a limit of N per window lets at most N hits into ANY span of that length, so a
 * burst at the end of one minute and another at the start of the next cannot add up to twice the
 * limit as fixed windows allowed. Each hit drops the ones that have left the window in the same
 * write, so a log never holds much more than its limit; the TTL index removes a key's document
 * one window after its last hit.
 */
interface RateLimitHit {
  /** When the hit happened, in milliseconds since the epoch. */
  t: number;
  /** Its own id, so that one hit can be taken back (a sign-in that succeeded, a refused attempt). */
  id: string;
}

interface RateLimitDoc {
  _id: string;
  hits: RateLimitHit[];
  expiresAt: Date;
}

const rateLimitSchema = new Schema<RateLimitDoc>(
  {
    _id: { type: String, required: true },
    hits: { type: [{ _id: false, t: Number, id: String }], default: [] },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: "rate_limits" },
);
rateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const RateLimit = (mongoose.models.RateLimit as mongoose.Model<RateLimitDoc> | undefined) ?? mongoose.model<RateLimitDoc>("RateLimit", rateLimitSchema);

/** A limit: at most `max` hits in any span of `windowMs`. */
export interface WindowLimit {
  windowMs: number;
  max: number;
  /**
   * Not reported to the caller in RateLimit headers: a count of the calls Flowmap makes to a third
   * party (Klaviyo's published limits), not of the caller's requests, or a count whose state must
   * not be told (the reset links sent to one email, which would say that someone asked for them).
   */
  unreported?: boolean;
}

/**
 * What the limits a request met said of it, for the RateLimit headers of its answer
 * (app/web/rate-limit-headers.server.ts). Each read or write of a key records the key's log as
 * it then stood; a hit taken back is taken out of it. Outside `observeRateLimits` nothing is kept.
 */
interface Observed {
  limit: WindowLimit;
  hits: Map<string, number>;
  now: number;
}
/** A limit that is not a sliding window (streams open at once): reported as it stands. */
interface Reported {
  report: LimitReport;
}
const observations = new AsyncLocalStorage<Map<string, Observed | Reported>>();

/** Runs `work` keeping what the limits it meets say; `limitsMet()` inside it reads them. */
export function observeRateLimits<T>(work: () => T): T {
  return observations.run(new Map(), work);
}

function observe(key: string, limit: WindowLimit, hits: readonly RateLimitHit[] | undefined, now: number) {
  const seen = observations.getStore();
  if (!seen || limit.unreported) return;
  const kept = (hits ?? []).filter((hit) => typeof hit?.t === "number" && hit.t > now - limit.windowMs);
  seen.set(key, { limit, hits: new Map(kept.map((hit) => [hit.id, hit.t])), now });
}

/**
 * Records a limit that is not kept in a log here (the streams a user has open at once, counted in
 * the process that holds them) as the request met it, for the same RateLimit headers.
 */
export function observeLimit(key: string, report: LimitReport) {
  observations.getStore()?.set(key, { report });
}

/** A limit as a request left it: its size, what is left of it, and seconds until more is left. */
export interface LimitReport {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted hit leaves the window and one more fits (the Retry-After of a refusal); 0 when none is counted. */
  resetSeconds: number;
}

/** Every limit the current request met (under `observeRateLimits`), as it left them. */
export function limitsMet(): LimitReport[] {
  return [...(observations.getStore()?.values() ?? [])].map((seen) => {
    if ("report" in seen) return seen.report;
    const { limit, hits, now } = seen;
    const times = [...hits.values()].sort((a, b) => a - b);
    const count = times.length;
    const oldestThatMatters = count === 0 ? null : times[Math.max(0, count - limit.max)]!;
    return {
      limit: limit.max,
      remaining: Math.max(0, limit.max - count),
      resetSeconds: oldestThatMatters === null ? 0 : secondsUntil(oldestThatMatters + limit.windowMs, now),
    };
  });
}

export interface LimitState {
  /** Hits inside the window ending now. */
  count: number;
  /** When one more hit would be allowed again (now, when it already would). */
  retryAt: number;
}

/** Hits that are still inside the window ending at `now` (a hit at exactly now − window has left it). */
function inWindow(hits: readonly RateLimitHit[] | undefined, windowMs: number, now: number) {
  return (hits ?? [])
    .filter((hit) => typeof hit?.t === "number" && hit.t > now - windowMs)
    .map((hit) => hit.t)
    .sort((a, b) => a - b);
}

/**
 * The state of a limit given its log. One more hit fits while fewer than `max` are in the window;
 * otherwise it fits once the oldest hits have aged out, leaving `max - 1`.
 */
function stateOf(hits: readonly RateLimitHit[] | undefined, { windowMs, max }: WindowLimit, now: number): LimitState {
  const times = inWindow(hits, windowMs, now);
  const count = times.length;
  if (count < max) return { count, retryAt: now };
  return { count, retryAt: times[count - max]! + windowMs };
}

/** Seconds until `retryAt`, at least one: a Retry-After value. */
export function secondsUntil(retryAt: number, now: number) {
  return Math.max(1, Math.ceil((retryAt - now) / 1000));
}

/**
 * The one write of a hit: the hits that have left the window are dropped and this one is added,
 * atomically, so concurrent hits each see every hit before them. Returns the log after it.
 */
async function pushHit(key: string, windowMs: number, hit: RateLimitHit, now: number) {
  const kept = { $filter: { input: { $ifNull: ["$hits", []] }, as: "hit", cond: { $gt: ["$$hit.t", now - windowMs] } } };
  const doc = await RateLimit.findOneAndUpdate(
    { _id: key },
    [
      {
        $set: {
          hits: { $concatArrays: [kept, [{ $literal: hit }]] },
          expiresAt: { $max: [{ $ifNull: ["$expiresAt", new Date(0)] }, new Date(now + windowMs)] },
        },
      },
    ],
    { upsert: true, returnDocument: "after", projection: { hits: 1 }, updatePipeline: true },
  ).lean();
  return doc?.hits ?? [hit];
}

export interface Hit extends LimitState {
  key: string;
  /** The hit's id, to take it back with `releaseHits`. */
  id: string;
  /** Whether this hit was within the limit (the count includes it). A refused hit is taken back at once. */
  allowed: boolean;
}

/**
 * Counts one hit against the key's limit. Past the limit the hit is taken back (a refused attempt
 * does not push the wait further out) and `retryAt` says when one will fit again.
 */
export async function hitRateLimit(key: string, limit: WindowLimit, now = Date.now()): Promise<Hit> {
  const hit = { t: now, id: crypto.randomBytes(9).toString("base64url") };
  const hits = await pushHit(key, limit.windowMs, hit, now);
  observe(key, limit, hits, now);
  const { count } = stateOf(hits, limit, now);
  if (count <= limit.max) return { key, id: hit.id, allowed: true, count, retryAt: now };
  await releaseHits([{ key, id: hit.id }]);
  const without = hits.filter((h) => h.id !== hit.id);
  return { key, id: hit.id, allowed: false, ...stateOf(without, limit, now) };
}

/** Takes hits back (a sign-in that turned out to be good): they no longer count against their keys. One write. */
export async function releaseHits(hits: ReadonlyArray<{ key: string; id: string }>) {
  if (hits.length === 0) return;
  for (const { key, id } of hits) {
    const seen = observations.getStore()?.get(key);
    if (seen && "hits" in seen) seen.hits.delete(id);
  }
  await RateLimit.bulkWrite(
    hits.map(({ key, id }) => ({ updateOne: { filter: { _id: key }, update: { $pull: { hits: { id } } } } })),
    { ordered: false },
  );
}

/** The key's state without changing it. */
export async function peekRateLimit(key: string, limit: WindowLimit, now = Date.now()): Promise<LimitState> {
  const [state] = await peekRateLimits([{ key, ...limit }], now);
  return state!;
}

/**
 * Several keys' states in one read (a key never hit counts 0), in the order given. Sign-in checks
 * three limits at once: one round trip instead of three.
 */
export async function peekRateLimits(keys: ReadonlyArray<{ key: string } & WindowLimit>, now = Date.now()): Promise<LimitState[]> {
  const docs = await RateLimit.find({ _id: { $in: keys.map((k) => k.key) } }, { hits: 1 }).lean();
  const logs = new Map(docs.map((doc) => [doc._id, doc.hits]));
  return keys.map(({ key, ...limit }) => {
    observe(key, limit, logs.get(key), now);
    return stateOf(logs.get(key), limit, now);
  });
}

export async function clearRateLimit(key: string) {
  await RateLimit.deleteOne({ _id: key });
}
