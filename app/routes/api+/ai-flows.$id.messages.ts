import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { listMessages } from "~/services/flows/flows.server";

// GET /api/ai-flows/{id}/messages: the conversation in sequence order (user, assistant, system).
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const messages = await listMessages({ userId: user.id, flowId: params.id ?? "" });
  return apiJson(messages, { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
