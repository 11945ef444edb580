import { describe, expect, it } from "vitest";

import { diffFlows, type ComparableFlow, type ComparableTouchpoint } from "~/lib/flows/diff";

function tp(stepNumber: number, title: string, overrides: Partial<ComparableTouchpoint> = {}): ComparableTouchpoint {
  return {
    stepNumber,
    stepType: "Email",
    title,
    primaryGoal: `Goal of ${title}`,
    keyMessages: `Messages of ${title}`,
    callToAction: "Shop now",
    timing: { type: "offset", minutes: (stepNumber - 1) * 1440 },
    delayDays: stepNumber - 1,
    ...overrides,
  };
}

function flow(touchpoints: ComparableTouchpoint[], overview = "Overview", quickNotes = "Notes"): ComparableFlow & { touchpoints: ComparableTouchpoint[] } {
  return { flowOverview: overview, quickNotes, touchpoints };
}

describe("diffFlows", () => {
  it("finds nothing between equal flows", () => {
    const a = flow([tp(1, "Welcome"), tp(2, "Tips")]);
    const result = diffFlows(a, flow([tp(1, "Welcome"), tp(2, "Tips")]));
    expect(result.identical).toBe(true);
    expect(result.counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 2 });
  });

  it("reports the overview change and ignores spacing and case", () => {
    expect(diffFlows(flow([], "Old plan"), flow([], "New plan")).overview).toEqual({ changed: true, before: "Old plan", after: "New plan" });
    expect(diffFlows(flow([], "Same  plan"), flow([], " same plan")).overview.changed).toBe(false);
  });

  it("names the changed fields of a touchpoint with the same title", () => {
    const before = flow([tp(1, "Welcome"), tp(2, "Tips")]);
    const after = flow([tp(1, "Welcome", { callToAction: "Book a call", timing: { type: "offset", minutes: 60 } }), tp(2, "Tips")]);
    const [first, second] = diffFlows(before, after).touchpoints;
    expect(first).toMatchObject({ status: "changed", changedFields: ["timing", "callToAction"] });
    expect(second).toMatchObject({ status: "unchanged" });
  });

  it("finds an inserted and a removed touchpoint and keeps step order", () => {
    const before = flow([tp(1, "Welcome"), tp(2, "Tips"), tp(3, "Last chance", { stepType: "SMS" })]);
    const after = flow([tp(1, "Welcome"), tp(2, "Social proof", { stepType: "SMS" }), tp(3, "Tips")]);
    const result = diffFlows(before, after);
    expect(result.touchpoints.map((change) => [change.status, change.before?.title ?? null, change.after?.title ?? null])).toEqual([
      ["unchanged", "Welcome", "Welcome"],
      ["added", null, "Social proof"],
      ["changed", "Tips", "Tips"],
      ["removed", "Last chance", null],
    ]);
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
  });

  it("pairs a renamed step in the same place as changed rather than removed and added", () => {
    const before = flow([tp(1, "Welcome"), tp(2, "Getting started tips"), tp(3, "Check-in")]);
    const after = flow([tp(1, "Welcome"), tp(2, "Your first week"), tp(3, "Check-in")]);
    const middle = diffFlows(before, after).touchpoints[1];
    expect(middle).toMatchObject({ status: "changed" });
    expect(middle?.changedFields).toContain("title");
  });

  it("handles an empty side", () => {
    expect(diffFlows(flow([]), flow([tp(1, "A"), tp(2, "B")])).counts.added).toBe(2);
    expect(diffFlows(flow([tp(1, "A")]), flow([])).counts.removed).toBe(1);
  });
});
