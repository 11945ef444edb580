import { z } from "zod";

import { MAX_OFFSET_MINUTES, TIMING_EVENTS } from "~/lib/timing";

/** When a touchpoint is sent (immediately, an offset, or around an event) as schemas, for the server (models, the admin rule input, the API). */
const minutesSchema = z.number().int("Minutes must be a whole number").min(0, "Minutes cannot be negative").max(MAX_OFFSET_MINUTES, `Minutes cannot exceed ${MAX_OFFSET_MINUTES}`);
/** The longest text a timing may show instead of its generated phrase. */
export const TIMING_DISPLAY_TEXT_MAX = 200;
const displayTextSchema = z.string().trim().max(TIMING_DISPLAY_TEXT_MAX).optional();
const eventSchema = z.enum(TIMING_EVENTS);

export const immediateTimingSchema = z.object({ type: z.literal("immediate"), displayText: displayTextSchema });
export const offsetTimingSchema = z.object({ type: z.literal("offset"), minutes: minutesSchema, displayText: displayTextSchema });
export const relativeEventTimingSchema = z.object({
  type: z.literal("relative_event"),
  event: eventSchema,
  direction: z.enum(["before", "after"]),
  minutes: minutesSchema,
  displayText: displayTextSchema,
});
export const weekdayRelativeEventTimingSchema = z.object({
  type: z.literal("weekday_relative_event"),
  event: eventSchema,
  weekday: z.number().int().min(0, "Weekday must be 0 to 6").max(6, "Weekday must be 0 to 6"),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:MM")
    .optional(),
  relation: z.enum(["before", "on"]),
  displayText: displayTextSchema,
});

export const timingSchema = z.discriminatedUnion("type", [immediateTimingSchema, offsetTimingSchema, relativeEventTimingSchema, weekdayRelativeEventTimingSchema]);
export type Timing = z.infer<typeof timingSchema>;
