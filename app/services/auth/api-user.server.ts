import { hasPremium } from "~/lib/user";
import type { UserRecord } from "~/models/user.server";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";

/**
 * The current user as `GET /api/auth/user` answers it (flags as booleans; the user plus role and
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
  const { id, email, firstName, lastName, companyName, authProvider, isPremium, role, completionMethod, researchWebsiteUrl, aiResearchCompleted, createdAt } = user;
  return {
    id,
    email,
    firstName,
    lastName,
    companyName,
    authProvider,
    isPremium: hasPremium({ isPremium }),
    role,
    completionMethod,
    researchWebsiteUrl,
    aiResearchCompleted: aiResearchCompleted === 1,
    createdAt: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
  };
}

/** An admin's view of a user as the API gives it: flags are booleans in and out of the API (stored as 0/1). */
export function toApiAdminUser<U extends { isPremium: number }>(user: U): Omit<U, "isPremium"> & { isPremium: boolean } {
  return { ...user, isPremium: hasPremium(user) };
}
