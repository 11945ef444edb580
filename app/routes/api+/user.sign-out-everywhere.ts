import { apiJson, byMethod, noGetLoader } from "~/web/api.server";
import { signOutEverywhere } from "~/services/auth/accounts.server";
import { requireApiUserWithSession } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";
import { refuseBody } from "~/web/no-body.server";

export const loader = noGetLoader(["POST"]);

const SIGNED_OUT_EVERYWHERE_MESSAGE = "Every other session has been signed out and every access token revoked.";

// POST /api/user/sign-out-everywhere → 200 { message, sessionsEnded, tokensRevoked }: ends every
// other session of the account and revokes every access token. The session making the call stays
// signed in; a call made with a token ends every session, and the token itself is revoked too.
export const action = byMethod({
  POST: async ({ request }) => {
    const { user, sessionId } = await requireApiUserWithSession(request);
    await refuseBody(request);
    return idempotent(request, { userId: user.id, input: null }, async () => {
      const { sessions, tokens } = await signOutEverywhere({ userId: user.id, keepSessionId: sessionId });
      return apiJson({ message: SIGNED_OUT_EVERYWHERE_MESSAGE, sessionsEnded: sessions, tokensRevoked: tokens }, { headers: { "Cache-Control": "no-store" } });
    });
  },
});
