import { OPEN_PARAM } from "~/lib/dashboard-links";
import { DEFAULT_OPEN_BENCHMARK_FLOW, isFlowType, type FlowType } from "~/lib/flow-types";
import { hasPremium } from "~/lib/user";
import type { DashboardData, DashboardProfileFacts, DashboardResearch, DashboardScorecard } from "~/lib/dashboard-data";
import { listBenchmarkMediansCached } from "~/models/email-benchmark.server";
import { getResponseByUserId, type QuestionnaireResponseRecord } from "~/models/questionnaire-response.server";
import { listMetricsForUser } from "~/models/user-benchmark-metric.server";
import { getResearchFailure, type UserRecord } from "~/models/user.server";
import { buildBenchmarkCard } from "~/lib/benchmarks/card";
import { importedFiguresFor, mergeFigures } from "~/services/klaviyo/import.server";
import { businessModelOfProfile } from "~/services/onboarding.server";
import { researchAddressProblem } from "~/services/research/research.server";
import { scorecardForDashboard } from "~/services/scorecard/scorecard.server";

export { OPEN_PARAM };

/** The AI Research card shows only for AI Quick Pass users whose research has not run. */
export function shouldShowResearch(user: Pick<UserRecord, "completionMethod" | "aiResearchCompleted">) {
  return user.completionMethod === "ai" && user.aiResearchCompleted === 0;
}

/** What the dashboard uses of the saved answers: the card's four facts (the peer group's too). */
function summaryOf(record: QuestionnaireResponseRecord | null): DashboardProfileFacts | null {
  if (!record) return null;
  const { companyName, businessType, industry, communicationChannels } = record;
  return { companyName, businessType, industry, communicationChannels };
}

/**
 * The Business Profile card: the four facts and the business model, computed from the answers
 * now (only these go to the browser, never the answers). Null until the company is named.
 */
function profileCardOf(record: QuestionnaireResponseRecord | null): DashboardData["profile"] {
  const summary = summaryOf(record);
  const businessModel = businessModelOfProfile(record);
  return summary && businessModel ? { ...summary, businessModel } : null;
}

/**
 * Everything the dashboard shows; `/` and `/dashboard` both use it, so they never differ. Four
 * queries in parallel (the fourth, what was imported from Klaviyo) (the answers whole, since the business model is worked out from them); for
 * premium users two more for the scorecard, which writes only when the scorecard differs from the
 * one last shown.
 */
/** The research card: the address, a problem with it, and the last try's failure (kept until the next try). */
async function researchCardOf(user: UserRecord): Promise<DashboardResearch> {
  const failure = await getResearchFailure(user.id);
  return {
    website: user.researchWebsiteUrl,
    problem: researchAddressProblem(user.researchWebsiteUrl),
    lastFailure: failure ? { reason: failure.reason, advice: failure.advice, at: failure.at.toISOString() } : null,
  };
}

export async function loadDashboard(user: UserRecord, url?: URL): Promise<DashboardData> {
  const [record, metrics, benchmarks, imported] = await Promise.all([
    getResponseByUserId(user.id),
    listMetricsForUser(user.id),
    listBenchmarkMediansCached(),
    importedFiguresFor({ userId: user.id }),
  ]);
  // The scorecard reads each figure the user typed, else Klaviyo's.
  const figures = mergeFigures(metrics, imported.figures);
  const profile = summaryOf(record);
  const openFlows = new Set<FlowType>([DEFAULT_OPEN_BENCHMARK_FLOW]);
  for (const value of url?.searchParams.getAll(OPEN_PARAM) ?? []) if (isFlowType(value)) openFlows.add(value);
  // Premium users get their scorecard; everyone else a teaser that carries none of its figures.
  const scorecard: DashboardScorecard = hasPremium(user)
    ? { kind: "premium", ...(await scorecardForDashboard({ userId: user.id, profile, metrics: figures, benchmarks, klaviyoLacking: imported.lacking })) }
    : { kind: "teaser" };
  return {
    // A saved questionnaire counts as a profile once it names the company.
    profile: profileCardOf(record),
    research: shouldShowResearch(user) ? await researchCardOf(user) : null,
    isPremium: hasPremium(user),
    peerGroup: profile ? { industry: profile.industry, businessType: profile.businessType } : null,
    benchmarks: buildBenchmarkCard({ benchmarks, metrics, peer: profile, imported }),
    openFlows: [...openFlows],
    scorecard,
  };
}
