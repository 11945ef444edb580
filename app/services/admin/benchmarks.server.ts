import { z } from "zod";

import {
  BENCHMARK_SORTS,
  type BenchmarkRecord,
  type BenchmarkSort,
  createBenchmark,
  deleteBenchmark,
  getBenchmark,
  listBenchmarksPage,
  updateBenchmark,
} from "~/models/email-benchmark.server";
import { BENCHMARK_FIELDS } from "~/lib/admin/benchmark-fields";
import { isDuplicateKeyError } from "~/models/utils.server";
import { invalidateAdminStats } from "~/services/admin.server";
import { type Actor, audit, changedFields, pickFields } from "~/services/admin/audit.server";
import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { ADMIN_PAGE_SIZE, containsPattern, type ListQuery, type Page } from "~/lib/list-query";
import { DomainError, fieldErrorsFromIssues, notFound, validationError } from "~/services/domain-error";

/**
 * Admin writes to the benchmark rows the dashboard's card reads. The card reads the rows on every
 * request, so a change shows on every user's dashboard from their next page load.
 */
export const BENCHMARK_TABLE = { sortable: BENCHMARK_SORTS, defaultSort: "benchmarkType", defaultDir: "asc" } as const;

const AUDITED = BENCHMARK_FIELDS;

export type BenchmarkRow = Omit<BenchmarkRecord, "benchmarkTimestamp" | "createdAt" | "updatedAt"> & {
  benchmarkTimestamp: string;
  createdAt: string;
  updatedAt: string;
};

export function toBenchmarkRow(record: BenchmarkRecord): BenchmarkRow {
  return {
    ...record,
    benchmarkTimestamp: record.benchmarkTimestamp.toISOString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function labelOf(record: Pick<BenchmarkRecord, "benchmarkType" | "performanceIndicator" | "industry" | "businessType">) {
  return `${record.benchmarkType} · ${record.performanceIndicator} · ${record.industry} / ${record.businessType}`;
}

const DUPLICATE_MESSAGE = "A benchmark for this type, indicator, industry and business type already exists.";
/** Where the form shows a duplicate: the indicator, the field most often chosen twice for one peer group. */
const DUPLICATE_FIELD_MESSAGE = `${DUPLICATE_MESSAGE} Edit that row, or choose another indicator, industry or business type.`;

function duplicate() {
  return new DomainError("conflict", DUPLICATE_MESSAGE, { code: "BENCHMARK_EXISTS", fieldErrors: { performanceIndicator: DUPLICATE_FIELD_MESSAGE } });
}

function parseInput(input: unknown) {
  const result = benchmarkInputSchema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrorsFromIssues(result.error.issues);
    throw validationError(Object.values(errors)[0] ?? "The benchmark is not valid.", errors);
  }
  return result.data;
}

export async function listBenchmarksForAdmin(query: ListQuery<BenchmarkSort>): Promise<Page<BenchmarkRow>> {
  const { rows, total } = await listBenchmarksPage({
    search: query.search ? containsPattern(query.search) : null,
    sort: query.sort,
    dir: query.dir === "asc" ? 1 : -1,
    skip: (query.page - 1) * (query.pageSize ?? ADMIN_PAGE_SIZE),
    limit: query.pageSize ?? ADMIN_PAGE_SIZE,
  });
  return { rows: rows.map(toBenchmarkRow), total, page: query.page, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE };
}

export async function getBenchmarkForAdmin(id: string): Promise<BenchmarkRow> {
  const record = await getBenchmark(id);
  if (!record) throw notFound("Benchmark not found.");
  return toBenchmarkRow(record);
}

export async function createBenchmarkAsAdmin({ actor, input }: { actor: Actor; input: unknown }): Promise<BenchmarkRow> {
  const values = parseInput(input);
  let created: BenchmarkRecord;
  try {
    created = await createBenchmark(values);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw duplicate();
    throw error;
  }
  invalidateAdminStats();
  await audit(actor, { action: "create", entity: "benchmark", entityId: created.id, label: labelOf(created), before: null, after: pickFields({ ...created }, AUDITED) });
  return toBenchmarkRow(created);
}

/**
 * Changes a benchmark. `replace` (a PUT): the input is the whole row. Otherwise (a PATCH, the
 * admin form) the changes merge over the stored row; either way the result is validated whole.
 */
export async function updateBenchmarkAsAdmin({ actor, id, input, replace = false }: { actor: Actor; id: string; input: unknown; replace?: boolean }): Promise<BenchmarkRow> {
  const existing = await getBenchmark(id);
  if (!existing) throw notFound("Benchmark not found.");
  const changes = z.record(z.string(), z.unknown()).safeParse(input);
  if (!changes.success) throw validationError("The benchmark is not valid.");
  const merged: Record<string, unknown> = replace ? changes.data : { ...pickFields({ ...existing }, AUDITED), ...changes.data };
  // The stored flow type follows the stored benchmark type: a new benchmark type brings its own
  // (the admin form has no flow type field, and a stale one would refuse the change).
  if (!replace && "benchmarkType" in changes.data && !("flowType" in changes.data)) delete merged.flowType;
  const values = parseInput(merged);
  let updated: BenchmarkRecord | null;
  try {
    updated = await updateBenchmark(id, values);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw duplicate();
    throw error;
  }
  if (!updated) throw notFound("Benchmark not found.");
  const diff = changedFields({ ...existing }, { ...updated }, AUDITED);
  if (Object.keys(diff.after).length > 0) {
    await audit(actor, { action: "update", entity: "benchmark", entityId: id, label: labelOf(updated), ...diff });
  }
  return toBenchmarkRow(updated);
}

export async function deleteBenchmarkAsAdmin({ actor, id }: { actor: Actor; id: string }): Promise<void> {
  const existing = await getBenchmark(id);
  if (!existing) throw notFound("Benchmark not found.");
  if (!(await deleteBenchmark(id))) throw notFound("Benchmark not found.");
  invalidateAdminStats();
  await audit(actor, { action: "delete", entity: "benchmark", entityId: id, label: labelOf(existing), before: pickFields({ ...existing }, AUDITED), after: null });
}
