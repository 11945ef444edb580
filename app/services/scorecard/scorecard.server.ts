import { FLOW_TYPE_INFO, FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { allowsSms } from "~/lib/flows/rules";
import { emptyMetricValues, METRIC_DEFINITIONS, type MetricValues } from "~/lib/metrics";
import { describeChange, type ScorecardGlance } from "~/lib/scorecard/change";
import type { FlowFacts } from "~/lib/scorecard/recommendations";
import { klaviyoGaps, type KlaviyoGap } from "~/lib/scorecard/klaviyo";
import { buildScorecard, type Scorecard } from "~/lib/scorecard/scorecard";
import { noMedians, type FlowFigures } from "~/lib/scorecard/scoring";
import { benchmarkNumber } from "~/lib/benchmarks/comparison";
import { fixedOffsetMinutes } from "~/lib/timing";
import type { ServiceUser } from "~/lib/user";
import { findFlowOutlinesOfUser, type FlowOutline } from "~/models/ai-generated-flow.server";
import { listBenchmarkMediansCached } from "~/models/email-benchmark.server";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";
import { findScorecardView, recordScorecardView, type ScorecardSighting } from "~/models/scorecard-view.server";
import { listMetricsForUser } from "~/models/user-benchmark-metric.server";
import { choosePeerRow, type PeerKey, type PeerRow } from "~/lib/benchmarks/peer-groups";
import { premiumRequired } from "~/services/domain-error";
import { importedFiguresFor, mergeFigures } from "~/services/klaviyo/import.server";

/**
 * The premium scorecard (the dashboard card and GET /api/scorecard): reads the user's figures
 * (each one typed, else imported from their Klaviyo account),
 * their peer group's medians and their flows in Flowmap, and hands them to the rules
 * (app/lib/scorecard). Nothing is cached: a saved figure or a generated, regenerated or rolled
 * back flow shows at the next load.
 */

export const SCORECARD_PREMIUM_MESSAGE = "The scorecard is part of Premium. Upgrade to get your custom score and what to fix first.";

export interface ScorecardSources {
  profile: (Partial<PeerKey> & { communicationChannels?: string | null }) | null;
  metrics: ReadonlyArray<{ flowType: FlowType } & MetricValues>;
  benchmarks: readonly PeerRow[];
  flows: readonly FlowOutline[];
  /** The flow types the connected Klaviyo account lacks; null (or absent) without an import. */
  klaviyoLacking?: readonly FlowType[] | null;
}

/** The user's figures and the medians of their peer group, for every flow type. */
export function figuresFrom({ profile, metrics, benchmarks }: Pick<ScorecardSources, "profile" | "metrics" | "benchmarks">): FlowFigures[] {
  return FLOW_TYPES.map((flowType) => {
    const saved = metrics.find((record) => record.flowType === flowType);
    const values = emptyMetricValues();
    if (saved) for (const definition of METRIC_DEFINITIONS) values[definition.key] = saved[definition.key];
    const medians = noMedians();
    for (const definition of METRIC_DEFINITIONS) {
      const choice = choosePeerRow(benchmarks, { benchmarkType: FLOW_TYPE_INFO[flowType].benchmarkType, performanceIndicator: definition.indicator }, profile);
      const value = benchmarkNumber(choice?.row.industryMedian);
      medians[definition.key] = choice && value !== null ? { value, groupLabel: choice.groupLabel } : null;
    }
    return { flowType, values, medians };
  });
}

/** A flow as the rules read it: touchpoints in step order with their channel and minutes after the trigger. */
export function flowFactsFrom(outline: FlowOutline): FlowFacts {
  return {
    id: outline._id,
    flowType: outline.flowType,
    regenerationCount: outline.regenerationCount ?? 0,
    touchpoints: [...(outline.touchpoints ?? [])]
      .sort((a, b) => a.stepNumber - b.stepNumber)
      .map((tp) => ({
        id: tp._id,
        channel: tp.stepType,
        title: tp.title,
        // A step timed from another event (delivery, an appointment) has no fixed place after the trigger, whatever its estimate.
        offsetMinutes: fixedOffsetMinutes(tp),
        delayDays: tp.delayDays ?? 0,
      })),
  };
}

export function scorecardFrom(sources: ScorecardSources): Scorecard {
  return buildScorecard({
    figures: figuresFrom(sources),
    flows: sources.flows.map(flowFactsFrom),
    usesSms: allowsSms(sources.profile?.communicationChannels),
    klaviyoLacking: sources.klaviyoLacking ?? null,
  });
}

/**
 * What is at stake for each flow type the Klaviyo account lacks, in the scorecard's words: only
 * the peer medians count, so the user's own figures are not read.
 */
export async function klaviyoGapsOfUser({
  userId,
  lacking,
  flowTypesInFlowmap,
}: {
  userId: string;
  lacking: readonly FlowType[];
  flowTypesInFlowmap: readonly FlowType[];
}): Promise<KlaviyoGap[]> {
  if (!lacking.length) return [];
  const [profile, benchmarks] = await Promise.all([getResponseSummaryByUserId(userId), listBenchmarkMediansCached()]);
  return klaviyoGaps({ lacking, figures: figuresFrom({ profile, metrics: [], benchmarks }), flowTypesInFlowmap });
}

function requirePremium(user: ServiceUser) {
  if (!user.isPremium) throw premiumRequired(SCORECARD_PREMIUM_MESSAGE);
}

/** `GET /api/scorecard`: the premium user's scorecard; anyone else gets PREMIUM_REQUIRED. */
export async function getScorecard({ user }: { user: ServiceUser }): Promise<Scorecard> {
  requirePremium(user);
  const [profile, typed, benchmarks, flows, imported] = await Promise.all([
    getResponseSummaryByUserId(user.id),
    listMetricsForUser(user.id),
    listBenchmarkMediansCached(),
    findFlowOutlinesOfUser(user.id),
    importedFiguresFor({ userId: user.id }),
  ]);
  return scorecardFrom({ profile, metrics: mergeFigures(typed, imported.figures), benchmarks, flows, klaviyoLacking: imported.lacking });
}

function glanceOf(scorecard: Scorecard): ScorecardGlance {
  return {
    score: scorecard.score,
    flows: Object.fromEntries(scorecard.flows.map((flow) => [flow.flowType, flow.score])) as Record<FlowType, number | null>,
    recommendationIds: scorecard.recommendations.map((item) => item.id),
  };
}

function sameGlance(a: ScorecardGlance, b: ScorecardGlance) {
  return (
    a.score === b.score &&
    FLOW_TYPES.every((flowType) => (a.flows[flowType] ?? null) === (b.flows[flowType] ?? null)) &&
    a.recommendationIds.join("|") === b.recommendationIds.join("|")
  );
}

/** '3 May 2026' */
export function sightingDate(at: Date) {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(at);
}

/**
 * The scorecard as the dashboard shows it, with what changed since the user last saw a
 * different one. The figures the dashboard already read are passed in; this reads the flows
 * and the last sighting, and writes a sighting only when the scorecard changed.
 */
export async function scorecardForDashboard(
  { userId, profile, metrics, benchmarks, klaviyoLacking }: Omit<ScorecardSources, "flows"> & { userId: string },
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<{ scorecard: Scorecard; change: string | null }> {
  const [flows, view] = await Promise.all([findFlowOutlinesOfUser(userId), findScorecardView(userId)]);
  const scorecard = scorecardFrom({ profile, metrics, benchmarks, flows, klaviyoLacking });
  const glance = glanceOf(scorecard);
  if (view && sameGlance(view.current, glance)) {
    return { scorecard, change: view.previous ? describeChange(view.previous, view.current, sightingDate(view.previous.at)) : null };
  }
  const seen: ScorecardSighting = { ...glance, flows: { ...glance.flows }, recommendationIds: [...glance.recommendationIds], at: now() };
  await recordScorecardView({ userId, seen, replacing: view?.current ?? null });
  return { scorecard, change: view ? describeChange(view.current, glance, sightingDate(view.current.at)) : null };
}
