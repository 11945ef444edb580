import crypto from "node:crypto";

import { Schema } from "mongoose";

import { defineModel } from "~/models/utils.server";

/**
 * Server-side sessions (fields sid, sess, expire). The cookie carries only the random id; the
 * TTL index lets the database drop expired rows, and reads also refuse them because the TTL
 * monitor runs only about once a minute.
 */
export interface SessionDoc {
  /** The sid: 256 random bits, base64url. */
  _id: string;
  sess: Record<string, unknown>;
  expire: Date;
  /** Owner, so that every session of a user can be revoked (logout elsewhere, password change). */
  userId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, default: () => crypto.randomBytes(32).toString("base64url") },
    sess: { type: Schema.Types.Mixed, default: () => ({}) },
    expire: { type: Date, required: true },
    userId: { type: String, index: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
sessionSchema.index({ expire: 1 }, { expireAfterSeconds: 0, name: "expire_ttl" });

export const SessionModel = defineModel<SessionDoc>("Session", sessionSchema, "sessions");

export interface SessionRecord {
  id: string;
  userId: string | null;
  sess: Record<string, unknown>;
  expire: Date;
  /** When the session began: a sign-in, since every sign-in starts a new session. */
  createdAt: Date;
}

type SessionFields = Pick<SessionDoc, "_id" | "sess" | "expire" | "userId" | "createdAt">;

function toSessionRecord(doc: SessionFields): SessionRecord {
  return { id: doc._id, userId: doc.userId ?? null, sess: doc.sess ?? {}, expire: doc.expire, createdAt: doc.createdAt };
}

/** Starts a session with a fresh random id (a new id at every login) and returns the id. */
export async function createSession({ userId, sess = {}, expire }: { userId?: string | null; sess?: Record<string, unknown>; expire: Date }): Promise<string> {
  const doc = await SessionModel.create({ sess, expire, userId: userId ?? undefined });
  return doc._id;
}

/** The session if it exists and has not expired, else null. */
export async function getSession(id: string, now: Date = new Date()): Promise<SessionRecord | null> {
  const doc = await SessionModel.findOne({ _id: id, expire: { $gt: now } }, { sess: 1, expire: 1, userId: 1, createdAt: 1 }).lean<SessionFields>();
  return doc ? toSessionRecord(doc) : null;
}

/**
 * Extends a live session and optionally replaces its data. Never recreates a missing or expired
 * session: a revoked session's cookie must not bring it back. Returns whether it was updated.
 */
export async function touchSession(
  id: string,
  { expire, sess, userId }: { expire: Date; sess?: Record<string, unknown>; userId?: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  const $set: Partial<Pick<SessionDoc, "expire" | "sess" | "userId">> = { expire };
  if (sess !== undefined) $set.sess = sess;
  if (userId !== undefined) $set.userId = userId;
  const result = await SessionModel.updateOne({ _id: id, expire: { $gt: now } }, { $set });
  return result.matchedCount === 1;
}

export async function deleteSession(id: string): Promise<boolean> {
  const result = await SessionModel.deleteOne({ _id: id });
  return result.deletedCount === 1;
}

/** "Log out other devices" and password change: keeps only the current session. Returns how many went. */
export async function deleteOtherSessionsOfUser({ userId, keepSessionId }: { userId: string; keepSessionId: string }): Promise<number> {
  const result = await SessionModel.deleteMany({ userId, _id: { $ne: keepSessionId } });
  return result.deletedCount;
}

export async function deleteSessionsOfUser(userId: string): Promise<number> {
  const result = await SessionModel.deleteMany({ userId });
  return result.deletedCount;
}
