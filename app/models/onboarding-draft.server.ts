import { Schema } from "mongoose";

import type { JsonValue } from "~/lib/json";
import { defineModel, toJsonValue } from "~/models/utils.server";

/**
 * The onboarding wizard's progress, kept on the server for each signed-in user (one document,
 * keyed by the user's id) so a reload, the Back button or a second tab find the answers and the
 * step again, with and without JavaScript. It goes when onboarding is completed, or after
 * WIZARD_DRAFT_TTL_DAYS without a step.
 */
export const WIZARD_DRAFT_TTL_DAYS = 30;
const TTL_MS = WIZARD_DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000;

export interface OnboardingDraftDoc {
  _id: string;
  answers: unknown;
  step: number;
  expire: Date;
  createdAt: Date;
  updatedAt: Date;
}

const onboardingDraftSchema = new Schema<OnboardingDraftDoc>(
  {
    _id: { type: String, required: true },
    answers: { type: Schema.Types.Mixed, default: () => ({}) },
    step: { type: Number, required: true, min: 1, max: 5 },
    expire: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
onboardingDraftSchema.index({ expire: 1 }, { expireAfterSeconds: 0, name: "expire_ttl" });

export const OnboardingDraftModel = defineModel<OnboardingDraftDoc>("OnboardingDraft", onboardingDraftSchema, "onboarding_drafts");

export interface OnboardingDraft {
  answers: { [key: string]: JsonValue };
  step: number;
}

export async function getOnboardingDraft(userId: string, now: Date = new Date()): Promise<OnboardingDraft | null> {
  const doc = await OnboardingDraftModel.findOne({ _id: userId, expire: { $gt: now } }, { answers: 1, step: 1 }).lean<Pick<OnboardingDraftDoc, "answers" | "step">>();
  if (!doc) return null;
  const answers = toJsonValue(doc.answers);
  return { answers: typeof answers === "object" && answers !== null && !Array.isArray(answers) ? answers : {}, step: doc.step };
}

/** Creates or replaces the user's draft in one write (two tabs: the last step saved wins). */
export async function saveOnboardingDraft(userId: string, draft: OnboardingDraft, now: Date = new Date()) {
  await OnboardingDraftModel.updateOne(
    { _id: userId },
    { $set: { answers: draft.answers, step: draft.step, expire: new Date(now.getTime() + TTL_MS) } },
    { upsert: true, runValidators: true },
  );
}

export async function deleteOnboardingDraft(userId: string) {
  await OnboardingDraftModel.deleteOne({ _id: userId });
}
