import { changePasswordApiSchema } from "~/lib/schemas/auth";
import { apiError, apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { AccountError, changePassword } from "~/services/auth/accounts.server";
import { requireApiUserWithSession } from "~/services/auth/auth.server";
import { endOtherSessions } from "~/services/auth/session.server";

export const loader = noGetLoader(["PUT"]);

// PUT /api/user/password: { currentPassword, newPassword }. Ends every other session of the user.
export const action = byMethod({
  PUT: async ({ request }) => {
    const { user, sessionId } = await requireApiUserWithSession(request);
    const input = await readJson(request, changePasswordApiSchema);
    try {
      await changePassword(user.id, input);
    } catch (error) {
      if (error instanceof AccountError) {
        return apiError(error.status, error.message, error.field ? { errors: { [error.field]: error.message } } : {});
      }
      throw error;
    }
    await endOtherSessions(user.id, sessionId);
    return apiJson({ message: "Your password has been changed successfully!" });
  },
});
