import { Schema } from "mongoose";

import { API_TOKEN_LIMITS } from "~/lib/api/tokens";
import { defineModel, uuidId } from "~/models/utils.server";

/**
 * Personal access tokens: a user's named keys for API clients. Only a SHA-256 hash of the secret
 * is stored (the secret is 256 random bits, so a fast hash is enough: nothing can be guessed from
 * it), looked up through a unique index. Deleting the row revokes the token at once.
 */
export interface ApiTokenDoc {
  _id: string;
  userId: string;
  name: string;
  /** SHA-256 of the secret, hex. */
  tokenHash: string;
  lastUsedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const apiTokenSchema = new Schema<ApiTokenDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true, index: true },
    name: { type: String, required: true, trim: true, maxlength: API_TOKEN_LIMITS.nameLength },
    tokenHash: { type: String, required: true, unique: true },
    lastUsedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

export const ApiTokenModel = defineModel<ApiTokenDoc>("ApiToken", apiTokenSchema, "api_tokens");

/** A token as its owner sees it: never the secret or its hash. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

type TokenFields = Pick<ApiTokenDoc, "_id" | "userId" | "name" | "createdAt" | "lastUsedAt">;
const PUBLIC_FIELDS = { userId: 1, name: 1, createdAt: 1, lastUsedAt: 1 } as const;

function toRecord(doc: TokenFields): ApiTokenRecord {
  return { id: doc._id, userId: doc.userId, name: doc.name, createdAt: doc.createdAt, lastUsedAt: doc.lastUsedAt ?? null };
}

export async function insertApiToken({ userId, name, tokenHash }: { userId: string; name: string; tokenHash: string }): Promise<ApiTokenRecord> {
  const doc = await ApiTokenModel.create({ userId, name, tokenHash });
  return toRecord(doc);
}

/** The user's tokens, newest first. */
export async function listApiTokensOfUser(userId: string): Promise<ApiTokenRecord[]> {
  const docs = await ApiTokenModel.find({ userId }, PUBLIC_FIELDS).sort({ createdAt: -1, _id: 1 }).lean<TokenFields[]>();
  return docs.map(toRecord);
}

export function countApiTokensOfUser(userId: string): Promise<number> {
  return ApiTokenModel.countDocuments({ userId });
}

export async function findApiTokenByHash(tokenHash: string): Promise<ApiTokenRecord | null> {
  const doc = await ApiTokenModel.findOne({ tokenHash }, PUBLIC_FIELDS).lean<TokenFields>();
  return doc ? toRecord(doc) : null;
}

/** Revokes one of the user's tokens; false when it is not theirs (or already gone). */
export async function deleteApiTokenOfUser({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  const result = await ApiTokenModel.deleteOne({ _id: id, userId });
  return result.deletedCount === 1;
}

export async function touchApiToken(id: string, at: Date): Promise<void> {
  await ApiTokenModel.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
}
