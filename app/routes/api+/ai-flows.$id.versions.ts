import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { pageOfList, readPageQuery } from "~/web/api-list-query.server";
import { PAGE_QUERY_PARAMETERS } from "~/web/list-query-parameters";
import { requireApiUser } from "~/web/auth/auth.server";
import { listVersions } from "~/services/flows/flows.server";

export const queryParameters = PAGE_QUERY_PARAMETERS;

// GET /api/ai-flows/{id}/versions?page=&pageSize= → { items, total, page, pageSize }: the saved
// versions with their touchpoints, newest first.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const paging = readPageQuery(request);
  const versions = await listVersions({ userId: user.id, flowId: params.id ?? "" });
  return apiJson(pageOfList(versions, paging), { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
