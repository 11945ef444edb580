import { isFlowType } from "~/lib/flow-types";
import { FLOW_TYPE_FILTER_MESSAGE } from "~/lib/flows/types";
import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { pageOfList, readPageQuery } from "~/web/api-list-query.server";
import { PAGE_QUERY_PARAMETERS } from "~/web/list-query-parameters";
import { requireApiUser } from "~/web/auth/auth.server";
import { listFlows } from "~/services/flows/flows.server";

export const queryParameters = ["flowType", ...PAGE_QUERY_PARAMETERS];

// GET /api/ai-flows?flowType=&page=&pageSize= → { items, total, page, pageSize }: the user's
// flows, newest first (last changed first), each with its current touchpoints; flowType keeps one type.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const { params, ...paging } = readPageQuery(request, ["flowType"], (query): Record<string, string> => {
    const flowType = query.get("flowType");
    return flowType !== null && !isFlowType(flowType) ? { flowType: FLOW_TYPE_FILTER_MESSAGE } : {};
  });
  const flowType = params.get("flowType");
  const flows = (await listFlows({ userId: user.id }))
    .filter((flow) => flowType === null || flow.flowType === flowType)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return apiJson(pageOfList(flows, paging), { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
