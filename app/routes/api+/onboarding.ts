import { apiJson, apiRoute, byMethod, readJson, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";
import { answersOf, getOnboarding, ONBOARDING_SCHEMAS, saveOnboarding, toApiOnboarding, type OnboardingValidation } from "~/services/onboarding.server";

/**
 * `/api/onboarding`: the signed-in user's own questionnaire. See
 * docs/decisions/007-onboarding-api.md for the contract.
 *
 * - GET: the saved questionnaire, or `null` when there is none (a companyName means it exists).
 * - POST: the wizard's create, checked in full (every text answer required).
 * - PUT: replaces the questionnaire with the edit-answers rules; every answer must be sent (an
 *   empty one as ""), so nothing is emptied by being left out (422 lists the missing ones).
 * - PATCH: the answers sent, merged over the saved ones, then checked whole with the same rules.
 *
 * GET answers the business model too: `businessModel` (the one flows are planned for),
 * `businessModelSource` ("owner" or "inferred") and `businessModelInferred` (what the answers
 * alone give), computed from the answers as they are now. PUT and PATCH take `businessModel`: a
 * model fixes it, "" or null goes back to the answers, left out (a PUT too) it stays as stored.
 * docs/decisions/124.
 *
 * Each creates the questionnaire when it does not exist yet: 201 when this save is the first with
 * a company name, else 200.
 */
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const saved = await getOnboarding(user.id);
  return apiJson(saved ? toApiOnboarding(saved) : null, { headers: { "Cache-Control": "no-store" } });
});

async function save(userId: string, answers: unknown, validation: OnboardingValidation) {
  const { response, created } = await saveOnboarding(userId, answers, { validation });
  return apiJson({ created, onboarding: toApiOnboarding(response) }, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
}

export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, ONBOARDING_SCHEMAS.full);
    return idempotent(request, { userId: user.id, input }, () => save(user.id, input, "full"));
  },
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    return save(user.id, await readJson(request, ONBOARDING_SCHEMAS.edit, { replace: true }), "edit");
  },
  PATCH: async ({ request }) => {
    const user = await requireApiUser(request);
    const changes = await readJsonObject(request, ONBOARDING_SCHEMAS.edit, { partial: true });
    const saved = await getOnboarding(user.id);
    return save(user.id, { ...(saved ? answersOf(saved) : {}), ...changes }, "edit");
  },
});
