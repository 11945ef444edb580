import { describe, expect, it } from "vitest";

import fc from "fast-check";

import {
  BREAK_AFTER_MINUTES,
  labelWidth,
  layoutTimeline,
  ORIGIN_X,
  placeLabels,
  shortDuration,
  TIMELINE,
  triggerAndExits,
  waitLengthPx,
  type TimelineTouchpoint,
} from "~/lib/flows/timeline";

function tp(stepNumber: number, minutes: number, stepType: "Email" | "SMS" = "Email", title = `Step ${stepNumber}`): TimelineTouchpoint {
  return {
    id: `tp-${stepNumber}`,
    stepNumber,
    stepType,
    title,
    timing: minutes === 0 ? { type: "immediate" } : { type: "offset", minutes },
    offsetMinutes: minutes,
    delayDays: Math.floor(minutes / 1440),
  };
}

describe("the timeline's scale", () => {
  it("is linear, a day at DAY_PX, with waits under a day widened to one day", () => {
    expect(waitLengthPx(0)).toBe(0);
    expect(waitLengthPx(30)).toBe(TIMELINE.MIN_GAP_PX);
    expect(waitLengthPx(2 * 1440)).toBeCloseTo(2 * TIMELINE.DAY_PX);
    expect(waitLengthPx(BREAK_AFTER_MINUTES)).toBeCloseTo((BREAK_AFTER_MINUTES / 1440) * TIMELINE.DAY_PX);
    // Past the break point a wait is cut short: 90 days take far less than 90 days' width.
    expect(waitLengthPx(90 * 1440)).toBeLessThan(8 * TIMELINE.DAY_PX);
  });

  const minutes = fc.integer({ min: 1, max: 400 * 1440 });
  const delays = fc.array(fc.integer({ min: 0, max: 60 * 1440 }), { minLength: 1, maxLength: 10 });

  it("draws equal waits equally long wherever they sit in a flow, and keeps time's order", () => {
    fc.assert(
      fc.property(delays, delays, minutes, (before, after, wait) => {
        // Two flows: the same wait after different histories, and in a flow twice over.
        const offsets = (gaps: number[]) => gaps.reduce<number[]>((acc, gap) => [...acc, (acc.at(-1) ?? 0) + gap], []);
        const start = offsets(before);
        const times = [...start, start.at(-1)! + wait, ...offsets(after).map((t) => t + start.at(-1)! + wait)];
        times.push(times.at(-1)! + wait);
        const layout = layoutTimeline(times.map((t, index) => tp(index + 1, t, index % 3 === 2 ? "SMS" : "Email")));
        const drawn = layout.waits.filter((w) => w.minutes === wait).map((w) => w.x2 - w.x1);
        expect(drawn.length).toBeGreaterThanOrEqual(2);
        for (const width of drawn) expect(width).toBeCloseTo(drawn[0]!, 6);
        for (const w of layout.waits) expect(w.x2 - w.x1).toBeCloseTo(waitLengthPx(w.minutes), 6);
        // Order: a later time is further right; a tick is never out of order.
        layout.nodes.slice(1).forEach((node, index) => {
          const previous = layout.nodes[index]!;
          if (node.minutes > previous.minutes) expect(node.x).toBeGreaterThan(previous.x);
        });
        layout.ticks.slice(1).forEach((tick, index) => expect(tick.x).toBeGreaterThan(layout.ticks[index]!.x));
      }),
      { numRuns: 200 },
    );
  });

  it("draws a wait just past the break no shorter than the longest unbroken one", () => {
    expect(waitLengthPx(BREAK_AFTER_MINUTES + 1)).toBeGreaterThanOrEqual(waitLengthPx(BREAK_AFTER_MINUTES));
    expect(waitLengthPx(2 * BREAK_AFTER_MINUTES)).toBeGreaterThan(waitLengthPx(BREAK_AFTER_MINUTES + 1));
  });

  it("never draws a longer wait shorter", () => {
    fc.assert(
      fc.property(minutes, minutes, (a, b) => {
        expect(waitLengthPx(Math.max(a, b))).toBeGreaterThanOrEqual(waitLengthPx(Math.min(a, b)));
      }),
    );
  });

  it("marks where a long wait is cut short, with the time it stands for, and puts no tick inside the break", () => {
    const layout = layoutTimeline([tp(1, 0), tp(2, 2 * 1440), tp(3, 18 * 1440), tp(4, 20 * 1440)]);
    expect(layout.breaks).toHaveLength(1);
    const [cut] = layout.breaks;
    expect(cut).toMatchObject({ minutes: 16 * 1440, label: "16 days" });
    expect(cut!.x1).toBeCloseTo(layout.nodes[1]!.x + TIMELINE.DAY_PX);
    expect(cut!.x2).toBeCloseTo(layout.nodes[2]!.x - TIMELINE.DAY_PX);
    for (const tick of layout.ticks) expect(tick.x <= cut!.x1 || tick.x >= cut!.x2, tick.label).toBe(true);
    const [first, , last] = layout.waits;
    expect(first!.x2 - first!.x1).toBeCloseTo(last!.x2 - last!.x1);
  });
});

describe("layoutTimeline", () => {
  it("puts each channel in its own lane, Email first, and draws waits between steps", () => {
    const layout = layoutTimeline([tp(1, 0, "SMS"), tp(2, 2 * 1440), tp(3, 5 * 1440, "SMS")], { exitLabel: "Exit when they buy" });
    expect(layout.lanes.map((lane) => lane.stepType)).toEqual(["Email", "SMS"]);
    const [first, second, third] = layout.nodes;
    expect(first!.y).toBe(layout.lanes[1]!.y);
    expect(second!.y).toBe(layout.lanes[0]!.y);
    expect(layout.waits.map((wait) => wait.label)).toEqual(["Wait 2 days", "Wait 3 days"]);
    expect(second!.x).toBeCloseTo(ORIGIN_X + 2 * TIMELINE.DAY_PX);
    expect(third!.x).toBeGreaterThan(second!.x);
    expect(layout.exit.x).toBeGreaterThan(third!.x);
    expect(layout.width).toBeGreaterThan(layout.exit.x);
    expect(layout.description).toBe(
      "Starts at the trigger. Step 1, SMS: Step 1 (Immediately). Wait 2 days. Step 2, Email: Step 2 (2 days after the trigger). Wait 3 days. Step 3, SMS: Step 3 (5 days after the trigger). Exit when they buy, 5 days after the trigger.",
    );
  });

  it("keeps steps close in time apart by widening that stretch of the axis, and marks it", () => {
    const layout = layoutTimeline([tp(1, 0), tp(2, 30), tp(3, 60), tp(4, 1440)]);
    const xs = layout.nodes.map((node) => node.x);
    expect(xs[1]! - xs[0]!).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
    expect(xs[2]! - xs[1]!).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
    expect(layout.stretched.map((span) => [span.x1, span.x2])).toEqual([
      [xs[0], xs[1]],
      [xs[1], xs[2]],
      [xs[2], xs[3]],
    ]);
    expect(layout.nodes.map((node) => node.shortTime)).toEqual(["At trigger", "+30 minutes", "+1 hour", "+1 day"]);
    expect(layout.waits.map((wait) => wait.label)).toEqual(["Wait 30 minutes", "Wait 30 minutes", "Wait 23 hours"]);
    // The axis follows the widened scale: the step one day in sits on the "Day 1" tick.
    expect(layout.ticks.find((tick) => tick.label === "Day 1")!.x).toBe(xs[3]);
  });

  it("puts every step on the axis's scale: a step at a tick's time sits on that tick", () => {
    const days = [0, 1, 2, 3, 5, 7, 9, 14, 30];
    const layout = layoutTimeline(days.map((day, index) => tp(index + 1, day * 1440, index % 2 ? "SMS" : "Email")));
    for (const node of layout.nodes) {
      const tick = layout.ticks.find((t) => t.minutes === node.minutes);
      if (tick) expect(node.x, tick.label).toBeCloseTo(tick.x, 6);
      const before = layout.ticks.filter((t) => t.minutes < node.minutes).at(-1);
      const after = layout.ticks.find((t) => t.minutes > node.minutes);
      if (before) expect(node.x).toBeGreaterThan(before.x);
      if (after) expect(node.x).toBeLessThan(after.x);
    }
    // Steps a day or more apart need no widening: the base scale holds, 80 px a day.
    expect(layout.nodes[1]!.x - layout.nodes[0]!.x).toBeCloseTo(TIMELINE.DAY_PX);
    expect(layout.ticks.find((t) => t.label === "Day 2")!.x - layout.ticks.find((t) => t.label === "Day 1")!.x).toBeCloseTo(TIMELINE.DAY_PX);
    // Nine days sits between "Week 1" and "Week 2" (checked above), the later steps with it.
    expect(layout.ticks.map((t) => t.label)).toEqual(expect.arrayContaining(["Week 1", "Week 2", "Day 30"]));
  });

  it("moves or shortens wait labels that would cover each other", () => {
    // One hour, then 23 hours: the first wait is short on the axis.
    const layout = layoutTimeline([tp(1, 60), tp(2, 1440), tp(3, 1440 + 120), tp(4, 1440 + 240)]);
    const boxes = layout.waits.map((wait) => {
      const half = labelWidth(wait.text) / 2;
      const centre = (wait.x1 + wait.x2) / 2;
      return { row: wait.labelRow, left: centre - half, right: centre + half };
    });
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        if (a.row === b.row) expect(a.right <= b.left || b.right <= a.left, JSON.stringify([a, b])).toBe(true);
      }),
    );
    expect(layout.waits.map((wait) => wait.label)).toEqual(["Wait 1 hour", "Wait 23 hours", "Wait 2 hours", "Wait 2 hours"]);
  });

  it("shortens a label when both rows are taken", () => {
    const placed = placeLabels([
      { centre: 100, texts: ["Wait 30 minutes", "30 min"], fontPx: 11 },
      { centre: 110, texts: ["Wait 30 minutes", "30 min"], fontPx: 11 },
      { centre: 190, texts: ["Wait 30 minutes", "30 min"], fontPx: 11 },
    ]);
    expect(placed).toEqual([
      { text: "Wait 30 minutes", row: 0 },
      { text: "Wait 30 minutes", row: 1 },
      { text: "30 min", row: 0 },
    ]);
    expect(shortDuration(23 * 60)).toBe("23 h");
    expect(shortDuration(2 * 1440)).toBe("2 d");
  });

  it("sets a step beside one in its lane at the same time, and shares the time across lanes", () => {
    const layout = layoutTimeline([tp(1, 0), tp(2, 0, "SMS"), tp(3, 0), tp(4, 1440)]);
    const [first, sms, same, later] = layout.nodes;
    expect(sms!.x).toBe(first!.x);
    expect(same!.x - first!.x).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
    expect(same!.nudged).toBe(true);
    expect(later!.x - same!.x).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
  });

  it("never moves back in time when a later step has an earlier offset", () => {
    const layout = layoutTimeline([tp(1, 3 * 1440), tp(2, 1440)]);
    expect(layout.nodes[1]!.minutes).toBe(3 * 1440);
    expect(layout.waits).toHaveLength(1);
  });

  it("labels axis ticks without crowding, up to the last step", () => {
    const layout = layoutTimeline([tp(1, 0), tp(2, 90 * 1440)]);
    const labels = layout.ticks.map((tick) => tick.label);
    expect(labels[0]).toBe("Start");
    // The 90 days are one long wait, cut short: ticks only where the axis is to scale, at its ends.
    expect(labels).toEqual(["Start", "Day 1", "Day 90"]);
    expect(layout.breaks).toHaveLength(1);
    layout.ticks.slice(1).forEach((tick, index) => expect(tick.x - layout.ticks[index]!.x).toBeGreaterThanOrEqual(TIMELINE.TICK_MIN_GAP_PX));
  });

  it("shortens long titles but keeps them whole for the text alternative", () => {
    const title = "A very long touchpoint title that would never fit";
    const layout = layoutTimeline([tp(1, 0, "Email", title)]);
    expect(layout.nodes[0]!.shortTitle.length).toBeLessThanOrEqual(TIMELINE.TITLE_CHARS);
    expect(layout.nodes[0]!.shortTitle.endsWith("…")).toBe(true);
    expect(layout.description).toContain(title);
  });

  it("describes an empty flow", () => {
    const layout = layoutTimeline([]);
    expect(layout.nodes).toEqual([]);
    expect(layout.description).toMatch(/no touchpoints/);
  });
});

describe("triggerAndExits", () => {
  it("reads the trigger and the exit rules from the quick notes", () => {
    expect(triggerAndExits("Trigger: Signs up for the trial.\nExit rules: Buys a plan; Unsubscribes.\nSend SMS only with consent.")).toEqual({
      trigger: "Signs up for the trial",
      exitRules: ["Buys a plan", "Unsubscribes"],
    });
  });

  it("gives nothing when the notes do not say", () => {
    expect(triggerAndExits("Keep the tone friendly.")).toEqual({ trigger: null, exitRules: [] });
  });
});

describe("layoutTimeline with steps timed from a date", () => {
  const anchored = (stepNumber: number, estimate: number, timing: TimelineTouchpoint["timing"], stepType: "Email" | "SMS" = "Email"): TimelineTouchpoint => ({
    id: `tp-${stepNumber}`,
    stepNumber,
    stepType,
    title: `Step ${stepNumber}`,
    timing,
    offsetMinutes: estimate,
    delayDays: Math.floor(estimate / 1440),
  });
  const layout = layoutTimeline(
    [
      tp(1, 0),
      anchored(2, 7 * 1440, { type: "relative_event", event: "appointment", direction: "before", minutes: 2 * 1440 }),
      anchored(3, 9 * 1440 - 120, { type: "relative_event", event: "appointment", direction: "before", minutes: 120 }, "SMS"),
      anchored(4, 12 * 1440, { type: "relative_event", event: "appointment", direction: "after", minutes: 3 * 1440 }),
    ],
    { exitLabel: "Exit when they cancel" },
  );

  it("places them in order at their estimates, drawn as anchored, with their own short times", () => {
    expect(layout.nodes.map((node) => [node.anchored, node.shortTime])).toEqual([
      [false, "At trigger"],
      [true, "2 d before"],
      [true, "2 h before"],
      [true, "3 d after"],
    ]);
    const xs = layout.nodes.map((node) => node.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it("never claims a wait it cannot know, and the axis counts time only up to the first date-timed step", () => {
    expect(layout.waits.map((wait) => [wait.label, wait.fixed])).toEqual([
      ["Then, 2 days before the appointment", false],
      ["Wait 1 day 22 hours", true],
      ["Wait 3 days 2 hours", true],
    ]);
    expect(Math.max(...layout.ticks.map((tick) => tick.minutes))).toBeLessThan(7 * 1440);
    expect(layout.description).toBe(
      "Starts at the trigger. Step 1, Email: Step 1 (Immediately). Then, 2 days before the appointment. Step 2, Email: Step 2 (2 days before the appointment). Wait 1 day 22 hours. Step 3, SMS: Step 3 (2 hours before the appointment). Wait 3 days 2 hours. Step 4, Email: Step 4 (3 days after the appointment). Exit when they cancel, after step 4.",
    );
  });
});
