import { describe, expect, it } from "vitest";

import { applyFlowRules, checkFlow, flowDraftSchema, type RuleContext } from "~/lib/flows/rules";
import { spaceSends } from "~/lib/flows/spacing";
import { flowShape, refreshOverview, shapePhrase } from "~/lib/flows/summary";
import { buildTimeline, timingText } from "~/lib/timing";

import { APPOINTMENT_ESTIMATE, appointmentOnboardingDraft } from "../../support/anchored-drafts";

/** A generator's steps timed from the business's dates, through the product rules: stored as given, ordered by their estimate, judged fairly. */

const DAY = 1440;
const context: RuleContext = { flowType: "onboarding", companyName: "Derma Clinic", communicationChannels: "Email + SMS" };

function ruled() {
  const result = applyFlowRules(appointmentOnboardingDraft(), context);
  if (!result.ok) throw new Error(result.problems.join(" "));
  return result.flow.touchpoints;
}

describe("an anchored draft", () => {
  it("passes the draft schema, also as a model writes it (every optional field null)", () => {
    expect(flowDraftSchema.safeParse(appointmentOnboardingDraft()).success).toBe(true);
    const fromModel = appointmentOnboardingDraft();
    fromModel.touchpoints = fromModel.touchpoints.map((tp) => ({ ...tp, timing: tp.timing ? { ...tp.timing, time: null, displayText: null } : null }));
    expect(flowDraftSchema.safeParse(fromModel).success).toBe(true);
    const bad = appointmentOnboardingDraft();
    bad.touchpoints[1] = { ...bad.touchpoints[1]!, timing: { type: "offset", minutes: 60 } as never };
    expect(flowDraftSchema.safeParse(bad).success).toBe(false);
  });

  it("is stored with its timing as given, the estimate as offsetMinutes, and text from the timing", () => {
    const touchpoints = ruled();
    expect(touchpoints.map((tp) => tp.timing)).toEqual([
      { type: "immediate" },
      { type: "relative_event", event: "appointment", direction: "before", minutes: 2 * DAY },
      { type: "relative_event", event: "appointment", direction: "before", minutes: 120 },
      { type: "relative_event", event: "appointment", direction: "after", minutes: 3 * DAY },
    ]);
    expect(touchpoints.map((tp) => tp.offsetMinutes)).toEqual([0, APPOINTMENT_ESTIMATE - 2 * DAY, APPOINTMENT_ESTIMATE - 120, APPOINTMENT_ESTIMATE + 3 * DAY]);
    expect(touchpoints.map((tp) => tp.delayDays)).toEqual([0, 7, 8, 12]);
    expect(touchpoints.map((tp) => timingText(tp.timing, tp.delayDays))).toEqual([
      "Immediately",
      "2 days before the appointment",
      "2 hours before the appointment",
      "3 days after the appointment",
    ]);
  });

  it("drops a model's nulls and keeps a displayText the timing carries, ignoring a timingText that disagrees", () => {
    const draft = appointmentOnboardingDraft();
    draft.touchpoints[1] = {
      ...draft.touchpoints[1]!,
      timingText: "7 days after the trigger",
      timing: { type: "relative_event", event: "appointment", direction: "before", minutes: DAY, time: "18:00", displayText: "The evening before your visit" },
    };
    draft.touchpoints[2] = { ...draft.touchpoints[2]!, timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120, time: null, displayText: null } };
    const result = applyFlowRules(draft, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.flow.touchpoints[1]!.timing).toEqual({
      type: "relative_event",
      event: "appointment",
      direction: "before",
      minutes: DAY,
      time: "18:00",
      displayText: "The evening before your visit",
    });
    expect(result.flow.touchpoints[2]!.timing).toEqual({ type: "relative_event", event: "appointment", direction: "before", minutes: 120 });
  });

  it("is still refused when the estimates go back in time", () => {
    const draft = appointmentOnboardingDraft();
    draft.touchpoints[2] = { ...draft.touchpoints[2]!, offsetMinutes: 60 };
    expect(applyFlowRules(draft, context)).toMatchObject({ ok: false, problems: ["Touchpoint 3 is sent before touchpoint 2."] });
  });
});

describe("the rules judge anchored steps fairly", () => {
  it("checkFlow finds nothing wrong: an anchored step's estimate is not a timing that disagrees", () => {
    const touchpoints = ruled().map((tp, index) => ({ ...tp, stepNumber: index + 1 }));
    const result = applyFlowRules(appointmentOnboardingDraft(), context);
    if (!result.ok) throw new Error("refused");
    expect(checkFlow({ ...result.flow, touchpoints }, context)).toEqual([]);
  });

  it("the first-touch window judges the first step timed from the trigger, never an anchored step's estimate", () => {
    // Every step from the appointment: no step is timed from the trigger, so there is no first touch to judge.
    const dated = appointmentOnboardingDraft();
    dated.touchpoints = dated.touchpoints.slice(1);
    expect(applyFlowRules(dated, context).ok).toBe(true);
    // A step from the trigger that follows an anchored one is the first touch, and it is late.
    const late = appointmentOnboardingDraft();
    late.touchpoints = [late.touchpoints[1]!, { ...late.touchpoints[0]!, offsetMinutes: APPOINTMENT_ESTIMATE - 2 * DAY }, ...late.touchpoints.slice(2)];
    expect(applyFlowRules(late, context)).toMatchObject({ ok: false, problems: ["The first Onboarding touch must go 0 to 60 minutes after the trigger."] });
    const flow = applyFlowRules(dated, context);
    if (!flow.ok) throw new Error("refused");
    const touchpoints = flow.flow.touchpoints;
    expect(checkFlow({ ...flow.flow, touchpoints }, context)).toEqual([]);
  });

  it("spacing moves only steps timed from the trigger, never on an estimate's account, and keeps anchored text", () => {
    const draft = appointmentOnboardingDraft();
    const confirm = { ...draft.touchpoints[0]!, offsetMinutes: APPOINTMENT_ESTIMATE - 2 * DAY + 10, timingText: "7 days after booking" };
    const spaced = spaceSends([draft.touchpoints[1]!, confirm, { ...draft.touchpoints[0]!, title: "Welcome", timingText: "Immediately after booking" }]);
    expect(spaced.map((tp) => [tp.title, tp.offsetMinutes, tp.timingText])).toEqual([
      ["Welcome", 0, "Immediately after booking"],
      ["How to prepare for your visit", APPOINTMENT_ESTIMATE - 2 * DAY, ""],
      ["Your booking is confirmed", APPOINTMENT_ESTIMATE - 2 * DAY + 10, "7 days after booking"],
    ]);
    const close = spaceSends([draft.touchpoints[0]!, { ...draft.touchpoints[0]!, title: "Second", offsetMinutes: 20, timingText: "20 minutes after booking" }]);
    expect(close.map((tp) => [tp.offsetMinutes, tp.timingText])).toEqual([
      [0, ""],
      [60, "1 hour after booking"],
    ]);
  });

  it("the flow's shape names the date instead of a span it cannot know", () => {
    expect(flowShape(ruled()).spanMinutes).toBeNull();
    expect(shapePhrase(ruled())).toBe("3 emails and 1 SMS timed around the appointment");
  });

  it("the cards say when each step goes across the date", () => {
    const items = buildTimeline(ruled()).map((item) => (item.kind === "touchpoint" ? `#${item.touchpoint.stepNumber}` : item.title));
    expect(items).toEqual(["#1", "Then, 2 days before the appointment", "#2", "Wait 1 day 22 hours", "#3", "Wait 3 days 2 hours", "#4"]);
  });
});

describe("text derived from a flow timed around a date", () => {
  it("replaces a span nobody knows with the date the flow is timed around", () => {
    expect(refreshOverview("Derma Clinic's onboarding: 3 emails and 1 SMS over 12 days to welcome new patients.", ruled())).toBe(
      "Derma Clinic's onboarding: 3 emails and 1 SMS timed around the appointment to welcome new patients.",
    );
  });
});
