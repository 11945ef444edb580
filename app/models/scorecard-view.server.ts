import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { defineModel, isDuplicateKeyError } from "~/models/utils.server";

/**
 * The last scorecard each premium user was shown, and the one before it, so the dashboard can
 * say what changed since last time. One document per user (its id is the user's id). Written
 * only when what the user would see differs from what they saw last, so most dashboard loads
 * only read it.
 */

export interface ScorecardSighting {
  score: number | null;
  flows: Record<FlowType, number | null>;
  recommendationIds: string[];
  /** When this scorecard was first shown. */
  at: Date;
}

export interface ScorecardViewDoc {
  _id: string;
  current: ScorecardSighting;
  previous: ScorecardSighting | null;
}

const flowScores = Object.fromEntries(FLOW_TYPES.map((flowType) => [flowType, { type: Number, min: 0, max: 100, default: null }]));

const sightingSchema = new Schema<ScorecardSighting>(
  {
    score: { type: Number, min: 0, max: 100, default: null },
    flows: new Schema(flowScores, { _id: false, versionKey: false }),
    recommendationIds: { type: [String], default: () => [] },
    at: { type: Date, required: true },
  },
  { _id: false, versionKey: false },
);

const scorecardViewSchema = new Schema<ScorecardViewDoc>(
  {
    _id: { type: String, required: true },
    current: { type: sightingSchema, required: true },
    previous: { type: sightingSchema, default: null },
  },
  { versionKey: false },
);

export const ScorecardViewModel = defineModel<ScorecardViewDoc>("ScorecardView", scorecardViewSchema, "scorecard_views");

export async function findScorecardView(userId: string): Promise<ScorecardViewDoc | null> {
  return ScorecardViewModel.findOne({ _id: userId }).lean<ScorecardViewDoc>();
}

/**
 * Records that the user now sees `seen`: it becomes the current sighting and the one it
 * replaces becomes the previous. `replacing` is the current sighting as read (null when there
 * was none); if another request recorded a sighting in between, this one gives way (both saw
 * the same figures, so nothing is lost).
 */
export async function recordScorecardView({ userId, seen, replacing }: { userId: string; seen: ScorecardSighting; replacing: ScorecardSighting | null }) {
  if (!replacing) {
    try {
      await ScorecardViewModel.updateOne({ _id: userId }, { $setOnInsert: { current: seen, previous: null } }, { upsert: true, runValidators: true });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    return;
  }
  await ScorecardViewModel.updateOne({ _id: userId, "current.at": replacing.at }, { $set: { current: seen, previous: replacing } }, { runValidators: true });
}
