import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { forgotPasswordSchema, requestPasswordReset } from "~/services/auth/password-reset.server";
import { clientAddress } from "~/web/client.server";
import { anonymousOwner, idempotent } from "~/web/idempotency.server";

export const loader = noGetLoader(["POST"]);

// POST /api/auth/forgot-password { email } → 202 { message }: the same answer whether or not the
// email has an account; a link that works once, for an hour, is sent to it when it does.
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJsonObject(request, forgotPasswordSchema);
    return idempotent(request, { userId: anonymousOwner(request), input }, async () => {
      const { message } = await requestPasswordReset({ client: clientAddress(request), input });
      return apiJson({ message }, { status: 202, headers: { "Cache-Control": "no-store" } });
    });
  },
});
