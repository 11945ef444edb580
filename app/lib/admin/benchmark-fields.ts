import { BUSINESS_TYPES, INDUSTRIES } from "~/lib/questionnaire/options";
import { ALL_BUSINESS_TYPES, ALL_INDUSTRIES } from "~/lib/benchmarks/peer-groups";

/**
 * What an admin may write to a benchmark row (collection email_benchmarks, with its admin fields), for
 * the JSON API and the admin form alike. The limits and labels the form shows; the schema that
 * checks them is benchmark-schema.ts (server only, so the admin page ships no zod). Rates are percents from 0 to 100, revenue per recipient
 * dollars from 0 to 999,999, each kept to 2 decimals (the table's step 0.01).
 */
export const RATE_MAX = 100;
export const REVENUE_MAX = 999_999;
export const NUMBER_STEP = 0.01;
/** Rows without an industry or business type apply to everyone: the general peer group. */
export { ALL_BUSINESS_TYPES, ALL_INDUSTRIES };

/**
 * A benchmark's peer group uses the questionnaire's own answers (what a user's industry and
 * business type can be), or "all": any other text would make a group no user ever matches.
 */
export const BENCHMARK_INDUSTRIES: readonly string[] = [ALL_INDUSTRIES, ...INDUSTRIES];
export const BENCHMARK_BUSINESS_TYPES: readonly string[] = [ALL_BUSINESS_TYPES, ...BUSINESS_TYPES];

export const BENCHMARK_NUMBER_FIELDS = ["openRate", "clickRate", "ctr", "revenuePerRecipient"] as const;
export type BenchmarkNumberField = (typeof BENCHMARK_NUMBER_FIELDS)[number];

/** A benchmark row's fields an admin writes, in the form's and the audit trail's order. */
export const BENCHMARK_FIELDS = ["benchmarkType", "performanceIndicator", "industryMedian", "source", "flowType", "industry", "businessType", ...BENCHMARK_NUMBER_FIELDS] as const;
export type BenchmarkField = (typeof BENCHMARK_FIELDS)[number];

/** What the admin form posts: every field but the flow type, which follows the benchmark type. */
export const BENCHMARK_FORM_FIELDS = BENCHMARK_FIELDS.filter((field): field is Exclude<BenchmarkField, "flowType"> => field !== "flowType");

export const BENCHMARK_LABELS = {
  benchmarkType: "Benchmark type",
  performanceIndicator: "Performance indicator",
  industryMedian: "Industry median",
  source: "Source",
  flowType: "Flow type",
  industry: "Industry",
  businessType: "Business type",
  openRate: "Open rate (%)",
  clickRate: "Click rate (%)",
  ctr: "CTR (%)",
  revenuePerRecipient: "Revenue/recipient ($)",
} as const satisfies Record<BenchmarkField, string>;
