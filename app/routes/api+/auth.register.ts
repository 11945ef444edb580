import { registerApiSchema } from "~/lib/schemas/auth";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { registerAccount } from "~/services/auth/accounts.server";
import { clientAddress } from "~/web/client.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { anonymousOwner, idempotent } from "~/web/idempotency.server";

export const loader = noGetLoader(["POST"]);

// POST /api/auth/register: creates the account and signs it in (the session cookie comes back).
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJson(request, registerApiSchema);
    // A replay answers the account made, without a new session: the client signs in.
    return idempotent(request, { userId: anonymousOwner(request), input }, async () => {
      await claimRegistration(clientAddress(request));
      const user = await registerAccount(input, clientAddress(request));
      const { setCookie } = await startUserSession(user.id, request);
      return apiJson(await currentUserPayload(user), { status: 201, headers: { "Set-Cookie": setCookie } });
    });
  },
});
