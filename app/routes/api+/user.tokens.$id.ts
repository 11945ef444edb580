import { apiJson, byMethod, noGetLoader } from "~/web/api.server";
import { revokeApiToken } from "~/services/auth/api-tokens.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { refuseBody } from "~/web/no-body.server";

export const loader = noGetLoader(["DELETE"]);

// DELETE /api/user/tokens/{id}: revokes the token at once (its next use is a 401); 404 when it is not yours.
export const action = byMethod({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    await refuseBody(request);
    await revokeApiToken({ userId: user.id, id: params.id ?? "" });
    return apiJson({ message: "Access token revoked." });
  },
});
