import { BUSINESS_MODEL_ANCHOR, BUSINESS_MODEL_INTENT, businessModelSavedToast } from "~/lib/business/model-choice";
import { setBusinessModel } from "~/services/onboarding.server";
import { runForPage } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The business model's correction form, posted to the dashboard (`/`, `/dashboard`) or the
 * Onboarding Questions page: saved, back to the same page at the form with a toast; refused, the
 * page's reply (422 with the message at the select and as a toast, 409 without a profile), with or
 * without JavaScript. The caller has checked sign-in; the user's own profile is the only one written.
 */
export async function businessModelFormAction({ userId, form, path }: { userId: string; form: FormData; path: string }) {
  // A form without the select is refused (a form sends "" to follow the answers, never nothing).
  const input = form.get("businessModel") ?? undefined;
  const saved = await runForPage(() => setBusinessModel({ userId, input }), { extra: { intent: BUSINESS_MODEL_INTENT } as const });
  if (!saved.ok) return saved.response;
  return redirectWithToast(`${path}#${BUSINESS_MODEL_ANCHOR}`, { ...businessModelSavedToast(saved.value), variant: "success" });
}
