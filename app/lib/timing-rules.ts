/**
 * What every timing keeps to, for the words that show a timing (timing.ts) and the schemas that
 * check one (timing-schema.ts) alike: the units, the longest offset, the events and the time of day.
 */

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1440;
/** Offsets run from 0 to one year. */
export const MAX_OFFSET_MINUTES = 525_600;
/** The longest text a timing may show instead of its generated phrase. */
export const TIMING_DISPLAY_TEXT_MAX = 200;

export const TIMING_EVENTS = [
  "order_deadline",
  "delivery",
  "order_ships",
  "subscription_renewal",
  "webinar",
  "launch_date",
  "appointment",
  "pickup",
  "trial_end",
  "handover",
  "event_date",
  "start_date",
] as const;
export type TimingEvent = (typeof TIMING_EVENTS)[number];

/** A time of day, "HH:MM" on the 24-hour clock (a weekday timing's time, an event timing's time). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_OF_DAY_MESSAGE = "Time must be HH:MM";
export const TIME_NEEDS_DAYS_MESSAGE = "A time of day goes with whole days from an event (the evening before pickup: 1 day before, at 18:00).";

/** Whether an event timing's time of day fits its distance: only whole days from the event have a time. */
export function timeOfDayFits(minutes: number, time: string | undefined): boolean {
  return time === undefined || minutes % MINUTES_PER_DAY === 0;
}
