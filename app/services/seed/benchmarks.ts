import { BENCHMARK_CARD_FLOW_ORDER, type BenchmarkType, FLOW_TYPE_INFO, type FlowType, type PerformanceIndicator } from "~/lib/flow-types";
import { METRIC_DEFINITIONS, type MetricKey } from "~/lib/metrics";

/**
 * Industry medians for the benchmark card: one row per flow type and metric, each with the source
 * of its figure. Published per-flow figures are used where they exist; otherwise the closest
 * general figure stands in and the source text says so.
 *
 * Sources:
 *   KLAVIYO_2024  Klaviyo, "2024 Email Marketing Benchmarks" (2023 data), all flows: open 52.04%,
 *                 click 5.31% of recipients, placed order 1.71%; revenue per recipient: welcome
 *                 $2.65, abandoned cart $3.65, browse abandonment $1.07, post-purchase $0.41.
 *   KLAVIYO_2017  Klaviyo abandoned-cart benchmark report (2017): open 41.18%, click 9.50%,
 *                 revenue per recipient $5.81.
 *   OMNISEND_2021 Omnisend automation statistics (2021), click rates: welcome 5.63%, abandoned
 *                 cart 5.80%, post-purchase 4.97%, lapsed customers 2.60%.
 *   MAILCHIMP_2019 Mailchimp email marketing benchmarks (2019, campaigns, all industries):
 *                 unsubscribe 0.25%, hard bounce 0.40%, soft bounce 0.61%, abuse reports 0.012%.
 *   GMAIL         Gmail's email sender guidelines: keep spam complaints below 0.10%, never 0.30%
 *                 or more.
 * Click-through rate (clicks ÷ opens) is derived as click rate ÷ open rate.
 *
 * benchmarkTimestamp is the start of the year the figure was published.
 */

export interface BenchmarkSeedRow {
  benchmarkType: BenchmarkType;
  performanceIndicator: PerformanceIndicator;
  industryMedian: string;
  source: string;
  benchmarkTimestamp: Date;
  flowType: FlowType;
  industry: string;
  businessType: string;
  openRate?: number;
  clickRate?: number;
  ctr?: number;
  revenuePerRecipient?: number;
}

const KLAVIYO_2024 = "Klaviyo 2024 Email Marketing Benchmark Report (2023 data)";
const KLAVIYO_2017 = "Klaviyo abandoned cart benchmark report (2017)";
const OMNISEND_2021 = "Omnisend automation statistics (2021)";
const MAILCHIMP_2019 = "Mailchimp email marketing benchmarks (2019, campaigns, all industries)";
const GMAIL = "Gmail email sender guidelines";

const year = (y: number) => new Date(Date.UTC(y, 0, 1));

/** Click-through rate = clicks ÷ opens = click rate ÷ open rate, in percent, 2 decimals. */
export function clickThroughRate(clickRatePercent: number, openRatePercent: number) {
  return Math.round((clickRatePercent / openRatePercent) * 10_000) / 100;
}

const percent = (value: number) => `${value.toFixed(value < 0.1 ? 3 : 2)}%`;
const dollars = (value: number) => `$${value.toFixed(2)}`;

interface FlowFigures {
  open: { value: number; source: string; year: number };
  click: { value: number; source: string; year: number };
  revenue: { value: number; source: string; year: number };
}

const ALL_FLOWS_OPEN_NOTE = `${KLAVIYO_2024}: average open rate across all flows, 52.04%.`;
const HARD_BOUNCE = 0.4;
const SOFT_BOUNCE = 0.61;
const BOUNCE = Math.round((HARD_BOUNCE + SOFT_BOUNCE) * 100) / 100;
const UNSUBSCRIBE = 0.25;
const SPAM = 0.012;

/** Each flow type's published figures: a flow type without them does not compile. */
const FLOWS: Readonly<Record<FlowType, FlowFigures>> = {
  lead_nurture: {
    open: { value: 52.04, year: 2024, source: `${ALL_FLOWS_OPEN_NOTE} No published figure for lead-nurture flows alone, so the all-flows figure stands in.` },
    click: {
      value: 5.31,
      year: 2024,
      source: `${KLAVIYO_2024}: average click rate across all flows, 5.31% of recipients. No published figure for lead-nurture flows alone, so the all-flows figure stands in.`,
    },
    revenue: {
      value: 2.65,
      year: 2024,
      source: `${KLAVIYO_2024}: welcome series revenue per recipient, $2.65. No published figure for lead nurture; the welcome series, which also reaches new subscribers who have not bought yet, is the closest flow.`,
    },
  },
  onboarding: {
    open: { value: 52.04, year: 2024, source: `${ALL_FLOWS_OPEN_NOTE} No per-flow open rate published for welcome/onboarding flows, so the all-flows figure stands in.` },
    click: { value: 5.63, year: 2021, source: `${OMNISEND_2021}: welcome series click rate, 5.63%.` },
    revenue: { value: 2.65, year: 2024, source: `${KLAVIYO_2024}: welcome series revenue per recipient, $2.65.` },
  },
  abandoned_cart: {
    open: { value: 41.18, year: 2017, source: `${KLAVIYO_2017}: abandoned cart open rate, 41.18%.` },
    click: {
      value: 9.5,
      year: 2017,
      source: `${KLAVIYO_2017}: abandoned cart click rate, 9.50% (Omnisend 2021 reports 5.80%; Klaviyo's is used so that open, click and click-through rate come from one report).`,
    },
    revenue: {
      value: 3.65,
      year: 2024,
      source: `${KLAVIYO_2024}: abandoned cart revenue per recipient, $3.65 (the 2017 report's $5.81 is older).`,
    },
  },
  upsell: {
    open: { value: 52.04, year: 2024, source: `${ALL_FLOWS_OPEN_NOTE} No per-flow open rate published for post-purchase/upsell flows, so the all-flows figure stands in.` },
    click: { value: 4.97, year: 2021, source: `${OMNISEND_2021}: post-purchase click rate, 4.97% (upsell flows are sent after a purchase).` },
    revenue: { value: 0.41, year: 2024, source: `${KLAVIYO_2024}: post-purchase revenue per recipient, $0.41 (upsell flows are sent after a purchase).` },
  },
  sunset: {
    open: {
      value: 52.04,
      year: 2024,
      source: `${ALL_FLOWS_OPEN_NOTE} No published figure for sunset flows, so the all-flows figure stands in; expect sunset flows, sent to disengaged subscribers, to open well below it.`,
    },
    click: { value: 2.6, year: 2021, source: `${OMNISEND_2021}: lapsed-customer (win-back) click rate, 2.60%, the closest published flow to a sunset flow.` },
    revenue: {
      value: 0.41,
      year: 2024,
      source: `${KLAVIYO_2024}: post-purchase revenue per recipient, $0.41. No published figure for sunset flows, which aim to re-engage rather than sell; the lowest published per-flow figure stands in.`,
    },
  },
};

type MetricRow = Pick<BenchmarkSeedRow, "industryMedian" | "source" | "benchmarkTimestamp" | "openRate" | "clickRate" | "ctr" | "revenuePerRecipient">;

/** Each metric's row for a flow: a metric without one does not compile. */
const METRIC_ROWS: Readonly<Record<MetricKey, (flow: FlowFigures) => MetricRow>> = {
  openRate: (flow) => ({ industryMedian: percent(flow.open.value), openRate: flow.open.value, source: flow.open.source, benchmarkTimestamp: year(flow.open.year) }),
  clickRate: (flow) => ({ industryMedian: percent(flow.click.value), clickRate: flow.click.value, source: flow.click.source, benchmarkTimestamp: year(flow.click.year) }),
  ctr: (flow) => {
    const ctr = clickThroughRate(flow.click.value, flow.open.value);
    return {
      industryMedian: percent(ctr),
      ctr,
      source: `Derived: click rate ${percent(flow.click.value)} ÷ open rate ${percent(flow.open.value)} = ${percent(ctr)} of openers clicked (sources as for this flow's open and click rates).`,
      benchmarkTimestamp: year(Math.max(flow.open.year, flow.click.year)),
    };
  },
  revenuePerRecipient: (flow) => ({
    industryMedian: dollars(flow.revenue.value),
    revenuePerRecipient: flow.revenue.value,
    source: flow.revenue.source,
    benchmarkTimestamp: year(flow.revenue.year),
  }),
  bounceRate: () => ({
    industryMedian: percent(BOUNCE),
    source: `${MAILCHIMP_2019}: hard bounce ${percent(HARD_BOUNCE)} + soft bounce ${percent(SOFT_BOUNCE)} = ${percent(BOUNCE)}. Campaign figure; no per-flow bounce rate is published.`,
    benchmarkTimestamp: year(2019),
  }),
  unsubscribeRate: () => ({
    industryMedian: percent(UNSUBSCRIBE),
    source: `${MAILCHIMP_2019}: unsubscribe rate ${percent(UNSUBSCRIBE)}. Campaign figure; no per-flow unsubscribe rate is published.`,
    benchmarkTimestamp: year(2019),
  }),
  spamComplaintRate: () => ({
    industryMedian: percent(SPAM),
    source: `${MAILCHIMP_2019}: abuse reports ${percent(SPAM)}. ${GMAIL}: keep spam complaints below 0.10% and never reach 0.30%.`,
    benchmarkTimestamp: year(2019),
  }),
};

function rowsFor(flowType: FlowType): BenchmarkSeedRow[] {
  const base = { benchmarkType: FLOW_TYPE_INFO[flowType].benchmarkType, flowType, industry: "All industries", businessType: "All" };
  return METRIC_DEFINITIONS.map((metric) => ({ ...base, performanceIndicator: metric.indicator, ...METRIC_ROWS[metric.key](FLOWS[flowType]) }));
}

/** One row per flow type and metric, in the benchmark card's flow order and row order. */
export const BENCHMARK_SEED: readonly BenchmarkSeedRow[] = BENCHMARK_CARD_FLOW_ORDER.flatMap(rowsFor);
