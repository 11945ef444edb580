import { apiJson, apiRoute, byMethod } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { conditionalWrite, resourceAnswer } from "~/web/etag.server";
import { deleteFlow, getFlow } from "~/services/flows/flows.server";
import { refuseBody } from "~/web/no-body.server";

// GET /api/ai-flows/{id}: the flow with its current touchpoints (with an ETag). DELETE: the flow
// with its versions and conversation (If-Match honoured: 412 when it changed since it was read).
// 404 for an id that does not exist or is another user's.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return resourceAnswer(await getFlow({ userId: user.id, flowId: params.id ?? "" }));
});

export const action = byMethod({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const flowId = params.id ?? "";
    await conditionalWrite(
      request,
      `flow:${flowId}`,
      () => getFlow({ userId: user.id, flowId }),
      () => deleteFlow({ userId: user.id, flowId }),
    );
    return apiJson({ message: "Flow deleted." });
  },
});
