import type { TouchpointView } from "~/lib/flows/types";
import { type AnchoredTiming, isAnchored, MINUTES_PER_DAY, timingText, type TimingEvent } from "~/lib/timing";

/**
 * Steps timed from one of the business's dates, as Klaviyo's date-based timing says them
 * (vendor/klaviyo-openapi/create_flow.json): a flow started by a profile property's date
 * (`ProfilePropertyDateTrigger`: type "date", date_field_type "profile-property", N days before
 * the date at a time), a wait until N days before that date (`CountdownDelayAction`,
 * "countdown-delay"), a wait until the date itself (`TargetDateAction`, "target-date"), and after
 * it ordinary time delays (`TimeDelayAction`). All of them count whole days (or weeks, months) and
 * a time of day in the contact's time zone: a step "2 hours before the appointment" or "Friday
 * before pickup" cannot be said, and is sent with no wait of its own and a line saying so.
 */

/** The profile property that holds each event's date for a contact, as Flowmap asks for it, and what it holds. */
export const KLAVIYO_DATE_PROPERTIES: Readonly<Record<TimingEvent, { property: string; holds: string }>> = {
  order_deadline: { property: "order_deadline", holds: "the order deadline" },
  delivery: { property: "delivery_date", holds: "the delivery date" },
  order_ships: { property: "ship_date", holds: "the shipping date" },
  subscription_renewal: { property: "next_renewal_date", holds: "the next renewal date" },
  webinar: { property: "webinar_date", holds: "the webinar's date" },
  launch_date: { property: "launch_date", holds: "the launch date" },
  appointment: { property: "appointment_date", holds: "the appointment's date" },
  pickup: { property: "pickup_date", holds: "the pickup date" },
  trial_end: { property: "trial_end_date", holds: "the date the trial ends" },
  handover: { property: "handover_date", holds: "the handover date" },
  event_date: { property: "event_date", holds: "the event's date" },
  start_date: { property: "start_date", holds: "the start date" },
};

/** When a step timed in whole days from a date goes, if its timing gives no time of day. */
export const KLAVIYO_DEFAULT_SEND_TIME = "09:00";

/**
 * A time of day as the contract types it (`format: time`, RFC 3339's full-time, which carries an
 * offset): the wall-clock time with a zero offset, sent with `timezone: "profile"`, so Klaviyo
 * reads it in each contact's own time zone.
 */
export function klaviyoTime(hhmm: string): string {
  return `${hhmm}:00+00:00`;
}

export interface DateTrigger {
  type: "date";
  date_field_type: "profile-property";
  date_profile_property: string;
  timedelta_unit_before_date: "days";
  timedelta_value_before_date: number;
  recurrence_frequency: "never";
  timezone: "profile";
  trigger_time: string;
}

/** A wait on the date's clock, before it becomes an action. */
export type DateWait =
  { type: "countdown-delay"; daysBefore: number; time: string } | { type: "target-date"; time: string | null } | { type: "time-delay"; days: number; time: string };

/** Where an anchored step lands on Klaviyo's date clock: whole days from the date (negative before) at a time, or why it cannot. */
export type DatePosition = { exact: true; days: number; time: string } | { exact: false; reason: string };

export function datePosition(timing: AnchoredTiming): DatePosition {
  if (timing.type === "weekday_relative_event") {
    return { exact: false, reason: `Klaviyo's date timing counts days, weeks or months from the date and cannot say “${timingText(timing)}”` };
  }
  if (timing.minutes % MINUTES_PER_DAY !== 0) {
    return { exact: false, reason: "Klaviyo's date timing counts whole days from the date (days, weeks or months), not hours or minutes" };
  }
  const days = timing.minutes / MINUTES_PER_DAY;
  return { exact: true, days: timing.direction === "before" && days > 0 ? -days : days, time: timing.time ?? KLAVIYO_DEFAULT_SEND_TIME };
}

type AnchoredStep = TouchpointView & { timing: AnchoredTiming };

export interface DateFlowStep {
  touchpoint: AnchoredStep;
  /** The waits before the step's message, in order. */
  waits: DateWait[];
  position: DatePosition;
}

export interface DateFlowPlan {
  event: TimingEvent;
  dateProperty: string;
  trigger: DateTrigger;
  steps: DateFlowStep[];
}

/** The waits that take a contact from `at` (days from the date, and the time) to `to`; null when `to` is earlier. */
function waitsTo(at: { days: number; time: string }, to: { days: number; time: string }): DateWait[] | null {
  if (to.days < at.days) return null;
  if (to.days === at.days && to.time === at.time) return [];
  if (to.days < 0) return [{ type: "countdown-delay", daysBefore: -to.days, time: to.time }];
  if (to.days === 0) return [{ type: "target-date", time: to.time }];
  const reach: DateWait[] = at.days < 0 ? [{ type: "target-date", time: null }] : [];
  return [...reach, { type: "time-delay", days: to.days - Math.max(0, at.days), time: to.time }];
}

/** The steps of one event, in step order, as a date-triggered flow: its trigger and each step's waits. */
export function dateFlowPlan(event: TimingEvent, touchpoints: readonly AnchoredStep[]): DateFlowPlan {
  const positions = touchpoints.map((tp) => datePosition(tp.timing));
  const first = positions.find((position) => position.exact);
  const start = first && first.days <= 0 ? { days: first.days, time: first.time } : { days: 0, time: KLAVIYO_DEFAULT_SEND_TIME };
  let at = start;
  const steps = touchpoints.map((touchpoint, index): DateFlowStep => {
    const position = positions[index]!;
    if (!position.exact) return { touchpoint, waits: [], position };
    const waits = waitsTo(at, position);
    if (waits === null) return { touchpoint, waits: [], position: { exact: false, reason: "it comes earlier on the date's clock than the step before it" } };
    at = { days: position.days, time: position.time };
    return { touchpoint, waits, position };
  });
  const dateProperty = KLAVIYO_DATE_PROPERTIES[event].property;
  return {
    event,
    dateProperty,
    trigger: {
      type: "date",
      date_field_type: "profile-property",
      date_profile_property: dateProperty,
      timedelta_unit_before_date: "days",
      timedelta_value_before_date: Math.abs(start.days),
      recurrence_frequency: "never",
      timezone: "profile",
      trigger_time: klaviyoTime(start.time),
    },
    steps,
  };
}

/** The anchored steps of a flow grouped by their event, in order of first appearance. */
export function anchoredByEvent(touchpoints: readonly TouchpointView[]): Map<TimingEvent, AnchoredStep[]> {
  const groups = new Map<TimingEvent, AnchoredStep[]>();
  for (const tp of touchpoints) {
    if (!isAnchored(tp.timing)) continue;
    const list = groups.get(tp.timing.event) ?? [];
    list.push(tp as AnchoredStep);
    groups.set(tp.timing.event, list);
  }
  return groups;
}

function daysText(days: number) {
  const count = Math.abs(days);
  return `${count} day${count === 1 ? "" : "s"}`;
}

/** "2 days before that date at 09:00", "on that date at 18:00", "3 days after that date at 09:00". */
function whenOnTheDate(position: { days: number; time: string }) {
  if (position.days === 0) return `on that date at ${position.time}`;
  return `${daysText(position.days)} ${position.days < 0 ? "before" : "after"} that date at ${position.time}`;
}

/** One line a marketer reads for an anchored step: the profile property it needs, and how Klaviyo will time it (or why it cannot). */
export function dateStepLine(step: DateFlowStep, previous: DateFlowStep | undefined): string {
  const { touchpoint, position } = step;
  const { property, holds } = KLAVIYO_DATE_PROPERTIES[touchpoint.timing.event];
  const head = `Step ${touchpoint.stepNumber} (${timingText(touchpoint.timing)}) needs the profile property ${property}: ${holds}, on each contact's profile`;
  if (position.exact) return `${head}. It goes ${whenOnTheDate(position)}, in the contact's time zone.`;
  const follows = previous ? `it follows step ${previous.touchpoint.stepNumber}` : "it goes when the flow starts";
  return `${head}. ${position.reason}, so Flowmap set no wait for it (${follows}): set its timing in Klaviyo before turning the flow on.`;
}
