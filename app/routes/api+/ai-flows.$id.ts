import { apiJson, apiRoute, byMethod } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { deleteFlow, getFlow } from "~/services/flows/flows.server";

// GET /api/ai-flows/{id}: the flow with its current touchpoints. DELETE: the flow with its
// versions and conversation. 404 for an id that does not exist or is another user's.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const flow = await getFlow({ userId: user.id, flowId: params.id ?? "" });
  return apiJson(flow, { headers: { "Cache-Control": "no-store" } });
});

export const action = byMethod({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await deleteFlow({ userId: user.id, flowId: params.id ?? "" });
    return apiJson({ message: "Flow deleted." });
  },
});
