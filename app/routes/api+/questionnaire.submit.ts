import { questionnaireSubmitSchema } from "~/lib/schemas/questionnaire";
import { apiJson, byMethod, noGetLoader, readJsonObject } from "~/web/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { clientAddress } from "~/web/client.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { clearedDraftCookieHeader, draftOwnerOf } from "~/web/draft-cookie.server";
import { submitQuestionnaire } from "~/services/questionnaire/submission.server";
import { anonymousOwner, idempotent } from "~/web/idempotency.server";

export const loader = noGetLoader(["POST"]);

// POST /api/questionnaire/submit: every answer (bookingTimeline, customerFrequency and
// demandSeasonality as lists) plus the account fields. Creates the account, saves the answers and
// signs the user in (201 with the current user and the session cookie); 409 when the email is
// taken, 422 with a message per field otherwise.
export const action = byMethod({
  POST: async ({ request }) => {
    const body = await readJsonObject(request, questionnaireSubmitSchema);
    return idempotent(request, { userId: anonymousOwner(request), input: body }, async () => {
      await claimRegistration(clientAddress(request), "account");
      // Read before the new session exists: the draft belongs to whoever sent this request.
      const draftOwner = await draftOwnerOf(request);
      const { user, session } = await submitQuestionnaire({
        draftOwner,
        input: body,
        signIn: async (userId) => (await startUserSession(userId, request)).setCookie,
      });
      const headers = new Headers();
      headers.append("Set-Cookie", session);
      const clearDraft = await clearedDraftCookieHeader(request);
      if (clearDraft) headers.append("Set-Cookie", clearDraft);
      return apiJson(await currentUserPayload(user), { status: 201, headers });
    });
  },
});
