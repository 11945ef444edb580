import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { defineModel, isDuplicateKeyError, newId } from "~/models/utils.server";

/**
 * Generations under way, one document each, so a reload or a second tab can tell that a flow is
 * being written and does not start a second generation. A first generation of a user's flow type
 * takes the key `generate:<userId>:<flowType>` (unique: a second one at the same moment is
 * refused); each regeneration takes a key of its own (regenerations of one flow may overlap; the
 * flow's revision keeps them apart). A claim ends when the work ends; one left behind by a crash
 * counts only until `expiresAt`.
 */
export interface FlowGenerationDoc {
  _id: string;
  userId: string;
  flowType: FlowType;
  kind: "generate" | "regenerate";
  startedAt: Date;
  expiresAt: Date;
}

const flowGenerationSchema = new Schema<FlowGenerationDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    flowType: { type: String, enum: FLOW_TYPES, required: true },
    kind: { type: String, enum: ["generate", "regenerate"], required: true },
    startedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
flowGenerationSchema.index({ userId: 1, flowType: 1 }, { name: "user_flow_type" });

export const FlowGenerationModel = defineModel<FlowGenerationDoc>("FlowGeneration", flowGenerationSchema, "ai_flow_generations");

/**
 * Claims a generation. For kind "generate" only one may run per user and flow type: returns null
 * when another (unexpired) one holds it. Returns the claim's id to release.
 */
export async function claimGeneration({
  userId,
  flowType,
  kind,
  now,
  ttlMs,
}: {
  userId: string;
  flowType: FlowType;
  kind: "generate" | "regenerate";
  now: Date;
  ttlMs: number;
}): Promise<string | null> {
  const id = kind === "generate" ? `generate:${userId}:${flowType}` : `regenerate:${newId()}`;
  const doc = { _id: id, userId, flowType, kind, startedAt: now, expiresAt: new Date(now.getTime() + ttlMs) };
  try {
    await FlowGenerationModel.create(doc);
    return id;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  // Held: take it over only if the holder's claim has expired (a crash left it behind).
  const { _id: _key, ...fields } = doc;
  const taken = await FlowGenerationModel.findOneAndUpdate({ _id: id, expiresAt: { $lte: now } }, { $set: fields }, { returnDocument: "after" }).lean();
  return taken ? id : null;
}

export async function releaseGeneration(id: string): Promise<void> {
  await FlowGenerationModel.deleteOne({ _id: id });
}

export async function isGenerationUnderWay({ userId, flowType, now }: { userId: string; flowType: FlowType; now: Date }): Promise<boolean> {
  return (await FlowGenerationModel.exists({ userId, flowType, expiresAt: { $gt: now } })) !== null;
}
