import type { ActionFunctionArgs } from "@remix-run/node";

import { touchpointSchema, type TouchpointShape } from "~/lib/api/responses";
import { serviceUser } from "~/lib/user";
import { timingWriteAsRead, touchpointEditApiSchema } from "~/lib/flows/touchpoint-edit";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { conditionalWrite, resourceAnswer } from "~/web/etag.server";
import { serverFieldsOf, withoutServerFields } from "~/web/server-fields.server";
import { deleteTouchpoint, getTouchpoint, updateTouchpoint } from "~/services/flows/flows.server";
import { refuseBody } from "~/web/no-body.server";

const SERVER_FIELDS = serverFieldsOf(touchpointSchema);

// GET /api/touchpoints/{id} → the touchpoint, with its timing.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return resourceAnswer(await getTouchpoint({ userId: user.id, touchpointId: params.id ?? "" }));
});

/** The fields a write sets, as the touchpoint has them now (what a PATCH leaves out keeps). */
function writable(current: TouchpointShape) {
  const { title, primaryGoal, keyMessages, callToAction, timing, delayDays } = current;
  return { title, primaryGoal, keyMessages, callToAction, ...(timing ? { timing } : { delayDays }) };
}

/**
 * PUT { title, primaryGoal, keyMessages, callToAction, and timing or delayDays }: the touchpoint
 * as GET answers it may be sent back (its server fields unchanged; of timing and delayDays, the
 * one changed is the edit). PATCH: the fields sent, over the touchpoint as it is.
 */
function write(merge: boolean) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const user = await requireApiUser(request);
    const touchpointId = params.id ?? "";
    const touchpoint = await conditionalWrite(
      request,
      `touchpoint:${touchpointId}`,
      () => getTouchpoint({ userId: user.id, touchpointId }),
      async (current) => {
        const prepare = (body: Record<string, unknown>) => {
          const sent = timingWriteAsRead(withoutServerFields(body, current, SERVER_FIELDS), current!);
          if (!merge) return sent;
          const base: Record<string, unknown> = writable(current!);
          // A new timing (or days) replaces the other form of the timing.
          if (sent.timing !== undefined || sent.delayDays !== undefined) {
            delete base.timing;
            delete base.delayDays;
          }
          return { ...base, ...sent };
        };
        const input = await readJson(request, touchpointEditApiSchema, { prepare });
        return updateTouchpoint({ user: serviceUser(user), touchpointId, input });
      },
    );
    return resourceAnswer(touchpoint);
  };
}

// DELETE → the flow, renumbered. Every write: 402 PREMIUM_REQUIRED for a premium flow type
// without premium; If-Match honoured (412 when the touchpoint changed since it was read).
export const action = byMethod({
  PUT: write(false),
  PATCH: write(true),
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const touchpointId = params.id ?? "";
    const flow = await conditionalWrite(
      request,
      `touchpoint:${touchpointId}`,
      () => getTouchpoint({ userId: user.id, touchpointId }),
      () => deleteTouchpoint({ user: serviceUser(user), touchpointId }),
    );
    return apiJson({ message: "Touchpoint deleted.", flow });
  },
});
