import { describe, expect, it } from "vitest";

import type { TouchpointView } from "~/lib/flows/types";
import { klaviyoExport } from "~/lib/klaviyo/export";
import { dateSteps, type FlowAction, flowParts, type KlaviyoPlanInput, reviewNotes, templateRequests } from "~/lib/klaviyo/flow-body";
import { datePosition, KLAVIYO_DATE_PROPERTIES } from "~/lib/klaviyo/date-flow";
import type { Timing } from "~/lib/timing";

import { contractErrors } from "../../support/klaviyo-stand-in";

/** Steps timed from the business's dates, sent with Klaviyo's date-based timing and checked against its published schema. */

const DAY = 1440;

function step(stepNumber: number, timing: Timing, offsetMinutes: number, stepType: "Email" | "SMS" = "Email"): TouchpointView {
  return {
    id: `tp-${stepNumber}`,
    flowId: "flow-1",
    createdAt: "2026-01-01T00:00:00.000Z",
    stepNumber,
    stepType,
    title: `Step ${stepNumber}`,
    delayDays: Math.floor(offsetMinutes / DAY),
    timing,
    offsetMinutes,
    primaryGoal: "Goal",
    keyMessages: "• Message",
    callToAction: "Book",
    sendWindow: stepType === "SMS" ? { start: "08:00", end: "21:00" } : null,
  };
}

const appointment = (direction: "before" | "after", minutes: number, time?: string): Timing => ({
  type: "relative_event",
  event: "appointment",
  direction,
  minutes,
  ...(time ? { time } : {}),
});

/** A clinic: confirmed at booking, prepared 2 days before, reminded 2 hours before, texted the evening before, asked 3 days after. */
const CLINIC: KlaviyoPlanInput = {
  flow: {
    id: "flow-1",
    flowType: "onboarding",
    companyName: "Derma Clinic",
    versionCount: 0,
    touchpoints: [
      step(1, { type: "immediate" }, 0),
      step(2, appointment("before", 2 * DAY), 7 * DAY),
      step(3, appointment("before", DAY, "18:00"), 8 * DAY, "SMS"),
      step(4, appointment("before", 120), 9 * DAY - 120, "SMS"),
      step(5, appointment("after", 3 * DAY), 12 * DAY),
      step(6, { type: "offset", minutes: 20 * DAY }, 20 * DAY),
    ],
  },
  content: null,
  postalAddress: null,
};

const ids = new Map(templateRequests(CLINIC).map((t) => [t.touchpointId, `T${t.stepNumber}`]));
const parts = flowParts(CLINIC, { trigger: { type: "list", id: "L1" }, templateIds: ids });

function describeAction(action: FlowAction): string {
  switch (action.type) {
    case "time-delay":
      return `wait ${action.data.value} ${action.data.unit}${action.data.delay_until_time ? ` until ${action.data.delay_until_time}` : ""}`;
    case "countdown-delay":
      return `until ${action.data.value} ${action.data.unit} before the date at ${action.data.delay_until_time}`;
    case "target-date":
      return `until the date${action.data.target_time ? ` at ${action.data.target_time}` : ""}`;
    case "send-email":
      return `email ${action.data.message.template_id}`;
    case "send-sms":
      return `sms ${action.data.message.name.split(":")[0]}`;
  }
}

describe("a plan with steps timed from the appointment", () => {
  it("makes two flows: the trigger's steps, and the appointment's started by its date property", () => {
    expect(parts.map((part) => [part.name, part.startsFrom, part.dateProperty, part.steps])).toEqual([
      ["Derma Clinic — Onboarding (from Flowmap)", "trigger", null, [1, 6]],
      ["Derma Clinic — Onboarding, timed from the appointment (from Flowmap)", "appointment", "appointment_date", [2, 3, 4, 5]],
    ]);
  });

  it("builds every body valid against Klaviyo's published create_flow schema", () => {
    for (const part of parts) expect(contractErrors("create_flow", part.body), part.name).toBeNull();
  });

  it("starts the date flow 2 days before appointment_date and times each step from that date", () => {
    const { triggers, actions } = parts[1]!.body.data.attributes.definition;
    expect(triggers).toEqual([
      {
        type: "date",
        date_field_type: "profile-property",
        date_profile_property: "appointment_date",
        timedelta_unit_before_date: "days",
        timedelta_value_before_date: 2,
        recurrence_frequency: "never",
        timezone: "profile",
        trigger_time: "09:00:00+00:00",
      },
    ]);
    expect(actions.map(describeAction)).toEqual([
      "email T2",
      "until 1 days before the date at 18:00:00+00:00",
      "sms SMS 1",
      // 2 hours before cannot be said in whole days: no wait of its own.
      "sms SMS 2",
      "until the date",
      "wait 3 days until 09:00:00+00:00",
      "email T5",
    ]);
  });

  it("keeps the trigger's flow to the steps timed from it, with the wait between them", () => {
    expect(parts[0]!.body.data.attributes.definition.actions.map(describeAction)).toEqual(["email T1", "wait 20 days", "email T6"]);
  });

  it("tells which date property each anchored step needs, one line each, and says where Klaviyo cannot time one", () => {
    const lines = dateSteps(CLINIC);
    expect(lines.map((line) => [line.stepNumber, line.dateProperty, line.exact])).toEqual([
      [2, "appointment_date", true],
      [3, "appointment_date", true],
      [4, "appointment_date", false],
      [5, "appointment_date", true],
    ]);
    expect(lines[0]!.line).toBe(
      "Step 2 (2 days before the appointment) needs the profile property appointment_date: the appointment's date, on each contact's profile. It goes 2 days before that date at 09:00, in the contact's time zone.",
    );
    expect(lines[1]!.line).toMatch(/It goes 1 day before that date at 18:00/);
    expect(lines[2]!.line).toBe(
      "Step 4 (2 hours before the appointment) needs the profile property appointment_date: the appointment's date, on each contact's profile. Klaviyo's date timing counts whole days from the date (days, weeks or months), not hours or minutes, so Flowmap set no wait for it (it follows step 3): set its timing in Klaviyo before turning the flow on.",
    );
    expect(lines[3]!.line).toMatch(/It goes 3 days after that date at 09:00/);
    expect(reviewNotes(CLINIC).some((note) => note.startsWith("Steps 2, 3, 4 and 5 are timed from the appointment, so they are in a flow of their own"))).toBe(true);
  });

  it("exports every request it would send: the date flow among moreFlows, with no trigger placeholder", () => {
    const exported = klaviyoExport(CLINIC);
    expect(exported.flow.startsFrom).toBe("trigger");
    expect(Object.keys(exported.flow.placeholders)).toContain("LIST_ID");
    expect(exported.moreFlows.map((flow) => [flow.startsFrom, flow.dateProperty])).toEqual([["appointment", "appointment_date"]]);
    expect(Object.keys(exported.moreFlows[0]!.placeholders)).toEqual(["TEMPLATE_ID_STEP_2", "TEMPLATE_ID_STEP_5"]);
    for (const flow of [exported.flow, ...exported.moreFlows]) expect(contractErrors("create_flow", flow.body)).toBeNull();
    expect(exported.dateSteps).toHaveLength(4);
  });
});

describe("Klaviyo's date timing", () => {
  it("says whole days from a date, and nothing finer", () => {
    expect(datePosition({ type: "relative_event", event: "trial_end", direction: "before", minutes: 2 * DAY })).toEqual({ exact: true, days: -2, time: "09:00" });
    expect(datePosition({ type: "relative_event", event: "pickup", direction: "before", minutes: DAY, time: "18:00" })).toEqual({ exact: true, days: -1, time: "18:00" });
    expect(datePosition({ type: "relative_event", event: "pickup", direction: "after", minutes: 90 })).toMatchObject({ exact: false });
    expect(datePosition({ type: "weekday_relative_event", event: "pickup", weekday: 5, relation: "before" })).toMatchObject({
      exact: false,
      reason: "Klaviyo's date timing counts days, weeks or months from the date and cannot say “Friday before pickup”",
    });
  });

  it("names a property for every event", () => {
    for (const [event, { property }] of Object.entries(KLAVIYO_DATE_PROPERTIES)) expect(property, event).toMatch(/^[a-z_]+$/);
  });

  it("sends a flow whose every step is timed from a date as date flows only, started on the date when the first step is after it", () => {
    const plan: KlaviyoPlanInput = {
      ...CLINIC,
      flow: {
        ...CLINIC.flow,
        touchpoints: [
          step(1, { type: "relative_event", event: "trial_end", direction: "after", minutes: DAY }, 15 * DAY),
          step(2, { type: "relative_event", event: "trial_end", direction: "after", minutes: 4 * DAY }, 18 * DAY),
        ],
      },
    };
    const only = flowParts(plan, {
      trigger: { type: "list", id: "L1" },
      templateIds: new Map([
        ["tp-1", "T1"],
        ["tp-2", "T2"],
      ]),
    });
    expect(only.map((part) => part.startsFrom)).toEqual(["trial_end"]);
    expect(only[0]!.body.data.attributes.definition.triggers[0]).toMatchObject({ date_profile_property: "trial_end_date", timedelta_value_before_date: 0 });
    expect(only[0]!.body.data.attributes.definition.actions.map(describeAction)).toEqual([
      "wait 1 days until 09:00:00+00:00",
      "email T1",
      "wait 3 days until 09:00:00+00:00",
      "email T2",
    ]);
    expect(contractErrors("create_flow", only[0]!.body)).toBeNull();
    expect(reviewNotes(plan)).toContain("Every step is timed from a date, so the list, segment or metric you picked starts nothing: each flow starts from its date property.");
  });
});
