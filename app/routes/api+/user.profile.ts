import { profileNameSchema } from "~/lib/schemas/auth";
import { apiJson, byMethod, noGetLoader, readJson } from "~/web/api.server";
import { renameUser } from "~/services/auth/accounts.server";
import { toApiUser } from "~/services/auth/api-user.server";
import { requireApiUser } from "~/web/auth/auth.server";

export const loader = noGetLoader(["PUT"]);

// PUT /api/user/profile: { firstName, lastName }.
export const action = byMethod({
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const names = await readJson(request, profileNameSchema);
    return apiJson({ message: "Your name has been updated successfully!", user: toApiUser(await renameUser(user.id, names)) });
  },
});
