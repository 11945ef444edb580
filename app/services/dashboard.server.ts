import { data } from "@remix-run/node";

import { OPEN_PARAM } from "~/lib/dashboard-links";
import { RESEARCH_ADDRESS_INTENT } from "~/components/dashboard/research-address";
import { DEFAULT_OPEN_BENCHMARK_FLOW, flowTypeLabel, isFlowType, type FlowType } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";
import { hasPremium } from "~/lib/user";
import type { Scorecard } from "~/lib/scorecard/scorecard";
import { listBenchmarkMediansCached } from "~/models/email-benchmark.server";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";
import { listMetricsForUser } from "~/models/user-benchmark-metric.server";
import type { UserRecord } from "~/models/user.server";
import { buildBenchmarkCard } from "~/services/benchmarks/card";
import { saveMetricsFromForm } from "~/services/benchmarks/benchmarks.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/services/forms.server";
import { changeResearchWebsite, performResearch, researchAddressProblem } from "~/services/research/research.server";
import { scorecardForDashboard } from "~/services/scorecard/scorecard.server";
import { redirectWithToast } from "~/services/toast.server";

export const DASHBOARD_INTENT = { saveMetrics: "save-metrics", research: "research", researchAddress: RESEARCH_ADDRESS_INTENT } as const;

export { OPEN_PARAM };

export const RESEARCH_TOASTS = {
  success: {
    title: "AI Research Complete!",
    description: "Your profile has been automatically filled with AI-researched information. You can now edit and customize the responses.",
  },
  failureTitle: "AI Research Failed",
  fallback: "Failed to complete AI research. Please try again or fill out manually.",
} as const;

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
  const [profile, metrics, benchmarks] = await Promise.all([
    getResponseSummaryByUserId(user.id),
    listMetricsForUser(user.id),
    listBenchmarkMediansCached(),
  ]);
  const openFlows = new Set<FlowType>([DEFAULT_OPEN_BENCHMARK_FLOW]);
  for (const value of url?.searchParams.getAll(OPEN_PARAM) ?? []) if (isFlowType(value)) openFlows.add(value);
  // Premium users get their scorecard; everyone else a teaser that carries none of its figures.
  const scorecard: DashboardScorecard =
    hasPremium(user) ? { kind: "premium", ...(await scorecardForDashboard({ userId: user.id, profile, metrics, benchmarks })) } : { kind: "teaser" };
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

/** What a failed section save without JavaScript sends back to its form. */
export interface MetricsFormReply {
  intent: typeof DASHBOARD_INTENT.saveMetrics;
  flowType: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string;
}

/** What a refused new research address sends back to the research card's form. */
export interface ResearchAddressReply {
  intent: typeof DASHBOARD_INTENT.researchAddress;
  /** Never a flow: the benchmark card's forms ignore this reply. */
  flowType: "";
  values: { researchWebsiteUrl: string };
  fieldErrors: Record<string, string>;
  message: string;
}

/** Runs research and comes back to the dashboard with its toast, success or failure. */
async function researchAndComeBack(user: UserRecord, path: string) {
  try {
    await performResearch({ userId: user.id });
    return redirectWithToast(path, { ...RESEARCH_TOASTS.success, variant: "success" });
  } catch (error) {
    if (!isDomainError(error)) {
      console.error("[research]", error);
      return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: RESEARCH_TOASTS.fallback, variant: "destructive" });
    }
    return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: error.message, variant: "destructive" });
  }
}

/**
 * The dashboard's form posts (both `/` and `/dashboard`): a section's Save button and the AI
 * Research button, for browsers without JavaScript (with JavaScript those call the API), and the
 * research card's new website address, which is then researched (with or without JavaScript).
 */
export async function dashboardAction(request: Request, user: UserRecord, path: string) {
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case DASHBOARD_INTENT.saveMetrics: {
      const flowType = form.get("flowType");
      const values: Record<string, string> = {};
      for (const key of METRIC_KEYS) {
        const value = form.get(key);
        if (typeof value === "string") values[key] = value;
      }
      try {
        const saved = await saveMetricsFromForm({ userId: user.id, input: { flowType, fields: values } });
        const target = `${path}?${OPEN_PARAM}=${saved.flowType}#benchmark-${saved.flowType}`;
        return redirectWithToast(target, { title: "Metrics saved", description: `Your ${flowTypeLabel(saved.flowType)} figures are saved.`, variant: "success" });
      } catch (error) {
        if (!isDomainError(error) || error.kind !== "validation") throw error;
        const reply: MetricsFormReply = {
          intent: DASHBOARD_INTENT.saveMetrics,
          flowType: typeof flowType === "string" ? flowType : "",
          values,
          fieldErrors: error.fieldErrors ?? {},
          message: error.message,
        };
        return data(reply, { status: 422 });
      }
    }
    case DASHBOARD_INTENT.research:
      return researchAndComeBack(user, path);
    case DASHBOARD_INTENT.researchAddress: {
      const website = form.get("researchWebsiteUrl");
      try {
        await changeResearchWebsite({ userId: user.id, website });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        if (error.kind !== "validation") return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: error.message, variant: "destructive" });
        const reply: ResearchAddressReply = {
          intent: DASHBOARD_INTENT.researchAddress,
          flowType: "",
          values: { researchWebsiteUrl: typeof website === "string" ? website : "" },
          fieldErrors: error.fieldErrors ?? {},
          message: error.message,
        };
        return data(reply, { status: 422 });
      }
      return researchAndComeBack(user, path);
    }
    default:
      return data({ intent: null, message: "Unknown action. Please reload the page and try again." }, { status: 400 });
  }
}
