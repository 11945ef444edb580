import { serviceUser } from "~/lib/user";
import { touchpointEditApiSchema } from "~/lib/flows/types";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { deleteTouchpoint, updateTouchpoint } from "~/services/flows/flows.server";

export const loader = noGetLoader(["PUT", "DELETE"]);

// PUT /api/ai-flows/touchpoints/{id} { title, primaryGoal, keyMessages, callToAction, delayDays }
// → the touchpoint (422 'All touchpoint fields are required.'). DELETE → the flow, renumbered.
// Both 402 PREMIUM_REQUIRED for a premium flow type without premium.
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
