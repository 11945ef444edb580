import { apiJson, byMethod } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { performResearch } from "~/services/research/research.server";
import { idempotent } from "~/web/idempotency.server";
import { refuseBody } from "~/web/no-body.server";

// POST /api/ai-research/perform (empty body): research the user's website, fill the answers it
// supports, and answer with the updated user.
export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    return idempotent(request, { userId: user.id, input: null }, async () => apiJson(await performResearch({ userId: user.id })));
  },
});
