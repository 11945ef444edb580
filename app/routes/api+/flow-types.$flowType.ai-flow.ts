import { isFlowType } from "~/lib/flow-types";
import { UNKNOWN_FLOW_TYPE_MESSAGE } from "~/lib/flows/types";
import { apiError, apiJson, apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { getFlowByType } from "~/services/flows/flows.server";

// GET /api/flow-types/{flowType}/ai-flow: a list, empty or with the user's one flow of the type,
// its current touchpoints in step order; never the versions or the conversation.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  if (!isFlowType(params.flowType)) return apiError(400, UNKNOWN_FLOW_TYPE_MESSAGE);
  const flow = await getFlowByType({ userId: user.id, flowType: params.flowType });
  return apiJson(flow ? [flow] : [], { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
