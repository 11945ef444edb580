import { Schema } from "mongoose";

import { FIELD_LIMITS } from "~/lib/limits";
import { defineModel, exposeIdOptions, isDuplicateKeyError, normalizeEmail, uuidId } from "~/models/utils.server";

/** B2B businesses are not served yet: they leave their details here. */
export interface WaitlistDoc {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  businessType: string;
  industry: string;
  createdAt: Date;
  updatedAt: Date;
}

const waitlistSchema = new Schema<WaitlistDoc>(
  {
    _id: uuidId,
    email: { type: String, required: true, unique: true, lowercase: true, trim: true, maxlength: FIELD_LIMITS.email },
    firstName: { type: String, trim: true, maxlength: FIELD_LIMITS.personName, default: "" },
    lastName: { type: String, trim: true, maxlength: FIELD_LIMITS.personName, default: "" },
    companyName: { type: String, trim: true, maxlength: FIELD_LIMITS.companyName, default: "" },
    businessType: { type: String, trim: true, maxlength: FIELD_LIMITS.choice, default: "" },
    industry: { type: String, trim: true, maxlength: FIELD_LIMITS.choice, default: "" },
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

export const WaitlistModel = defineModel<WaitlistDoc>("WaitlistEntry", waitlistSchema, "waitlist");

export type WaitlistInput = Pick<WaitlistDoc, "email" | "firstName" | "lastName" | "companyName" | "businessType" | "industry">;

export interface WaitlistRecord extends WaitlistInput {
  id: string;
  createdAt: Date;
}

/**
 * Joins the waitlist once per email. A second sign-up with the same email changes nothing and
 * reports `created: false` (the first details are kept), also when two arrive at the same time:
 * the unique index on email decides.
 */
export async function addToWaitlist(input: WaitlistInput): Promise<{ created: boolean }> {
  try {
    await WaitlistModel.create({
      email: normalizeEmail(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      companyName: input.companyName,
      businessType: input.businessType,
      industry: input.industry,
    });
    return { created: true };
  } catch (error) {
    if (isDuplicateKeyError(error)) return { created: false };
    throw error;
  }
}

export async function listWaitlist(): Promise<WaitlistRecord[]> {
  const docs = await WaitlistModel.find({}, { email: 1, firstName: 1, lastName: 1, companyName: 1, businessType: 1, industry: 1, createdAt: 1 })
    .sort({ createdAt: -1 })
    .lean<Omit<WaitlistDoc, "updatedAt">[]>();
  return docs.map((doc) => ({
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    companyName: doc.companyName,
    businessType: doc.businessType,
    industry: doc.industry,
    createdAt: doc.createdAt,
  }));
}

export async function countWaitlist(): Promise<number> {
  return WaitlistModel.countDocuments({});
}
