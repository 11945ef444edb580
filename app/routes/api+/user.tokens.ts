import { createApiTokenSchema } from "~/lib/api/tokens";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { createApiToken, listApiTokens } from "~/services/auth/api-tokens.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";

// GET /api/user/tokens: the signed-in user's access tokens (id, name, createdAt, lastUsedAt), newest
// first; never a secret.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await listApiTokens(user.id), { headers: { "Cache-Control": "no-store" } });
});

// POST /api/user/tokens { name } → 201 { id, name, token, createdAt }: the only time the token is shown.
export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJsonObject(request, createApiTokenSchema);
    return idempotent(request, { userId: user.id, input }, async () =>
      apiJson(await createApiToken({ userId: user.id, input }), { status: 201, headers: { "Cache-Control": "no-store" } }),
    );
  },
});
