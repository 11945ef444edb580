import type { FlowType } from "~/lib/flow-types";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";
import type { MetricKey } from "~/lib/metrics";

/**
 * The scorecard's method in numbers: every weight and threshold the score and the
 * recommendations use, in one place. docs/scorecard.md explains each one in plain words (and
 * the card's "How this score is made" reads these same constants), so a change here is a
 * change to the method.
 */

/**
 * What each figure is worth in a flow's score (they add up to 100). Revenue per recipient is
 * the outcome; clicks are the clearest sign of interest that privacy features cannot fake;
 * opens are inflated by Apple Mail Privacy Protection, which "opens" every message it
 * preloads, so they count least. List health (unsubscribes, spam complaints, bounces) keeps
 * the flow deliverable.
 */
export const METRIC_WEIGHTS: Readonly<Record<MetricKey, number>> = {
  revenuePerRecipient: 35,
  clickRate: 25,
  ctr: 10,
  unsubscribeRate: 10,
  spamComplaintRate: 10,
  openRate: 5,
  bounceRate: 5,
};

/**
 * Each flow's share of the overall score (they add up to 100): its typical share of the
 * revenue automated flows bring in. Omnisend reports that abandoned cart and welcome emails
 * together bring about three quarters of automation revenue; Klaviyo's 2024 benchmarks put
 * abandoned cart first per recipient ($3.65), welcome second ($2.65) and post-purchase far
 * behind ($0.41). Sunset flows protect deliverability more than they sell.
 */
export const FLOW_WEIGHTS: Readonly<Record<FlowType, number>> = {
  abandoned_cart: 40,
  onboarding: 30,
  upsell: 14,
  lead_nurture: 10,
  sunset: 6,
};

/** The figures that show whether a flow earns: a flow needs one of them to be scored. */
export const OUTCOME_METRICS: readonly MetricKey[] = ["revenuePerRecipient", "clickRate"];

/** A flow is scored once it has this many figures with a median to compare with (one an outcome). */
export const MIN_FIGURES_PER_FLOW = 3;

/** The overall score needs this many scored flows. */
export const MIN_SCORED_FLOWS = 2;

/**
 * How fast a figure's score moves away from 50 (the median). With 2, a figure twice as good as
 * the median scores 80 and one half as good scores 20; four times as good, 94; a quarter, 6.
 */
export const SCORE_STEEPNESS = 2;

/** Score bands, as the card names them (from the lower bound up). */
export const SCORE_BANDS: ReadonlyArray<{ min: number; label: string }> = [
  { min: 80, label: "Well ahead of your peers" },
  { min: 60, label: "Ahead of your peers" },
  { min: 40, label: "On par with your peers" },
  { min: 0, label: "Behind your peers" },
];

export function scoreBand(score: number) {
  return SCORE_BANDS.find((band) => score >= band.min)?.label ?? SCORE_BANDS[SCORE_BANDS.length - 1]!.label;
}

/** Recommendations shown: at most this many, the most valuable first. */
export const MAX_RECOMMENDATIONS = 5;

/** The thresholds of the recommendation rules. */
export const RULES = {
  /** Revenue per recipient this far below the median (relative) is a finding. */
  revenueGap: 0.05,
  /** Click rate this far below the median (relative) is a finding. */
  clickGap: 0.15,
  /** Open rate this far below the median (relative) is a finding. */
  openGap: 0.2,
  /** Unsubscribe rate this many times the median is a finding. */
  unsubscribeRatio: 1.5,
  /** Spam complaints this many times the median, or at Gmail's warning level, are a finding. */
  spamRatio: 2,
  /** Gmail's sender guidelines: stay below 0.10% spam complaints... */
  spamWarningPercent: 0.1,
  /** ...and never reach 0.30%, where mail starts to be rejected. */
  spamCriticalPercent: 0.3,
  /** Bounces this many times the median are a finding. */
  bounceRatio: 2,
  /** Most stores send the first abandoned cart reminder within this many minutes (SaleCycle). */
  cartFirstMessageMinutes: MINUTES_PER_HOUR,
  /** This many emails... */
  crowdedEmails: 4,
  /** ...within this many minutes are "too close" when people also unsubscribe more than peers. */
  crowdedWithinMinutes: 5 * MINUTES_PER_DAY,
  /** A gap this far (relative) from the median is "high" severity... */
  highGap: 0.5,
  /** ...and this far "medium"; closer is "low". */
  mediumGap: 0.2,
  /** Revenue at stake from this many dollars per 1,000 recipients is "high" severity. */
  highImpactDollars: 1000,
} as const;
