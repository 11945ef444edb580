import { MINUTES_PER_DAY, type Timing, timingForDelayDays } from "~/lib/timing";

/** The flow rule editor's limits and units (the schema that checks a rule is services/admin/flow-rule-schema.ts, server only). */
export const MAX_RULE_STEPS = 20;
export const EMAIL_ONLY = "Email only";

/** A rule's fields besides its steps, in the editor's order: the form holds each as text, and the audit trail records each. */
export const RULE_TEXT_FIELDS = [
  "flowName",
  "flowType",
  "businessType",
  "communicationChannels",
  "purchaseDecisionTimeline",
  "serviceFrequency",
  "upsellOpportunity",
  "trigger",
  "exitRules",
  "notes",
] as const;
export type RuleTextField = (typeof RULE_TEXT_FIELDS)[number];

/**
 * A stored step's timing. A step stored without one (written before steps had timings) is sent
 * its whole days after the trigger: the API answers it so and the editor opens it so.
 */
export function ruleStepTiming(step: { timing?: Timing | null; delayDays: number }): Timing {
  return step.timing ?? timingForDelayDays(step.delayDays);
}

/** The step editor's timing units: a whole number of them becomes the timing's minutes. */
export const TIMING_UNITS = { minutes: 1, hours: 60, days: MINUTES_PER_DAY } as const;
export type TimingUnit = keyof typeof TIMING_UNITS;

/** The largest whole unit that divides the minutes, for showing a stored timing in the editor. */
export function splitMinutes(minutes: number): { amount: number; unit: TimingUnit } {
  if (minutes > 0 && minutes % MINUTES_PER_DAY === 0) return { amount: minutes / MINUTES_PER_DAY, unit: "days" };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}
