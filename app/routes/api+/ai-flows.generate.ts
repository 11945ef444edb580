import { serviceUser } from "~/lib/user";
import { generateFlowSchema } from "~/lib/flows/types";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import type { FlowView } from "~/lib/flows/types";
import { assertMayGenerate, generateFlow, generationClaimMs, getFlow } from "~/services/flows/flows.server";
import { startGeneration } from "~/services/flows/progress.server";
import { idempotent } from "~/web/idempotency.server";
import { acceptedAsync, prefersAsync } from "~/web/respond-async.server";

export const loader = noGetLoader(["POST"]);

// POST /api/ai-flows/generate { flowType, customContext? } → 201 with the flow. 422 for a missing
// or unknown flow type or a bad customContext (like every other field), 402 PREMIUM_REQUIRED,
// 409 ONBOARDING_REQUIRED / FLOW_EXISTS / GENERATION_IN_PROGRESS, 502 when the generator fails.
// With `Prefer: respond-async` and a model: 202 at once, Location: the progress to poll.
// With an Idempotency-Key, a replay within 24 hours gets the first answer and generates nothing.
export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const body = await readJsonObject(request, generateFlowSchema);
    const options = {
      userId: user.id,
      input: body,
      authorize: () => assertMayGenerate({ user: serviceUser(user), input: body }),
      workTimeoutMs: generationClaimMs(),
      // A large flow is kept as its id: a replay reads the flow as it is now.
      byReference: {
        referenceOf: (flow: unknown) => (flow as FlowView).id,
        reread: async (id: string) => apiJson(await getFlow({ userId: user.id, flowId: id }), { status: 201 }),
      },
    };
    return idempotent(request, options, async () => {
      if (prefersAsync(request)) {
        const started = await startGeneration({ user: serviceUser(user), input: body });
        return started.started ? acceptedAsync(started.progress) : apiJson(started.result, { status: 201 });
      }
      const flow = await generateFlow({ user: serviceUser(user), input: body });
      return apiJson(flow, { status: 201 });
    });
  },
});
