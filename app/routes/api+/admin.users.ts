import { apiJson, apiRoute } from "~/web/api.server";
import { readListQuery } from "~/web/api-list-query.server";
import { LIST_QUERY_PARAMETERS } from "~/web/list-query-parameters";
import { listUsersAsAdmin, USER_TABLE } from "~/services/admin/users.server";
import { toApiAdminUser } from "~/services/auth/api-user.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

export const queryParameters = LIST_QUERY_PARAMETERS;

// GET /api/admin/users?q=&page=&pageSize=&sort=&dir= → { items, total, page, pageSize }.
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const query = readListQuery(request, USER_TABLE);
  const { users, ...page } = await listUsersAsAdmin(query);
  return apiJson({ items: users.map(toApiAdminUser), ...page }, { headers: { "Cache-Control": "private, no-store" } });
});
