import { serviceUser } from "~/lib/user";
import { regenerateFlowSchema } from "~/lib/flows/types";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { keptWithoutFlow, rereadWithFlow } from "~/web/flow-answers.server";
import { assertMayChangeFlow, generationClaimMs, regenerateFlow } from "~/services/flows/flows.server";
import { startRegeneration } from "~/services/flows/progress.server";
import { idempotent } from "~/web/idempotency.server";
import { acceptedAsync, prefersAsync } from "~/web/respond-async.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/{id}/regenerate { feedback } → { flow, previousVersion: { id, versionNumber } }.
// 422 for blank feedback (the service checks it, with its message), 402, 404, 502.
// With `Prefer: respond-async` and a model: 202 at once, Location: the progress to poll.
// With an Idempotency-Key, a replay within 24 hours gets the first answer and regenerates nothing.
export const action = byMethod({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const body = await readJsonObject(request, regenerateFlowSchema);
    const flowId = params.id ?? "";
    const options = {
      userId: user.id,
      input: body,
      authorize: () => assertMayChangeFlow({ user: serviceUser(user), flowId }),
      workTimeoutMs: generationClaimMs(),
      byReference: { referenceOf: keptWithoutFlow, reread: rereadWithFlow(user.id, flowId) },
    };
    return idempotent(request, options, async () => {
      if (prefersAsync(request)) {
        const started = await startRegeneration({ user: serviceUser(user), flowId, input: body });
        return started.started ? acceptedAsync(started.progress) : apiJson(started.result);
      }
      return apiJson(await regenerateFlow({ user: serviceUser(user), flowId, input: body }));
    });
  },
});
