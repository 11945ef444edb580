import { Schema } from "mongoose";

import { FLOW_TYPES } from "~/lib/flow-types";
import { type FlowChoice, type FlowStats, type ImportedFlow, type ImportTimeframeDays, NOT_MAPPED } from "~/lib/klaviyo/import";
import { METRIC_KEYS, type MetricKey } from "~/lib/metrics";
import { defineModel, uuidId } from "~/models/utils.server";

/**
 * What Flowmap read of a user's Klaviyo account (klaviyo_imports, one document per user): the
 * account's flows with the flow type each is matched to (and the user's own choice), each flow's
 * email statistics over the chosen timeframe, when they were read, and why the last refresh could
 * not run. The figures per flow type are worked out from these on read, so a corrected mapping
 * needs no new call to Klaviyo.
 */

export interface KlaviyoImportDoc {
  _id: string;
  userId: string;
  days: ImportTimeframeDays;
  flows: ImportedFlow[];
  /** Whether the flow list was read whole (false: more flows than an import reads). */
  flowsComplete: boolean;
  stats: FlowStats[];
  /** When the figures were read (null: never). */
  refreshedAt: Date | null;
  /** When the last refresh was tried, successful or not (the daily refresh spaces its tries by it). */
  attemptedAt: Date | null;
  /** What stopped the last refresh, in the user's terms (null: it ran). */
  problem: string | null;
  /** The scope the key lacks for importing (flows:read), when that is what stopped it. */
  missingScope: string | null;
  /** The requests the last refresh sent to Klaviyo. */
  lastCalls: number;
}

const flowSchema = new Schema<ImportedFlow>(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    status: { type: String, default: "" },
    triggerType: { type: String, default: "" },
    suggested: { type: String, enum: [...FLOW_TYPES, null], default: null },
    reason: { type: String, default: "" },
    choice: { type: String, enum: [...FLOW_TYPES, NOT_MAPPED, null], default: null },
    fromFlowmap: { type: Boolean, default: false },
  },
  { _id: false },
);

const statsSchema = new Schema<FlowStats>(
  {
    flowId: { type: String, required: true },
    recipients: { type: Number, required: true },
    values: { type: Object, default: () => ({}) },
  },
  { _id: false },
);

const importSchema = new Schema<KlaviyoImportDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    days: { type: Number, required: true },
    flows: { type: [flowSchema], default: () => [] },
    flowsComplete: { type: Boolean, default: true },
    stats: { type: [statsSchema], default: () => [] },
    refreshedAt: { type: Date, default: null },
    attemptedAt: { type: Date, default: null },
    problem: { type: String, default: null },
    missingScope: { type: String, default: null },
    lastCalls: { type: Number, default: 0 },
  },
  { versionKey: false },
);
importSchema.index({ userId: 1 }, { unique: true, name: "one_klaviyo_import_per_user" });
importSchema.index({ attemptedAt: 1 }, { name: "klaviyo_imports_by_attempt" });

export const KlaviyoImportModel = defineModel<KlaviyoImportDoc>("KlaviyoImport", importSchema, "klaviyo_imports");

export type KlaviyoImportRecord = Omit<KlaviyoImportDoc, "_id">;

function toRecord(doc: KlaviyoImportDoc): KlaviyoImportRecord {
  return {
    userId: doc.userId,
    days: doc.days,
    flows: (doc.flows ?? []).map((flow) => ({ ...flow })),
    flowsComplete: doc.flowsComplete ?? true,
    stats: (doc.stats ?? []).map((entry) => ({ flowId: entry.flowId, recipients: entry.recipients, values: cleanValues(entry.values) })),
    refreshedAt: doc.refreshedAt ?? null,
    attemptedAt: doc.attemptedAt ?? null,
    problem: doc.problem ?? null,
    missingScope: doc.missingScope ?? null,
    lastCalls: doc.lastCalls ?? 0,
  };
}

/** Only the card's figures, as finite numbers, survive a read of the stored statistics. */
function cleanValues(values: unknown): Partial<Record<MetricKey, number>> {
  const clean: Partial<Record<MetricKey, number>> = {};
  if (!values || typeof values !== "object") return clean;
  for (const key of METRIC_KEYS) {
    const value = (values as Record<string, unknown>)[key];
    if (typeof value === "number" && Number.isFinite(value)) clean[key] = value;
  }
  return clean;
}

export async function getKlaviyoImport({ userId }: { userId: string }): Promise<KlaviyoImportRecord | null> {
  const doc = await KlaviyoImportModel.findOne({ userId }).lean<KlaviyoImportDoc>();
  return doc ? toRecord(doc) : null;
}

/** Writes what a refresh read (or why it could not run), creating the document on the first refresh. */
export async function saveKlaviyoImport({ userId, ...fields }: { userId: string } & Partial<Omit<KlaviyoImportRecord, "userId">>): Promise<KlaviyoImportRecord> {
  const doc = await KlaviyoImportModel.findOneAndUpdate(
    { userId },
    { $set: fields, $setOnInsert: { userId, ...(fields.days === undefined ? { days: 90 } : {}) } },
    { upsert: true, returnDocument: "after", runValidators: true },
  ).lean<KlaviyoImportDoc>();
  return toRecord(doc!);
}

/** The user's choices for some flows (a flow type, NOT_MAPPED, or null to go back to Flowmap's match). */
export async function saveFlowChoices({
  userId,
  choices,
}: {
  userId: string;
  choices: ReadonlyArray<{ id: string; choice: FlowChoice | null }>;
}): Promise<KlaviyoImportRecord | null> {
  const current = await KlaviyoImportModel.findOne({ userId }, { flows: 1 }).lean<Pick<KlaviyoImportDoc, "flows">>();
  if (!current) return null;
  const byId = new Map(choices.map((item) => [item.id, item.choice]));
  const flows = current.flows.map((flow) => (byId.has(flow.id) ? { ...flow, choice: byId.get(flow.id) ?? null } : flow));
  const doc = await KlaviyoImportModel.findOneAndUpdate({ userId }, { $set: { flows } }, { returnDocument: "after", runValidators: true }).lean<KlaviyoImportDoc>();
  return doc ? toRecord(doc) : null;
}

/** Users whose figures were last tried before `before` (the daily refresh), oldest first. */
export async function listImportsDue({ before, limit }: { before: Date; limit: number }): Promise<string[]> {
  const docs = await KlaviyoImportModel.find({ $or: [{ attemptedAt: null }, { attemptedAt: { $lt: before } }] }, { userId: 1 })
    .sort({ attemptedAt: 1 })
    .limit(limit)
    .lean<Array<{ userId: string }>>();
  return docs.map((doc) => doc.userId);
}

export async function deleteKlaviyoImport({ userId }: { userId: string }): Promise<void> {
  await KlaviyoImportModel.deleteOne({ userId });
}
