import { klaviyoRefreshSchema } from "~/lib/klaviyo/schema";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { refreshKlaviyoImport } from "~/services/klaviyo/import.server";

/**
 * `POST /api/integrations/klaviyo/flows/refresh` `{ days? }`: reads the account's flows and their
 * figures now (within Klaviyo's limits; figures read within the last 15 minutes for the same
 * timeframe are answered without a call). 409 while another refresh of the account runs, 429
 * with Retry-After when Klaviyo's limits leave no room.
 */
export const loader = noGetLoader(["POST"]);

export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, klaviyoRefreshSchema);
    return apiJson(await refreshKlaviyoImport({ userId: user.id, days: input.days }), { headers: { "Cache-Control": "no-store" } });
  },
});
