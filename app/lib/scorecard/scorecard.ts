import type { FlowType } from "~/lib/flow-types";

import { klaviyoGaps, regenerateSuggestions, type KlaviyoGap, type RegenerateSuggestion } from "./klaviyo";
import { MAX_RECOMMENDATIONS } from "./method";
import { allFindings, type FlowFacts, type Recommendation } from "./recommendations";
import { scoreFigures, type FlowFigures, type FlowScore, type MissingFigure } from "./scoring";

/**
 * The whole scorecard from plain data (pure, offline): the score per flow and overall, what to
 * fix first, and which figures to enter. The service reads the user's figures, peer medians and
 * flows and calls this; the dashboard card and GET /api/scorecard show what it returns.
 */

export interface ScorecardInput {
  /** The user's figures and their peer medians, per flow type. */
  figures: readonly FlowFigures[];
  /** The user's flows in Flowmap. */
  flows: readonly FlowFacts[];
  /** The business sends SMS. */
  usesSms: boolean;
  /** The flow types the connected Klaviyo account has no flow for; null without an import. */
  klaviyoLacking?: readonly FlowType[] | null;
}

export interface Scorecard {
  score: number | null;
  flows: FlowScore[];
  recommendations: Recommendation[];
  missing: MissingFigure[];
  /** The flow types the connected Klaviyo account lacks, the most at stake first; null without an import. */
  klaviyoGaps: KlaviyoGap[] | null;
  /** Flows in Flowmap whose figures trail their peers, each with a suggested regeneration note. */
  regenerate: RegenerateSuggestion[];
}

export function buildScorecard(input: ScorecardInput): Scorecard {
  const activeFlowTypes: FlowType[] = input.flows.map((flow) => flow.flowType);
  const scores = scoreFigures(input.figures, { activeFlowTypes });
  const lacking = input.klaviyoLacking ?? null;
  // A flow type the Klaviyo account lacks is listed first, with its own button: no finding repeats it.
  const findings = allFindings({ figures: input.figures, scores, flows: input.flows, usesSms: input.usesSms }).filter(
    (item) => !(lacking?.includes(item.flowType) && item.id === `missing_flow:${item.flowType}`),
  );
  return {
    score: scores.score,
    flows: scores.flows,
    recommendations: findings.slice(0, MAX_RECOMMENDATIONS),
    missing: scores.missing,
    klaviyoGaps: lacking ? klaviyoGaps({ lacking, figures: input.figures, flowTypesInFlowmap: activeFlowTypes }) : null,
    regenerate: regenerateSuggestions({ figures: input.figures, flowTypesInFlowmap: activeFlowTypes }),
  };
}
