import { z } from "zod";

import { apiError, apiJson, byMethod, noGetLoader, readJson } from "~/services/api.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { joinWaitlist, MESSAGES } from "~/services/questionnaire.server";

export const loader = noGetLoader(["POST"]);

// POST /api/waitlist/submit: firstName, lastName, email, companyName, businessType, industry.
// One entry per email; a repeat is answered exactly like the first sign-up.
export const action = byMethod({
  POST: async ({ request }) => {
    const body = await readJson(request, z.record(z.string(), z.unknown()));
    await claimRegistration(request, "waitlist");
    const result = await joinWaitlist(request, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return apiJson({ message: `${MESSAGES.thankYou} ${MESSAGES.waitlistJoined}` }, { headers });
  },
});
