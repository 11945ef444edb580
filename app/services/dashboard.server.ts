import { OPEN_PARAM } from "~/lib/dashboard-links";
import { DEFAULT_OPEN_BENCHMARK_FLOW, isFlowType, type FlowType } from "~/lib/flow-types";
import { hasPremium } from "~/lib/user";
import type { Scorecard } from "~/lib/scorecard/scorecard";
import { listBenchmarkMediansCached } from "~/models/email-benchmark.server";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";
import { listMetricsForUser } from "~/models/user-benchmark-metric.server";
import type { UserRecord } from "~/models/user.server";
import { buildBenchmarkCard } from "~/services/benchmarks/card";
import { researchAddressProblem } from "~/services/research/research.server";
import { scorecardForDashboard } from "~/services/scorecard/scorecard.server";

export { OPEN_PARAM };

/** The AI Research card shows only for AI Quick Pass users whose research has not run. */
export function shouldShowResearch(user: Pick<UserRecord, "completionMethod" | "aiResearchCompleted">) {
  return user.completionMethod === "ai" && user.aiResearchCompleted === 0;
}

/**
 * Everything the dashboard shows; `/` and `/dashboard` both use it, so they never differ. Three
 * projected queries in parallel; for premium users two more for the scorecard, which writes only
 * when the scorecard differs from the one last shown.
 */
export async function loadDashboard(user: UserRecord, url?: URL) {
  const [profile, metrics, benchmarks] = await Promise.all([getResponseSummaryByUserId(user.id), listMetricsForUser(user.id), listBenchmarkMediansCached()]);
  const openFlows = new Set<FlowType>([DEFAULT_OPEN_BENCHMARK_FLOW]);
  for (const value of url?.searchParams.getAll(OPEN_PARAM) ?? []) if (isFlowType(value)) openFlows.add(value);
  // Premium users get their scorecard; everyone else a teaser that carries none of its figures.
  const scorecard: DashboardScorecard = hasPremium(user)
    ? { kind: "premium", ...(await scorecardForDashboard({ userId: user.id, profile, metrics, benchmarks })) }
    : { kind: "teaser" };
  return {
    // A saved questionnaire counts as a profile once it names the company.
    profile: profile?.companyName ? profile : null,
    research: shouldShowResearch(user) ? { website: user.researchWebsiteUrl, problem: researchAddressProblem(user.researchWebsiteUrl) } : null,
    isPremium: hasPremium(user),
    peerGroup: profile ? { industry: profile.industry, businessType: profile.businessType } : null,
    benchmarks: buildBenchmarkCard({ benchmarks, metrics, peer: profile }),
    openFlows: [...openFlows],
    scorecard,
  };
}

export type DashboardScorecard = { kind: "premium"; scorecard: Scorecard; change: string | null } | { kind: "teaser" };

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
