import { z } from "zod";

import { apiError, apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { currentUserPayload } from "~/services/auth/api-user.server";
import { submitQuestionnaire } from "~/services/questionnaire.server";

export const loader = noGetLoader(["POST"]);

// POST /api/questionnaire/submit: every answer (bookingTimeline, customerFrequency and
// demandSeasonality as lists) plus the account fields. Creates the account, saves the answers and
// signs the user in (201 with the current user and the session cookie); 409 when the email is
// taken, 422 with a message per field otherwise.
export const action = byMethod({
  POST: async ({ request }) => {
    const body = await readJson(request, z.record(z.string(), z.unknown()));
    await claimRegistration(request, "account");
    const result = await submitQuestionnaire(request, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return apiJson(await currentUserPayload(result.user), { status: 201, headers });
  },
});
