import { serviceUser } from "~/lib/user";
import { touchpointEditApiSchema } from "~/lib/flows/touchpoint-edit";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { deleteTouchpoint, getTouchpoint, updateTouchpoint } from "~/services/flows/flows.server";

// GET /api/ai-flows/touchpoints/{id} → the touchpoint, with its timing.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const touchpoint = await getTouchpoint({ userId: user.id, touchpointId: params.id ?? "" });
  return apiJson(touchpoint, { headers: { "Cache-Control": "no-store" } });
});

// PUT /api/ai-flows/touchpoints/{id} { title, primaryGoal, keyMessages, callToAction, and timing
// or delayDays } → the touchpoint (422 'All touchpoint fields are required.', or what is wrong with
// the timing). DELETE → the flow, renumbered. Both 402 PREMIUM_REQUIRED for a premium flow type
// without premium.
export const action = byMethod({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, touchpointEditApiSchema);
    const touchpoint = await updateTouchpoint({ user: serviceUser(user), touchpointId: params.id ?? "", input });
    return apiJson(touchpoint);
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const flow = await deleteTouchpoint({ user: serviceUser(user), touchpointId: params.id ?? "" });
    return apiJson({ message: "Touchpoint deleted.", flow });
  },
});
