import { adminUserSchema } from "~/lib/api/responses";
import { userAccessApiSchema } from "~/lib/api/admin-users";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { getUserAsAdmin, setUserAccessAsAdmin } from "~/services/admin/users.server";
import { deleteUserAsAdmin } from "~/services/auth/account-deletion.server";
import { refuseBody } from "~/web/no-body.server";
import { toApiAdminUser } from "~/services/auth/api-user.server";
import { requireApiAdmin } from "~/web/auth/auth.server";
import { conditionalWrite, resourceAnswer } from "~/web/etag.server";
import { serverFieldsOf, withoutServerFields } from "~/web/server-fields.server";

const SERVER_FIELDS = serverFieldsOf(adminUserSchema);
const readUser = async (id: string) => toApiAdminUser(await getUserAsAdmin(id));

// Admin only. GET /api/admin/users/{id}: the user as the list shows them. PATCH { role?,
// isPremium? (a boolean) }, or the user as read with those changed: the last Admin keeps the role
// (409). Both answer an ETag; PATCH honours If-Match (412 when the user changed since it was read).
export const loader = apiRoute(async ({ request, params }) => {
  await requireApiAdmin(request);
  return resourceAnswer(await readUser(params.id ?? ""));
});

export const action = byMethod({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = params.id ?? "";
    const user = await conditionalWrite(
      request,
      `user:${id}`,
      () => readUser(id),
      async (current) => {
        const input = await readJson(request, userAccessApiSchema, { prepare: (body) => withoutServerFields(body, current, SERVER_FIELDS) });
        return toApiAdminUser(await setUserAccessAsAdmin({ actor: admin, id, input }));
      },
    );
    return resourceAnswer(user);
  },
  // DELETE /api/admin/users/{id}: Admin only; deletes the account and every record of it. The last Admin cannot be deleted (409 LAST_ADMIN).
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await refuseBody(request);
    const id = params.id ?? "";
    await conditionalWrite(
      request,
      `user:${id}`,
      () => readUser(id),
      () => deleteUserAsAdmin({ actor: admin, id }),
    );
    return apiJson({ message: "User deleted." });
  },
});
