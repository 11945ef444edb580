import { klaviyoMissingSchema } from "~/lib/klaviyo/schema";
import { serviceUser } from "~/lib/user";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { generationClaimMs } from "~/services/flows/flows.server";
import { generateAndSendMissing } from "~/services/klaviyo/send.server";
import { idempotent } from "~/web/idempotency.server";

/**
 * `POST /api/integrations/klaviyo/flows/missing` `{ flowType }`: a flow type the Klaviyo account
 * lacks, generated in Flowmap (or the user's flow of that type, when there is one) and sent to
 * Klaviyo as a draft with the account's suggested trigger. 201 with the send and the Flowmap
 * flow's id; 200 with `replayed: true` for a send already made. The same as the button on the
 * scorecard and on the Klaviyo flows page.
 */
export const loader = noGetLoader(["POST"]);

export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, klaviyoMissingSchema);
    // Generating may wait for a model: the key is held as long as a generation may take.
    return idempotent(request, { userId: user.id, input, workTimeoutMs: generationClaimMs() }, async () => {
      const { flowId, result } = await generateAndSendMissing({ user: serviceUser(user), flowType: input.flowType });
      return apiJson({ ...result, flowId, flowType: input.flowType }, { status: result.replayed ? 200 : 201, headers: { "Cache-Control": "no-store" } });
    });
  },
});
