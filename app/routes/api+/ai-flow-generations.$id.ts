import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { getGenerationProgress } from "~/services/flows/progress.server";

// GET /api/ai-flow-generations/{id}: a generation started with `Prefer: respond-async` (or from
// the flow screen): the steps written so far while it runs, then how it ended (kept 10 minutes).
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const progress = await getGenerationProgress({ userId: user.id, id: params.id ?? "" });
  return apiJson(progress, { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
