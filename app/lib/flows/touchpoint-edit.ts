import * as z from "zod/mini";

import { apiDelayDaysSchema, formDelayDaysSchema, timingPartFields, touchpointTextFields } from "~/lib/flows/types";
import { isAnchored, MAX_OFFSET_MINUTES, MINUTES_PER_DAY, minutesFromEvent, type Timing, type TimingFields, timingForDelayDays, touchpointOffsetMinutes } from "~/lib/timing";
import { sameTimingValues, timingFromParts, type TimingParts } from "~/lib/timing-input";
import { timingSchema } from "~/lib/timing-schema";

/**
 * A touchpoint edit's timing, on the server: the API takes a `timing` object (or the older
 * `delayDays`), the dialog posts the timing's parts (or, from an older page, `delayDays`). This
 * module says which new timing that makes, if any, and where the step then goes in the flow. It
 * holds the timing schema (classic zod), so only server code imports it; the dialog's own schema
 * is in types.ts.
 */

export const TIMING_AND_DELAY_MESSAGE = "Send timing or delayDays, not both: timing replaces delayDays.";
export const TIMING_REQUIRED_MESSAGE = "Say when the step goes: a timing object, or delayDays (whole days after the trigger).";

/**
 * PUT and PATCH /api/touchpoints/{id}: the texts, and `timing` or (the older form)
 * `delayDays`, not both (a null timing is none given). A touchpoint as read carries both: see
 * timingWriteAsRead.
 */
export const touchpointEditApiSchema = z
  .object({
    ...touchpointTextFields,
    timing: z.optional(z.nullable(timingSchema)),
    delayDays: z.optional(apiDelayDaysSchema),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.timing != null && value.delayDays !== undefined) ctx.issues.push({ code: "custom", message: TIMING_AND_DELAY_MESSAGE, path: ["timing"], input: value });
    }),
  );

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A touchpoint written back as it was read carries its timing twice: `timing` and the whole days
 * it works out to (`delayDays`). The one of the two left as read says nothing and is dropped, so
 * the changed one is the edit: a new timing (hours, a time before or after a date) with the days
 * as read, or new days with the timing as read. A null timing is none given. When both changed,
 * both stay and the schema refuses them (TIMING_AND_DELAY_MESSAGE).
 */
export function timingWriteAsRead(body: Record<string, unknown>, current: Pick<TimingFields, "timing" | "delayDays">): Record<string, unknown> {
  const result = { ...body };
  if (result.timing === null) delete result.timing;
  if (result.timing === undefined || result.delayDays === undefined) return result;
  if (sameJson(result.delayDays, current.delayDays)) delete result.delayDays;
  else if (sameJson(result.timing, current.timing)) delete result.timing;
  return result;
}

/** What the flows service accepts, from the API or the dialog (each already checked by its own schema); a null timing is none given. */
export const touchpointEditServiceSchema = z.object({
  ...touchpointTextFields,
  ...timingPartFields,
  timing: z.optional(z.nullable(timingSchema)),
  delayDays: z.optional(formDelayDaysSchema),
});
export type TouchpointEditValues = z.infer<typeof touchpointEditServiceSchema>;

export type TimingEdit = { ok: true; timing: Timing | null } | { ok: false; message: string; errors: Record<string, string> };

function refused(field: string, message: string): TimingEdit {
  return { ok: false, message, errors: { [field]: message } };
}

/**
 * The step's new timing, null to keep the one it has, or what is wrong (a timing object wins). The dialog's parts posted
 * as they were shown keep the stored timing as it is (a weekday timing, a displayText); a
 * `delayDays` equal to the stored one keeps it too.
 */
export function timingEditOf(edit: TouchpointEditValues & TimingParts, current: TimingFields): TimingEdit {
  // A timing object wins over anything else sent (the API itself refuses timing with delayDays).
  if (edit.timing) return { ok: true, timing: edit.timing };
  if (edit.timingFrom !== undefined) {
    if (sameTimingValues(edit, current.timing, current.delayDays, current.offsetMinutes)) return { ok: true, timing: null };
    const result = timingFromParts(edit);
    if (result.ok) return result;
    return { ok: false, message: Object.values(result.errors)[0]!, errors: result.errors };
  }
  if (edit.delayDays !== undefined) return { ok: true, timing: edit.delayDays === current.delayDays ? null : timingForDelayDays(edit.delayDays) };
  return refused("timing", TIMING_REQUIRED_MESSAGE);
}

/**
 * Where an anchored step falls after the trigger, estimated from the flow: the event's estimated
 * time (from the step's own earlier estimate if it was timed from the same event, else from
 * another step timed from it) plus the step's distance from the event. Without either, the step
 * keeps its place.
 */
export function estimatedOffset(timing: Timing, self: TimingFields, steps: readonly TimingFields[]): number {
  const at = isAnchored(timing) ? minutesFromEvent(timing) : null;
  if (!isAnchored(timing) || at === null) return touchpointOffsetMinutes(self);
  const eventAt = [self, ...steps]
    .map((step) =>
      step.timing?.type === "relative_event" && step.timing.event === timing.event && typeof step.offsetMinutes === "number"
        ? step.offsetMinutes - minutesFromEvent(step.timing)!
        : null,
    )
    .find((value) => value !== null);
  if (eventAt === undefined || eventAt === null) return touchpointOffsetMinutes(self);
  return Math.min(MAX_OFFSET_MINUTES, Math.max(0, eventAt + at));
}

/** The timing fields a step gets with its new timing: offsetMinutes (fixed, or the estimate that orders it) and delayDays to match. */
export function placeTiming(timing: Timing, self: TimingFields, steps: readonly TimingFields[]): { timing: Timing; offsetMinutes: number; delayDays: number } {
  const offsetMinutes = isAnchored(timing) ? estimatedOffset(timing, self, steps) : touchpointOffsetMinutes({ timing });
  return { timing, offsetMinutes, delayDays: Math.floor(offsetMinutes / MINUTES_PER_DAY) };
}
