import { apiJson, apiRoute, byMethod, readJson } from "~/services/api.server";
import { draftInputSchema, draftPayload, saveQuestionnaireDraft } from "~/services/questionnaire.server";

// GET /api/questionnaire/draft: the answers saved so far and the step to resume at, or
// `{ answers: {}, step: 1 }`. A signed-in user's draft is theirs; a visitor's is found through the
// signed draft cookie.
export const loader = apiRoute(async ({ request }) => apiJson(await draftPayload(request), { headers: { "Cache-Control": "no-store" } }));

// POST /api/questionnaire/draft: `{ answers, step? }` (or the answers themselves with an optional
// `step`). Only questionnaire answers are kept, never a password; a badly shaped answer is a 422.
export const action = byMethod({
  POST: async ({ request }) => {
    const input = await readJson(request, draftInputSchema);
    const { answers, step, setCookie } = await saveQuestionnaireDraft(request, input);
    return apiJson({ answers, step }, { headers: setCookie ? { "Set-Cookie": setCookie, "Cache-Control": "no-store" } : { "Cache-Control": "no-store" } });
  },
});
