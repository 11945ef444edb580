import { METRIC_DEFINITIONS, type MetricKey } from "~/lib/metrics";
import { benchmarkNumber, formatMetricValue } from "~/lib/scoring";

/**
 * A flow's seven figures beside their medians, drawn on the server as SVG (no chart library, no
 * JavaScript needed). Each indicator has its own scale, since percentages and dollars do not
 * share one: the longer of the two bars fills the row. The drawing is hidden from assistive
 * technology: the table beside it holds the same figures, and the caption names the figure.
 */
export interface ChartRow {
  key: MetricKey;
  value: number | null;
  median: string | null;
}

// Narrow on purpose: the label sits above its bars, so the text stays legible on a phone.
const WIDTH = 340;
const VALUE_WIDTH = 66;
const BAR_HEIGHT = 9;
const LABEL_HEIGHT = 16;
const ROW_HEIGHT = 50;
const TOP = 4;
const TRACK = WIDTH - VALUE_WIDTH;
/** Bars are strokes as thick as a bar with round ends: a bar from 0 to `width` is a line inset by half its height. */
const CAP = BAR_HEIGHT / 2;

/** One decimal is finer than a pixel of the chart. */
const round = (n: number) => Math.round(n * 10) / 10;

/** A bar as a path segment: `width` long, its top at `y`. */
function bar(y: number, width: number) {
  return `M${CAP} ${round(y + CAP)}h${round(Math.max(0, width - BAR_HEIGHT))}`;
}

/**
 * The chart is drawn with a handful of elements (one path per series, one text per label and
 * value, styled by `.chart-svg` in the stylesheet) rather than a group of shapes per metric.
 */
export function MetricsChart({ title, rows }: { title: string; rows: ChartRow[] }) {
  const height = TOP + rows.length * ROW_HEIGHT;
  const drawn = rows.flatMap((row, index) => {
    const definition = METRIC_DEFINITIONS.find((d) => d.key === row.key);
    if (!definition) return [];
    const median = benchmarkNumber(row.median);
    const scale = Math.max(row.value ?? 0, median ?? 0) || 1;
    const y = TOP + index * ROW_HEIGHT + LABEL_HEIGHT;
    return [
      {
        row,
        definition,
        median,
        y,
        you: row.value === null ? null : Math.max(2, (row.value / scale) * TRACK),
        medianWidth: median === null ? null : Math.max(2, (median / scale) * TRACK),
      },
    ];
  });
  const tracks = drawn.map(({ y }) => `${bar(y, TRACK)}${bar(y + BAR_HEIGHT + 3, TRACK)}`).join("");
  const you = drawn.map(({ y, you }) => (you === null ? "" : bar(y, you))).join("");
  const medians = drawn.map(({ y, medianWidth }) => (medianWidth === null ? "" : bar(y + BAR_HEIGHT + 3, medianWidth))).join("");
  return (
    <figure className="chart">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="chart-legend flex items-center gap-4 text-xs text-slate-600" aria-hidden="true">
          <i>You</i>
          <i>Median</i>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" className="chart-svg" data-testid="metrics-chart">
        <path className="track" d={tracks} />
        {you ? <path className="you" d={you} /> : null}
        {medians ? <path className="median" d={medians} /> : null}
        <g className="labels">
          {drawn.map(({ row, definition, y }) => (
            <text key={row.key} y={y - 5}>
              {definition.label}
            </text>
          ))}
        </g>
        <g className="you-values" transform={`translate(${TRACK + 8})`}>
          {drawn.map(({ row, definition, y }) => (
            <text key={row.key} y={y + BAR_HEIGHT - 1}>
              {row.value === null ? "--" : formatMetricValue(definition.unit, row.value)}
            </text>
          ))}
        </g>
        <g className="median-values" transform={`translate(${TRACK + 8})`}>
          {drawn.map(({ row, definition, median, y }) => (
            <text key={row.key} y={y + 2 * BAR_HEIGHT + 2}>
              {median === null ? "--" : formatMetricValue(definition.unit, median)}
            </text>
          ))}
        </g>
      </svg>
    </figure>
  );
}
