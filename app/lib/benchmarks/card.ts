import { BENCHMARK_CARD_FLOW_ORDER, FLOW_TYPE_INFO, type FlowType } from "~/lib/flow-types";
import { emptyMetricValues, METRIC_DEFINITIONS, type MetricKey, type MetricValues } from "~/lib/metrics";

import { choosePeerRow, type PeerKey, type PeerRow } from "./peer-groups";

/**
 * The Email Benchmark card as data (pure): five flows in the card's order, seven rows each, with
 * the user's figure and the median of their peer group. Scores are not stored here: the card
 * computes them with `scoreFor`, so they follow what the user types.
 */

/** Why each flow matters, shown at the top of its section. */
export const FLOW_DESCRIPTIONS: Readonly<Record<FlowType, string>> = {
  lead_nurture:
    "Most new subscribers are not ready to buy on day one. A lead nurture flow keeps you in front of them with proof, answers and offers until they are, turning sign-ups into first customers.",
  onboarding:
    "The first days after a purchase or sign-up decide whether people stick. An onboarding flow gets new customers to their first win quickly, which lowers early churn and sets up the next sale.",
  abandoned_cart:
    "Shoppers who left items in their cart were minutes from buying. An abandoned cart flow is usually the highest-earning automation per recipient: a timely reminder brings a large share back.",
  upsell:
    "Customers who just bought from you are the most likely to buy again. An upsell flow suggests the right next product or upgrade while their satisfaction is fresh, raising revenue per customer.",
  sunset:
    "Sending to people who never open hurts your deliverability. A sunset flow gives disengaged subscribers a last chance to re-engage, then removes them, so your emails keep reaching the inbox.",
};

/** A median as the card shows it: the figure, the text of its source, the peer group it is for. */
export interface CardMedian {
  text: string;
  source: string;
  groupLabel: string;
}

export interface CardRow {
  key: MetricKey;
  /** The figure the user typed (null: none, Klaviyo's counts when there is one). */
  value: number | null;
  /** Klaviyo's figure, imported from the user's own flows (null: none). */
  imported: number | null;
  median: CardMedian | null;
}

export interface CardFlow {
  flowType: FlowType;
  label: string;
  premium: boolean;
  description: string;
  rows: CardRow[];
  /** Where the imported figures come from ("From Klaviyo · last 90 days · 3 flows · updated 2 hours ago"), or null. */
  source: string | null;
}

/** A median as it is sent: its figure, its source as an index into `BenchmarkCardData.sources`, its peer group. */
export type SentMedian = readonly [text: string, source: number, groupLabel: string];

/**
 * The card as the loader sends it: only what differs from user to user. The labels, descriptions
 * and metric order are the client's own constants, and each source text (a long sentence that
 * many rows share) is sent once, in `sources`, and referred to by its index. `expandBenchmarkCard`
 * turns it back into the card's flows.
 */
export interface BenchmarkCardData {
  flows: Array<{
    flowType: FlowType;
    values: Array<number | null>;
    medians: Array<SentMedian | null>;
    /** Klaviyo's figures, in the rows' order; absent when nothing was imported for the flow. */
    imported?: Array<number | null>;
    /** Where they come from. */
    importSource?: string;
  }>;
  sources: string[];
}

/** What was imported from Klaviyo for the card: the figures per flow type and the line saying where they come from. */
export interface CardImport {
  figures: ReadonlyArray<{ flowType: FlowType; values: MetricValues }>;
  sources: Partial<Record<FlowType, string>>;
}

export function buildBenchmarkCard({
  benchmarks,
  metrics,
  peer,
  imported,
}: {
  benchmarks: readonly PeerRow[];
  metrics: ReadonlyArray<{ flowType: FlowType } & MetricValues>;
  peer: Partial<PeerKey> | null;
  imported?: CardImport;
}): BenchmarkCardData {
  const sources: string[] = [];
  const sourceIndex = new Map<string, number>();
  const indexOf = (source: string) => {
    let index = sourceIndex.get(source);
    if (index === undefined) {
      index = sources.push(source) - 1;
      sourceIndex.set(source, index);
    }
    return index;
  };
  const flows = BENCHMARK_CARD_FLOW_ORDER.map((flowType) => {
    const info = FLOW_TYPE_INFO[flowType];
    const saved = metrics.find((record) => record.flowType === flowType) ?? { flowType, ...emptyMetricValues() };
    const theirs = imported?.figures.find((entry) => entry.flowType === flowType);
    const source = imported?.sources[flowType];
    return {
      flowType,
      values: METRIC_DEFINITIONS.map((definition) => saved[definition.key]),
      ...(theirs && source ? { imported: METRIC_DEFINITIONS.map((definition) => theirs.values[definition.key]), importSource: source } : {}),
      medians: METRIC_DEFINITIONS.map((definition): SentMedian | null => {
        const choice = choosePeerRow(benchmarks, { benchmarkType: info.benchmarkType, performanceIndicator: definition.indicator }, peer);
        return choice ? [choice.row.industryMedian, indexOf(choice.row.source), choice.groupLabel] : null;
      }),
    };
  });
  return { flows, sources };
}

/** The card's flows from what the loader sent (pure; the server renders from it and the browser hydrates from it). */
export function expandBenchmarkCard({ flows, sources }: BenchmarkCardData): CardFlow[] {
  return flows.map(({ flowType, values, medians, imported, importSource }) => {
    const info = FLOW_TYPE_INFO[flowType];
    return {
      flowType,
      label: info.label,
      premium: info.premium,
      description: FLOW_DESCRIPTIONS[flowType],
      source: importSource ?? null,
      rows: METRIC_DEFINITIONS.map((definition, index) => {
        const median = medians[index];
        return {
          key: definition.key,
          value: values[index] ?? null,
          imported: imported?.[index] ?? null,
          median: median ? { text: median[0], source: sources[median[1]] ?? "", groupLabel: median[2] } : null,
        };
      }),
    };
  });
}
