import { FLOW_TYPES, flowTypeLabel, type FlowType } from "~/lib/flow-types";

/**
 * "What changed since last time" (pure): the scorecard the user saw before against the one they
 * see now, in one short sentence. Null when nothing they would notice changed.
 */

export interface ScorecardGlance {
  score: number | null;
  flows: Readonly<Record<FlowType, number | null>>;
  recommendationIds: readonly string[];
}

function scoreText(score: number | null) {
  return score === null ? "no score" : String(score);
}

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function describeChange(before: ScorecardGlance, after: ScorecardGlance, since: string): string | null {
  const parts: string[] = [];
  if (before.score !== after.score) {
    if (before.score !== null && after.score !== null) {
      const delta = after.score - before.score;
      parts.push(`${delta > 0 ? "up" : "down"} ${plural(Math.abs(delta), "point")} (${before.score} → ${after.score})`);
    } else if (after.score !== null) parts.push(`your first overall score, ${after.score}`);
    else parts.push("no overall score any more");
  }
  const flowScore = (glance: ScorecardGlance, flowType: FlowType) => glance.flows[flowType] ?? null;
  const flows = FLOW_TYPES.filter((flowType) => flowScore(before, flowType) !== flowScore(after, flowType)).map(
    (flowType) => `${flowTypeLabel(flowType)} ${scoreText(flowScore(before, flowType))} → ${scoreText(flowScore(after, flowType))}`,
  );
  if (flows.length > 0) parts.push(flows.join(", "));
  const gone = before.recommendationIds.filter((id) => !after.recommendationIds.includes(id)).length;
  const added = after.recommendationIds.filter((id) => !before.recommendationIds.includes(id)).length;
  if (gone > 0) parts.push(`${plural(gone, "recommendation")} off your list${added > 0 ? `, ${added} new` : ""}`);
  else if (added > 0) parts.push(plural(added, "new recommendation"));
  return parts.length === 0 ? null : `Since ${since}: ${parts.join("; ")}.`;
}
