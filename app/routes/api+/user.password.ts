import { changePasswordApiSchema } from "~/lib/schemas/auth";
import { apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { changePassword } from "~/services/auth/accounts.server";
import { requireApiUserWithSession } from "~/services/auth/auth.server";

export const loader = noGetLoader(["PUT"]);

// PUT /api/user/password: { currentPassword, newPassword }. Ends every other session of the user
// (every session, when the call is made with an access token; tokens stay until revoked).
export const action = byMethod({
  PUT: async ({ request }) => {
    const { user, sessionId } = await requireApiUserWithSession(request);
    const input = await readJson(request, changePasswordApiSchema);
    await changePassword({ request, userId: user.id, keepSessionId: sessionId ?? "", input });
    return apiJson({ message: "Your password has been changed successfully!" });
  },
});
