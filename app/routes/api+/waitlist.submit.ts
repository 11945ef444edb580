import { waitlistSchema } from "~/lib/schemas/questionnaire";
import { QUESTIONNAIRE_MESSAGES as MESSAGES } from "~/lib/questionnaire/messages";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { clientAddress } from "~/web/client.server";
import { clearedDraftCookieHeader, draftOwnerOf } from "~/web/draft-cookie.server";
import { joinWaitlist } from "~/services/questionnaire/waitlist.server";
import { anonymousOwner, idempotent } from "~/web/idempotency.server";

export const loader = noGetLoader(["POST"]);

// POST /api/waitlist/submit: firstName, lastName, email, companyName, businessType, industry.
// One entry per email; a repeat is answered exactly like the first sign-up.
export const action = byMethod({
  POST: async ({ request }) => {
    const body = await readJsonObject(request, waitlistSchema);
    return idempotent(request, { userId: anonymousOwner(request), input: body }, async () => {
      await claimRegistration(clientAddress(request), "waitlist");
      await joinWaitlist({ draftOwner: await draftOwnerOf(request), input: body });
      const headers = new Headers();
      const clearDraft = await clearedDraftCookieHeader(request);
      if (clearDraft) headers.append("Set-Cookie", clearDraft);
      return apiJson({ message: `${MESSAGES.thankYou} ${MESSAGES.waitlistJoined}` }, { headers });
    });
  },
});
