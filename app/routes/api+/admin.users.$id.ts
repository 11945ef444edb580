import { userAccessApiSchema } from "~/lib/api/admin-users";
import { apiJson, byMethod, readJson } from "~/web/api.server";
import { setUserAccessAsAdmin } from "~/services/admin/users.server";
import { deleteUserAsAdmin } from "~/services/auth/account-deletion.server";
import { toApiAdminUser } from "~/services/auth/api-user.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

// PATCH /api/admin/users/{id} { role?, isPremium? (a boolean) }: Admin only; the last Admin keeps the role (409).
export const action = byMethod({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, userAccessApiSchema);
    const user = await setUserAccessAsAdmin({ actor: admin, id: params.id ?? "", input });
    return apiJson(toApiAdminUser(user));
  },
  // DELETE /api/admin/users/{id}: Admin only; deletes the account and every record of it. The last Admin cannot be deleted (409 LAST_ADMIN).
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await deleteUserAsAdmin({ actor: admin, id: params.id ?? "" });
    return apiJson({ message: "User deleted." });
  },
});
