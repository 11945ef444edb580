import { serviceUser } from "~/lib/user";
import { apiJson, apiRoute } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { getScorecard } from "~/services/scorecard/scorecard.server";

// GET /api/scorecard: { score, flows, recommendations, missing } for premium users; 402
// PREMIUM_REQUIRED for everyone else, 401 when signed out.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await getScorecard({ user: serviceUser(user) }), { headers: { "Cache-Control": "no-store" } });
});
