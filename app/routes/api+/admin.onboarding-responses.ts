import { apiJson, apiRoute } from "~/services/api.server";
import { parseListQuery } from "~/services/admin/list-query";
import { listOnboardingForAdmin, ONBOARDING_TABLE } from "~/services/admin/onboarding.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// GET /api/admin/onboarding-responses?q=&page=&sort=&dir=: the admin table (view only). The body
// stays the plain list existing clients read (one page of 50); the paging travels in headers.
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, ONBOARDING_TABLE);
  const { rows, total, page, pageSize } = await listOnboardingForAdmin(query);
  return apiJson(rows, {
    headers: { "X-Total-Count": String(total), "X-Page": String(page), "X-Page-Size": String(pageSize), "Cache-Control": "private, no-store" },
  });
});
