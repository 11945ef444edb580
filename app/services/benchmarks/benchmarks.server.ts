import { isFlowType, type FlowType } from "~/lib/flow-types";
import { fromStoredMetric, METRIC_DEFINITIONS, METRIC_KEYS, readMetricInput, roundedFigureNote, toStoredMetric, type MetricValues } from "~/lib/metrics";
import { listBenchmarkMedians } from "~/models/email-benchmark.server";
import { listMetricsForUser, upsertMetricsForUser, type UserMetricRecord } from "~/models/user-benchmark-metric.server";
import { validationError } from "~/services/domain-error";

import { UNKNOWN_FLOW_TYPE, userMetricsInputSchema, type UserMetricsInput } from "./metrics-input";

/**
 * Benchmarks and the user's own figures, for the dashboard card and the API. Services speak
 * plain data: `{ userId, input }` in, records out, DomainError on bad input.
 */

/** `GET /api/benchmarks`: every row with its peer group and source. */
export async function listBenchmarksForApi() {
  const rows = await listBenchmarkMedians();
  return rows.map((row) => ({
    id: row.id,
    benchmarkType: row.benchmarkType,
    performanceIndicator: row.performanceIndicator,
    industryMedian: row.industryMedian,
    industry: row.industry,
    businessType: row.businessType,
    source: row.source,
    benchmarkTimestamp: row.benchmarkTimestamp instanceof Date ? row.benchmarkTimestamp.toISOString() : row.benchmarkTimestamp,
  }));
}

/** A record as the API speaks it: the figures as stored, integers × 100 or null. */
export function toApiMetricRecord(record: UserMetricRecord) {
  const figures = Object.fromEntries(METRIC_KEYS.map((key) => [key, toStoredMetric(record[key])]));
  return {
    id: record.id,
    flowType: record.flowType,
    ...figures,
    updatedAt: record.updatedAt instanceof Date ? record.updatedAt.toISOString() : record.updatedAt,
  };
}

/** `GET /api/user-metrics`: the user's records, one per flow they have entered anything for. */
export async function listUserMetricsForApi(userId: string) {
  return (await listMetricsForUser(userId)).map(toApiMetricRecord);
}

/**
 * `POST /api/user-metrics`: validates (422 with a message per field, nothing stored) and saves
 * the figures given for that flow.
 */
export async function saveUserMetrics({ userId, input }: { userId: string; input: unknown }) {
  const result = userMetricsInputSchema.safeParse(input);
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.map(String).join(".") || "_form"] ??= issue.message;
    throw validationError(Object.values(errors)[0] ?? "The figures are not valid.", errors);
  }
  return saveValidatedMetrics(userId, result.data);
}

async function saveValidatedMetrics(userId: string, input: UserMetricsInput) {
  const values: Partial<MetricValues> = {};
  for (const key of METRIC_KEYS) {
    const stored = input[key];
    if (stored !== undefined) values[key] = fromStoredMetric(stored);
  }
  return upsertMetricsForUser({ userId, flowType: input.flowType, values });
}

/**
 * The card's Save button without JavaScript: the section's seven inputs as typed (display
 * units). Empty or non-numeric text clears a figure; out of range is a field error.
 */
export async function saveMetricsFromForm({ userId, input }: { userId: string; input: { flowType: unknown; fields: Record<string, unknown> } }) {
  const flowType = input.flowType;
  if (!isFlowType(flowType)) throw validationError(UNKNOWN_FLOW_TYPE, { flowType: UNKNOWN_FLOW_TYPE });
  const values: Partial<MetricValues> = {};
  const errors: Record<string, string> = {};
  for (const definition of METRIC_DEFINITIONS) {
    const raw = input.fields[definition.key];
    if (raw === undefined) continue;
    const read = readMetricInput(definition, typeof raw === "string" ? raw : null);
    if (read.ok) values[definition.key] = read.value;
    else errors[definition.key] = read.message;
  }
  const first = Object.values(errors)[0];
  if (first) throw validationError(first, errors);
  // Figures typed finer than they are stored, with what they were kept as, to tell the user.
  const rounded = METRIC_DEFINITIONS.flatMap((definition) => {
    const note = roundedFigureNote(definition, values[definition.key] ?? null);
    return note ? [`${definition.label}: ${note}`] : [];
  });
  return { flowType: flowType satisfies FlowType, rounded, record: await upsertMetricsForUser({ userId, flowType, values }) };
}
