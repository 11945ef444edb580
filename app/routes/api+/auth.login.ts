import { loginApiSchema } from "~/lib/schemas/auth";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { verifySignIn } from "~/services/auth/accounts.server";
import { clientAddress } from "~/web/client.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { startUserSession } from "~/web/auth/session-cookie.server";

export const loader = noGetLoader(["POST"]);

// POST /api/auth/login: the same sign-in as the /login form, for API clients.
export const action = byMethod({
  POST: async ({ request }) => {
    const credentials = await readJson(request, loginApiSchema);
    const user = await verifySignIn(clientAddress(request), credentials);
    const { setCookie } = await startUserSession(user.id, request);
    return apiJson(await currentUserPayload(user), { headers: { "Set-Cookie": setCookie } });
  },
});
