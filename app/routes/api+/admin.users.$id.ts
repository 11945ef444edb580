import { apiJson, byMethod, readJsonObject } from "~/services/api.server";
import { setUserAccessAsAdmin, userAccessSchema } from "~/services/admin/users.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// PATCH /api/admin/users/{id} { role?, isPremium? }: Admin only; the last Admin keeps the role (409).
export const action = byMethod({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, userAccessSchema);
    const user = await setUserAccessAsAdmin({ actor: admin, id: params.id ?? "", input });
    return apiJson(user);
  },
});
