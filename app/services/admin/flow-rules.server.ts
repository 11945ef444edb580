import {
  createFlowMapping,
  deleteFlowMapping,
  FLOW_MAPPING_SORTS,
  type FlowMappingRecord,
  type FlowMappingSort,
  getFlowMapping,
  listFlowMappingsPage,
  updateFlowMapping,
} from "~/models/flow-rule.server";
import type { JsonValue } from "~/models/utils.server";
import { invalidateAdminStats } from "~/services/admin.server";
import { type Actor, audit, changedFields, pickFields } from "~/services/admin/audit.server";
import { flowMappingInputSchema } from "~/services/admin/flow-rule-schema";
import { ADMIN_PAGE_SIZE, containsPattern, type ListQuery, type Page } from "~/lib/list-query";
import { fieldErrorsFromIssues, notFound, validationError } from "~/services/domain-error";
import { timingForDelayDays } from "~/lib/timing";

/**
 * Admin writes to the flow-mapping rules the generator starts from. The generator reads the rules
 * when it runs, so the next flow generated after an edit follows the edited rule.
 */
export const FLOW_MAPPING_TABLE = { sortable: FLOW_MAPPING_SORTS, defaultSort: "flowName", defaultDir: "asc" } as const;

const AUDITED = [
  "flowName",
  "flowType",
  "businessType",
  "communicationChannels",
  "purchaseDecisionTimeline",
  "serviceFrequency",
  "upsellOpportunity",
  "trigger",
  "exitRules",
  "notes",
  "steps",
] as const;

export type FlowMappingRow = Omit<FlowMappingRecord, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

export function toFlowMappingRow(record: FlowMappingRecord): FlowMappingRow {
  return { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() };
}

/** A rule as the API answers it: every step with a timing (a stored step without one reads as its whole days after the trigger). */
export function toApiFlowMapping(row: FlowMappingRow) {
  return { ...row, steps: row.steps.map((step) => ({ ...step, timing: step.timing ?? timingForDelayDays(step.delayDays) })) };
}

/** The rule's fields as stored, for the audit trail (the steps as plain JSON). */
function auditView(record: FlowMappingRecord): Record<string, JsonValue> {
  return pickFields({ ...record, steps: JSON.parse(JSON.stringify(record.steps)) }, AUDITED);
}

export function parseFlowMappingInput(input: unknown) {
  const result = flowMappingInputSchema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrorsFromIssues(result.error.issues);
    throw validationError(Object.values(errors)[0] ?? "The flow map is not valid.", errors);
  }
  return result.data;
}

export async function listFlowMappingsForAdmin(query: ListQuery<FlowMappingSort>): Promise<Page<FlowMappingRow>> {
  const { rows, total } = await listFlowMappingsPage({
    search: query.search ? containsPattern(query.search) : null,
    sort: query.sort,
    dir: query.dir === "asc" ? 1 : -1,
    skip: (query.page - 1) * (query.pageSize ?? ADMIN_PAGE_SIZE),
    limit: query.pageSize ?? ADMIN_PAGE_SIZE,
  });
  return { rows: rows.map(toFlowMappingRow), total, page: query.page, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE };
}

export async function getFlowMappingForAdmin(id: string): Promise<FlowMappingRow> {
  const record = await getFlowMapping(id);
  if (!record) throw notFound("Flow map not found.");
  return toFlowMappingRow(record);
}

export async function createFlowMappingAsAdmin({ actor, input }: { actor: Actor; input: unknown }): Promise<FlowMappingRow> {
  const values = parseFlowMappingInput(input);
  const created = await createFlowMapping(values);
  invalidateAdminStats();
  await audit(actor, { action: "create", entity: "flow_mapping", entityId: created.id, label: created.flowName, before: null, after: auditView(created) });
  return toFlowMappingRow(created);
}

/**
 * Changes a rule. `replace` (a PUT): the input is the whole rule. Otherwise (a PATCH, the admin
 * form) the fields sent merge over the stored rule; either way the result is validated whole.
 */
export async function updateFlowMappingAsAdmin({ actor, id, input, replace = false }: { actor: Actor; id: string; input: unknown; replace?: boolean }): Promise<FlowMappingRow> {
  const existing = await getFlowMapping(id);
  if (!existing) throw notFound("Flow map not found.");
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw validationError("The flow map is not valid.");
  const values = parseFlowMappingInput(replace ? input : { ...auditView(existing), ...input });
  const updated = await updateFlowMapping(id, values);
  if (!updated) throw notFound("Flow map not found.");
  const diff = changedFields(auditView(existing), auditView(updated), AUDITED);
  if (Object.keys(diff.after).length > 0) {
    await audit(actor, { action: "update", entity: "flow_mapping", entityId: id, label: updated.flowName, ...diff });
  }
  return toFlowMappingRow(updated);
}

export async function deleteFlowMappingAsAdmin({ actor, id }: { actor: Actor; id: string }): Promise<void> {
  const existing = await getFlowMapping(id);
  if (!existing) throw notFound("Flow map not found.");
  if (!(await deleteFlowMapping(id))) throw notFound("Flow map not found.");
  invalidateAdminStats();
  await audit(actor, { action: "delete", entity: "flow_mapping", entityId: id, label: existing.flowName, before: auditView(existing), after: null });
}
