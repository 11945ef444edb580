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
  const { count } = stateOf(hits, limit, now);
  if (count <= limit.max) return { key, id: hit.id, allowed: true, count, retryAt: now };
  await releaseHits([{ key, id: hit.id }]);
  const without = hits.filter((h) => h.id !== hit.id);
  return { key, id: hit.id, allowed: false, ...stateOf(without, limit, now) };
}

/** Takes hits back (a sign-in that turned out to be good): they no longer count against their keys. One write. */
export async function releaseHits(hits: ReadonlyArray<{ key: string; id: string }>) {
  if (hits.length === 0) return;
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
  return keys.map(({ key, ...limit }) => stateOf(logs.get(key), limit, now));
}

export async function clearRateLimit(key: string) {
  await RateLimit.deleteOne({ _id: key });
}
