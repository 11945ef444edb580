import { Schema } from "mongoose";

import { defineModel, exposeIdOptions, uuidId } from "~/models/utils.server";

/**
 * A user's connection to their Klaviyo account: one per user, holding their private key sealed
 * (see services/klaviyo/key-vault.server.ts) and what the key check read of the account. Reads
 * other than `getSealedKlaviyoKey` never load the sealed key.
 */

export interface KlaviyoAccountSummary {
  listCount: number;
  segmentCount: number | null;
  metricCount: number;
  /** A few list names, so the marketer recognises the account. */
  listNames: string[];
  /** Whether the account answered with more lists than were read. */
  moreLists: boolean;
}

interface KlaviyoConnectionDoc {
  _id: string;
  userId: string;
  sealedKey: string;
  keyHint: string;
  /** Names the Klaviyo account for rate limits (a hash of the key, never the key). */
  accountTag: string;
  account: KlaviyoAccountSummary;
  connectedAt: Date;
  checkedAt: Date;
}

const summarySchema = new Schema<KlaviyoAccountSummary>(
  {
    listCount: { type: Number, required: true },
    segmentCount: { type: Number, default: null },
    metricCount: { type: Number, required: true },
    listNames: { type: [String], default: () => [] },
    moreLists: { type: Boolean, default: false },
  },
  { _id: false },
);

const connectionSchema = new Schema<KlaviyoConnectionDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    sealedKey: { type: String, required: true, select: false },
    keyHint: { type: String, required: true },
    accountTag: { type: String, required: true },
    account: { type: summarySchema, required: true },
    connectedAt: { type: Date, required: true },
    checkedAt: { type: Date, required: true },
  },
  { versionKey: false, toJSON: exposeIdOptions(["sealedKey"]), toObject: exposeIdOptions(["sealedKey"]) },
);
connectionSchema.index({ userId: 1 }, { unique: true, name: "one_klaviyo_connection_per_user" });

export const KlaviyoConnectionModel = defineModel<KlaviyoConnectionDoc>("KlaviyoConnection", connectionSchema, "klaviyo_connections");

export interface KlaviyoConnectionRecord {
  keyHint: string;
  accountTag: string;
  account: KlaviyoAccountSummary;
  connectedAt: Date;
  checkedAt: Date;
}

const PUBLIC_FIELDS = { keyHint: 1, accountTag: 1, account: 1, connectedAt: 1, checkedAt: 1 } as const;

export async function getKlaviyoConnectionRecord({ userId }: { userId: string }): Promise<KlaviyoConnectionRecord | null> {
  const doc = await KlaviyoConnectionModel.findOne({ userId }, PUBLIC_FIELDS).lean();
  if (!doc) return null;
  return { keyHint: doc.keyHint, accountTag: doc.accountTag, account: doc.account, connectedAt: doc.connectedAt, checkedAt: doc.checkedAt };
}

/** The sealed key and the account it reaches, for the Klaviyo client only. */
export async function getSealedKlaviyoKey({ userId }: { userId: string }): Promise<{ sealedKey: string; accountTag: string } | null> {
  const doc = await KlaviyoConnectionModel.findOne({ userId }, { sealedKey: 1, accountTag: 1 }).select("+sealedKey").lean();
  return doc ? { sealedKey: doc.sealedKey, accountTag: doc.accountTag } : null;
}

/** Connects (or reconnects with another key): one document per user, replaced whole. */
export async function saveKlaviyoConnection({
  userId,
  sealedKey,
  keyHint,
  accountTag,
  account,
  now,
}: {
  userId: string;
  sealedKey: string;
  keyHint: string;
  accountTag: string;
  account: KlaviyoAccountSummary;
  now: Date;
}): Promise<KlaviyoConnectionRecord> {
  await KlaviyoConnectionModel.updateOne(
    { userId },
    { $set: { sealedKey, keyHint, accountTag, account, connectedAt: now, checkedAt: now }, $setOnInsert: { userId } },
    { upsert: true, runValidators: true },
  );
  return { keyHint, accountTag, account, connectedAt: now, checkedAt: now };
}

export async function deleteKlaviyoConnection({ userId }: { userId: string }): Promise<boolean> {
  const result = await KlaviyoConnectionModel.deleteOne({ userId });
  return result.deletedCount === 1;
}

/** Every stored sealed key with its owner, for re-sealing them under a new encryption key. */
export async function listSealedKlaviyoKeys(): Promise<Array<{ userId: string; sealedKey: string }>> {
  const docs = await KlaviyoConnectionModel.find({}, { userId: 1, sealedKey: 1 }).select("+sealedKey").lean();
  return docs.map((doc) => ({ userId: doc.userId, sealedKey: doc.sealedKey }));
}

/** Replaces one user's sealed key, only if it is still the value read (a reconnect in between wins). */
export async function replaceSealedKlaviyoKey({ userId, from, to }: { userId: string; from: string; to: string }): Promise<boolean> {
  const result = await KlaviyoConnectionModel.updateOne({ userId, sealedKey: from }, { $set: { sealedKey: to } });
  return result.modifiedCount === 1;
}
