import { serviceUser } from "~/lib/user";
import { regenerateFlowSchema } from "~/lib/flows/types";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { regenerateFlow } from "~/services/flows/flows.server";
import { idempotent } from "~/web/idempotency.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/regenerate { feedback } → { flow, previousVersion: { id, versionNumber } }.
// 422 for blank feedback (the service checks it, with its message), 402, 404, 502.
// With an Idempotency-Key, a replay within 24 hours gets the first answer and regenerates nothing.
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const body = await readJsonObject(request, regenerateFlowSchema);
    return idempotent(request, { userId: user.id, input: body }, async () => apiJson(await regenerateFlow({ user: serviceUser(user), flowId: params.id ?? "", input: body })));
  },
});
