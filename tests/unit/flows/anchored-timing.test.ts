import { describe, expect, it } from "vitest";

import { eventLabel, fixedOffsetMinutes, isAnchored, MAX_OFFSET_MINUTES, minutesFromEvent, TIME_OF_DAY_MESSAGE, timingBase, timingText, TIMING_EVENTS } from "~/lib/timing";
import {
  amountAndUnit,
  sameTimingValues,
  TIMING_AMOUNT_MESSAGE,
  TIMING_BEFORE_TRIGGER_MESSAGE,
  TIMING_FROM_MESSAGE,
  TIMING_TIME_FROM_TRIGGER_MESSAGE,
  TIMING_TOO_LONG_MESSAGE,
  timingFormValues,
  timingFromParts,
} from "~/lib/timing-input";
import { anchoredTimingSchema, timingSchema } from "~/lib/timing-schema";

/** Timing from the real event: the events a business's dates give, read in both directions, and the dialog's parts. */

describe("anchored timings read right in both directions", () => {
  it("names each new event as the examples say", () => {
    expect(timingText({ type: "relative_event", event: "appointment", direction: "before", minutes: 120 })).toBe("2 hours before the appointment");
    expect(timingText({ type: "relative_event", event: "appointment", direction: "after", minutes: 3 * 1440 })).toBe("3 days after the appointment");
    expect(timingText({ type: "relative_event", event: "trial_end", direction: "before", minutes: 2 * 1440 })).toBe("2 days before the trial ends");
    expect(timingText({ type: "relative_event", event: "trial_end", direction: "after", minutes: 1440 })).toBe("1 day after the trial ends");
    expect(timingText({ type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00" })).toBe("1 day before pickup at 18:00");
    expect(timingText({ type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00", displayText: "The evening before pickup" })).toBe(
      "The evening before pickup",
    );
    expect(timingText({ type: "relative_event", event: "handover", direction: "after", minutes: 30 })).toBe("30 minutes after handover");
    expect(timingText({ type: "relative_event", event: "event_date", direction: "before", minutes: 7 * 1440 })).toBe("7 days before the event");
    expect(timingText({ type: "relative_event", event: "start_date", direction: "after", minutes: 0 })).toBe("Right after the start date");
    expect(timingText({ type: "relative_event", event: "appointment", direction: "before", minutes: 0, time: "08:00" })).toBe("On the day of the appointment at 08:00");
    expect(timingText({ type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before", time: "18:00" })).toBe("Friday before pickup at 18:00");
  });

  it("keeps the older events and gives every event a label", () => {
    expect(TIMING_EVENTS.slice(0, 6)).toEqual(["order_deadline", "delivery", "order_ships", "subscription_renewal", "webinar", "launch_date"]);
    expect(eventLabel("trial_end")).toBe("The end of the trial");
    expect(eventLabel("pickup")).toBe("Pickup");
    for (const event of TIMING_EVENTS) expect(eventLabel(event)).toMatch(/^[A-Z]/);
  });

  it("knows what a step is measured from, and where it falls on its event's clock", () => {
    const before = { type: "relative_event", event: "appointment", direction: "before", minutes: 120 } as const;
    expect(isAnchored(before)).toBe(true);
    expect(isAnchored({ type: "offset", minutes: 60 })).toBe(false);
    expect(timingBase(before)).toBe("appointment");
    expect(timingBase(null)).toBe("trigger");
    expect(minutesFromEvent(before)).toBe(-120);
    expect(minutesFromEvent({ ...before, direction: "after" })).toBe(120);
    expect(minutesFromEvent({ type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before" })).toBeNull();
    // The planner's estimate orders the step; it is never taken for its real time.
    expect(fixedOffsetMinutes({ timing: before, offsetMinutes: 10_080 })).toBeNull();
    expect(fixedOffsetMinutes({ timing: { type: "offset", minutes: 60 }, offsetMinutes: 60 })).toBe(60);
  });
});

describe("the timing schema", () => {
  it("takes the new events, a time of day with whole days, and keeps the four forms", () => {
    const valid = [
      { type: "relative_event", event: "appointment", direction: "before", minutes: 120 },
      { type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00" },
      { type: "relative_event", event: "trial_end", direction: "before", minutes: 2880, displayText: "Two days before your trial ends" },
      { type: "relative_event", event: "start_date", direction: "after", minutes: 0, time: "09:00" },
      { type: "weekday_relative_event", event: "event_date", weekday: 5, relation: "before", time: "18:00" },
    ];
    for (const timing of valid) expect(timingSchema.safeParse(timing).success, JSON.stringify(timing)).toBe(true);
  });

  it("refuses what does not add up, each with a message that says why", () => {
    const refused = (timing: unknown) => {
      const result = timingSchema.safeParse(timing);
      return result.success ? null : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(refused({ type: "relative_event", event: "appointment", direction: "before", minutes: 90, time: "09:00" })).toEqual([
      "time: A time of day goes with whole days from an event (the evening before pickup: 1 day before, at 18:00).",
    ]);
    expect(refused({ type: "relative_event", event: "appointment", direction: "before", minutes: 1440, time: "6pm" })).toEqual([`time: ${TIME_OF_DAY_MESSAGE}`]);
    expect(refused({ type: "relative_event", event: "birthday", direction: "before", minutes: 60 })?.[0]).toMatch(/^event: Event must be one of order_deadline, .*start_date\.$/);
    expect(refused({ type: "relative_event", event: "pickup", direction: "around", minutes: 60 })).toEqual(["direction: Direction must be before or after."]);
    expect(refused({ type: "relative_event", event: "pickup", direction: "before", minutes: MAX_OFFSET_MINUTES + 1 })).toEqual([
      `minutes: Minutes cannot exceed ${MAX_OFFSET_MINUTES}`,
    ]);
    expect(refused({ type: "relative_event", event: "pickup", direction: "before", minutes: -5 })).toEqual(["minutes: Minutes cannot be negative"]);
  });

  it("lets a generator give only the forms measured from an event", () => {
    expect(anchoredTimingSchema.safeParse({ type: "relative_event", event: "appointment", direction: "before", minutes: 120 }).success).toBe(true);
    expect(anchoredTimingSchema.safeParse({ type: "offset", minutes: 60 }).success).toBe(false);
    expect(anchoredTimingSchema.safeParse({ type: "immediate" }).success).toBe(false);
  });
});

describe("the dialog's timing fields", () => {
  it("show a timing in the largest whole unit", () => {
    expect(amountAndUnit(2880)).toEqual({ amount: 2, unit: "days" });
    expect(amountAndUnit(120)).toEqual({ amount: 2, unit: "hours" });
    expect(amountAndUnit(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(amountAndUnit(0)).toEqual({ amount: 0, unit: "days" });
    expect(timingFormValues({ type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00" })).toEqual({
      timingAmount: "1",
      timingUnit: "days",
      timingDirection: "before",
      timingFrom: "pickup",
      timingTime: "18:00",
    });
    expect(timingFormValues({ type: "offset", minutes: 4320 })).toEqual({ timingAmount: "3", timingUnit: "days", timingDirection: "after", timingFrom: "trigger", timingTime: "" });
    expect(timingFormValues(null, 2)).toMatchObject({ timingAmount: "2", timingUnit: "days", timingFrom: "trigger" });
    expect(timingFormValues({ type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before" })).toMatchObject({ timingAmount: "", timingFrom: "pickup" });
  });

  it("turn into a timing: from the trigger an offset, from an event an anchored timing", () => {
    expect(timingFromParts({ timingAmount: 2, timingUnit: "hours", timingDirection: "before", timingFrom: "appointment" })).toEqual({
      ok: true,
      timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120 },
    });
    expect(timingFromParts({ timingAmount: 1, timingUnit: "days", timingDirection: "before", timingFrom: "pickup", timingTime: "18:00" })).toEqual({
      ok: true,
      timing: { type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00" },
    });
    expect(timingFromParts({ timingAmount: 3, timingUnit: "days", timingDirection: "after", timingFrom: "trigger" })).toEqual({
      ok: true,
      timing: { type: "offset", minutes: 4320 },
    });
    expect(timingFromParts({ timingAmount: 0, timingUnit: "days", timingDirection: "after", timingFrom: "trigger" })).toEqual({ ok: true, timing: { type: "immediate" } });
  });

  it("say what is wrong, at the field it concerns", () => {
    const errors = (parts: Parameters<typeof timingFromParts>[0]) => {
      const result = timingFromParts(parts);
      return result.ok ? null : result.errors;
    };
    expect(errors({ timingUnit: "days", timingDirection: "after", timingFrom: "trigger" })).toEqual({ timingAmount: TIMING_AMOUNT_MESSAGE });
    expect(errors({ timingAmount: 1.5, timingUnit: "days", timingFrom: "trigger" })).toEqual({ timingAmount: TIMING_AMOUNT_MESSAGE });
    expect(errors({ timingAmount: 366, timingUnit: "days", timingFrom: "pickup" })).toEqual({ timingAmount: TIMING_TOO_LONG_MESSAGE });
    expect(errors({ timingAmount: 2, timingUnit: "days", timingDirection: "before", timingFrom: "trigger" })).toEqual({ timingDirection: TIMING_BEFORE_TRIGGER_MESSAGE });
    expect(errors({ timingAmount: 2, timingUnit: "days", timingFrom: "birthday" })).toEqual({ timingFrom: TIMING_FROM_MESSAGE });
    expect(errors({ timingAmount: 2, timingUnit: "days", timingFrom: "trigger", timingTime: "09:00" })).toEqual({ timingTime: TIMING_TIME_FROM_TRIGGER_MESSAGE });
    expect(errors({ timingAmount: 2, timingUnit: "hours", timingFrom: "pickup", timingTime: "09:00" })?.timingTime).toMatch(/whole days/);
    expect(errors({ timingAmount: 2, timingUnit: "days", timingFrom: "pickup", timingTime: "25:00" })).toEqual({ timingTime: TIME_OF_DAY_MESSAGE });
  });

  it("posted unchanged, keep the timing they were filled from (a weekday timing, a displayText)", () => {
    const weekday = { type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before", time: "18:00" } as const;
    expect(sameTimingValues({ timingUnit: "days", timingDirection: "before", timingFrom: "pickup", timingTime: "18:00" }, weekday)).toBe(true);
    expect(sameTimingValues({ timingAmount: 1, timingUnit: "days", timingDirection: "before", timingFrom: "pickup", timingTime: "18:00" }, weekday)).toBe(false);
    const evening = { type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00", displayText: "The evening before pickup" } as const;
    expect(sameTimingValues({ timingAmount: 1, timingUnit: "days", timingDirection: "before", timingFrom: "pickup", timingTime: "18:00" }, evening)).toBe(true);
    expect(sameTimingValues({ timingAmount: 24, timingUnit: "hours", timingDirection: "before", timingFrom: "pickup" }, evening)).toBe(false);
  });
});
