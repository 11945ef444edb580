import { Schema } from "mongoose";

import { API_TOKEN_LIMITS, API_TOKEN_SCOPES, type ApiTokenScope } from "~/lib/api/tokens";
import { withLock } from "~/models/lock.server";
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
  /** `read` tokens only read; absent on tokens made before scopes existed, which are `full`. */
  scope?: ApiTokenScope;
  /** When the token stops working; null lasts until revoked. */
  expiresAt?: Date | null;
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
    scope: { type: String, enum: API_TOKEN_SCOPES, default: "full" },
    expiresAt: { type: Date, default: null },
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
  scope: ApiTokenScope;
  expiresAt: Date | null;
}

type TokenFields = Pick<ApiTokenDoc, "_id" | "userId" | "name" | "createdAt" | "lastUsedAt" | "scope" | "expiresAt">;
const PUBLIC_FIELDS = { userId: 1, name: 1, createdAt: 1, lastUsedAt: 1, scope: 1, expiresAt: 1 } as const;

function toRecord(doc: TokenFields): ApiTokenRecord {
  return {
    id: doc._id,
    userId: doc.userId,
    name: doc.name,
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt ?? null,
    scope: doc.scope === "read" ? "read" : "full",
    expiresAt: doc.expiresAt ?? null,
  };
}

export interface NewApiToken {
  userId: string;
  name: string;
  tokenHash: string;
  scope: ApiTokenScope;
  expiresAt: Date | null;
}

export async function insertApiToken(token: NewApiToken): Promise<ApiTokenRecord> {
  const doc = await ApiTokenModel.create(token);
  return toRecord(doc);
}

/** The lock a user's token creations are decided under, one per user. */
export function apiTokenLockOf(userId: string) {
  return `api-tokens:${userId}`;
}

/**
 * Adds a token only while the user holds fewer than API_TOKEN_LIMITS.perUser, exactly, however
 * many creations run at once: the count and the insert happen under the user's own lock (taken
 * with a conditional write, see lock.server.ts), so creations racing at one below the limit are
 * decided one after the other and only the first gets in. Returns "limit" when refused. Throws
 * LockBusyError when the lock stays taken longer than a creation waits.
 */
export async function insertApiTokenWithinLimit(token: NewApiToken): Promise<ApiTokenRecord | "limit"> {
  return withLock(apiTokenLockOf(token.userId), async (lock) => {
    if ((await countApiTokensOfUser(token.userId)) >= API_TOKEN_LIMITS.perUser) return "limit";
    await lock.confirm();
    return insertApiToken(token);
  });
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

/** Revokes every token of the user (password change or reset, sign out everywhere, account deletion). */
export async function deleteApiTokensOfUser(userId: string): Promise<number> {
  const result = await ApiTokenModel.deleteMany({ userId });
  return result.deletedCount;
}

/** Removes one token by id (an expired one found in use). */
export async function deleteApiToken(id: string): Promise<void> {
  await ApiTokenModel.deleteOne({ _id: id });
}

export async function touchApiToken(id: string, at: Date): Promise<void> {
  await ApiTokenModel.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
}
