import { createApiTokenSchema } from "~/lib/api/tokens";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { confirmTokenCreator, createApiToken, listApiTokens } from "~/services/auth/api-tokens.server";
import { requireApiUser, requireApiUserWithSession } from "~/web/auth/auth.server";
import { clientAddress } from "~/web/client.server";
import { idempotent } from "~/web/idempotency.server";

// GET /api/user/tokens: the signed-in user's access tokens (id, name, createdAt, lastUsedAt), newest
// first; never a secret.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await listApiTokens(user.id), { headers: { "Cache-Control": "no-store" } });
});

// POST /api/user/tokens { name, expiresInDays?, scope?, currentPassword? } → 201 { id, name, token,
// createdAt, scope, expiresAt }: the only time the token is shown. Needs the current password unless
// the session signed in within the last 10 minutes (always, when signed with a token).
export const action = byMethod({
  POST: async ({ request }) => {
    const { user, signedInAt } = await requireApiUserWithSession(request);
    const input = await readJsonObject(request, createApiTokenSchema);
    const creator = { userId: user.id, client: clientAddress(request), signedInAt };
    // The owner's proof comes first, so a replayed creation never hands its secret out without it.
    await confirmTokenCreator(creator, input);
    return idempotent(request, { userId: user.id, input }, async () =>
      apiJson(await createApiToken({ creator, input, ownerConfirmed: true }), { status: 201, headers: { "Cache-Control": "no-store" } }),
    );
  },
});
