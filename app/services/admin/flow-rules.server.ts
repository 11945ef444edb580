import { createFlowRule, deleteFlowRule, FLOW_RULE_SORTS, type FlowRuleRecord, type FlowRuleSort, getFlowRule, listFlowRulesPage, updateFlowRule } from "~/models/flow-rule.server";
import type { JsonValue } from "~/lib/json";
import { invalidateAdminStats } from "~/services/admin.server";
import { type Actor, audit, changedFields, pickFields } from "~/services/admin/audit.server";
import { flowRuleInputSchema } from "~/services/admin/flow-rule-schema";
import { ADMIN_PAGE_SIZE, containsPattern, type ListQuery, type Page } from "~/lib/list-query";
import { fieldErrorsFromIssues, notFound, validationError } from "~/services/domain-error";
import { RULE_TEXT_FIELDS, ruleStepTiming } from "~/lib/admin/flow-rule-fields";

/**
 * Admin writes to the flow rules the generator starts from. The generator reads the rules
 * when it runs, so the next flow generated after an edit follows the edited rule.
 */
export const FLOW_RULE_TABLE = { sortable: FLOW_RULE_SORTS, defaultSort: "flowName", defaultDir: "asc" } as const;

const AUDITED = [...RULE_TEXT_FIELDS, "steps"] as const;

export type FlowRuleRow = Omit<FlowRuleRecord, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

export function toFlowRuleRow(record: FlowRuleRecord): FlowRuleRow {
  return { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() };
}

/** A rule as the API answers it: every step with a timing (a stored step without one reads as its whole days after the trigger). */
export function toApiFlowRule(row: FlowRuleRow) {
  return { ...row, steps: row.steps.map((step) => ({ ...step, timing: ruleStepTiming(step) })) };
}

/** The rule's fields as stored, for the audit trail (the steps as plain JSON). */
function auditView(record: FlowRuleRecord): Record<string, JsonValue> {
  return pickFields({ ...record, steps: JSON.parse(JSON.stringify(record.steps)) }, AUDITED);
}

export function parseFlowRuleInput(input: unknown) {
  const result = flowRuleInputSchema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrorsFromIssues(result.error.issues);
    throw validationError(Object.values(errors)[0] ?? "The flow map is not valid.", errors);
  }
  return result.data;
}

export async function listFlowRulesForAdmin(query: ListQuery<FlowRuleSort>): Promise<Page<FlowRuleRow>> {
  const { rows, total } = await listFlowRulesPage({
    search: query.search ? containsPattern(query.search) : null,
    sort: query.sort,
    dir: query.dir === "asc" ? 1 : -1,
    skip: (query.page - 1) * (query.pageSize ?? ADMIN_PAGE_SIZE),
    limit: query.pageSize ?? ADMIN_PAGE_SIZE,
  });
  return { rows: rows.map(toFlowRuleRow), total, page: query.page, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE };
}

export async function getFlowRuleForAdmin(id: string): Promise<FlowRuleRow> {
  const record = await getFlowRule(id);
  if (!record) throw notFound("Flow map not found.");
  return toFlowRuleRow(record);
}

export async function createFlowRuleAsAdmin({ actor, input }: { actor: Actor; input: unknown }): Promise<FlowRuleRow> {
  const values = parseFlowRuleInput(input);
  const created = await createFlowRule(values);
  invalidateAdminStats();
  await audit(actor, { action: "create", entity: "flow_mapping", entityId: created.id, label: created.flowName, before: null, after: auditView(created) });
  return toFlowRuleRow(created);
}

/**
 * Changes a rule. `replace` (a PUT): the input is the whole rule. Otherwise (a PATCH, the admin
 * form) the fields sent merge over the stored rule; either way the result is validated whole.
 */
export async function updateFlowRuleAsAdmin({ actor, id, input, replace = false }: { actor: Actor; id: string; input: unknown; replace?: boolean }): Promise<FlowRuleRow> {
  const existing = await getFlowRule(id);
  if (!existing) throw notFound("Flow map not found.");
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw validationError("The flow map is not valid.");
  const values = parseFlowRuleInput(replace ? input : { ...auditView(existing), ...input });
  const updated = await updateFlowRule(id, values);
  if (!updated) throw notFound("Flow map not found.");
  const diff = changedFields(auditView(existing), auditView(updated), AUDITED);
  if (Object.keys(diff.after).length > 0) {
    await audit(actor, { action: "update", entity: "flow_mapping", entityId: id, label: updated.flowName, ...diff });
  }
  return toFlowRuleRow(updated);
}

export async function deleteFlowRuleAsAdmin({ actor, id }: { actor: Actor; id: string }): Promise<void> {
  const existing = await getFlowRule(id);
  if (!existing) throw notFound("Flow map not found.");
  if (!(await deleteFlowRule(id))) throw notFound("Flow map not found.");
  invalidateAdminStats();
  await audit(actor, { action: "delete", entity: "flow_mapping", entityId: id, label: existing.flowName, before: auditView(existing), after: null });
}
