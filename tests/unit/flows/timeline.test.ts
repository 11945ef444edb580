import { describe, expect, it } from "vitest";

import { labelWidth, layoutTimeline, placeLabels, scaleX, shortDuration, TIMELINE, triggerAndExits, WEEK_MINUTES, type TimelineTouchpoint } from "~/lib/flows/timeline";

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

describe("scaleX", () => {
  it("is linear over the first week and logarithmic after", () => {
    expect(scaleX(0)).toBe(TIMELINE.LEFT_PX + TIMELINE.START_PX);
    expect(scaleX(WEEK_MINUTES / 2) - scaleX(0)).toBeCloseTo(TIMELINE.WEEK_PX / 2);
    expect(scaleX(WEEK_MINUTES * 2) - scaleX(WEEK_MINUTES)).toBeCloseTo(TIMELINE.DOUBLING_PX);
    expect(scaleX(WEEK_MINUTES * 4) - scaleX(WEEK_MINUTES * 2)).toBeCloseTo(TIMELINE.DOUBLING_PX);
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
    expect(second!.x).toBeCloseTo(scaleX(2 * 1440));
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
    expect(layout.nodes[1]!.x - layout.nodes[0]!.x).toBeCloseTo(TIMELINE.WEEK_PX / 7);
    expect(layout.ticks.find((t) => t.label === "Day 2")!.x - layout.ticks.find((t) => t.label === "Day 1")!.x).toBeCloseTo(TIMELINE.WEEK_PX / 7);
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
    expect(labels).toContain("Week 1");
    expect(labels).toContain("Day 90");
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
