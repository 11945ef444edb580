import { serviceUser } from "~/lib/user";
import { apiJson, byMethod, noGetLoader } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { rollbackFlow } from "~/services/flows/flows.server";
import { refuseBody } from "~/web/no-body.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/versions/{versionId}/rollback → { flow, rolledBackToVersion, backupVersion }.
// 404 when the flow is not the user's or the version is not one of this flow's; 402
// PREMIUM_REQUIRED for a premium flow type without premium (the flow stays readable).
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const result = await rollbackFlow({ user: serviceUser(user), flowId: params.id ?? "", versionId: params.versionId ?? "" });
    return apiJson(result);
  },
});
