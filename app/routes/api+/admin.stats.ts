import { apiJson, apiRoute } from "~/web/api.server";
import { getAdminStats } from "~/services/admin.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

// GET /api/admin/stats: { totalUsers, benchmarks, flowMappings }, cached 30 s on the server.
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return apiJson(await getAdminStats(), { headers: { "Cache-Control": "private, max-age=30" } });
});
