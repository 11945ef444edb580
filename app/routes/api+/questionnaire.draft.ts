import { draftApiSchema } from "~/lib/api/questionnaire-draft";
import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { clientAddress } from "~/web/client.server";
import { draftCookieHeader, draftOwnerOf } from "~/web/draft-cookie.server";
import { draftPayload, saveQuestionnaireDraft } from "~/services/questionnaire/drafts.server";
import { anonymousOwner, idempotent } from "~/web/idempotency.server";

// GET /api/questionnaire/draft: the answers saved so far and the step to resume at, or
// `{ answers: {}, step: 1 }`. A signed-in user's draft is theirs; a visitor's is found through the
// signed draft cookie.
export const loader = apiRoute(async ({ request }) => apiJson(await draftPayload(await draftOwnerOf(request)), { headers: { "Cache-Control": "no-store" } }));

// POST /api/questionnaire/draft: `{ answers, step? }`. Only questionnaire answers are taken (a
// password or any other field is a 422 naming it); a badly shaped answer is a 422, answers too
// long in all a 413. A visitor's draft is updated in place through the draft cookie; a request
// without one starts a new draft, which counts against the client's sign-up limit (429).
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJson(request, draftApiSchema);
    const owner = await draftOwnerOf(request);
    const scope = owner && "userId" in owner ? owner.userId : anonymousOwner(request);
    return idempotent(request, { userId: scope, input }, async () => {
      const { answers, step, draftId } = await saveQuestionnaireDraft({
        owner,
        input,
        beforeNewVisitorDraft: () => claimRegistration(clientAddress(request), "draft"),
      });
      const headers = new Headers({ "Cache-Control": "no-store" });
      const setCookie = await draftCookieHeader(draftId);
      if (setCookie) headers.set("Set-Cookie", setCookie);
      return apiJson({ answers, step }, { headers });
    });
  },
});
