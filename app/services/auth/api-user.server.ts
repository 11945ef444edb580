import type { UserRecord } from "~/models/user.server";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";

/**
 * The current user as `GET /api/auth/user` answers it (the user plus role and
 * onboardingResponse). Never a password hash.
 */
export async function currentUserPayload(user: UserRecord) {
  const onboardingResponse = await getResponseSummaryByUserId(user.id);
  return {
    ...toApiUser(user),
    onboardingResponse: onboardingResponse?.companyName ? onboardingResponse : null,
  };
}

export function toApiUser(user: UserRecord) {
  const { id, email, firstName, lastName, companyName, authProvider, isPremium, role, completionMethod, researchWebsiteUrl, aiResearchCompleted, createdAt } =
    user;
  return {
    id,
    email,
    firstName,
    lastName,
    companyName,
    authProvider,
    isPremium,
    role,
    completionMethod,
    researchWebsiteUrl,
    aiResearchCompleted,
    createdAt: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
  };
}

