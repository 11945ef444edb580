import { klaviyoConnectSchema } from "~/lib/klaviyo/schema";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { connectKlaviyo, disconnectKlaviyo, getKlaviyoConnection } from "~/services/klaviyo/connection.server";
import { importAfterConnecting } from "~/services/klaviyo/import.server";
import { refuseBody } from "~/web/no-body.server";

/**
 * `/api/integrations/klaviyo`: the signed-in user's own Klaviyo connection. GET says whether one
 * exists and which account it reaches; PUT `{ apiKey }` checks the key with Klaviyo and keeps it
 * sealed (422 naming the problem: a wrong key, missing scopes), then imports the account's flows
 * and figures (what stops the import is kept with it, see /flows); DELETE forgets it. The key is never
 * answered back.
 */
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await getKlaviyoConnection({ userId: user.id }), { headers: { "Cache-Control": "no-store" } });
});

export const action = byMethod({
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, klaviyoConnectSchema);
    const connected = await connectKlaviyo({ userId: user.id, input });
    await importAfterConnecting({ userId: user.id });
    return apiJson(connected, { headers: { "Cache-Control": "no-store" } });
  },
  DELETE: async ({ request }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    const { disconnected } = await disconnectKlaviyo({ userId: user.id });
    return apiJson({ message: disconnected ? "Klaviyo disconnected: Flowmap no longer holds your key." : "Klaviyo was not connected." });
  },
});
