import { flowHref } from "~/lib/flows/flow-url";
import { aFlowOfType, type FlowType } from "~/lib/flow-types";
import { METRIC_KEYS, metricDefinition, type MetricKey } from "~/lib/metrics";

import { comparedWithMedian, dollarsText, figureText, moneyText, peerPhrase } from "./format";
import { FLOW_WEIGHTS, METRIC_WEIGHTS } from "./method";
import type { FlowFigures } from "./scoring";

/**
 * What the scorecard adds for a connected Klaviyo account (pure): the flow types the account
 * lacks, first, each with what peers earn from one; and, for the flows in Flowmap whose figures
 * trail their peers, a regeneration note worked out from the figures that trail.
 */

/** A flow type none of the account's Klaviyo flows counts for. */
export interface KlaviyoGap {
  flowType: FlowType;
  /** The peer group's median revenue per recipient for this flow type; null when there is none. */
  peerRevenuePerRecipient: number | null;
  peerGroup: string | null;
  /** What is at stake, in words. */
  stake: string;
  /** The user already has this flow in Flowmap: the button sends it rather than generating one. */
  hasFlow: boolean;
}

/**
 * The lacking flow types, the most at stake first: those whose peers earn the most per recipient,
 * then those without a median by their share of typical flow revenue (FLOW_WEIGHTS), which also
 * breaks ties.
 */
export function klaviyoGaps({
  lacking,
  figures,
  flowTypesInFlowmap,
}: {
  lacking: readonly FlowType[];
  figures: readonly FlowFigures[];
  flowTypesInFlowmap: readonly FlowType[];
}): KlaviyoGap[] {
  const gaps = [...new Set(lacking)].map((flowType): KlaviyoGap => {
    const median = figures.find((entry) => entry.flowType === flowType)?.medians.revenuePerRecipient ?? null;
    const usable = median && Number.isFinite(median.value) && median.value > 0 ? median : null;
    const stake = usable
      ? `Peers earn a median of ${dollarsText(usable.value)} per recipient from ${aFlowOfType(flowType)} (${peerPhrase(usable.groupLabel)}): about ${moneyText(usable.value * 1000)} for every 1,000 people it reaches.`
      : `No peer median of revenue per recipient for ${aFlowOfType(flowType)} yet; such flows bring about ${FLOW_WEIGHTS[flowType]}% of typical flow revenue.`;
    return { flowType, peerRevenuePerRecipient: usable?.value ?? null, peerGroup: usable?.groupLabel ?? null, stake, hasFlow: flowTypesInFlowmap.includes(flowType) };
  });
  return gaps.sort((a, b) => {
    if ((a.peerRevenuePerRecipient === null) !== (b.peerRevenuePerRecipient === null)) return a.peerRevenuePerRecipient === null ? 1 : -1;
    if (a.peerRevenuePerRecipient !== null && b.peerRevenuePerRecipient !== null && a.peerRevenuePerRecipient !== b.peerRevenuePerRecipient) {
      return b.peerRevenuePerRecipient - a.peerRevenuePerRecipient;
    }
    return FLOW_WEIGHTS[b.flowType] - FLOW_WEIGHTS[a.flowType];
  });
}

/** What to ask of a regeneration when this figure trails its median. */
const ADVICE: Readonly<Record<MetricKey, string>> = {
  revenuePerRecipient: "lead with one clear offer and send people straight to the product or cart they came from",
  clickRate: "make the button clearer and lead with one offer",
  ctr: "put one call to action near the top and cut the links that compete with it",
  openRate: "write shorter, more specific subject lines and preview text",
  unsubscribeRate: "send fewer emails and space them further apart",
  spamComplaintRate: "send fewer emails, remind people why they receive them and make the unsubscribe link easy to find",
  bounceRate: "send the first email only once the address is confirmed",
};

/** At most this many trailing figures go into one note, the weightiest first: a note asks for a few clear changes. */
export const NOTE_MAX_FIGURES = 3;

/** A figure trails when it is worse than its (usable) median: lower where higher is better, higher where lower is. */
export function trails(metric: MetricKey, value: number | null | undefined, median: number | null | undefined): boolean {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return false;
  if (typeof median !== "number" || !Number.isFinite(median) || !(median > 0)) return false;
  return metricDefinition(metric).higherIsBetter ? value < median : value > median;
}

export interface RegenerateSuggestion {
  flowType: FlowType;
  /** The figures the note names, the weightiest first; each one is worse than its median. */
  trailing: MetricKey[];
  /** The feedback note the regenerate dialog opens with. */
  note: string;
  /** The flow screen with its regenerate dialog open and the note filled in. */
  href: string;
}

/** The note for one flow's figures, or null when none of them trails. */
export function suggestedNote(figures: FlowFigures): Omit<RegenerateSuggestion, "href"> | null {
  const trailing = METRIC_KEYS.filter((metric) => trails(metric, figures.values[metric], figures.medians[metric]?.value))
    .sort((a, b) => METRIC_WEIGHTS[b] - METRIC_WEIGHTS[a])
    .slice(0, NOTE_MAX_FIGURES);
  if (trailing.length === 0) return null;
  const sentences = trailing.map((metric) => {
    const value = figures.values[metric]!;
    const median = figures.medians[metric]!;
    const label = metricDefinition(metric).label;
    return `${label} ${figureText(metric, value)} ${comparedWithMedian(metric, value, median.value)} ${peerPhrase(median.groupLabel)}: ${ADVICE[metric]}.`;
  });
  return { flowType: figures.flowType, trailing, note: sentences.join(" ") };
}

/** A suggestion for every flow in Flowmap whose figures trail, the flow that counts most first. */
export function regenerateSuggestions({ figures, flowTypesInFlowmap }: { figures: readonly FlowFigures[]; flowTypesInFlowmap: readonly FlowType[] }): RegenerateSuggestion[] {
  return figures
    .filter((entry) => flowTypesInFlowmap.includes(entry.flowType))
    .map(suggestedNote)
    .filter((item): item is Omit<RegenerateSuggestion, "href"> => item !== null)
    .sort((a, b) => FLOW_WEIGHTS[b.flowType] - FLOW_WEIGHTS[a.flowType])
    .map((item) => ({ ...item, href: flowHref(item.flowType, { dialog: "regenerate", note: item.note }) }));
}
