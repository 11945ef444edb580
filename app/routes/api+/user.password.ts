import { changePasswordApiSchema } from "~/lib/schemas/auth";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { changePassword } from "~/services/auth/accounts.server";
import { clientAddress } from "~/web/client.server";
import { requireApiUserWithSession } from "~/web/auth/auth.server";

export const loader = noGetLoader(["PUT"]);

// PUT /api/user/password: { currentPassword, newPassword }. Ends every other session of the user
// and revokes every access token (every session too, when the call is made with a token).
export const action = byMethod({
  PUT: async ({ request }) => {
    const { user, sessionId } = await requireApiUserWithSession(request);
    const input = await readJson(request, changePasswordApiSchema);
    await changePassword({ client: clientAddress(request), userId: user.id, keepSessionId: sessionId, input });
    return apiJson({ message: "Your password has been changed successfully!" });
  },
});
