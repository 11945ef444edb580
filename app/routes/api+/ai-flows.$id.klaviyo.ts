import { serviceUser } from "~/lib/user";
import { klaviyoSendSchema } from "~/lib/klaviyo/schema";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { listFlowSends, sendFlowToKlaviyo } from "~/services/klaviyo/send.server";
import { getFlow } from "~/services/flows/flows.server";
import { idempotent } from "~/web/idempotency.server";

/**
 * `/api/ai-flows/{id}/klaviyo`: POST `{ trigger: { type, id } }` creates the flow in the user's
 * own Klaviyo account as a draft (201 with `{ klaviyoFlowId, url, versionNumber, sentAt, … }`; a
 * repeat of a send already made answers 200 with `replayed: true`). GET lists what was sent of
 * this flow, newest first. 404 for a flow that is not the user's.
 */
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return apiJson(await listFlowSends({ userId: user.id, flowId: params.id ?? "" }), { headers: { "Cache-Control": "no-store" } });
});

export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, klaviyoSendSchema);
    const flowId = params.id ?? "";
    return idempotent(request, { userId: user.id, input, authorize: () => getFlow({ userId: user.id, flowId }) }, async () => {
      const result = await sendFlowToKlaviyo({ user: serviceUser(user), flowId, input });
      return apiJson(result, { status: result.replayed ? 200 : 201, headers: { "Cache-Control": "no-store" } });
    });
  },
});
