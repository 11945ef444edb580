import { describe, expect, it } from "vitest";

import {
  buildTimeline,
  delayDaysToMinutes,
  delayTitle,
  formatDuration,
  MAX_OFFSET_MINUTES,
  normalizeTouchpointTiming,
  offsetLabel,
  parseDelayDays,
  timingForDelayDays,
  timingText,
  touchpointOffsetMinutes,
} from "~/lib/timing";
import { timingSchema } from "~/lib/timing-schema";

describe("timingSchema", () => {
  it("accepts the four timing forms", () => {
    const valid = [
      { type: "immediate" },
      { type: "offset", minutes: 0 },
      { type: "offset", minutes: MAX_OFFSET_MINUTES, displayText: "A year later" },
      { type: "relative_event", event: "order_deadline", direction: "before", minutes: 120 },
      { type: "weekday_relative_event", event: "delivery", weekday: 0, relation: "on" },
      { type: "weekday_relative_event", event: "webinar", weekday: 6, time: "23:59", relation: "before" },
    ];
    for (const timing of valid) expect(timingSchema.safeParse(timing).success, JSON.stringify(timing)).toBe(true);
  });

  it("rejects out-of-range and malformed timings", () => {
    const invalid = [
      { type: "offset", minutes: -1 },
      { type: "offset", minutes: MAX_OFFSET_MINUTES + 1 },
      { type: "offset", minutes: 1.5 },
      { type: "offset" },
      { type: "relative_event", event: "birthday", direction: "before", minutes: 10 },
      { type: "relative_event", event: "delivery", direction: "during", minutes: 10 },
      { type: "weekday_relative_event", event: "delivery", weekday: 7, relation: "on" },
      { type: "weekday_relative_event", event: "delivery", weekday: 1, relation: "after" },
      { type: "weekday_relative_event", event: "delivery", weekday: 1, relation: "on", time: "24:00" },
      { type: "weekday_relative_event", event: "delivery", weekday: 1, relation: "on", time: "9:00" },
      { type: "later" },
      null,
    ];
    for (const timing of invalid) expect(timingSchema.safeParse(timing).success, JSON.stringify(timing)).toBe(false);
  });
});

describe("formatDuration", () => {
  it("shows minutes under 60, hours under 1440, else days", () => {
    expect(formatDuration(0)).toBe("0 minutes");
    expect(formatDuration(1)).toBe("1 minute");
    expect(formatDuration(59)).toBe("59 minutes");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(90)).toBe("1.5 hours");
    expect(formatDuration(1439)).toBe("24 hours");
    expect(formatDuration(1440)).toBe("1 day");
    expect(formatDuration(2880)).toBe("2 days");
    expect(formatDuration(2160)).toBe("1.5 days");
    expect(formatDuration(MAX_OFFSET_MINUTES)).toBe("365 days");
  });
});

describe("legacy delay days", () => {
  it("convert at 1440 minutes per day", () => {
    expect(delayDaysToMinutes(0)).toBe(0);
    expect(delayDaysToMinutes(3)).toBe(4320);
    expect(timingForDelayDays(0)).toEqual({ type: "immediate" });
    expect(timingForDelayDays(2)).toEqual({ type: "offset", minutes: 2880 });
  });

  it("parse as whole numbers from 0, non-numeric becoming 0", () => {
    expect(parseDelayDays("3")).toBe(3);
    expect(parseDelayDays(2.7)).toBe(2);
    expect(parseDelayDays(-4)).toBe(0);
    expect(parseDelayDays("abc")).toBe(0);
    expect(parseDelayDays("")).toBe(0);
    expect(parseDelayDays(null)).toBe(0);
  });
});

describe("timingText", () => {
  it("describes each form", () => {
    expect(timingText({ type: "immediate" })).toBe("Immediately");
    expect(timingText({ type: "offset", minutes: 0 })).toBe("Immediately");
    expect(timingText({ type: "offset", minutes: 30 })).toBe("30 minutes after the trigger");
    expect(timingText({ type: "offset", minutes: 180 })).toBe("3 hours after the trigger");
    expect(timingText({ type: "offset", minutes: 4320 })).toBe("3 days after the trigger");
    expect(timingText({ type: "relative_event", event: "order_deadline", direction: "before", minutes: 120 })).toBe("2 hours before the order deadline");
    expect(timingText({ type: "relative_event", event: "delivery", direction: "after", minutes: 0 })).toBe("Right after delivery");
    expect(timingText({ type: "weekday_relative_event", event: "webinar", weekday: 4, relation: "before", time: "09:30" })).toBe("Thursday before the webinar at 09:30");
    expect(timingText({ type: "weekday_relative_event", event: "launch_date", weekday: 1, relation: "on" })).toBe("Monday in the week of the launch date");
  });

  it("reads a fixed offset one way, whoever wrote the step: an edited step and a generated one never mix forms", () => {
    // A generated step carries the generator's words; an edit gives a plain offset.
    const generated = timingText({ type: "offset", minutes: 3 * 1440, displayText: "3 days after signup" });
    const edited = timingText(timingForDelayDays(2));
    expect(generated).toBe("3 days after the trigger");
    expect(edited).toBe("2 days after the trigger");
    expect(timingText({ type: "immediate", displayText: "Immediately after signup" })).toBe("Immediately");
    expect(offsetLabel(60)).toBe("1 hour after the trigger");
  });

  it("an event timing reads as its non-empty displayText", () => {
    expect(timingText({ type: "relative_event", event: "delivery", direction: "after", minutes: 1440, displayText: "The day after it arrives" })).toBe("The day after it arrives");
    expect(timingText({ type: "relative_event", event: "delivery", direction: "after", minutes: 1440, displayText: "  " })).toBe("1 day after delivery");
  });

  it("falls back to legacy delay days without a timing", () => {
    expect(timingText(null, 2)).toBe("2 days after the trigger");
    expect(timingText(undefined, 0)).toBe("Immediately");
  });
});

describe("touchpointOffsetMinutes", () => {
  it("prefers offsetMinutes, then the timing, then legacy delay days", () => {
    expect(touchpointOffsetMinutes({ offsetMinutes: 90, timing: { type: "offset", minutes: 10 }, delayDays: 5 })).toBe(90);
    expect(touchpointOffsetMinutes({ timing: { type: "offset", minutes: 10 }, delayDays: 5 })).toBe(10);
    expect(touchpointOffsetMinutes({ timing: { type: "immediate" }, delayDays: 5 })).toBe(0);
    expect(touchpointOffsetMinutes({ timing: { type: "relative_event", event: "delivery", direction: "after", minutes: 60 }, delayDays: 2 })).toBe(2880);
    expect(touchpointOffsetMinutes({ delayDays: 1 })).toBe(1440);
    expect(touchpointOffsetMinutes({})).toBe(0);
  });
});

describe("normalizeTouchpointTiming", () => {
  it("derives offset and days from an offset timing", () => {
    expect(normalizeTouchpointTiming({ timing: { type: "offset", minutes: 3000 } })).toEqual({
      timing: { type: "offset", minutes: 3000 },
      offsetMinutes: 3000,
      delayDays: 2,
    });
  });

  it("derives the timing from legacy delay days", () => {
    expect(normalizeTouchpointTiming({ delayDays: 3 })).toEqual({ timing: { type: "offset", minutes: 4320 }, offsetMinutes: 4320, delayDays: 3 });
    expect(normalizeTouchpointTiming({ delayDays: 0 })).toEqual({ timing: { type: "immediate" }, offsetMinutes: 0, delayDays: 0 });
  });

  it("keeps event-relative timings without a fixed offset", () => {
    const timing = { type: "relative_event", event: "delivery", direction: "after", minutes: 60 } as const;
    expect(normalizeTouchpointTiming({ timing })).toEqual({ timing, offsetMinutes: null, delayDays: 0 });
    expect(normalizeTouchpointTiming({ timing, delayDays: 4 })).toEqual({ timing, offsetMinutes: null, delayDays: 4 });
  });

  it("is empty when nothing is known", () => {
    expect(normalizeTouchpointTiming({})).toEqual({ timing: null, offsetMinutes: null, delayDays: 0 });
  });
});

describe("delay display", () => {
  it("titles day-based waits 'Wait N day(s)'", () => {
    expect(delayTitle(1440)).toBe("Wait 1 day");
    expect(delayTitle(4320)).toBe("Wait 3 days");
    expect(delayTitle(180)).toBe("Wait 3 hours");
    expect(delayTitle(45)).toBe("Wait 45 minutes");
  });

  it("never titles a wait with a fraction: whole days and hours, whole hours and minutes", () => {
    expect(delayTitle(1728)).toBe("Wait 1 day 5 hours");
    expect(delayTitle(270)).toBe("Wait 4 hours 30 minutes");
    expect(delayTitle(2 * 1440 + 1435)).toBe("Wait 3 days");
    for (let minutes = 0; minutes <= 30 * 1440; minutes += 17) expect(delayTitle(minutes)).not.toMatch(/\d\.\d/);
  });

  it("inserts a wait before a touchpoint whose offset exceeds the previous step's", () => {
    const steps = [
      { id: "a", delayDays: 0 },
      { id: "b", delayDays: 1 },
      { id: "c", delayDays: 1 },
      { id: "d", delayDays: 4 },
    ];
    const items = buildTimeline(steps).map((item) => (item.kind === "touchpoint" ? item.touchpoint.id : item.title));
    expect(items).toEqual(["a", "Wait 1 day", "b", "c", "Wait 3 days", "d"]);
  });

  it("measures the first step from the trigger and mixes minute offsets with legacy days", () => {
    const steps = [
      { id: "a", timing: { type: "offset", minutes: 60 } as const },
      { id: "b", offsetMinutes: 1440 },
      { id: "c", delayDays: 3 },
    ];
    const items = buildTimeline(steps).map((item) => (item.kind === "touchpoint" ? item.touchpoint.id : item.title));
    expect(items).toEqual(["Wait 1 hour", "a", "Wait 23 hours", "b", "Wait 2 days", "c"]);
  });

  it("adds no wait for a step that is not later than the previous one", () => {
    const steps = [
      { id: "a", delayDays: 2 },
      { id: "b", delayDays: 2 },
      { id: "c", delayDays: 1 },
      { id: "d", delayDays: 3 },
    ];
    const items = buildTimeline(steps).map((item) => (item.kind === "touchpoint" ? item.touchpoint.id : item.kind === "delay" ? item.minutes : item.title));
    expect(items).toEqual([2880, "a", "b", "c", 1440, "d"]);
  });

  it("never claims a wait across a date: where the clock changes, the card names when the next step goes", () => {
    const steps = [
      { id: "a", timing: { type: "immediate" } as const, offsetMinutes: 0 },
      { id: "b", timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 2880 } as const, offsetMinutes: 7 * 1440 },
      { id: "c", timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120 } as const, offsetMinutes: 8 * 1440 },
      { id: "d", timing: { type: "relative_event", event: "appointment", direction: "after", minutes: 3 * 1440 } as const, offsetMinutes: 11 * 1440 },
      { id: "e", timing: { type: "offset", minutes: 20 * 1440 } as const, offsetMinutes: 20 * 1440 },
      { id: "f", timing: { type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before", time: "18:00" } as const, offsetMinutes: 21 * 1440 },
    ];
    const items = buildTimeline(steps).map((item) => (item.kind === "touchpoint" ? item.touchpoint.id : item.title));
    expect(items).toEqual([
      "a",
      "Then, 2 days before the appointment",
      "b",
      // Both from the appointment: this wait is known.
      "Wait 1 day 22 hours",
      "c",
      "Wait 3 days 2 hours",
      "d",
      "Then, 20 days after the trigger",
      "e",
      "Then, Friday before pickup at 18:00",
      "f",
    ]);
    const first = buildTimeline([steps[1]!]);
    expect(first[0]).toMatchObject({ kind: "anchor", title: "First, 2 days before the appointment" });
  });
});
