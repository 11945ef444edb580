import { Schema } from "mongoose";

import { claimOwnerIsGone, THIS_INSTANCE, type ClaimOwner, type OwnerCheck } from "~/models/flow-generation.server";
import { defineModel, isDuplicateKeyError } from "~/models/utils.server";

/**
 * The first answer to a POST sent with an `Idempotency-Key`, kept for a day so that a replay gets
 * it again without the work being done twice. `_id` is the owner, the method and normalised path,
 * and the key; the request's body is kept as a keyed hash to tell a replay from a different
 * request reusing the key. A large answer is kept by reference (`reference`: what the route needs
 * to read it again), never in full.
 */
export interface IdempotencyKeyDoc {
  _id: string;
  /** The owner: a user id, or `anonymous:<client address>` for the sign-up routes. */
  userId: string;
  requestHash: string;
  /** Null while the first request is still being answered. */
  status: number | null;
  body: string | null;
  contentType: string | null;
  /** A large answer's reference (JSON), read again on a replay; null when the body is kept. */
  reference: string | null;
  /** While in progress: past this the work has outlived its timeout, and the key is released. */
  workUntil: Date | null;
  /** While in progress: the process doing the work; once it is gone, the key is released. */
  owner?: ClaimOwner;
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
    reference: { type: String, default: null },
    workUntil: { type: Date, default: null },
    owner: {
      type: new Schema<ClaimOwner>({ instanceId: { type: String, required: true }, pid: { type: Number, required: true }, host: { type: String, required: true } }, { _id: false }),
      required: false,
    },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false },
);
idempotencyKeySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: "expires_ttl" });
idempotencyKeySchema.index({ userId: 1, createdAt: -1 }, { name: "user_newest" });
idempotencyKeySchema.index({ createdAt: -1 }, { name: "newest" });

export const IdempotencyKeyModel = defineModel<IdempotencyKeyDoc>("IdempotencyKey", idempotencyKeySchema, "idempotency_keys");

export type StoredAnswer = Pick<IdempotencyKeyDoc, "requestHash" | "status" | "body" | "contentType" | "reference">;

interface Claim {
  id: string;
  userId: string;
  requestHash: string;
  now: Date;
  expiresAt: Date;
  /** When the work, if still unanswered, is past its timeout. */
  workUntil: Date;
  owners?: OwnerCheck;
}

/** A first request's record: in progress, owned by this process. */
function fresh({ userId, requestHash, expiresAt, workUntil, owners = {} }: Claim) {
  return { userId, requestHash, status: null, body: null, contentType: null, reference: null, expiresAt, workUntil, owner: { ...(owners.self ?? THIS_INSTANCE) } };
}

/** Whether an unanswered record no longer holds its key: its work outlived its timeout, or its process is gone (killed). */
function abandoned(held: Pick<IdempotencyKeyDoc, "status" | "workUntil" | "owner">, now: Date, owners: OwnerCheck) {
  if (held.status !== null) return false;
  return (held.workUntil !== null && held.workUntil.getTime() <= now.getTime()) || claimOwnerIsGone(held.owner, owners);
}

/**
 * Claims the key for a first request: true when this request is the first (or the earlier one
 * expired, or was left unanswered by a process that is gone or by work past its timeout), else
 * the stored record. Decided in the write itself, so two racing requests cannot both be first.
 */
export async function claimIdempotencyKey(claim: Claim): Promise<true | StoredAnswer> {
  const { id, now, owners = {} } = claim;
  // An expired record the TTL monitor has not removed yet is taken over.
  const taken = await IdempotencyKeyModel.findOneAndUpdate({ _id: id, expiresAt: { $lte: now } }, { $set: fresh(claim) }, { new: true }).lean();
  if (taken) return true;
  try {
    await IdempotencyKeyModel.create({ _id: id, ...fresh(claim) });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const stored = await IdempotencyKeyModel.findById(id, { requestHash: 1, status: 1, body: 1, contentType: 1, reference: 1, workUntil: 1, owner: 1, updatedAt: 1 }).lean();
  // Gone between the two writes (expired and removed): this request is first after all.
  if (!stored) return claimIdempotencyKey(claim);
  if (stored.requestHash === claim.requestHash && abandoned(stored, now, owners)) {
    // Only that very record is taken over: if another request took it meanwhile, this one is not first.
    const takenOver = await IdempotencyKeyModel.findOneAndUpdate(
      { _id: id, status: null, updatedAt: stored.updatedAt, "owner.instanceId": stored.owner?.instanceId ?? null },
      { $set: fresh(claim) },
      { new: true },
    ).lean();
    if (takenOver) return true;
    return claimIdempotencyKey(claim);
  }
  return { requestHash: stored.requestHash, status: stored.status, body: stored.body ?? null, contentType: stored.contentType ?? null, reference: stored.reference ?? null };
}

export async function storeIdempotentAnswer(id: string, answer: { status: number; body: string | null; contentType: string | null; reference: string | null }) {
  await IdempotencyKeyModel.updateOne({ _id: id, status: null }, { $set: { ...answer, workUntil: null }, $unset: { owner: 1 } });
}

export async function releaseIdempotencyKey(id: string) {
  await IdempotencyKeyModel.deleteOne({ _id: id, status: null });
}

/**
 * Keeps the store within its bounds: at most `perUser` answers of one owner and `total` in all,
 * the oldest removed first. Keys still in progress are never removed (their work is under way).
 */
export async function evictOldestAnswers({ userId, perUser, total }: { userId: string; perUser: number; total: number }) {
  await removeOldest({ userId, status: { $ne: null } }, (await IdempotencyKeyModel.countDocuments({ userId, status: { $ne: null } })) - perUser);
  const all = await IdempotencyKeyModel.estimatedDocumentCount();
  if (all > total) await removeOldest({ status: { $ne: null } }, all - total);
}

async function removeOldest(filter: Record<string, unknown>, count: number) {
  if (count <= 0) return;
  const oldest = await IdempotencyKeyModel.find(filter, { _id: 1 }).sort({ createdAt: 1 }).limit(count).lean();
  if (oldest.length) await IdempotencyKeyModel.deleteMany({ _id: { $in: oldest.map((doc) => doc._id) } });
}
