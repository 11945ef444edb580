import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";
import type { UserRecord } from "~/models/user.server";

/** Everything the dashboard shows; `/` and `/dashboard` both use it, so they never differ. */
export async function loadDashboard(user: UserRecord) {
  const profile = await getResponseSummaryByUserId(user.id);
  // A saved questionnaire counts as a profile once it names the company (spec §7).
  return { profile: profile?.companyName ? profile : null };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
