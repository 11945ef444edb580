import { FLOW_TYPES, flowTypeLabel, type FlowType } from "~/lib/flow-types";
import { emptyMetricValues, METRIC_DEFINITIONS, METRIC_KEYS, metricDefinition, type MetricKey, type MetricValues } from "~/lib/metrics";

import { FLOW_WEIGHTS, METRIC_WEIGHTS, MIN_FIGURES_PER_FLOW, MIN_SCORED_FLOWS, OUTCOME_METRICS, SCORE_STEEPNESS } from "./method";

/**
 * The scorecard's score (pure): each of the user's figures against the median of their peer
 * group, 0 to 100 with 50 at the median, weighted into a score per flow and one overall. No
 * score is guessed: a flow needs enough figures, the overall score enough scored flows, and
 * `missing` says which figures to enter. docs/scorecard.md describes the method.
 */

/** A peer median, as a number, and the group it belongs to ('All industries', 'Fitness · eCommerce'). */
export interface PeerMedian {
  value: number;
  groupLabel: string;
}

/** One flow's figures (display units, null when not entered) and its medians (null when none is usable). */
export interface FlowFigures {
  flowType: FlowType;
  values: MetricValues;
  medians: Readonly<Record<MetricKey, PeerMedian | null>>;
}

export interface MetricScore {
  metric: MetricKey;
  value: number | null;
  median: number | null;
  peerGroup: string | null;
  higherIsBetter: boolean;
  weight: number;
  /** 0–100, 50 at the median; null without a figure or a usable median. */
  score: number | null;
}

export interface FlowScore {
  flowType: FlowType;
  /** 0–100; null until the flow has enough figures. */
  score: number | null;
  metrics: MetricScore[];
}

export interface MissingFigure {
  flowType: FlowType;
  metric: MetricKey;
  /** 'Abandoned Cart revenue per recipient' */
  label: string;
}

export interface ScoreResult {
  /** 0–100; null until enough flows are scored. */
  score: number | null;
  flows: FlowScore[];
  missing: MissingFigure[];
}

function usableMedian(median: PeerMedian | null | undefined): median is PeerMedian {
  // A zero median cannot say how far from it a figure is: the metric is left out.
  return !!median && Number.isFinite(median.value) && median.value > 0;
}

function isFigure(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

/**
 * One figure against its median: 100 / (1 + r²), where r is median ÷ figure for
 * higher-is-better metrics and figure ÷ median for lower-is-better ones. 50 at the median,
 * towards 100 as the figure gets better, towards 0 as it gets worse. Each step is monotonic in
 * floating point too, so a better figure never scores lower.
 */
export function metricScore(key: MetricKey, value: number | null | undefined, median: number | null | undefined): number | null {
  if (!isFigure(value) || typeof median !== "number" || !(median > 0) || !Number.isFinite(median)) return null;
  const ratio = metricDefinition(key).higherIsBetter ? median / value : value / median;
  return 100 / (1 + ratio ** SCORE_STEEPNESS);
}

interface FlowEvaluation {
  flowType: FlowType;
  /** Unrounded, for the overall score. */
  exact: number | null;
  metrics: MetricScore[];
  /** Figures with a usable median. */
  compared: MetricKey[];
  /** Metrics that have a usable median but no figure. */
  enterable: MetricKey[];
}

function evaluateFlow(flow: FlowFigures): FlowEvaluation {
  const metrics: MetricScore[] = [];
  const compared: MetricKey[] = [];
  const enterable: MetricKey[] = [];
  let weighted = 0;
  let weights = 0;
  for (const definition of METRIC_DEFINITIONS) {
    const key = definition.key;
    const value = isFigure(flow.values[key]) ? flow.values[key] : null;
    const median = usableMedian(flow.medians[key]) ? flow.medians[key] : null;
    const exact = median ? metricScore(key, value, median.value) : null;
    metrics.push({
      metric: key,
      value,
      median: median?.value ?? null,
      peerGroup: median?.groupLabel ?? null,
      higherIsBetter: definition.higherIsBetter,
      weight: METRIC_WEIGHTS[key],
      score: exact === null ? null : Math.round(exact),
    });
    if (exact !== null) {
      compared.push(key);
      weighted += METRIC_WEIGHTS[key] * exact;
      weights += METRIC_WEIGHTS[key];
    } else if (median) enterable.push(key);
  }
  const enough = compared.length >= MIN_FIGURES_PER_FLOW && compared.some((key) => OUTCOME_METRICS.includes(key));
  return { flowType: flow.flowType, exact: enough && weights > 0 ? weighted / weights : null, metrics, compared, enterable };
}

const byWeight = (a: MetricKey, b: MetricKey) => METRIC_WEIGHTS[b] - METRIC_WEIGHTS[a];

/** The fewest figures that would let a flow be scored, the most telling first; [] when it cannot be. */
function figuresToScore(evaluation: FlowEvaluation): MetricKey[] {
  const needed: MetricKey[] = [];
  const enterable = [...evaluation.enterable].sort(byWeight);
  if (!evaluation.compared.some((key) => OUTCOME_METRICS.includes(key))) {
    const outcome = enterable.find((key) => OUTCOME_METRICS.includes(key));
    if (!outcome) return [];
    needed.push(outcome);
  }
  for (const key of enterable) {
    if (evaluation.compared.length + needed.length >= MIN_FIGURES_PER_FLOW) break;
    if (!needed.includes(key)) needed.push(key);
  }
  return evaluation.compared.length + needed.length >= MIN_FIGURES_PER_FLOW ? needed : [];
}

/** 'Abandoned Cart revenue per recipient' */
export function figureLabel(flowType: FlowType, metric: MetricKey) {
  return `${flowTypeLabel(flowType)} ${metricDefinition(metric).label.toLowerCase()}`;
}

/** Flow types by their weight in the overall score, heaviest first (ties in the app's order). */
export const FLOWS_BY_WEIGHT: readonly FlowType[] = [...FLOW_TYPES].sort((a, b) => FLOW_WEIGHTS[b] - FLOW_WEIGHTS[a]);

/**
 * The score of every flow and the overall score. `activeFlowTypes` are the flows the user runs
 * (a flow in Flowmap): their missing figures are listed first, since those are the flows the
 * user can measure.
 */
export function scoreFigures(flows: readonly FlowFigures[], { activeFlowTypes = [] }: { activeFlowTypes?: readonly FlowType[] } = {}): ScoreResult {
  const evaluations = FLOW_TYPES.map((flowType) => {
    const flow = flows.find((item) => item.flowType === flowType);
    return evaluateFlow(flow ?? { flowType, values: emptyMetricValues(), medians: noMedians() });
  });
  const scored = evaluations.filter((evaluation) => evaluation.exact !== null);
  let overall: number | null = null;
  if (scored.length >= MIN_SCORED_FLOWS) {
    let weighted = 0;
    let weights = 0;
    for (const evaluation of scored) {
      weighted += FLOW_WEIGHTS[evaluation.flowType] * evaluation.exact!;
      weights += FLOW_WEIGHTS[evaluation.flowType];
    }
    overall = weighted / weights;
  }

  // Which figures to enter: first for the flows the user has started (a figure entered or a
  // flow in Flowmap); then, while the overall score still lacks flows, the heaviest others.
  const missing: MissingFigure[] = [];
  const ordered = FLOWS_BY_WEIGHT.map((flowType) => evaluations.find((evaluation) => evaluation.flowType === flowType)!);
  const started = (evaluation: FlowEvaluation) => evaluation.compared.length > 0 || activeFlowTypes.includes(evaluation.flowType);
  let coming = scored.length;
  for (const evaluation of ordered) {
    if (evaluation.exact !== null || !started(evaluation)) continue;
    const needed = figuresToScore(evaluation);
    if (needed.length === 0) continue;
    coming++;
    for (const metric of needed) missing.push({ flowType: evaluation.flowType, metric, label: figureLabel(evaluation.flowType, metric) });
  }
  for (const evaluation of ordered) {
    if (coming >= MIN_SCORED_FLOWS) break;
    if (evaluation.exact !== null || started(evaluation)) continue;
    const needed = figuresToScore(evaluation);
    if (needed.length === 0) continue;
    coming++;
    for (const metric of needed) missing.push({ flowType: evaluation.flowType, metric, label: figureLabel(evaluation.flowType, metric) });
  }

  return {
    score: overall === null ? null : Math.round(overall),
    flows: evaluations.map((evaluation) => ({
      flowType: evaluation.flowType,
      score: evaluation.exact === null ? null : Math.round(evaluation.exact),
      metrics: evaluation.metrics,
    })),
    missing,
  };
}

/** The figures of a flow that count towards its score: entered and with a usable median. */
export function comparedFigureCount(flow: Pick<FlowScore, "metrics"> | null | undefined): number {
  return flow?.metrics.filter((metric) => metric.score !== null).length ?? 0;
}

export function noMedians(): Record<MetricKey, PeerMedian | null> {
  return Object.fromEntries(METRIC_KEYS.map((key) => [key, null])) as Record<MetricKey, PeerMedian | null>;
}
