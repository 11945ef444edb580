import { registerApiSchema } from "~/lib/schemas/auth";
import { apiError, apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { AccountError, registerAccount } from "~/services/auth/accounts.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { startUserSession } from "~/services/auth/session.server";

export const loader = noGetLoader(["POST"]);

// POST /api/auth/register: creates the account and signs it in (the session cookie comes back).
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJson(request, registerApiSchema);
    await claimRegistration(request);
    try {
      const user = await registerAccount(input);
      const { setCookie } = await startUserSession(user.id, request);
      return apiJson(await currentUserPayload(user), { status: 201, headers: { "Set-Cookie": setCookie } });
    } catch (error) {
      if (error instanceof AccountError) {
        return apiError(error.status, error.message, error.field ? { errors: { [error.field]: error.message } } : {});
      }
      throw error;
    }
  },
});
