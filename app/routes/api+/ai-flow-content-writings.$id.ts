import { serviceUser } from "~/lib/user";
import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { getContentProgress } from "~/services/flows/progress.server";

// GET /api/ai-flow-content-writings/{id} (premium): content writing started with
// `Prefer: respond-async` (or from the content page): the messages written so far while it runs,
// then how it ended (kept 10 minutes).
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const progress = await getContentProgress({ user: serviceUser(user), id: params.id ?? "" });
  return apiJson(progress, { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
