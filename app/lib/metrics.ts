import { type PerformanceIndicator } from "~/lib/flow-types";

/**
 * A user's own email metrics per flow type. Percentages and dollar amounts are stored as whole
 * numbers ×100 (52.04% → 5204, $2.65 → 265) so that no float rounding creeps into the database
 * (spec §3, §9). Shared by client and server.
 */

export const METRIC_KEYS = [
  "openRate",
  "clickRate",
  "ctr",
  "revenuePerRecipient",
  "bounceRate",
  "unsubscribeRate",
  "spamComplaintRate",
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** One value per metric, in display units (percent or dollars); null means "not entered". */
export type MetricValues = Record<MetricKey, number | null>;

export interface MetricDefinition {
  key: MetricKey;
  indicator: PerformanceIndicator;
  unit: "percent" | "dollars";
  /** Open, click, CTR and revenue: higher is better; bounce, unsubscribe, spam: lower is better. */
  higherIsBetter: boolean;
  /** Input limits from spec §5. */
  max: number;
  step: number;
}

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  { key: "openRate", indicator: "Open Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: 0.001 },
  { key: "clickRate", indicator: "Click Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: 0.001 },
  { key: "ctr", indicator: "Click Through Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: 0.001 },
  { key: "revenuePerRecipient", indicator: "Revenue Per Recipient (Email)", unit: "dollars", higherIsBetter: true, max: 999999, step: 0.01 },
  { key: "bounceRate", indicator: "Bounce Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: 0.001 },
  { key: "unsubscribeRate", indicator: "Unsubscribe Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: 0.001 },
  { key: "spamComplaintRate", indicator: "Spam Complaint Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: 0.001 },
];

export function emptyMetricValues(): MetricValues {
  return {
    openRate: null,
    clickRate: null,
    ctr: null,
    revenuePerRecipient: null,
    bounceRate: null,
    unsubscribeRate: null,
    spamComplaintRate: null,
  };
}

/**
 * Display value → stored integer: Math.round(value × 100), half away from zero for the positive
 * values metrics take. The product is first cut to 12 significant digits because binary floats
 * land just below the half (12.345 × 100 = 1234.4999999999998), and the user typed 12.345, so
 * it must store 1235. Null, undefined and non-finite numbers store null.
 */
export function toStoredMetric(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const scaled = Number((value * 100).toPrecision(12));
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  // Math.sign(-0.001 × 100 rounded) gives -0; the database should never see a negative zero.
  return rounded === 0 ? 0 : rounded;
}

/** Stored integer → display value (5204 → 52.04); null stays null. */
export function fromStoredMetric(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value / 100;
}

/** An input field's text → a number, or null when empty or not numeric (spec §5). */
export function parseMetricInput(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
