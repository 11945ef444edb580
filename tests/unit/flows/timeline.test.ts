import { describe, expect, it } from "vitest";

import { layoutTimeline, scaleX, TIMELINE, triggerAndExits, WEEK_MINUTES, type TimelineTouchpoint } from "~/lib/flows/timeline";

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

  it("keeps steps close in time apart and says so", () => {
    const layout = layoutTimeline([tp(1, 0), tp(2, 30), tp(3, 60)]);
    const xs = layout.nodes.map((node) => node.x);
    expect(xs[1]! - xs[0]!).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
    expect(xs[2]! - xs[1]!).toBeGreaterThanOrEqual(TIMELINE.MIN_GAP_PX);
    expect(layout.nodes[1]!.nudged).toBe(true);
    // Close titles alternate rows so they never overlap.
    expect(layout.nodes.map((node) => node.labelRow)).toEqual([0, 1, 0]);
    expect(layout.nodes.map((node) => node.shortTime)).toEqual(["At trigger", "+30 minutes", "+1 hour"]);
    expect(layout.waits.map((wait) => wait.label)).toEqual(["Wait 30 minutes", "Wait 30 minutes"]);
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
