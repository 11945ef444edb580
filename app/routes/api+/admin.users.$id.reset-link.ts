import { apiJson, byMethod, noGetLoader } from "~/web/api.server";
import { createResetLinkAsAdmin } from "~/services/auth/password-reset.server";
import { requireApiAdmin } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";
import { refuseBody } from "~/web/no-body.server";

export const loader = noGetLoader(["POST"]);

// POST /api/admin/users/{id}/reset-link → 201 { email, url, expiresAt }: Admin only; a password
// reset link for the user (works once, for an hour), to hand over another way. Audited.
export const action = byMethod({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await refuseBody(request);
    return idempotent(request, { userId: admin.id, input: null }, async () => {
      const link = await createResetLinkAsAdmin({ actor: admin, id: params.id ?? "" });
      return apiJson(link, { status: 201, headers: { "Cache-Control": "no-store" } });
    });
  },
});
