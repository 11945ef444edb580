import type { Timing } from "~/lib/timing-schema";
import { MAX_OFFSET_MINUTES, MINUTES_PER_DAY, MINUTES_PER_HOUR, TIMING_EVENTS, type TimingEvent } from "~/lib/timing-rules";

/**
 * When a touchpoint is sent: the timing object and how a delay is shown.
 * Pure and shared by client and server; the schemas that check a timing live in
 * timing-schema.ts, so a page that only shows timings ships no zod (docs/decisions/071).
 */

/**
 * How each event reads in a sentence. `name` is the event on its own ("the end of the trial");
 * `before` and `after` replace it after those words where the name would read badly ("2 days
 * before the trial ends").
 */
export const TIMING_EVENT_WORDS: Readonly<Record<TimingEvent, { name: string; before?: string; after?: string }>> = {
  order_deadline: { name: "the order deadline" },
  delivery: { name: "delivery" },
  order_ships: { name: "shipping" },
  subscription_renewal: { name: "the subscription renewal" },
  webinar: { name: "the webinar" },
  launch_date: { name: "the launch date" },
  appointment: { name: "the appointment" },
  pickup: { name: "pickup" },
  trial_end: { name: "the end of the trial", before: "the trial ends", after: "the trial ends" },
  handover: { name: "handover" },
  event_date: { name: "the event" },
  start_date: { name: "the start date" },
};

/** Each event as a noun phrase ("the order deadline", "pickup"). */
export const TIMING_EVENT_PHRASES: Readonly<Record<TimingEvent, string>> = Object.fromEntries(TIMING_EVENTS.map((event) => [event, TIMING_EVENT_WORDS[event].name])) as Record<
  TimingEvent,
  string
>;

/** The event as it reads after "before" or "after": "2 days before the trial ends", "3 days after the appointment". */
export function eventPhrase(event: TimingEvent, direction?: "before" | "after"): string {
  const words = TIMING_EVENT_WORDS[event];
  return (direction && words[direction]) || words.name;
}

/** The event as a choice in a list: "The appointment", "Pickup". */
export function eventLabel(event: TimingEvent): string {
  const name = TIMING_EVENT_WORDS[event].name;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function isTimingEvent(value: unknown): value is TimingEvent {
  return typeof value === "string" && (TIMING_EVENTS as readonly string[]).includes(value);
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type { Timing };
export {
  MINUTES_PER_HOUR,
  MINUTES_PER_DAY,
  MAX_OFFSET_MINUTES,
  TIMING_DISPLAY_TEXT_MAX,
  TIMING_EVENTS,
  type TimingEvent,
  TIME_OF_DAY_PATTERN,
  TIME_OF_DAY_MESSAGE,
  TIME_NEEDS_DAYS_MESSAGE,
  timeOfDayFits,
} from "~/lib/timing-rules";

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
  const at = timing.time ? ` at ${timing.time}` : "";
  if (timing.type === "relative_event") return `${relativeEventPhrase(timing)}${at}`;
  const day = WEEKDAY_NAMES[timing.weekday] ?? "Day";
  const event = eventPhrase(timing.event);
  return timing.relation === "before" ? `${day} before ${event}${at}` : `${day} in the week of ${event}${at}`;
}

function relativeEventPhrase(timing: RelativeEventTiming): string {
  const { event, direction, minutes } = timing;
  if (minutes > 0) return `${formatDuration(minutes)} ${direction} ${eventPhrase(event, direction)}`;
  return timing.time ? `On the day of ${eventPhrase(event)}` : `Right ${direction} ${eventPhrase(event, direction)}`;
}

export type RelativeEventTiming = Extract<Timing, { type: "relative_event" }>;
export type WeekdayEventTiming = Extract<Timing, { type: "weekday_relative_event" }>;
/** A timing measured from one of the business's dates rather than from the flow's trigger. */
export type AnchoredTiming = RelativeEventTiming | WeekdayEventTiming;

export function isAnchored(timing: Timing | null | undefined): timing is AnchoredTiming {
  return timing?.type === "relative_event" || timing?.type === "weekday_relative_event";
}

/** What a step's timing is measured from: the flow's trigger, or one of the business's events. */
export type TimingBase = "trigger" | TimingEvent;

export function timingBase(timing: Timing | null | undefined): TimingBase {
  return isAnchored(timing) ? timing.event : "trigger";
}

/**
 * Where an anchored step falls on its event's own clock: minutes from the event, negative before
 * it ("2 hours before" is -120). Null for a weekday timing, whose distance depends on the date.
 */
export function minutesFromEvent(timing: AnchoredTiming): number | null {
  if (timing.type !== "relative_event") return null;
  return timing.direction === "before" ? -timing.minutes : timing.minutes;
}

export interface TimingFields {
  timing?: Timing | null;
  /** Minutes after the flow starts, when known. */
  offsetMinutes?: number | null;
  /** Legacy: whole days after the flow starts. */
  delayDays?: number | null;
}

/**
 * Minutes after the start of the flow, used to order touchpoints and to place them on the
 * timeline. An explicit offsetMinutes wins (for an anchored step it is the planner's estimate of
 * where the step falls); then an immediate or offset timing; then legacy delayDays × 1440; else 0.
 */
export function touchpointOffsetMinutes(fields: TimingFields): number {
  if (typeof fields.offsetMinutes === "number" && Number.isFinite(fields.offsetMinutes)) return fields.offsetMinutes;
  if (fields.timing?.type === "immediate") return 0;
  if (fields.timing?.type === "offset") return fields.timing.minutes;
  if (typeof fields.delayDays === "number" && Number.isFinite(fields.delayDays)) return delayDaysToMinutes(fields.delayDays);
  return 0;
}

/**
 * Minutes after the trigger when they are known: null for a step timed from an event, whatever
 * estimate it carries (its real time depends on each contact's date).
 */
export function fixedOffsetMinutes(fields: TimingFields): number | null {
  return isAnchored(fields.timing) ? null : touchpointOffsetMinutes(fields);
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

/**
 * A wait as a person says it, in whole units: "30 minutes", "4 hours 30 minutes", "3 days",
 * "1 day 5 hours" (a wait of a day or more to the nearest hour), never "1.2 days".
 */
export function waitDuration(minutes: number): string {
  const safe = Math.max(0, Math.round(Number.isFinite(minutes) ? minutes : 0));
  if (safe < MINUTES_PER_HOUR) return plural(safe, "minute");
  if (safe < MINUTES_PER_DAY) {
    const rest = safe % MINUTES_PER_HOUR;
    return `${plural(Math.floor(safe / MINUTES_PER_HOUR), "hour")}${rest ? ` ${plural(rest, "minute")}` : ""}`;
  }
  const hours = Math.round(safe / MINUTES_PER_HOUR);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${plural(days, "day")}${rest ? ` ${plural(rest, "hour")}` : ""}`;
}

/** "Wait 1 day", "Wait 3 days", "Wait 4 hours", "Wait 1 day 5 hours", "Wait 30 minutes". */
export function delayTitle(minutes: number): string {
  return `Wait ${waitDuration(minutes)}`;
}

export type TimelineItem<T> =
  { kind: "touchpoint"; touchpoint: T } | { kind: "delay"; minutes: number; title: string; key: string } | { kind: "anchor"; title: string; key: string };

/** Where a step falls on the clock it is measured by: its base, and minutes on that clock (null when only the date decides). */
export interface StepClock {
  base: TimingBase;
  at: number | null;
}

export const TRIGGER_CLOCK: StepClock = { base: "trigger", at: 0 };

export function stepClock(fields: TimingFields): StepClock {
  if (isAnchored(fields.timing)) return { base: fields.timing.event, at: minutesFromEvent(fields.timing) };
  return { base: "trigger", at: touchpointOffsetMinutes(fields) };
}

/**
 * What lies between two steps in order: a known wait (both measured on one clock, the second
 * later), nothing (same moment or earlier), or a change of clock whose length nobody knows. Also
 * the clock to compare the next step with.
 */
export function stepGap(previous: StepClock, step: StepClock): { gap: { minutes: number } | "unknown" | null; next: StepClock } {
  const comparable = step.base === previous.base && step.at !== null && previous.at !== null;
  if (!comparable) return { gap: "unknown", next: step };
  const minutes = step.at! - previous.at!;
  return { gap: minutes > 0 ? { minutes } : null, next: { base: step.base, at: Math.max(previous.at!, step.at!) } };
}

/** "The evening before pickup" → "the evening before pickup"; weekday names and acronyms keep their capitals. */
function midSentence(text: string): string {
  const first = text.split(/\s/)[0] ?? "";
  if ((WEEKDAY_NAMES as readonly string[]).includes(first) || /^[A-Z]{2}/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The card between two steps measured from different clocks (the trigger, or an event's date):
 * "Then, 2 hours before the appointment". Nobody knows how long that wait is, so it names when
 * the next step goes instead of a duration.
 */
export function anchorTitle(timing: Timing | null | undefined, legacyDelayDays: number | null | undefined, first: boolean): string {
  return `${first ? "First" : "Then"}, ${midSentence(timingText(timing, legacyDelayDays))}`;
}

/**
 * The touchpoint list with cards between. Between two steps measured from the same clock (both
 * from the trigger, or both from the same event's date) a wait card says how long ("Wait 3
 * days"), when the second is later. Where the clock changes, or a weekday timing leaves the
 * distance to the date, the card names when the next step goes ("Then, 2 hours before the
 * appointment"): it never claims a wait it cannot know. Input order is kept; callers pass
 * touchpoints in step order (for anchored steps, the order of their estimated times).
 */
export function buildTimeline<T extends TimingFields>(touchpoints: readonly T[]): TimelineItem<T>[] {
  const items: TimelineItem<T>[] = [];
  let previous = TRIGGER_CLOCK;
  touchpoints.forEach((touchpoint, index) => {
    const { gap, next } = stepGap(previous, stepClock(touchpoint));
    if (gap === "unknown") items.push({ kind: "anchor", title: anchorTitle(touchpoint.timing, touchpoint.delayDays, index === 0), key: `anchor-${index}` });
    else if (gap) items.push({ kind: "delay", minutes: gap.minutes, title: delayTitle(gap.minutes), key: `delay-${index}` });
    items.push({ kind: "touchpoint", touchpoint });
    previous = next;
  });
  return items;
}
