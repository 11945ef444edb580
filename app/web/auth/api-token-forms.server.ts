import { data } from "@remix-run/node";

import { apiTokenFormSchema, CREATE_TOKEN_INTENT, REVOKE_TOKEN_INTENT } from "~/lib/api/tokens";
import { parseForm } from "~/lib/forms/parse";
import { createApiToken, revokeApiToken, type TokenCreator } from "~/services/auth/api-tokens.server";
import { runForPage } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export function isApiTokenIntent(intent: unknown): intent is typeof CREATE_TOKEN_INTENT | typeof REVOKE_TOKEN_INTENT {
  return intent === CREATE_TOKEN_INTENT || intent === REVOKE_TOKEN_INTENT;
}

/**
 * The settings page's token forms. Create answers the page itself (not a redirect) with the new
 * token, since that answer is the only time the secret exists outside its owner's hands; a reload
 * shows the list without it. Revoke goes back to the page with a toast.
 */
export async function apiTokenFormAction({ creator, intent, form }: { creator: TokenCreator; intent: typeof CREATE_TOKEN_INTENT | typeof REVOKE_TOKEN_INTENT; form: FormData }) {
  const userId = creator.userId;
  if (intent === CREATE_TOKEN_INTENT) {
    const hide = ["currentPassword"];
    const submission = parseForm(form, { schema: apiTokenFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hide }), created: null }, { status: 422 });
    const made = await runForPage(() => createApiToken({ creator, input: submission.value }), { submission, hideFields: hide, extra: { intent, created: null } });
    if (!made.ok) return made.response;
    return data({ intent, result: submission.reply({ resetForm: true }), created: made.value }, { headers: { "Cache-Control": "private, no-store" } });
  }
  const tokenId = form.get("tokenId");
  const revoked = await runForPage(() => revokeApiToken({ userId, id: typeof tokenId === "string" ? tokenId : "" }), { extra: { intent, created: null } });
  if (!revoked.ok) return revoked.response;
  return redirectWithToast("/user-settings", { title: "Access token revoked", description: "Programs using it can no longer call the API.", variant: "success" });
}
