import mongoose, { Schema } from "mongoose";

/**
 * Fixed-window counters kept in the database, so a limit holds across every app instance that
 * shares it. A document per key and window; the TTL index removes old windows.
 */
interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

const rateLimitSchema = new Schema<RateLimitDoc>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: "rate_limits" },
);
rateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const RateLimit =
  (mongoose.models.RateLimit as mongoose.Model<RateLimitDoc> | undefined) ?? mongoose.model<RateLimitDoc>("RateLimit", rateLimitSchema);

function windowKey(key: string, windowMs: number, now: number) {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return { id: `${key}@${windowStart}`, resetAt: windowStart + windowMs };
}

/** Adds one to the key's counter in the current window and returns the new count. */
export async function hitRateLimit(key: string, windowMs: number, now = Date.now()) {
  const { id, resetAt } = windowKey(key, windowMs, now);
  const doc = await RateLimit.findOneAndUpdate(
    { _id: id },
    { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(resetAt + windowMs) } },
    { upsert: true, returnDocument: "after", projection: { count: 1 } },
  ).lean();
  return { count: doc?.count ?? 1, resetAt };
}

/** The key's count in the current window without changing it. */
export async function peekRateLimit(key: string, windowMs: number, now = Date.now()) {
  const { id, resetAt } = windowKey(key, windowMs, now);
  const doc = await RateLimit.findById(id, { count: 1 }).lean();
  return { count: doc?.count ?? 0, resetAt };
}

export async function clearRateLimit(key: string, windowMs: number, now = Date.now()) {
  await RateLimit.deleteOne({ _id: windowKey(key, windowMs, now).id });
}

/**
 * Several keys' counts in the current window in one read (0 for a key not counted yet), in the
 * order given. Sign-in checks six counters at once: one round trip instead of six.
 */
export async function peekRateLimits(keys: ReadonlyArray<{ key: string; windowMs: number }>, now = Date.now()) {
  const windows = keys.map(({ key, windowMs }) => windowKey(key, windowMs, now));
  const docs = await RateLimit.find({ _id: { $in: windows.map((w) => w.id) } }, { count: 1 }).lean();
  const counts = new Map(docs.map((doc) => [doc._id, doc.count]));
  return windows.map(({ id, resetAt }) => ({ count: counts.get(id) ?? 0, resetAt }));
}

/** Adds one to each key's counter in the current window, in one write; the new counts are not read. */
export async function hitRateLimits(keys: ReadonlyArray<{ key: string; windowMs: number }>, now = Date.now()) {
  if (keys.length === 0) return;
  await RateLimit.bulkWrite(
    keys.map(({ key, windowMs }) => {
      const { id, resetAt } = windowKey(key, windowMs, now);
      return {
        updateOne: {
          filter: { _id: id },
          update: { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(resetAt + windowMs) } },
          upsert: true,
        },
      };
    }),
    { ordered: false },
  );
}
