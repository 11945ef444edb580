import type { FlowType } from "~/lib/flow-types";
import { emptyMetricValues, type MetricKey, type MetricValues } from "~/lib/metrics";
import type { FlowFacts, TouchpointFacts } from "~/lib/scorecard/recommendations";
import { noMedians, type FlowFigures, type PeerMedian } from "~/lib/scorecard/scoring";
import type { ScorecardInput } from "~/lib/scorecard/scorecard";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";
import { benchmarkNumber } from "~/lib/benchmarks/comparison";
import { METRIC_DEFINITIONS } from "~/lib/metrics";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * Scorecard fixtures: the seeded all-industries medians, and businesses as their owners would
 * enter them. HARBOR_COFFEE is the realistic one: a coffee roaster whose abandoned cart flow
 * earns well under its peers, reminds too late and lost its SMS step.
 */

export const HOUR = MINUTES_PER_HOUR;
export const DAY = MINUTES_PER_DAY;

/** The seed's medians for one flow type, as the service reads them. */
export function seedMedians(flowType: FlowType, groupLabel = "All industries"): Record<MetricKey, PeerMedian | null> {
  const medians = noMedians();
  for (const definition of METRIC_DEFINITIONS) {
    const row = BENCHMARK_SEED.find((item) => item.flowType === flowType && item.performanceIndicator === definition.indicator);
    const value = benchmarkNumber(row?.industryMedian);
    medians[definition.key] = value === null ? null : { value, groupLabel };
  }
  return medians;
}

export function figures(flowType: FlowType, values: Partial<MetricValues>, medians = seedMedians(flowType)): FlowFigures {
  return { flowType, values: { ...emptyMetricValues(), ...values }, medians };
}

let nextId = 0;
export function touchpoint(channel: "Email" | "SMS", offsetMinutes: number | null, title = `${channel} at ${offsetMinutes}`): TouchpointFacts {
  nextId++;
  return { id: `tp-${nextId}`, channel, title, offsetMinutes, delayDays: offsetMinutes === null ? 0 : Math.floor(offsetMinutes / DAY) };
}

export function flow(flowType: FlowType, touchpoints: TouchpointFacts[], regenerationCount = 0): FlowFacts {
  return { id: `flow-${flowType}`, flowType, regenerationCount, touchpoints };
}

/** The seeded onboarding flow's timing: five emails over nine days. */
export const ONBOARDING_FLOW = flow("onboarding", [
  touchpoint("Email", 0, "Welcome to Harbor Coffee"),
  touchpoint("Email", DAY, "How to brew your first bag"),
  touchpoint("Email", 3 * DAY, "Meet the roasters"),
  touchpoint("Email", 6 * DAY, "What regulars order"),
  touchpoint("Email", 9 * DAY, "Your first-order offer ends soon"),
]);

export const HARBOR_COFFEE: ScorecardInput = {
  usesSms: true,
  figures: [
    figures("onboarding", { openRate: 48.2, clickRate: 4.9, ctr: 10.2, revenuePerRecipient: 2.1, bounceRate: 0.8, unsubscribeRate: 0.31, spamComplaintRate: 0.01 }),
    figures("lead_nurture", { openRate: 44.5, clickRate: 3.8, revenuePerRecipient: 2.35, unsubscribeRate: 0.22 }),
    figures("abandoned_cart", { openRate: 45.3, clickRate: 4.1, ctr: 9.1, revenuePerRecipient: 1.45, bounceRate: 0.6, unsubscribeRate: 0.28, spamComplaintRate: 0.02 }),
    figures("upsell", {}),
    figures("sunset", {}),
  ],
  flows: [
    ONBOARDING_FLOW,
    flow("lead_nurture", [touchpoint("Email", 0), touchpoint("SMS", DAY), touchpoint("Email", 3 * DAY), touchpoint("Email", 7 * DAY), touchpoint("Email", 14 * DAY)]),
    // Written by the model at 4 hours, and the owner deleted the SMS reminder since.
    flow(
      "abandoned_cart",
      [
        touchpoint("Email", 4 * HOUR, "Did you forget something?"),
        touchpoint("Email", DAY, "Still thinking it over?"),
        touchpoint("Email", 3 * DAY, "A little something to help you decide"),
      ],
      2,
    ),
  ],
};
