import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { emptyMetricValues, fromStoredMetric, METRIC_KEYS, type MetricKey, type MetricValues, toStoredMetric } from "~/lib/metrics";
import { defineModel, exposeIdOptions, isDuplicateKeyError, uuidId } from "~/models/utils.server";

/**
 * A user's own figures per flow type (collection user_benchmark_metrics), stored as integers ×100 or
 * null. The functions here speak display units (52.04 for 52.04%): they convert on write and on
 * read, so no caller ever handles the stored integers.
 */
export type StoredMetricValues = MetricValues;

export interface UserBenchmarkMetricDoc extends StoredMetricValues {
  _id: string;
  userId: string;
  flowType: FlowType;
  createdAt: Date;
  updatedAt: Date;
}

const storedMetric = {
  type: Number,
  default: null,
  min: 0,
  validate: { validator: (value: number | null) => value === null || Number.isInteger(value), message: "Stored metrics are whole numbers (value × 100)" },
};

const userBenchmarkMetricSchema = new Schema<UserBenchmarkMetricDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    flowType: { type: String, required: true, enum: FLOW_TYPES },
    ...(Object.fromEntries(METRIC_KEYS.map((key) => [key, storedMetric])) as Record<MetricKey, typeof storedMetric>),
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);
userBenchmarkMetricSchema.index({ userId: 1, flowType: 1 }, { unique: true, name: "user_flow_metrics" });

export const UserBenchmarkMetricModel = defineModel<UserBenchmarkMetricDoc>("UserBenchmarkMetric", userBenchmarkMetricSchema, "user_benchmark_metrics");

export interface UserMetricRecord extends MetricValues {
  id: string;
  flowType: FlowType;
  updatedAt: Date;
}

function toMetricRecord(doc: UserBenchmarkMetricDoc): UserMetricRecord {
  const values = emptyMetricValues();
  for (const key of METRIC_KEYS) values[key] = fromStoredMetric(doc[key]);
  return { id: doc._id, flowType: doc.flowType, updatedAt: doc.updatedAt, ...values };
}

const METRIC_PROJECTION = { flowType: 1, updatedAt: 1, ...Object.fromEntries(METRIC_KEYS.map((key) => [key, 1])) };

/** The user's saved figures, one record per flow type they have entered anything for. */
export async function listMetricsForUser(userId: string): Promise<UserMetricRecord[]> {
  const docs = await UserBenchmarkMetricModel.find({ userId }, METRIC_PROJECTION).sort({ flowType: 1 }).lean<UserBenchmarkMetricDoc[]>();
  return docs.map(toMetricRecord);
}

/**
 * Saves the given metrics for one flow type in display units; keys left out keep their stored
 * value and null clears one. Creates the record on first save: update the existing record, else
 * insert it; when a concurrent first save wins the insert (E11000 on (userId, flowType)), update
 * that one instead. No upsert: every write runs the schema's validators in full.
 */
export async function upsertMetricsForUser({ userId, flowType, values }: { userId: string; flowType: FlowType; values: Partial<MetricValues> }): Promise<UserMetricRecord> {
  const $set: Partial<StoredMetricValues> = {};
  for (const key of METRIC_KEYS) {
    if (values[key] !== undefined) $set[key] = toStoredMetric(values[key]);
  }
  const updateExisting = () =>
    Object.keys($set).length === 0
      ? UserBenchmarkMetricModel.findOne({ userId, flowType }, METRIC_PROJECTION).lean<UserBenchmarkMetricDoc>()
      : UserBenchmarkMetricModel.findOneAndUpdate(
          { userId, flowType },
          { $set },
          { returnDocument: "after", runValidators: true, projection: METRIC_PROJECTION },
        ).lean<UserBenchmarkMetricDoc>();

  const existing = await updateExisting();
  if (existing) return toMetricRecord(existing);
  try {
    const created = await UserBenchmarkMetricModel.create({ userId, flowType, ...$set });
    return toMetricRecord(created.toObject({ transform: false }));
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const raced = await updateExisting();
    if (!raced) throw error;
    return toMetricRecord(raced);
  }
}

export async function deleteMetricsForUser(userId: string): Promise<number> {
  const result = await UserBenchmarkMetricModel.deleteMany({ userId });
  return result.deletedCount;
}
