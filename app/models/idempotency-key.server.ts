import { Schema } from "mongoose";

import { defineModel, isDuplicateKeyError } from "~/models/utils.server";

/**
 * The first answer to a POST sent with an `Idempotency-Key`, kept for a day so that a replay gets
 * it again without the work being done twice. `_id` is the owner, the route and the key; the
 * request's body is kept as a hash to tell a replay from a different request reusing the key.
 */
export interface IdempotencyKeyDoc {
  _id: string;
  userId: string;
  requestHash: string;
  /** Null while the first request is still being answered. */
  status: number | null;
  body: string | null;
  contentType: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const idempotencyKeySchema = new Schema<IdempotencyKeyDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    requestHash: { type: String, required: true },
    status: { type: Number, default: null },
    body: { type: String, default: null },
    contentType: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false },
);
idempotencyKeySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: "expires_ttl" });

export const IdempotencyKeyModel = defineModel<IdempotencyKeyDoc>("IdempotencyKey", idempotencyKeySchema, "idempotency_keys");

export type StoredAnswer = Pick<IdempotencyKeyDoc, "requestHash" | "status" | "body" | "contentType">;

/**
 * Claims the key for a first request: true when this request is the first (or the earlier one
 * expired), else the stored record. Decided in the write itself, so two racing requests cannot
 * both be first.
 */
export async function claimIdempotencyKey({
  id,
  userId,
  requestHash,
  now,
  expiresAt,
}: {
  id: string;
  userId: string;
  requestHash: string;
  now: Date;
  expiresAt: Date;
}): Promise<true | StoredAnswer> {
  // An expired record the TTL monitor has not removed yet is taken over.
  const taken = await IdempotencyKeyModel.findOneAndUpdate(
    { _id: id, expiresAt: { $lte: now } },
    { $set: { userId, requestHash, status: null, body: null, contentType: null, expiresAt } },
    { new: true },
  ).lean();
  if (taken) return true;
  try {
    await IdempotencyKeyModel.create({ _id: id, userId, requestHash, expiresAt });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const stored = await IdempotencyKeyModel.findById(id, { requestHash: 1, status: 1, body: 1, contentType: 1 }).lean<StoredAnswer>();
  // Gone between the two writes (expired and removed): this request is first after all.
  if (!stored) return claimIdempotencyKey({ id, userId, requestHash, now, expiresAt });
  return stored;
}

export async function storeIdempotentAnswer(id: string, answer: { status: number; body: string; contentType: string | null }) {
  await IdempotencyKeyModel.updateOne({ _id: id }, { $set: answer });
}

export async function releaseIdempotencyKey(id: string) {
  await IdempotencyKeyModel.deleteOne({ _id: id, status: null });
}
