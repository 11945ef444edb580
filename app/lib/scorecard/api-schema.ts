import { z } from "zod";

import { FLOW_TYPES } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";

/**
 * GET /api/scorecard's answer as a zod schema: the OpenAPI document is generated from it and
 * the contract tests check real answers against it. Server-side only (the card takes the
 * service's typed data), so zod stays out of the browser bundle.
 */

const score = z.number().int().min(0).max(100);

export const scorecardMetricSchema = z
  .object({
    metric: z.enum(METRIC_KEYS),
    value: z.number().nullable().describe("Your figure (percent, or dollars for revenue per recipient); null when not entered."),
    median: z.number().nullable().describe("Your peer group's median; null when there is none to compare with."),
    peerGroup: z.string().nullable().describe("The group the median belongs to, e.g. 'All industries'."),
    higherIsBetter: z.boolean(),
    weight: z.number().int().describe("Its weight in the flow's score (the weights add up to 100)."),
    score: score.nullable().describe("0–100, 50 at the median; null without a figure or a median."),
  })
  .meta({ id: "ScorecardMetric" });

export const scorecardFlowSchema = z
  .object({
    flowType: z.enum(FLOW_TYPES),
    score: score.nullable().describe("0–100; null until the flow has at least three figures with medians, one of them revenue per recipient or click rate."),
    metrics: z.array(scorecardMetricSchema),
  })
  .meta({ id: "ScorecardFlow" });

export const recommendationSchema = z
  .object({
    id: z.string().describe("Stable across loads: the rule and the flow, e.g. 'revenue_gap:abandoned_cart'."),
    flowType: z.enum(FLOW_TYPES),
    severity: z.enum(["critical", "high", "medium", "low"]),
    title: z.string(),
    detail: z.string().describe("The finding, with your figures, the median and the peer group."),
    impact: z.object({
      revenuePer1000Recipients: z.number().int().nullable().describe("Revenue at stake per 1,000 recipients, in dollars; null when not estimable."),
      text: z.string().describe("Why it matters; starts with 'Not estimable:' when the figures do not allow an estimate."),
    }),
    actions: z
      .array(z.object({ label: z.string(), href: z.string().describe("A path in Flowmap.") }))
      .min(1)
      .max(2),
  })
  .meta({ id: "Recommendation" });

export const klaviyoGapSchema = z
  .object({
    flowType: z.enum(FLOW_TYPES),
    peerRevenuePerRecipient: z.number().nullable().describe("Your peer group's median revenue per recipient for this flow type, in dollars; null when there is none."),
    peerGroup: z.string().nullable(),
    stake: z.string().describe("What is at stake, in words."),
    hasFlow: z.boolean().describe("You already have this flow in Flowmap: sending it needs no generation."),
  })
  .meta({ id: "KlaviyoGap" });

export const regenerateSuggestionSchema = z
  .object({
    flowType: z.enum(FLOW_TYPES),
    trailing: z.array(z.enum(METRIC_KEYS)).min(1).describe("The figures the note names, each worse than its median, the weightiest first."),
    note: z.string().describe("A feedback note for POST /api/ai-flows/{id}/regenerate, worked out from the figures that trail."),
    href: z.string().describe("The flow screen with its regenerate dialog open and the note filled in."),
  })
  .meta({ id: "RegenerateSuggestion" });

export const scorecardSchema = z
  .object({
    score: score.nullable().describe("Overall, 0–100; null until at least two flows are scored."),
    flows: z.array(scorecardFlowSchema),
    recommendations: z.array(recommendationSchema).max(5).describe("What to fix first, ranked by revenue at stake, then by distance from the median."),
    missing: z
      .array(z.object({ flowType: z.enum(FLOW_TYPES), metric: z.enum(METRIC_KEYS), label: z.string() }))
      .describe("The figures to enter so that the flows you run, and the overall score, can be scored."),
    klaviyoGaps: z
      .array(klaviyoGapSchema)
      .nullable()
      .describe(
        "The flow types your connected Klaviyo account has no flow for, the most at stake first (POST /api/integrations/klaviyo/flows/missing generates one and sends it as a draft); null until your Klaviyo flows were read.",
      ),
    regenerate: z.array(regenerateSuggestionSchema).describe("Your flows in Flowmap whose figures trail your peers', each with a suggested regeneration note."),
  })
  .meta({ id: "Scorecard" });
