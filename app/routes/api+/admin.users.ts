import { apiJson, apiRoute } from "~/services/api.server";
import { parseListQuery } from "~/services/admin/list-query";
import { listUsersAsAdmin, USER_TABLE } from "~/services/admin/users.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// GET /api/admin/users?query=&page=&sort=&dir= → { users, total, page, pageSize } (50 a page).
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, USER_TABLE);
  return apiJson(await listUsersAsAdmin(query), { headers: { "Cache-Control": "private, no-store" } });
});
