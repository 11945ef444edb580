import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { listVersions } from "~/services/flows/flows.server";

// GET /api/ai-flows/{id}/versions: the saved versions with their touchpoints, newest first.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const versions = await listVersions({ userId: user.id, flowId: params.id ?? "" });
  return apiJson(versions, { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
