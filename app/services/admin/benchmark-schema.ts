import { z } from "zod";

import { BENCHMARK_TYPES, FLOW_TYPES, PERFORMANCE_INDICATORS, flowTypeForBenchmarkType } from "~/lib/flow-types";
import { benchmarkNumber } from "~/lib/benchmarks/comparison";
import { ALL_BUSINESS_TYPES, ALL_INDUSTRIES, isAllBusinessTypes, isAllIndustries } from "~/lib/benchmarks/peer-groups";
import { BENCHMARK_BUSINESS_TYPES, BENCHMARK_INDUSTRIES, RATE_MAX, REVENUE_MAX } from "~/lib/admin/benchmark-fields";

export {
  ALL_BUSINESS_TYPES,
  ALL_INDUSTRIES,
  BENCHMARK_BUSINESS_TYPES,
  BENCHMARK_INDUSTRIES,
  BENCHMARK_LABELS,
  BENCHMARK_NUMBER_FIELDS,
  NUMBER_STEP,
  RATE_MAX,
  REVENUE_MAX,
  type BenchmarkNumberField,
} from "~/lib/admin/benchmark-fields";

/** Form text or JSON: "" and null mean no figure; anything else must be a finite number. */
function figure(label: string, max: number) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return null;
      if (typeof value === "string") {
        const trimmed = value.trim();
        if (trimmed === "") return null;
        const parsed = Number(trimmed);
        return Number.isFinite(parsed) ? parsed : value;
      }
      return value;
    },
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(max, max === RATE_MAX ? `${label} must be between 0 and 100` : `${label} cannot exceed ${max.toLocaleString("en-US")}`)
      .transform((value) => Math.round(value * 100) / 100)
      .nullable(),
  );
}

/**
 * A peer-group field: empty or any spelling of "all" is the whole group; anything else must be
 * one of the questionnaire's options (in any letter case), stored as the list spells it.
 */
function peerGroup(label: string, options: readonly string[], isAll: (value: string) => boolean, all: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .default("")
    .transform((value, ctx) => {
      if (isAll(value)) return all;
      const match = options.find((option) => option.toLowerCase() === value.toLowerCase());
      if (match) return match;
      ctx.addIssue({ code: "custom", message: `Choose a${/^[aeiou]/i.test(label) ? "n" : ""} ${label.toLowerCase()} from the list: ${options.join(", ")}` });
      return z.NEVER;
    });
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`);

/** The figure field that holds the same number as the median text, for the indicators that have one. */
const FIGURE_FIELD_OF_INDICATOR: Partial<Record<(typeof PERFORMANCE_INDICATORS)[number], "openRate" | "clickRate" | "ctr" | "revenuePerRecipient">> = {
  "Open Rate (Email)": "openRate",
  "Click Rate (Email)": "clickRate",
  "Click Through Rate (Email)": "ctr",
  "Revenue Per Recipient (Email)": "revenuePerRecipient",
};

export const benchmarkInputSchema = z
  .object({
    benchmarkType: z.enum(BENCHMARK_TYPES, { error: `Choose a benchmark type: ${BENCHMARK_TYPES.join(", ")}` }),
    performanceIndicator: z.enum(PERFORMANCE_INDICATORS, { error: `Choose a performance indicator: ${PERFORMANCE_INDICATORS.join(", ")}` }),
    industryMedian: text(50, "Industry median").min(1, "Industry median is required"),
    source: text(1000, "Source").default(""),
    flowType: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.enum(FLOW_TYPES, { error: `Flow type must be one of ${FLOW_TYPES.join(", ")}` }).optional(),
    ),
    industry: peerGroup("Industry", BENCHMARK_INDUSTRIES, isAllIndustries, ALL_INDUSTRIES),
    businessType: peerGroup("Business type", BENCHMARK_BUSINESS_TYPES, isAllBusinessTypes, ALL_BUSINESS_TYPES),
    openRate: figure("Open rate", RATE_MAX).default(null),
    clickRate: figure("Click rate", RATE_MAX).default(null),
    ctr: figure("CTR", RATE_MAX).default(null),
    revenuePerRecipient: figure("Revenue per recipient", REVENUE_MAX).default(null),
  })
  .superRefine((value, ctx) => {
    // The row's own figure and its median text say the same number, or the card and the
    // scorecard would read two different medians for one row.
    const field = FIGURE_FIELD_OF_INDICATOR[value.performanceIndicator];
    const figureValue = field ? value[field] : null;
    const medianValue = benchmarkNumber(value.industryMedian);
    if (field && figureValue !== null && medianValue !== null && Math.abs(figureValue - medianValue) >= 0.005) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `This figure (${figureValue.toFixed(2)}) disagrees with the industry median (${value.industryMedian}): make them the same, or leave the figure empty.`,
      });
    }
    const expected = flowTypeForBenchmarkType(value.benchmarkType);
    if (value.flowType && expected && value.flowType !== expected) {
      ctx.addIssue({ code: "custom", path: ["flowType"], message: `Flow type must be ${expected} for '${value.benchmarkType}'` });
    }
  })
  .transform((value) => ({
    ...value,
    // The flow type always follows the benchmark type, so the two can never disagree.
    flowType: flowTypeForBenchmarkType(value.benchmarkType) ?? "",
  }));

export type BenchmarkInputValues = z.output<typeof benchmarkInputSchema>;
