import { listResponsesForAdmin } from "~/models/questionnaire-response.server";
import { apiJson, apiRoute } from "~/services/api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// GET /api/admin/onboarding-responses: the admin table (view only).
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return apiJson(await listResponsesForAdmin());
});
