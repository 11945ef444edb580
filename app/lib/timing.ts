import type { Timing } from "~/lib/timing-schema";

/**
 * When a touchpoint is sent: the timing object and how a delay is shown.
 * Pure and shared by client and server; the schemas that check a timing live in
 * timing-schema.ts, so a page that only shows timings ships no zod (docs/decisions/071).
 */

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1440;
/** Offsets run from 0 to one year. */
export const MAX_OFFSET_MINUTES = 525_600;

export const TIMING_EVENTS = ["order_deadline", "delivery", "order_ships", "subscription_renewal", "webinar", "launch_date"] as const;
export type TimingEvent = (typeof TIMING_EVENTS)[number];

/** How each event reads inside a sentence ("2 hours before the order deadline"). */
export const TIMING_EVENT_PHRASES: Readonly<Record<TimingEvent, string>> = {
  order_deadline: "the order deadline",
  delivery: "delivery",
  order_ships: "shipping",
  subscription_renewal: "the subscription renewal",
  webinar: "the webinar",
  launch_date: "the launch date",
};

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type { Timing };

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Up to one decimal, without a trailing ".0". */
function oneDecimal(value: number) {
  return Math.round(value * 10) / 10;
}

/** Minutes under 60, hours under 1440 minutes, else days: "45 minutes", "3 hours", "2 days". */
export function formatDuration(minutes: number): string {
  const safe = Math.max(0, Number.isFinite(minutes) ? minutes : 0);
  if (safe < MINUTES_PER_HOUR) return plural(Math.round(safe), "minute");
  if (safe < MINUTES_PER_DAY) return plural(oneDecimal(safe / MINUTES_PER_HOUR), "hour");
  return plural(oneDecimal(safe / MINUTES_PER_DAY), "day");
}

/** Legacy touchpoints only carry whole days after the start: one day is 1440 minutes. */
export function delayDaysToMinutes(delayDays: number): number {
  return Math.max(0, delayDays) * MINUTES_PER_DAY;
}

/** The edit form's "Delay (days)" value: a whole number from 0; anything not numeric is 0. */
export function parseDelayDays(input: unknown): number {
  const value = typeof input === "number" ? input : typeof input === "string" && input.trim() !== "" ? Number(input) : Number.NaN;
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.floor(value));
}

/** The timing object for a plain "N days after the start" delay. */
export function timingForOffsetMinutes(minutes: number): Timing {
  const clamped = Math.min(MAX_OFFSET_MINUTES, Math.max(0, Math.round(minutes)));
  return clamped === 0 ? { type: "immediate" } : { type: "offset", minutes: clamped };
}

export function timingForDelayDays(delayDays: number): Timing {
  return timingForOffsetMinutes(delayDaysToMinutes(delayDays));
}

/**
 * The label of a step sent a fixed time after the flow's trigger: "Immediately", "3 days after
 * the trigger". Every such step reads this way (generated, edited or legacy), so a flow never
 * mixes forms; the diagram's exit note uses the same words.
 */
export function offsetLabel(minutes: number): string {
  return minutes > 0 ? `${formatDuration(minutes)} after the trigger` : "Immediately";
}

/**
 * The sentence shown for a touchpoint's timing. A fixed offset always reads as offsetLabel says
 * (a generator's or an admin's own words would differ from the label an edit gives); an event
 * timing reads as its displayText when it has one.
 */
export function timingText(timing: Timing | null | undefined, legacyDelayDays?: number | null): string {
  if (!timing) return offsetLabel(legacyDelayDays ? delayDaysToMinutes(legacyDelayDays) : 0);
  switch (timing.type) {
    case "immediate":
      return offsetLabel(0);
    case "offset":
      return offsetLabel(timing.minutes);
  }
  const custom = timing.displayText?.trim();
  if (custom) return custom;
  switch (timing.type) {
    case "relative_event": {
      const event = TIMING_EVENT_PHRASES[timing.event];
      return timing.minutes === 0 ? `Right ${timing.direction} ${event}` : `${formatDuration(timing.minutes)} ${timing.direction} ${event}`;
    }
    case "weekday_relative_event": {
      const day = WEEKDAY_NAMES[timing.weekday] ?? "Day";
      const event = TIMING_EVENT_PHRASES[timing.event];
      const at = timing.time ? ` at ${timing.time}` : "";
      return timing.relation === "before" ? `${day} before ${event}${at}` : `${day} in the week of ${event}${at}`;
    }
  }
}

export interface TimingFields {
  timing?: Timing | null;
  /** Minutes after the flow starts, when known. */
  offsetMinutes?: number | null;
  /** Legacy: whole days after the flow starts. */
  delayDays?: number | null;
}

/**
 * Minutes after the start of the flow, used to order touchpoints and to draw waits. An explicit
 * offsetMinutes wins; then an immediate or offset timing; then legacy delayDays × 1440; else 0
 * (event-relative timings have no fixed distance from the start).
 */
export function touchpointOffsetMinutes(fields: TimingFields): number {
  if (typeof fields.offsetMinutes === "number" && Number.isFinite(fields.offsetMinutes)) return fields.offsetMinutes;
  if (fields.timing?.type === "immediate") return 0;
  if (fields.timing?.type === "offset") return fields.timing.minutes;
  if (typeof fields.delayDays === "number" && Number.isFinite(fields.delayDays)) return delayDaysToMinutes(fields.delayDays);
  return 0;
}

/**
 * Fills in whichever of timing, offsetMinutes and delayDays is missing from the others, so a
 * stored touchpoint always carries all three consistently. Event-relative timings keep
 * offsetMinutes null unless one is given.
 */
export function normalizeTouchpointTiming(fields: TimingFields): { timing: Timing | null; offsetMinutes: number | null; delayDays: number } {
  const given = fields.timing ?? null;
  let offsetMinutes: number | null = null;
  if (typeof fields.offsetMinutes === "number" && Number.isFinite(fields.offsetMinutes)) offsetMinutes = fields.offsetMinutes;
  else if (given?.type === "immediate") offsetMinutes = 0;
  else if (given?.type === "offset") offsetMinutes = given.minutes;
  else if (!given && typeof fields.delayDays === "number" && Number.isFinite(fields.delayDays)) offsetMinutes = delayDaysToMinutes(fields.delayDays);

  const delayDays =
    typeof fields.delayDays === "number" && Number.isFinite(fields.delayDays)
      ? parseDelayDays(fields.delayDays)
      : offsetMinutes !== null
        ? Math.floor(offsetMinutes / MINUTES_PER_DAY)
        : 0;

  const timing = given ?? (offsetMinutes !== null ? timingForOffsetMinutes(offsetMinutes) : null);
  return { timing, offsetMinutes, delayDays };
}

/** "Wait 1 day", "Wait 3 days", "Wait 4 hours", "Wait 30 minutes". */
export function delayTitle(minutes: number): string {
  return `Wait ${formatDuration(minutes)}`;
}

export type TimelineItem<T> = { kind: "touchpoint"; touchpoint: T } | { kind: "delay"; minutes: number; title: string; key: string };

/**
 * The touchpoint list with wait cards between: a wait goes before a touchpoint whose
 * offset exceeds the previous step's (the first step is measured from the trigger, offset 0).
 * Input order is kept; callers pass touchpoints in step order.
 */
export function buildTimeline<T extends TimingFields>(touchpoints: readonly T[]): TimelineItem<T>[] {
  const items: TimelineItem<T>[] = [];
  let previous = 0;
  touchpoints.forEach((touchpoint, index) => {
    const offset = touchpointOffsetMinutes(touchpoint);
    if (offset > previous) {
      const minutes = offset - previous;
      items.push({ kind: "delay", minutes, title: delayTitle(minutes), key: `delay-${index}` });
    }
    items.push({ kind: "touchpoint", touchpoint });
    previous = Math.max(previous, offset);
  });
  return items;
}
