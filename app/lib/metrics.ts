import { type PerformanceIndicator } from "~/lib/flow-types";

/**
 * A user's own email metrics per flow type. Percentages and dollar amounts are stored as whole
 * numbers ×100 (52.04% → 5204, $2.65 → 265) so that no float rounding creeps into the database
 * Shared by client and server.
 */

export const METRIC_KEYS = ["openRate", "clickRate", "ctr", "revenuePerRecipient", "bounceRate", "unsubscribeRate", "spamComplaintRate"] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** One value per metric, in display units (percent or dollars); null means "not entered". */
export type MetricValues = Record<MetricKey, number | null>;

export interface MetricDefinition {
  key: MetricKey;
  indicator: PerformanceIndicator;
  /** The row label on the card ('Open Rate'). */
  label: string;
  unit: "percent" | "dollars";
  /** Open, click, CTR and revenue: higher is better; bounce, unsubscribe, spam: lower is better. */
  higherIsBetter: boolean;
  /** The input's limits (min 0, max in display units). */
  max: number;
  step: number;
}

/**
 * Figures are stored in hundredths (52.04% → 5204): the fields take that precision and no finer,
 * and the comparison reads the stored figure, so all three agree.
 */
export const METRIC_DECIMALS = 2;
const FIGURE_STEP = 1 / 10 ** METRIC_DECIMALS;

/** Each metric's definition: a metric key without one does not compile. */
const DEFINITIONS: Readonly<Record<MetricKey, Omit<MetricDefinition, "key">>> = {
  openRate: { label: "Open Rate", indicator: "Open Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: FIGURE_STEP },
  clickRate: { label: "Click Rate", indicator: "Click Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: FIGURE_STEP },
  ctr: { label: "Click Through Rate", indicator: "Click Through Rate (Email)", unit: "percent", higherIsBetter: true, max: 100, step: FIGURE_STEP },
  revenuePerRecipient: {
    label: "Revenue Per Recipient",
    indicator: "Revenue Per Recipient (Email)",
    unit: "dollars",
    higherIsBetter: true,
    max: 999999,
    step: FIGURE_STEP,
  },
  bounceRate: { label: "Bounce Rate", indicator: "Bounce Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: FIGURE_STEP },
  unsubscribeRate: { label: "Unsubscribe Rate", indicator: "Unsubscribe Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: FIGURE_STEP },
  spamComplaintRate: { label: "Spam Complaint Rate", indicator: "Spam Complaint Rate (Email)", unit: "percent", higherIsBetter: false, max: 100, step: FIGURE_STEP },
};

/** The metrics in the card's row order (METRIC_KEYS' order). */
export const METRIC_DEFINITIONS: readonly MetricDefinition[] = METRIC_KEYS.map((key) => ({ key, ...DEFINITIONS[key] }));

/** Every metric, not entered. */
export function emptyMetricValues(): MetricValues {
  return Object.fromEntries(METRIC_KEYS.map((key) => [key, null])) as MetricValues;
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

/** An input field's text → a number, or null when empty or not numeric. */
export function parseMetricInput(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  // Plain decimal notation only: Number() would also read '0x10' or 'Infinity'.
  if (!DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const DEFINITION_BY_KEY = Object.fromEntries(METRIC_DEFINITIONS.map((definition) => [definition.key, definition])) as Record<MetricKey, MetricDefinition>;

export function metricDefinition(key: MetricKey): MetricDefinition {
  return DEFINITION_BY_KEY[key];
}

export function isMetricKey(value: unknown): value is MetricKey {
  return typeof value === "string" && (METRIC_KEYS as readonly string[]).includes(value);
}

/** The largest stored integer a metric accepts (100% → 10000, $999,999 → 99999900). */
export function storedMax(definition: Pick<MetricDefinition, "max">): number {
  return definition.max * 100;
}

/** The message for a figure outside a metric's range, in display units (min 0). */
export function metricRangeMessage(definition: Pick<MetricDefinition, "label" | "unit" | "max">) {
  return definition.unit === "dollars"
    ? `${definition.label} must be an amount from 0 to ${definition.max.toLocaleString("en-US")}.`
    : `${definition.label} must be a percentage from 0 to ${definition.max}.`;
}

/**
 * A figure typed on the card (display units), checked against the input's rules. Empty or
 * non-numeric text is null; a number outside min 0 … max is an error message.
 */
export function readMetricInput(
  definition: Pick<MetricDefinition, "label" | "unit" | "max">,
  text: string | null | undefined,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const value = parseMetricInput(text);
  if (value === null) return { ok: true, value: null };
  if (value < 0 || value > definition.max) return { ok: false, message: metricRangeMessage(definition) };
  return { ok: true, value };
}

/** A typed figure as it is kept: rounded to the stored hundredths (null stays null). */
export function keptFigure(value: number | null): number | null {
  const stored = toStoredMetric(value);
  return stored === null ? null : stored / 100;
}

/**
 * What to tell a user whose typed figure is finer than the stored hundredths: 'Kept as 0.01%:
 * figures are stored to 2 decimals.' Null when the figure is kept exactly as typed.
 */
export function roundedFigureNote(definition: Pick<MetricDefinition, "unit">, value: number | null): string | null {
  const kept = keptFigure(value);
  if (value === null || kept === null || Math.abs(kept - value) < 1e-9) return null;
  const text = definition.unit === "dollars" ? `$${kept.toFixed(METRIC_DECIMALS)}` : `${kept.toFixed(METRIC_DECIMALS)}%`;
  return `Kept as ${text}: figures are stored to ${METRIC_DECIMALS} decimals.`;
}
