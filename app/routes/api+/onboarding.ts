import { onboardingSchema } from "~/lib/api/responses";
import { getUserById, type UserRecord } from "~/models/user.server";
import { apiJson, apiRoute, byMethod, readJson, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";
import { conditionalWrite, etagOf } from "~/web/etag.server";
import { serverFieldsOf, withoutServerFields } from "~/web/server-fields.server";
import { answersOf, getOnboarding, ONBOARDING_SCHEMAS, saveOnboarding, toApiOnboarding, type OnboardingValidation } from "~/services/onboarding.server";
import type { QuestionnaireResponseRecord } from "~/models/questionnaire-response.server";

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
 * model fixes it, "" or null goes back to the answers, left out (a PUT too) it stays as stored;
 * the model as read, while it is still worked out from the answers, is no choice and leaves it so.
 * docs/decisions/124. `completionMethod` and `researchWebsiteUrl` are stored with the account:
 * GET answers them, PUT and PATCH take them (left out, they stay).
 *
 * The questionnaire as GET answers it can be sent back to PUT and PATCH: its server fields (ids,
 * dates, the worked-out model) are taken when unchanged. GET and every write answer an ETag of the
 * questionnaire; PUT and PATCH honour If-Match (412 when it changed since it was read).
 *
 * Each creates the questionnaire when it does not exist yet: 201 when this save is the first with
 * a company name, else 200.
 */
type Account = Pick<UserRecord, "completionMethod" | "researchWebsiteUrl">;

function toApiQuestionnaire(record: QuestionnaireResponseRecord, account: Account) {
  return { ...toApiOnboarding(record), completionMethod: account.completionMethod ?? null, researchWebsiteUrl: account.researchWebsiteUrl ?? "" };
}
type ApiQuestionnaire = ReturnType<typeof toApiQuestionnaire>;

async function readQuestionnaire(userId: string, account: Account) {
  const saved = await getOnboarding(userId);
  return saved ? toApiQuestionnaire(saved, account) : null;
}

const SERVER_FIELDS = serverFieldsOf(onboardingSchema);

/** The body without what it reads back unchanged: the server fields, and a business model still worked out from the answers. */
function asWritten(body: Record<string, unknown>, current: ApiQuestionnaire | null) {
  const rest = withoutServerFields(body, current, SERVER_FIELDS);
  if (current?.businessModelSource === "inferred" && rest.businessModel === current.businessModel) delete rest.businessModel;
  return rest;
}

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const current = await readQuestionnaire(user.id, user);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (current) headers.set("ETag", etagOf(current));
  return apiJson(current, { headers });
});

async function save(request: Request, user: UserRecord, read: (current: ApiQuestionnaire | null) => Promise<unknown>, validation: OnboardingValidation) {
  const { onboarding, created } = await conditionalWrite(
    request,
    `onboarding:${user.id}`,
    () => readQuestionnaire(user.id, user),
    async (current) => {
      const answers = await read(current);
      const { response, created } = await saveOnboarding(user.id, answers, { validation });
      const account = (await getUserById(user.id)) ?? user;
      return { onboarding: toApiQuestionnaire(response, account), created };
    },
  );
  return apiJson({ created, onboarding }, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store", ETag: etagOf(onboarding) } });
}

export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, ONBOARDING_SCHEMAS.full);
    return idempotent(request, { userId: user.id, input }, () => save(request, user, async () => input, "full"));
  },
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    return save(request, user, (current) => readJson(request, ONBOARDING_SCHEMAS.edit, { replace: true, prepare: (body) => asWritten(body, current) }), "edit");
  },
  PATCH: async ({ request }) => {
    const user = await requireApiUser(request);
    return save(
      request,
      user,
      async (current) => {
        const changes = await readJsonObject(request, ONBOARDING_SCHEMAS.edit, { partial: true, prepare: (body) => asWritten(body, current) });
        const saved = await getOnboarding(user.id);
        const account = { completionMethod: user.completionMethod ?? null, researchWebsiteUrl: user.researchWebsiteUrl ?? "" };
        return { ...account, ...(saved ? answersOf(saved) : {}), ...changes };
      },
      "edit",
    );
  },
});
