import { Schema } from "mongoose";

import { defineModel, exposeIdOptions, findPage, isDuplicateKeyError, uuidId, type PageRequest } from "~/models/utils.server";
import { registerReadCache } from "~/models/read-caches.server";

/**
 * Industry medians per flow and indicator (collection email_benchmarks). `industryMedian` is display
 * text ('52.04%', '$2.65'); `source` says where the figure comes from. The admin view's own fields
 * (flowType … revenuePerRecipient) are optional numbers and text beside it.
 */
export interface EmailBenchmarkDoc {
  _id: string;
  benchmarkType: string;
  performanceIndicator: string;
  benchmarkTimestamp: Date;
  industryMedian: string;
  source: string;
  flowType: string;
  industry: string;
  businessType: string;
  openRate?: number | null;
  clickRate?: number | null;
  ctr?: number | null;
  revenuePerRecipient?: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const optionalNumber = { type: Number, min: 0, default: null };

const emailBenchmarkSchema = new Schema<EmailBenchmarkDoc>(
  {
    _id: uuidId,
    benchmarkType: { type: String, required: true, trim: true, maxlength: 100 },
    performanceIndicator: { type: String, required: true, trim: true, maxlength: 100 },
    benchmarkTimestamp: { type: Date, default: () => new Date() },
    industryMedian: { type: String, trim: true, maxlength: 50, default: "" },
    source: { type: String, trim: true, maxlength: 1000, default: "" },
    flowType: { type: String, trim: true, maxlength: 100, default: "" },
    industry: { type: String, trim: true, maxlength: 100, default: "" },
    businessType: { type: String, trim: true, maxlength: 100, default: "" },
    openRate: optionalNumber,
    clickRate: optionalNumber,
    ctr: optionalNumber,
    revenuePerRecipient: optionalNumber,
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);
/**
 * One row per flow, indicator and peer group (industry × business type): the all-industries row
 * the seed brings and any number of industry rows an admin adds beside it. Before peer groups
 * the key was (benchmarkType, performanceIndicator) alone, named "benchmark_key".
 */
export const BENCHMARK_INDEX_NAME = "benchmark_peer_key";
export const LEGACY_BENCHMARK_INDEX_NAME = "benchmark_key";
emailBenchmarkSchema.index({ benchmarkType: 1, performanceIndicator: 1, industry: 1, businessType: 1 }, { unique: true, name: BENCHMARK_INDEX_NAME });

export const EmailBenchmarkModel = defineModel<EmailBenchmarkDoc>("EmailBenchmark", emailBenchmarkSchema, "email_benchmarks");

export interface BenchmarkRecord {
  id: string;
  benchmarkType: string;
  performanceIndicator: string;
  benchmarkTimestamp: Date;
  industryMedian: string;
  source: string;
  flowType: string;
  industry: string;
  businessType: string;
  openRate: number | null;
  clickRate: number | null;
  ctr: number | null;
  revenuePerRecipient: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface BenchmarkInput {
  benchmarkType: string;
  performanceIndicator: string;
  industryMedian?: string;
  source?: string;
  benchmarkTimestamp?: Date;
  flowType?: string;
  industry?: string;
  businessType?: string;
  openRate?: number | null;
  clickRate?: number | null;
  ctr?: number | null;
  revenuePerRecipient?: number | null;
}

function toBenchmarkRecord(doc: EmailBenchmarkDoc): BenchmarkRecord {
  return {
    id: doc._id,
    benchmarkType: doc.benchmarkType,
    performanceIndicator: doc.performanceIndicator,
    benchmarkTimestamp: doc.benchmarkTimestamp,
    industryMedian: doc.industryMedian ?? "",
    source: doc.source ?? "",
    flowType: doc.flowType ?? "",
    industry: doc.industry ?? "",
    businessType: doc.businessType ?? "",
    openRate: doc.openRate ?? null,
    clickRate: doc.clickRate ?? null,
    ctr: doc.ctr ?? null,
    revenuePerRecipient: doc.revenuePerRecipient ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Only the known keys that were given, so nothing else can be written through an input. */
function pickBenchmarkFields(input: Partial<BenchmarkInput>): Partial<BenchmarkInput> {
  const fields: Partial<BenchmarkInput> = {};
  if (input.benchmarkType !== undefined) fields.benchmarkType = input.benchmarkType;
  if (input.performanceIndicator !== undefined) fields.performanceIndicator = input.performanceIndicator;
  if (input.industryMedian !== undefined) fields.industryMedian = input.industryMedian;
  if (input.source !== undefined) fields.source = input.source;
  if (input.benchmarkTimestamp !== undefined) fields.benchmarkTimestamp = input.benchmarkTimestamp;
  if (input.flowType !== undefined) fields.flowType = input.flowType;
  if (input.industry !== undefined) fields.industry = input.industry;
  if (input.businessType !== undefined) fields.businessType = input.businessType;
  if (input.openRate !== undefined) fields.openRate = input.openRate;
  if (input.clickRate !== undefined) fields.clickRate = input.clickRate;
  if (input.ctr !== undefined) fields.ctr = input.ctr;
  if (input.revenuePerRecipient !== undefined) fields.revenuePerRecipient = input.revenuePerRecipient;
  return fields;
}

/** Every benchmark row, grouped by type then indicator (a few dozen rows: no paging). */
export async function listBenchmarks(): Promise<BenchmarkRecord[]> {
  const docs = await EmailBenchmarkModel.find({}).sort({ benchmarkType: 1, performanceIndicator: 1 }).lean<EmailBenchmarkDoc[]>();
  return docs.map(toBenchmarkRecord);
}

export async function getBenchmark(id: string): Promise<BenchmarkRecord | null> {
  const doc = await EmailBenchmarkModel.findOne({ _id: id }).lean<EmailBenchmarkDoc>();
  return doc ? toBenchmarkRecord(doc) : null;
}

/** Rejects with E11000 (code 11000) when a row with the same type, indicator, industry and business type exists. */
export async function createBenchmark(input: BenchmarkInput): Promise<BenchmarkRecord> {
  const doc = await EmailBenchmarkModel.create(pickBenchmarkFields(input));
  forgetCachedMedians();
  return toBenchmarkRecord(doc.toObject({ transform: false }));
}

/** Null when there is no such row; E11000 when the change would duplicate another row's key. */
export async function updateBenchmark(id: string, changes: Partial<BenchmarkInput>): Promise<BenchmarkRecord | null> {
  const doc = await EmailBenchmarkModel.findOneAndUpdate(
    { _id: id },
    { $set: pickBenchmarkFields(changes) },
    { returnDocument: "after", runValidators: true },
  ).lean<EmailBenchmarkDoc>();
  forgetCachedMedians();
  return doc ? toBenchmarkRecord(doc) : null;
}

export async function deleteBenchmark(id: string): Promise<boolean> {
  const result = await EmailBenchmarkModel.deleteOne({ _id: id });
  forgetCachedMedians();
  return result.deletedCount === 1;
}

export async function countBenchmarks(): Promise<number> {
  return EmailBenchmarkModel.countDocuments({});
}

/**
 * For the seed: inserts the row only when its (benchmarkType, performanceIndicator, industry,
 * businessType) is absent, and
 * never touches an existing one, so an admin's edits survive every re-seed. The unique index
 * decides, also between two seeds running at once. Returns whether it inserted.
 */
export async function insertBenchmarkIfMissing(input: BenchmarkInput): Promise<boolean> {
  try {
    await EmailBenchmarkModel.create(pickBenchmarkFields(input));
    forgetCachedMedians();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

// ---- Admin table (/admin/benchmarks) ----

export const BENCHMARK_SORTS = [
  "benchmarkType",
  "performanceIndicator",
  "industry",
  "businessType",
  "industryMedian",
  "openRate",
  "clickRate",
  "ctr",
  "revenuePerRecipient",
  "updatedAt",
] as const;
export type BenchmarkSort = (typeof BENCHMARK_SORTS)[number];

/**
 * One page of benchmark rows: `search` matches the benchmark type, indicator, industry or
 * business type. Only the page's rows are read; `_id` breaks ties so pages never overlap.
 */
export function listBenchmarksPage(request: PageRequest<BenchmarkSort>): Promise<{ rows: BenchmarkRecord[]; total: number }> {
  return findPage(EmailBenchmarkModel, request, {
    searchFields: ["benchmarkType", "performanceIndicator", "industry", "businessType"],
    // Rows of one type stay in indicator order within the sorted column.
    sortBy: (sort, dir) => (sort === "performanceIndicator" ? { performanceIndicator: dir, _id: dir } : { [sort]: dir, performanceIndicator: 1, _id: dir }),
    toRow: (doc) => toBenchmarkRecord(doc as EmailBenchmarkDoc),
  });
}

/**
 * A database created before peer groups still holds the old unique index on (benchmarkType,
 * performanceIndicator), which would refuse a second row for another industry. Drops it when it
 * is there (mongoose builds the new one itself); safe to call at every start. Returns whether
 * it dropped anything.
 */
export async function dropLegacyBenchmarkIndex(): Promise<boolean> {
  const indexes = await EmailBenchmarkModel.collection.indexes().catch(() => []);
  if (!indexes.some((index) => index.name === LEGACY_BENCHMARK_INDEX_NAME)) return false;
  await EmailBenchmarkModel.collection.dropIndex(LEGACY_BENCHMARK_INDEX_NAME);
  return true;
}

/** What the benchmark card and `GET /api/benchmarks` need of a row. */
export interface BenchmarkMedianRow {
  id: string;
  benchmarkType: string;
  performanceIndicator: string;
  industryMedian: string;
  industry: string;
  businessType: string;
  source: string;
  benchmarkTimestamp: Date;
}

type MedianDoc = Pick<EmailBenchmarkDoc, "_id" | "benchmarkType" | "performanceIndicator" | "industryMedian" | "industry" | "businessType" | "source" | "benchmarkTimestamp">;

/** Every row's median and peer group, projected (a few dozen rows: no paging). */
export async function listBenchmarkMedians(): Promise<BenchmarkMedianRow[]> {
  const docs = await EmailBenchmarkModel.find({}, { benchmarkType: 1, performanceIndicator: 1, industryMedian: 1, industry: 1, businessType: 1, source: 1, benchmarkTimestamp: 1 })
    .sort({ benchmarkType: 1, performanceIndicator: 1, industry: 1, businessType: 1 })
    .lean<MedianDoc[]>();
  return docs.map((doc) => ({
    id: doc._id,
    benchmarkType: doc.benchmarkType,
    performanceIndicator: doc.performanceIndicator,
    industryMedian: doc.industryMedian ?? "",
    industry: doc.industry ?? "",
    businessType: doc.businessType ?? "",
    source: doc.source ?? "",
    benchmarkTimestamp: doc.benchmarkTimestamp,
  }));
}

/**
 * The dashboard reads the medians on every signed-in page view; they change only when an admin
 * edits a row. This process keeps them for a few seconds and forgets them at once on any write
 * through this model, so an edit shows on its own instance immediately and on other instances
 * within MEDIANS_TTL_MS. `GET /api/benchmarks` always reads the database.
 */
export const MEDIANS_TTL_MS = 5_000;
let cachedMedians: { rows: Promise<BenchmarkMedianRow[]>; at: number } | null = null;

function forgetCachedMedians() {
  cachedMedians = null;
}
registerReadCache(forgetCachedMedians);

export function listBenchmarkMediansCached(now = Date.now()): Promise<BenchmarkMedianRow[]> {
  if (cachedMedians && now >= cachedMedians.at && now - cachedMedians.at < MEDIANS_TTL_MS) return cachedMedians.rows;
  const rows = listBenchmarkMedians();
  const entry = { rows, at: now };
  cachedMedians = entry;
  rows.catch(() => {
    if (cachedMedians === entry) cachedMedians = null;
  });
  return rows;
}
