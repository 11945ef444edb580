import { profileNameSchema } from "~/lib/schemas/auth";
import { apiError, apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { AccountError, renameUser } from "~/services/auth/accounts.server";
import { toApiUser } from "~/services/auth/api-user.server";
import { requireApiUser } from "~/services/auth/auth.server";

export const loader = noGetLoader(["PUT"]);

// PUT /api/user/profile: { firstName, lastName }.
export const action = byMethod({
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const names = await readJson(request, profileNameSchema);
    try {
      return apiJson({ message: "Your name has been updated successfully!", user: toApiUser(await renameUser(user.id, names)) });
    } catch (error) {
      if (error instanceof AccountError) return apiError(error.status, error.message);
      throw error;
    }
  },
});
