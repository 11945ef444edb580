import { z } from "zod";

import { FLOW_TYPES } from "~/lib/flow-types";
import { METRIC_DEFINITIONS, type MetricDefinition, type MetricKey, storedMax } from "~/lib/metrics";

/**
 * `POST /api/user-metrics`: a flow type and the seven figures as integers × 100, each
 * a whole number from 0 to its maximum × 100, or null to clear it. A figure left out keeps its
 * saved value, so one field can be saved alone (the card's debounced save does that).
 */
export const UNKNOWN_FLOW_TYPE = `Choose one of the flow types: ${FLOW_TYPES.join(", ")}.`;

function storedFigureMessage(definition: MetricDefinition) {
  const unit = definition.unit === "dollars" ? "dollars" : "percent";
  return `${definition.key} must be a whole number from 0 to ${storedMax(definition)} (${unit} × 100), or null.`;
}

function storedFigure(definition: MetricDefinition) {
  const message = storedFigureMessage(definition);
  return z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(storedMax(definition), { error: message }).nullable().optional();
}

const figures = Object.fromEntries(METRIC_DEFINITIONS.map((definition) => [definition.key, storedFigure(definition)])) as Record<MetricKey, ReturnType<typeof storedFigure>>;

export const userMetricsInputSchema = z.object({
  flowType: z.enum(FLOW_TYPES, { error: UNKNOWN_FLOW_TYPE }),
  ...figures,
});

export type UserMetricsInput = z.infer<typeof userMetricsInputSchema>;
