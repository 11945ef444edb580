import { apiJson, byMethod, noGetLoader } from "~/services/api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { rollbackFlow } from "~/services/flows/flows.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/versions/{versionId}/rollback → { flow, rolledBackToVersion, backupVersion }.
// 404 when the flow is not the user's or the version is not one of this flow's.
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const result = await rollbackFlow({ userId: user.id, flowId: params.id ?? "", versionId: params.versionId ?? "" });
    return apiJson(result);
  },
});
