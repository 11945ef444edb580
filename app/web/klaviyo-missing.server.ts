import { serviceUser } from "~/lib/user";
import type { UserRecord } from "~/models/user.server";
import { generateAndSendMissing } from "~/services/klaviyo/send.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The "generate and send to Klaviyo as a draft" form (the Klaviyo flows page and the scorecard):
 * sends, then lands on the flow's Send to Klaviyo page with a toast. A refusal is thrown as the
 * service's DomainError for the page to answer its form with.
 */
export async function sendMissingFromForm(user: UserRecord, form: FormData) {
  const { flowId, result } = await generateAndSendMissing({ user: serviceUser(user), flowType: form.get("flowType") });
  return redirectWithToast(`/send-to-klaviyo/${encodeURIComponent(flowId)}`, {
    title: result.replayed ? "Already sent to Klaviyo" : "Sent to Klaviyo as a draft",
    description: "Review it in Klaviyo, then turn it on there.",
    variant: "success",
  });
}
