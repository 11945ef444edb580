import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { resetPassword, resetPasswordSchema } from "~/services/auth/password-reset.server";
import { clientAddress } from "~/web/client.server";

export const loader = noGetLoader(["POST"]);

// POST /api/auth/reset-password { token, newPassword } → 200 { message }: sets the password from a
// reset link (used up), and signs the account out everywhere (every session and access token).
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJsonObject(request, resetPasswordSchema);
    return apiJson(await resetPassword({ client: clientAddress(request), input }), { headers: { "Cache-Control": "no-store" } });
  },
});
