import type { ActionFunctionArgs } from "@remix-run/node";

import { flowRuleSchema } from "~/lib/api/responses";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { flowRuleInputSchema, stepDelayDays } from "~/services/admin/flow-rule-schema";
import { deleteFlowRuleAsAdmin, getFlowRuleForAdmin, toApiFlowRule, updateFlowRuleAsAdmin } from "~/services/admin/flow-rules.server";
import { requireApiAdmin } from "~/web/auth/auth.server";
import { conditionalWrite, resourceAnswer } from "~/web/etag.server";
import { serverFieldsOf, withoutServerFields } from "~/web/server-fields.server";
import { timingSchema } from "~/lib/timing-schema";
import { refuseBody } from "~/web/no-body.server";

/**
 * A step's server fields: its number is its place in the list, its days follow its timing. Either
 * is accepted as read, or as what the server works out for the step where it now stands.
 */
const SERVER_FIELDS = serverFieldsOf(flowRuleSchema, {
  steps: (step, index) => {
    const timing = timingSchema.safeParse(step.timing);
    return { stepNumber: index + 1, ...(timing.success ? { delayDays: stepDelayDays(timing.data) } : {}) };
  },
});

const readRule = async (id: string) => toApiFlowRule(await getFlowRuleForAdmin(id));

// Admin only. GET /api/admin/flow-mappings/{id}: the rule. PUT: the whole rule (every field; 422
// lists the missing ones). PATCH: the fields that change. DELETE: the rule. Every answer carries
// an ETag; writes honour If-Match (412 when the rule changed since it was read).
export const loader = apiRoute(async ({ request, params }) => {
  await requireApiAdmin(request);
  return resourceAnswer(await readRule(params.id ?? ""));
});

function write(replace: boolean) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const admin = await requireApiAdmin(request);
    const id = params.id ?? "";
    const rule = await conditionalWrite(
      request,
      `flow-mapping:${id}`,
      () => readRule(id),
      async (current) => {
        const prepare = (body: Record<string, unknown>) => withoutServerFields(body, current, SERVER_FIELDS);
        const input = await readJsonObject(request, flowRuleInputSchema, replace ? { replace, prepare } : { partial: true, prepare });
        return updateFlowRuleAsAdmin({ actor: admin, id, input, replace });
      },
    );
    return resourceAnswer(toApiFlowRule(rule));
  };
}

export const action = byMethod({
  PUT: write(true),
  PATCH: write(false),
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await refuseBody(request);
    const id = params.id ?? "";
    await conditionalWrite(
      request,
      `flow-mapping:${id}`,
      () => readRule(id),
      () => deleteFlowRuleAsAdmin({ actor: admin, id }),
    );
    return apiJson({ message: "Flow Maps item deleted successfully" });
  },
});
