import { apiJson, apiRoute, byMethod, readJson } from "~/services/api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { getOnboarding, ONBOARDING_SCHEMAS, saveOnboarding, toApiOnboarding, type OnboardingValidation } from "~/services/onboarding.server";

/**
 * `/api/onboarding`: the signed-in user's own questionnaire. See
 * docs/decisions/007-onboarding-api.md for the contract.
 *
 * - GET: the saved questionnaire, or `null` when there is none (a companyName means it exists).
 * - POST: the wizard's create, checked in full (every text answer required).
 * - PUT: an update (the wizard's or the answers page's), checked with the edit-answers schema.
 *
 * Both writes replace the whole questionnaire and create it when it does not exist yet: 201
 * when this save is the first with a company name, else 200.
 */
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const saved = await getOnboarding(user.id);
  return apiJson(saved ? toApiOnboarding(saved) : null, { headers: { "Cache-Control": "no-store" } });
});

async function save(request: Request, validation: OnboardingValidation) {
  const user = await requireApiUser(request);
  const answers = await readJson(request, ONBOARDING_SCHEMAS[validation]);
  const { response, created } = await saveOnboarding(user.id, answers, { validation });
  return apiJson({ created, onboarding: toApiOnboarding(response) }, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
}

export const action = byMethod({
  POST: ({ request }) => save(request, "full"),
  PUT: ({ request }) => save(request, "edit"),
});
