import { regenerateFlowSchema } from "~/lib/flows/types";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/services/api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { regenerateFlow } from "~/services/flows/flows.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/regenerate { feedback } → { flow, previousVersion: { id, versionNumber } }.
// 422 for blank feedback (the service checks it, with the spec's message), 402, 404, 502.
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const body = await readJsonObject(request, regenerateFlowSchema);
    const result = await regenerateFlow({ user: { id: user.id, isPremium: user.isPremium === 1 }, flowId: params.id ?? "", input: body });
    return apiJson(result);
  },
});
