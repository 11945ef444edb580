import { METRIC_DEFINITIONS, type MetricDefinition, type MetricKey } from "~/lib/metrics";

/**
 * The benchmark card's comparison with the median (its score column), one pure function shared by the
 * server render and the browser: the user's figure minus the median, signed, one decimal of
 * percent (two decimals of dollars for revenue), plus the relative difference in brackets for
 * rates. Higher is better for open, click, CTR and revenue; lower for bounce, unsubscribe, spam.
 */

export const NO_SCORE = "--";

export type Verdict = "better" | "worse" | "even";

export type Score =
  | { kind: "none"; text: typeof NO_SCORE }
  | {
      kind: "score";
      /** The whole score text, e.g. '+2.3% (+4.4%)' or '-$0.15'. */
      text: string;
      /** The difference alone, e.g. '+2.3%'. */
      difference: string;
      /** The relative difference alone, e.g. '+4.4%'; null for revenue or a zero median. */
      relative: string | null;
      verdict: Verdict;
    };

/**
 * A benchmark's display text ('52.04%', '$2.65', '1,234.50') stripped to its number; null when
 * it is missing, 'N/A' or anything that is not one plain number once the currency sign, percent
 * sign, thousands commas and spaces are taken out.
 */
export function benchmarkNumber(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const stripped = text.replace(/[\s$%,]/g, "");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(stripped)) return null;
  const value = Number(stripped);
  return Number.isFinite(value) ? value : null;
}

function isPresent(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** '+' or '-' (a true minus for nothing: the ASCII hyphen reads the same in every font and in tests). */
function signOf(value: number) {
  return value > 0 ? "+" : value < 0 ? "-" : "";
}

/**
 * |value| to `decimals` places, halves rounded up. Cut to 12 significant digits first: binary
 * floats put 0.25 - 0.1 at 0.1499999…, and the user's figures are exact decimals.
 */
function roundedMagnitude(value: number, decimals: number) {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  return (Math.round(scaled) / factor).toFixed(decimals);
}

function formatSigned(value: number, decimals: number, unit: MetricDefinition["unit"]) {
  const magnitude = roundedMagnitude(value, decimals);
  // A difference that rounds to zero at display precision shows without a sign.
  const sign = Number(magnitude) === 0 ? "" : signOf(value);
  return unit === "dollars" ? `${sign}$${magnitude}` : `${sign}${magnitude}%`;
}

/** Differences smaller than this are float noise (values carry at most 3 decimals). */
const EPSILON = 1e-9;

export function scoreFor(definition: Pick<MetricDefinition, "unit" | "higherIsBetter">, userValue: number | null | undefined, benchmarkText: string | null | undefined): Score {
  const benchmark = benchmarkNumber(benchmarkText);
  if (!isPresent(userValue) || benchmark === null) return { kind: "none", text: NO_SCORE };
  const raw = userValue - benchmark;
  const difference = Math.abs(raw) < EPSILON ? 0 : raw;
  const decimals = definition.unit === "dollars" ? 2 : 1;
  const differenceText = formatSigned(difference, decimals, definition.unit);
  const relative = definition.unit === "percent" && benchmark !== 0 ? formatSigned((difference / benchmark) * 100, 1, "percent") : null;
  const verdict: Verdict = difference === 0 ? "even" : difference > 0 === definition.higherIsBetter ? "better" : "worse";
  return {
    kind: "score",
    text: relative === null ? differenceText : `${differenceText} (${relative})`,
    difference: differenceText,
    relative,
    verdict,
  };
}

export function scoreForMetric(key: MetricKey, userValue: number | null | undefined, benchmarkText: string | null | undefined): Score {
  const definition = METRIC_DEFINITIONS.find((item) => item.key === key);
  if (!definition) throw new Error(`Unknown metric ${key}`);
  return scoreFor(definition, userValue, benchmarkText);
}

/** What a screen reader hears beside the score (colour is never the only signal). */
export function verdictLabel(verdict: Verdict) {
  switch (verdict) {
    case "better":
      return "better than the median";
    case "worse":
      return "worse than the median";
    case "even":
      return "level with the median";
  }
}

/**
 * A figure in display units, the one format of the card's figures and medians: '52.04%',
 * '10.20%', '0.012%' (two decimals, three when the figure has them), '$2.65'.
 */
export function formatMetricValue(unit: MetricDefinition["unit"], value: number) {
  // Figures are never negative (the inputs' minimum is 0).
  if (unit === "dollars") return `$${roundedMagnitude(value, 2)}`;
  // Whole thousandths, counted on the decimal the user typed (10.2 × 1000 is 10199.999… in binary).
  const thousandths = Math.round(Number((value * 1000).toPrecision(12)));
  return `${(thousandths / 1000).toFixed(thousandths % 10 === 0 ? 2 : 3)}%`;
}

/** A median's text as the card shows it: its figure in the one format, or the text itself when it has no figure ('N/A'). */
export function formatMedianText(unit: MetricDefinition["unit"], text: string) {
  const value = benchmarkNumber(text);
  return value === null ? text.trim() || "N/A" : formatMetricValue(unit, value);
}

/**
 * A metric's two bars (the user's figure and the median) as percentages of the bar's room: each
 * metric on its own scale, since percentages and dollars do not share one, so the longer bar
 * fills the room. A bar never shrinks below 2% (a zero still shows), widths keep one decimal
 * (finer than a pixel). No bars without the user's figure; no median bar without a median.
 */
export function comparisonBars(userValue: number | null | undefined, benchmarkText: string | null | undefined): { you: number; median: number | null } | null {
  if (userValue === null || userValue === undefined || !Number.isFinite(userValue)) return null;
  const median = benchmarkNumber(benchmarkText);
  const scale = Math.max(userValue, median ?? 0) || 1;
  const width = (value: number) => Math.max(2, Math.round((value / scale) * 1000) / 10);
  return { you: width(userValue), median: median === null ? null : width(median) };
}
