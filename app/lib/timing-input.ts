import {
  isTimingEvent,
  MAX_OFFSET_MINUTES,
  MINUTES_PER_DAY,
  MINUTES_PER_HOUR,
  TIME_NEEDS_DAYS_MESSAGE,
  TIME_OF_DAY_MESSAGE,
  TIME_OF_DAY_PATTERN,
  timeOfDayFits,
  type Timing,
  type TimingBase,
  timingForOffsetMinutes,
  TIMING_EVENTS,
  touchpointOffsetMinutes,
} from "~/lib/timing";

/**
 * The Edit Touchpoint dialog's timing, as a person gives it: an amount, a unit, before or after,
 * and what it is measured from (the trigger or one of the business's events), with an optional
 * time of day. Pure and client-safe: the dialog fills its fields from `timingFormValues`, and the
 * server turns what was posted back into a timing with `timingFromParts`, with the messages below.
 * The limits are the timing model's own (MAX_OFFSET_MINUTES, TIME_OF_DAY_PATTERN).
 */

export const TIMING_UNIT_NAMES = ["minutes", "hours", "days"] as const;
export type TimingUnit = (typeof TIMING_UNIT_NAMES)[number];
export const TIMING_UNITS: Readonly<Record<TimingUnit, number>> = { minutes: 1, hours: MINUTES_PER_HOUR, days: MINUTES_PER_DAY };
export const TIMING_DIRECTIONS = ["after", "before"] as const;
export type TimingDirection = (typeof TIMING_DIRECTIONS)[number];
/** What a timing can be measured from: the flow's trigger first, then the events. */
export const TIMING_FROM_CHOICES = ["trigger", ...TIMING_EVENTS] as const satisfies readonly TimingBase[];

export const TIMING_MAX_DAYS = MAX_OFFSET_MINUTES / MINUTES_PER_DAY;
export const TIMING_AMOUNT_MESSAGE = "Enter how long as a whole number from 0.";
export const TIMING_NEGATIVE_MESSAGE = "A timing cannot be negative: enter 0 or more, and choose “before” to send it ahead of one of your dates.";
export const TIMING_TOO_LONG_MESSAGE = `A timing can be at most ${TIMING_MAX_DAYS} days (${MAX_OFFSET_MINUTES} minutes).`;
export const TIMING_UNIT_MESSAGE = "Choose minutes, hours or days.";
export const TIMING_DIRECTION_MESSAGE = "Choose before or after.";
export const TIMING_FROM_MESSAGE = "Choose what the timing is measured from: the trigger or one of your dates.";
export const TIMING_BEFORE_TRIGGER_MESSAGE = "A step cannot go before the trigger: choose “after”, or measure it from one of your dates.";
export const TIMING_TIME_FROM_TRIGGER_MESSAGE = "A time of day goes with a step measured from one of your dates, not from the trigger.";

/** The dialog's timing fields as the form posts them. */
export interface TimingFormValues {
  timingAmount: string;
  timingUnit: TimingUnit;
  timingDirection: TimingDirection;
  timingFrom: TimingBase;
  timingTime: string;
}

export type TimingField = keyof TimingFormValues;

/** The largest unit that counts the minutes whole: 2880 → 2 days, 90 → 90 minutes. */
export function amountAndUnit(minutes: number): { amount: number; unit: TimingUnit } {
  const whole = Math.max(0, Math.round(minutes));
  if (whole > 0 && whole % MINUTES_PER_DAY === 0) return { amount: whole / MINUTES_PER_DAY, unit: "days" };
  if (whole > 0 && whole % MINUTES_PER_HOUR === 0) return { amount: whole / MINUTES_PER_HOUR, unit: "hours" };
  return { amount: whole, unit: whole === 0 ? "days" : "minutes" };
}

/**
 * The dialog's fields for a timing. A weekday timing ("Friday before pickup") has no amount: its
 * fields leave the amount empty, and posting them unchanged keeps it (see sameTimingValues).
 */
export function timingFormValues(timing: Timing | null | undefined, legacyDelayDays?: number | null, offsetMinutes?: number | null): TimingFormValues {
  if (timing?.type === "relative_event") {
    const { amount, unit } = amountAndUnit(timing.minutes);
    return { timingAmount: String(amount), timingUnit: unit, timingDirection: timing.direction, timingFrom: timing.event, timingTime: timing.time ?? "" };
  }
  if (timing?.type === "weekday_relative_event") {
    return { timingAmount: "", timingUnit: "days", timingDirection: timing.relation === "before" ? "before" : "after", timingFrom: timing.event, timingTime: timing.time ?? "" };
  }
  // A timing says when; a step stored without one goes where its minutes after the trigger put
  // it (a step at 20 hours is 20 hours, not the 0 whole days it also records).
  const { amount, unit } = amountAndUnit(touchpointOffsetMinutes(timing ? { timing, delayDays: legacyDelayDays } : { offsetMinutes, delayDays: legacyDelayDays }));
  return { timingAmount: String(amount), timingUnit: unit, timingDirection: "after", timingFrom: "trigger", timingTime: "" };
}

/** What the form posted for the timing, each value as the form schema read it (absent when blank). */
export interface TimingParts {
  timingAmount?: number;
  timingUnit?: TimingUnit;
  timingDirection?: TimingDirection;
  timingFrom?: string;
  timingTime?: string;
}

/** True when the posted fields are the ones the dialog showed for `timing`: nothing about the timing was changed. */
export function sameTimingValues(parts: TimingParts, timing: Timing | null | undefined, legacyDelayDays?: number | null, offsetMinutes?: number | null): boolean {
  const shown = timingFormValues(timing, legacyDelayDays, offsetMinutes);
  const amount = parts.timingAmount === undefined ? "" : String(parts.timingAmount);
  return (
    amount === shown.timingAmount &&
    (parts.timingUnit ?? "days") === shown.timingUnit &&
    (parts.timingDirection ?? "after") === shown.timingDirection &&
    parts.timingFrom === shown.timingFrom &&
    (parts.timingTime ?? "") === shown.timingTime
  );
}

export type TimingPartsResult = { ok: true; timing: Timing } | { ok: false; errors: Partial<Record<TimingField, string>> };

/** The checks on the amount, the unit and what it is measured from, each with the field it concerns. */
function partsProblems(parts: TimingParts): Partial<Record<TimingField, string>> {
  const errors: Partial<Record<TimingField, string>> = {};
  const { timingAmount: amount, timingUnit: unit = "days", timingDirection: direction = "after", timingFrom: from, timingTime: time } = parts;
  if (!(from === "trigger" || isTimingEvent(from))) errors.timingFrom = TIMING_FROM_MESSAGE;
  if (!(unit in TIMING_UNITS)) errors.timingUnit = TIMING_UNIT_MESSAGE;
  if (!TIMING_DIRECTIONS.includes(direction)) errors.timingDirection = TIMING_DIRECTION_MESSAGE;
  if (amount !== undefined && amount < 0) errors.timingAmount = TIMING_NEGATIVE_MESSAGE;
  else if (amount === undefined || !Number.isInteger(amount)) errors.timingAmount = TIMING_AMOUNT_MESSAGE;
  else if (unit in TIMING_UNITS && amount * TIMING_UNITS[unit] > MAX_OFFSET_MINUTES) errors.timingAmount = TIMING_TOO_LONG_MESSAGE;
  if (from === "trigger" && direction === "before") errors.timingDirection = TIMING_BEFORE_TRIGGER_MESSAGE;
  if (time && !TIME_OF_DAY_PATTERN.test(time)) errors.timingTime = TIME_OF_DAY_MESSAGE;
  else if (time && from === "trigger") errors.timingTime = TIMING_TIME_FROM_TRIGGER_MESSAGE;
  else if (time && amount !== undefined && unit in TIMING_UNITS && !timeOfDayFits(amount * TIMING_UNITS[unit], time)) errors.timingTime = TIME_NEEDS_DAYS_MESSAGE;
  return errors;
}

/** The timing the dialog's fields describe, or the message for each field that does not add up. */
export function timingFromParts(parts: TimingParts): TimingPartsResult {
  const errors = partsProblems(parts);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const minutes = parts.timingAmount! * TIMING_UNITS[parts.timingUnit ?? "days"];
  const from = parts.timingFrom!;
  if (!isTimingEvent(from)) return { ok: true, timing: timingForOffsetMinutes(minutes) };
  const time = parts.timingTime || undefined;
  return { ok: true, timing: { type: "relative_event", event: from, direction: parts.timingDirection ?? "after", minutes, ...(time ? { time } : {}) } };
}
