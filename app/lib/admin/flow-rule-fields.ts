import { MINUTES_PER_DAY } from "~/lib/timing";

/** The flow rule editor's limits and units (the schema that checks a rule is services/admin/flow-rule-schema.ts, server only). */
export const MAX_RULE_STEPS = 20;
export const EMAIL_ONLY = "Email only";

/** The step editor's timing units: a whole number of them becomes the timing's minutes. */
export const TIMING_UNITS = { minutes: 1, hours: 60, days: MINUTES_PER_DAY } as const;
export type TimingUnit = keyof typeof TIMING_UNITS;

/** The largest whole unit that divides the minutes, for showing a stored timing in the editor. */
export function splitMinutes(minutes: number): { amount: number; unit: TimingUnit } {
  if (minutes > 0 && minutes % MINUTES_PER_DAY === 0) return { amount: minutes / MINUTES_PER_DAY, unit: "days" };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}
