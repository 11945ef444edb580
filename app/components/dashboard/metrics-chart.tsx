import { METRIC_DEFINITIONS, type MetricKey } from "~/lib/metrics";
import { benchmarkNumber, formatMetricValue } from "~/lib/scoring";

/**
 * A flow's seven figures beside their medians, drawn on the server as SVG (no chart library, no
 * JavaScript needed). Each indicator has its own scale, since percentages and dollars do not
 * share one: the longer of the two bars fills the row. The text alternative lists every value.
 */
export interface ChartRow {
  key: MetricKey;
  value: number | null;
  median: string | null;
}

// Narrow on purpose: the label sits above its bars, so the text stays legible on a phone.
const WIDTH = 340;
const LABEL_WIDTH = 0;
const VALUE_WIDTH = 66;
const BAR_HEIGHT = 9;
const LABEL_HEIGHT = 16;
const ROW_HEIGHT = 50;
const TOP = 4;

export function MetricsChart({ id, title, rows }: { id: string; title: string; rows: ChartRow[] }) {
  const track = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = TOP + rows.length * ROW_HEIGHT;
  const description = rows
    .map((row) => {
      const definition = METRIC_DEFINITIONS.find((d) => d.key === row.key);
      if (!definition) return "";
      const median = benchmarkNumber(row.median);
      const you = row.value === null ? "not entered" : formatMetricValue(definition.unit, row.value);
      return `${definition.label}: you ${you}, median ${median === null ? "not available" : formatMetricValue(definition.unit, median)}.`;
    })
    .join(" ");
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="flex items-center gap-4 text-xs text-slate-600" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" /> You
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-slate-300" /> Median
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-3 h-auto w-full max-w-md"
        data-testid="metrics-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {rows.map((row, index) => {
          const definition = METRIC_DEFINITIONS.find((d) => d.key === row.key);
          if (!definition) return null;
          const median = benchmarkNumber(row.median);
          const scale = Math.max(row.value ?? 0, median ?? 0) || 1;
          const y = TOP + index * ROW_HEIGHT + LABEL_HEIGHT;
          const youWidth = row.value === null ? 0 : Math.max(2, (row.value / scale) * track);
          const medianWidth = median === null ? 0 : Math.max(2, (median / scale) * track);
          return (
            <g key={row.key} aria-hidden="true">
              <text x={0} y={y - 5} className="fill-slate-700 text-[12px] font-medium">
                {definition.label}
              </text>
              <rect x={LABEL_WIDTH} y={y} width={track} height={BAR_HEIGHT} rx={3} className="fill-slate-50" />
              {row.value !== null ? <rect x={LABEL_WIDTH} y={y} width={youWidth} height={BAR_HEIGHT} rx={3} className="fill-brand-600" /> : null}
              <text x={LABEL_WIDTH + track + 8} y={y + BAR_HEIGHT - 1} className="fill-slate-900 text-[10px] font-semibold">
                {row.value === null ? "--" : formatMetricValue(definition.unit, row.value)}
              </text>
              <rect x={LABEL_WIDTH} y={y + BAR_HEIGHT + 3} width={track} height={BAR_HEIGHT} rx={3} className="fill-slate-50" />
              {median !== null ? <rect x={LABEL_WIDTH} y={y + BAR_HEIGHT + 3} width={medianWidth} height={BAR_HEIGHT} rx={3} className="fill-slate-300" /> : null}
              <text x={LABEL_WIDTH + track + 8} y={y + 2 * BAR_HEIGHT + 2} className="fill-slate-500 text-[10px]">
                {median === null ? "--" : formatMetricValue(definition.unit, median)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
