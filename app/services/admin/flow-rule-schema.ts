import { z } from "zod";

import { FLOW_TYPES, STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS, RULE_LIMITS } from "~/lib/flows/types";
import type { JsonValue } from "~/lib/json";
import { MINUTES_PER_DAY, type Timing } from "~/lib/timing";
import { timingSchema } from "~/lib/timing-schema";

/**
 * What an admin may write to a flow rule (collection flow_mappings), for the JSON API and
 * the step editor alike. Each step's timing follows the timing rules (offsets 0 to
 * 525,600 minutes, weekday 0-6, time HH:MM); steps with a fixed distance from the trigger must be
 * in time order, and SMS steps need a rule whose channels include SMS.
 */
import { EMAIL_ONLY, MAX_RULE_STEPS } from "~/lib/admin/flow-rule-fields";

export { EMAIL_ONLY, MAX_RULE_STEPS };

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`);
const required = (max: number, label: string) => text(max, label).min(1, `${label} is required`);

export const ruleStepSchema = z.object({
  channel: z.enum(STEP_TYPES, { error: `Channel must be ${STEP_TYPES.join(" or ")}` }),
  title: required(FLOW_LIMITS.title, "Title"),
  timing: timingSchema,
  primaryGoal: required(FLOW_LIMITS.primaryGoal, "Goal"),
  keyMessages: required(FLOW_LIMITS.keyMessages, "Key messages"),
  callToAction: required(FLOW_LIMITS.callToAction, "Call to action"),
  notes: text(RULE_LIMITS.stepNotes, "Notes").default(""),
});
export type RuleStepInput = z.output<typeof ruleStepSchema>;

/** Plain JSON: what a JSON body or a parsed form text can hold (no functions, symbols or NaN). */
function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 20) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  }
  return false;
}

/** Minutes from the trigger for timings that have one; event-relative timings have none. */
function fixedOffset(timing: Timing): number | null {
  if (timing.type === "immediate") return 0;
  if (timing.type === "offset") return timing.minutes;
  return null;
}

export const flowRuleInputSchema = z
  .object({
    flowName: required(RULE_LIMITS.flowName, "Flow name"),
    flowType: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      z.enum(FLOW_TYPES, { error: `Flow type must be one of ${FLOW_TYPES.join(", ")}` }).nullable(),
    ),
    businessType: text(RULE_LIMITS.businessType, "Business type").default(""),
    communicationChannels: text(RULE_LIMITS.communicationChannels, "Communication channels").default(""),
    purchaseDecisionTimeline: text(RULE_LIMITS.purchaseDecisionTimeline, "Purchase decision timeline").default(""),
    serviceFrequency: text(RULE_LIMITS.serviceFrequency, "Service frequency").default(""),
    upsellOpportunity: text(RULE_LIMITS.upsellOpportunity, "Upsell opportunity").default(""),
    trigger: text(RULE_LIMITS.trigger, "Trigger").default(""),
    exitRules: z.custom<JsonValue>(isJsonValue, { error: "Exit rules must be valid JSON" }).default(null),
    notes: text(RULE_LIMITS.notes, "Notes").default(""),
    steps: z.array(ruleStepSchema, { error: "Steps must be a list" }).min(1, "Add at least one step").max(MAX_RULE_STEPS, `A rule has at most ${MAX_RULE_STEPS} steps`),
  })
  .superRefine((value, ctx) => {
    let previous: { offset: number; index: number } | null = null;
    value.steps.forEach((step, index) => {
      if (step.channel === "SMS" && value.communicationChannels === EMAIL_ONLY) {
        ctx.addIssue({ code: "custom", path: ["steps", index, "channel"], message: "SMS steps need a rule whose channels include SMS (Email + SMS)" });
      }
      const offset = fixedOffset(step.timing);
      if (offset === null) return;
      if (previous && offset < previous.offset) {
        ctx.addIssue({
          code: "custom",
          path: ["steps", index, "timing"],
          message: `Step ${index + 1} is timed before step ${previous.index + 1}: put the steps in time order`,
        });
      }
      previous = { offset, index };
    });
  })
  .transform((value) => ({
    ...value,
    flowType: value.flowType ?? null,
    steps: value.steps.map((step, index) => ({ ...step, stepNumber: index + 1, delayDays: stepDelayDays(step.timing) })),
  }));

/** A rule step's whole days after the trigger, worked out from its timing (0 for a step timed from a date). */
export function stepDelayDays(timing: Timing) {
  const offset = fixedOffset(timing);
  return offset === null ? 0 : Math.floor(offset / MINUTES_PER_DAY);
}

export type FlowRuleInputValues = z.output<typeof flowRuleInputSchema>;

export { splitMinutes, TIMING_UNITS, type TimingUnit } from "~/lib/admin/flow-rule-fields";
