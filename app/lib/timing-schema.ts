import { z } from "zod";

import { MAX_OFFSET_MINUTES, TIME_NEEDS_DAYS_MESSAGE, TIME_OF_DAY_MESSAGE, TIME_OF_DAY_PATTERN, timeOfDayFits, TIMING_DISPLAY_TEXT_MAX, TIMING_EVENTS } from "~/lib/timing-rules";

/** When a touchpoint is sent (immediately, an offset, or around an event) as schemas, for the server (models, the admin rule input, the API). */
const minutesSchema = z.number().int("Minutes must be a whole number").min(0, "Minutes cannot be negative").max(MAX_OFFSET_MINUTES, `Minutes cannot exceed ${MAX_OFFSET_MINUTES}`);
const displayTextSchema = z.string().trim().max(TIMING_DISPLAY_TEXT_MAX).optional();
const eventSchema = z.enum(TIMING_EVENTS, { error: `Event must be one of ${TIMING_EVENTS.join(", ")}.` });
const timeSchema = z.string().regex(TIME_OF_DAY_PATTERN, TIME_OF_DAY_MESSAGE);

export const immediateTimingSchema = z.object({ type: z.literal("immediate"), displayText: displayTextSchema });
export const offsetTimingSchema = z.object({ type: z.literal("offset"), minutes: minutesSchema, displayText: displayTextSchema });
const relativeEventFields = {
  type: z.literal("relative_event"),
  event: eventSchema,
  direction: z.enum(["before", "after"], { error: "Direction must be before or after." }),
  minutes: minutesSchema,
  time: timeSchema.optional().describe("The time of day, with whole days only (the contact's local time)."),
  displayText: displayTextSchema,
};
const timeFits = (timing: { minutes: number; time?: string | null }) => timeOfDayFits(timing.minutes, timing.time ?? undefined);
const timeFitsMessage = { message: TIME_NEEDS_DAYS_MESSAGE, path: ["time"] };

/** A time before or after one of the business's dates: "2 hours before the appointment", "1 day before pickup at 18:00". */
export const relativeEventTimingSchema = z.object(relativeEventFields).refine(timeFits, timeFitsMessage);
const weekdayFields = {
  type: z.literal("weekday_relative_event"),
  event: eventSchema,
  weekday: z.number().int().min(0, "Weekday must be 0 to 6").max(6, "Weekday must be 0 to 6"),
  time: timeSchema.optional(),
  relation: z.enum(["before", "on"]),
  displayText: displayTextSchema,
};
export const weekdayRelativeEventTimingSchema = z.object(weekdayFields);

export const timingSchema = z.discriminatedUnion("type", [immediateTimingSchema, offsetTimingSchema, relativeEventTimingSchema, weekdayRelativeEventTimingSchema]);
export type Timing = z.infer<typeof timingSchema>;

/** The timings measured from an event: what a generator may give a step instead of its offset from the trigger. */
export const anchoredTimingSchema = z.discriminatedUnion("type", [relativeEventTimingSchema, weekdayRelativeEventTimingSchema]);

/**
 * The same anchored timings as a generator writes them: a model's structured output must carry
 * every field, so the optional ones may be null here. `fromDraftTiming` drops the nulls, giving
 * the stored form.
 */
export const anchoredDraftTimingSchema = z.discriminatedUnion("type", [
  z.object({ ...relativeEventFields, time: timeSchema.nullable().optional(), displayText: displayTextSchema.nullable() }).refine(timeFits, timeFitsMessage),
  z.object({ ...weekdayFields, time: timeSchema.nullable().optional(), displayText: displayTextSchema.nullable() }),
]);
export type AnchoredDraftTiming = z.infer<typeof anchoredDraftTimingSchema>;

export function fromDraftTiming(draft: AnchoredDraftTiming): Timing {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== null && value !== undefined)) as Timing;
}
