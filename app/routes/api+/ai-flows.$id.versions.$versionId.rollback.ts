import { serviceUser } from "~/lib/user";
import { apiJson, byMethod, noGetLoader } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { keptWithoutFlow, rereadWithFlow } from "~/web/flow-answers.server";
import { idempotent } from "~/web/idempotency.server";
import { assertMayChangeFlow, rollbackFlow } from "~/services/flows/flows.server";
import { refuseBody } from "~/web/no-body.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/versions/{versionId}/rollback → { flow, rolledBackToVersion, backupVersion }.
// 404 when the flow is not the user's or the version is not one of this flow's; 402
// PREMIUM_REQUIRED for a premium flow type without premium (the flow stays readable).
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const flowId = params.id ?? "";
    const options = {
      userId: user.id,
      input: null,
      authorize: () => assertMayChangeFlow({ user: serviceUser(user), flowId }),
      byReference: { referenceOf: keptWithoutFlow, reread: rereadWithFlow(user.id, flowId) },
    };
    return idempotent(request, options, async () => apiJson(await rollbackFlow({ user: serviceUser(user), flowId, versionId: params.versionId ?? "" })));
  },
});
