import { flowRuleInputSchema } from "~/services/admin/flow-rule-schema";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { createFlowRuleAsAdmin, FLOW_RULE_TABLE, listFlowRulesForAdmin, toApiFlowRule } from "~/services/admin/flow-rules.server";
import { resourceAnswer } from "~/web/etag.server";
import { readListQuery } from "~/web/api-list-query.server";
import { LIST_QUERY_PARAMETERS } from "~/web/list-query-parameters";
import { requireApiAdmin } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";

export const queryParameters = LIST_QUERY_PARAMETERS;

// GET /api/admin/flow-mappings?q=&page=&pageSize=&sort=&dir= → { items, total, page, pageSize }.
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const query = readListQuery(request, FLOW_RULE_TABLE);
  const { rows, ...page } = await listFlowRulesForAdmin(query);
  return apiJson({ items: rows.map(toApiFlowRule), ...page }, { headers: { "Cache-Control": "private, no-store" } });
});

// POST /api/admin/flow-mappings: a new rule (201).
export const action = byMethod({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, flowRuleInputSchema);
    return idempotent(request, { userId: admin.id, input }, async () => resourceAnswer(toApiFlowRule(await createFlowRuleAsAdmin({ actor: admin, input })), { status: 201 }));
  },
});
