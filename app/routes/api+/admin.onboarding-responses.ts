import { apiJson, apiRoute } from "~/web/api.server";
import { readListQuery } from "~/web/api-list-query.server";
import { LIST_QUERY_PARAMETERS } from "~/web/list-query-parameters";
import { listOnboardingForAdmin, ONBOARDING_TABLE } from "~/services/admin/onboarding.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

export const queryParameters = LIST_QUERY_PARAMETERS;

// GET /api/admin/onboarding-responses?q=&page=&pageSize=&sort=&dir= → { items, total, page, pageSize } (view only).
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const query = readListQuery(request, ONBOARDING_TABLE);
  const { rows, ...page } = await listOnboardingForAdmin(query);
  return apiJson({ items: rows, ...page }, { headers: { "Cache-Control": "private, no-store" } });
});
