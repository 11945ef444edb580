import { apiJson, apiRoute } from "~/web/api.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { requireApiUser } from "~/web/auth/auth.server";

// GET /api/auth/user: the signed-in user with role and onboardingResponse, or 401.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await currentUserPayload(user), { headers: { "Cache-Control": "no-store" } });
});
