import { klaviyoMappingSchema } from "~/lib/klaviyo/schema";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { getKlaviyoImportForApi, saveKlaviyoMapping } from "~/services/klaviyo/import.server";

/**
 * `/api/integrations/klaviyo/flows`: the flows and figures imported from the user's own Klaviyo
 * account. GET answers what was read (no call to Klaviyo); PUT `{ flows: [{ id, choice }] }`
 * corrects the flow type a flow counts for ("none": not one of these; null: Flowmap's match), and
 * answers the import with its figures worked out again.
 */
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await getKlaviyoImportForApi({ userId: user.id }), { headers: { "Cache-Control": "no-store" } });
});

export const action = byMethod({
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, klaviyoMappingSchema);
    return apiJson(await saveKlaviyoMapping({ userId: user.id, input }), { headers: { "Cache-Control": "no-store" } });
  },
});
