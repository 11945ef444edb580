import { serviceUser } from "~/lib/user";
import { apiJson, apiRoute, byMethod } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { assertMayWriteContent, getFlowContent, writeFlowContent } from "~/services/flows/content.server";
import { generationClaimMs } from "~/services/flows/flows.server";
import { startContentWriting } from "~/services/flows/progress.server";
import { contentProgressEventsHref, contentProgressHref } from "~/lib/content/content-progress";
import { acceptedAsync, prefersAsync } from "~/web/respond-async.server";
import { idempotent } from "~/web/idempotency.server";
import { refuseBody } from "~/web/no-body.server";

/**
 * `/api/ai-flows/{id}/content` (premium): GET the written content of the flow's current version
 * (404 before any was written), POST to write it for every touchpoint. 402 PREMIUM_REQUIRED
 * without premium; 404 for a flow that is not the user's; 502 when the writer fails (nothing
 * is stored then). POST takes an Idempotency-Key: a replay within 24 hours gets the first answer.
 * With `Prefer: respond-async` and a model: 202 at once, Location: the progress to poll
 * (/api/ai-flow-content-writings/{id}, the messages written so far).
 */
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const content = await getFlowContent({ user: serviceUser(user), flowId: params.id ?? "" });
  return apiJson(content, { headers: { "Cache-Control": "no-store" } });
});

export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const flowId = params.id ?? "";
    const read = async () => apiJson(await getFlowContent({ user: serviceUser(user), flowId }), { headers: { "Cache-Control": "no-store" } });
    const options = {
      userId: user.id,
      // No body: a replay with the same key is the same request.
      input: null,
      authorize: () => assertMayWriteContent({ user: serviceUser(user), flowId }),
      workTimeoutMs: generationClaimMs(),
      // The written content is large: a replay reads it as it is now.
      byReference: { referenceOf: () => null, reread: read },
    };
    return idempotent(request, options, async () => {
      if (prefersAsync(request)) {
        const started = await startContentWriting({ user: serviceUser(user), flowId });
        return started.started
          ? acceptedAsync(started.progress, { location: contentProgressHref(started.progress.id), events: contentProgressEventsHref(started.progress.id) })
          : apiJson(started.result, { headers: { "Cache-Control": "no-store" } });
      }
      const content = await writeFlowContent({ user: serviceUser(user), flowId });
      return apiJson(content, { headers: { "Cache-Control": "no-store" } });
    });
  },
});
