import { userAccessApiSchema } from "~/lib/api/admin-users";
import { apiJson, byMethod, readJson } from "~/web/api.server";
import { setUserAccessAsAdmin } from "~/services/admin/users.server";
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
});
