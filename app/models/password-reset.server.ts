import { Schema } from "mongoose";

import { defineModel } from "~/models/utils.server";

/**
 * Password reset links. Only the SHA-256 of the link's secret is kept (the secret is 256 random
 * bits), as the document's id. A link is used by deleting its document in the same write that
 * reads it, so it works once however many requests race with it; it stops working at `expiresAt`
 * (reads refuse it, and the TTL index removes it).
 */
export interface PasswordResetDoc {
  /** SHA-256 of the secret, hex. */
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

const passwordResetSchema = new Schema<PasswordResetDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
passwordResetSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: "expires_ttl" });

export const PasswordResetModel = defineModel<PasswordResetDoc>("PasswordReset", passwordResetSchema, "password_resets");

export async function insertPasswordReset({ tokenHash, userId, expiresAt }: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await PasswordResetModel.create({ _id: tokenHash, userId, expiresAt });
}

/** The owner of a live link, without using it (the reset page's first view). */
export async function findPasswordReset(tokenHash: string, now: Date): Promise<{ userId: string } | null> {
  const doc = await PasswordResetModel.findOne({ _id: tokenHash, expiresAt: { $gt: now } }, { userId: 1 }).lean<Pick<PasswordResetDoc, "userId">>();
  return doc ? { userId: doc.userId } : null;
}

/** Uses a live link: deletes it and returns its owner, or null when it is unknown, used or expired. */
export async function consumePasswordReset(tokenHash: string, now: Date): Promise<{ userId: string } | null> {
  const doc = await PasswordResetModel.findOneAndDelete({ _id: tokenHash, expiresAt: { $gt: now } }, { projection: { userId: 1 } }).lean<Pick<PasswordResetDoc, "userId">>();
  return doc ? { userId: doc.userId } : null;
}

/** Every open link of the user goes (a reset done, or the account deleted). */
export async function deletePasswordResetsOfUser(userId: string): Promise<number> {
  const result = await PasswordResetModel.deleteMany({ userId });
  return result.deletedCount;
}
