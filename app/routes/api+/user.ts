import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { deleteAccountApiSchema } from "~/lib/schemas/auth";
import { ACCOUNT_DELETED_MESSAGE, deleteOwnAccount } from "~/services/auth/account-deletion.server";
import { requireApiUserWithSession } from "~/web/auth/auth.server";
import { sessionCookie } from "~/web/auth/session-cookie.server";
import { clientAddress } from "~/web/client.server";

export const loader = noGetLoader(["DELETE"]);

// DELETE /api/user { password }: deletes the signed-in account and every record of it (flows,
// content, tokens, the Klaviyo connection, sessions, drafts, metrics, answers); the session cookie
// is cleared. The last Admin cannot delete the account (409 LAST_ADMIN).
export const action = byMethod({
  DELETE: async ({ request }) => {
    const { user, signedInAt } = await requireApiUserWithSession(request);
    const input = await readJsonObject(request, deleteAccountApiSchema);
    await deleteOwnAccount({ userId: user.id, client: clientAddress(request), signedInAt, input });
    const clearCookie = await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
    return apiJson({ message: ACCOUNT_DELETED_MESSAGE }, { headers: { "Set-Cookie": clearCookie, "Cache-Control": "no-store" } });
  },
});
