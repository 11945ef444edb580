import type { FlowType } from "~/lib/flow-types";

import { recommend, type FlowFacts, type Recommendation } from "./recommendations";
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
}

export interface Scorecard {
  score: number | null;
  flows: FlowScore[];
  recommendations: Recommendation[];
  missing: MissingFigure[];
}

export function buildScorecard(input: ScorecardInput): Scorecard {
  const activeFlowTypes: FlowType[] = input.flows.map((flow) => flow.flowType);
  const scores = scoreFigures(input.figures, { activeFlowTypes });
  return {
    score: scores.score,
    flows: scores.flows,
    recommendations: recommend({ figures: input.figures, scores, flows: input.flows, usesSms: input.usesSms }),
    missing: scores.missing,
  };
}
