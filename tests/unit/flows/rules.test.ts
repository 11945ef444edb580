import { describe, expect, it } from "vitest";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import {
  applyFlowRules,
  checkFlow,
  type DraftTouchpoint,
  FIRST_TOUCH_MINUTES,
  type FlowDraft,
  flowDraftSchema,
  type RuleContext,
  SMS_SEND_WINDOW,
  TOUCHPOINT_COUNT,
} from "~/lib/flows/rules";
import { touchpointFingerprint } from "~/lib/flows/types";
import { BUSINESS_TYPES, COMMUNICATION_CHANNELS } from "~/lib/questionnaire/options";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { LEAF_AND_KETTLE } from "./businesses";

const DAY = 1440;

function tp(overrides: Partial<DraftTouchpoint> = {}): DraftTouchpoint {
  return {
    stepType: "Email",
    title: "Step",
    offsetMinutes: 0,
    timingText: "",
    primaryGoal: "Goal",
    keyMessages: "• Message",
    callToAction: "Act",
    ...overrides,
  };
}

/** A draft that follows every rule for the type: min steps, a valid first touch, an SMS where required. */
function validDraft(flowType: FlowType, channels: string): FlowDraft {
  const count = TOUCHPOINT_COUNT[flowType].min;
  const first = FIRST_TOUCH_MINUTES[flowType]?.min ?? 0;
  const touchpoints = Array.from({ length: count }, (_, index) =>
    tp({ title: `Step ${index + 1}`, offsetMinutes: first + index * DAY, stepType: channels === "Email + SMS" && index === 1 ? "SMS" : "Email" }),
  );
  return {
    flowOverview: "Acme's flow to recover abandoned carts, win back inactive contacts and turn leads into customers with first-time order value.",
    trigger: "Something happens",
    exitRules: ["Converts"],
    inactivityDays: flowType === "sunset" ? 120 : null,
    notes: "",
    touchpoints,
  };
}

const context = (flowType: FlowType, communicationChannels = "Email only"): RuleContext => ({ flowType, companyName: "Acme", communicationChannels });

describe("applyFlowRules refuses what cannot be repaired safely", () => {
  it.each(FLOW_TYPES)("%s: too few and too many touchpoints", (flowType) => {
    const draft = validDraft(flowType, "Email only");
    const { min, max } = TOUCHPOINT_COUNT[flowType];
    const few = { ...draft, touchpoints: draft.touchpoints.slice(0, min - 1) };
    const many = {
      ...draft,
      touchpoints: Array.from({ length: max + 1 }, (_, i) => tp({ title: `S${i}`, offsetMinutes: (FIRST_TOUCH_MINUTES[flowType]?.min ?? 0) + i * DAY })),
    };
    expect(applyFlowRules(few, context(flowType))).toMatchObject({ ok: false, problems: [expect.stringContaining(`${min} to ${max}`)] });
    expect(applyFlowRules(many, context(flowType))).toMatchObject({ ok: false });
    expect(applyFlowRules(draft, context(flowType)).ok).toBe(true);
  });

  it("send times that go backwards", () => {
    const draft = validDraft("onboarding", "Email only");
    draft.touchpoints[2] = { ...draft.touchpoints[2]!, offsetMinutes: 10 };
    const result = applyFlowRules(draft, context("onboarding"));
    expect(result).toEqual({ ok: false, problems: ["Touchpoint 3 is sent before touchpoint 2."] });
  });

  it("an onboarding first touch later than an hour, an abandoned-cart one outside 30 minutes to 4 hours", () => {
    const late = validDraft("onboarding", "Email only");
    late.touchpoints = late.touchpoints.map((t) => ({ ...t, offsetMinutes: t.offsetMinutes + 61 }));
    expect(applyFlowRules(late, context("onboarding")).ok).toBe(false);
    for (const minutes of [29, 241]) {
      const cart = validDraft("abandoned_cart", "Email only");
      cart.touchpoints[0] = { ...cart.touchpoints[0]!, offsetMinutes: minutes };
      expect(applyFlowRules(cart, context("abandoned_cart")).ok).toBe(false);
    }
    for (const minutes of [30, 240]) {
      const cart = validDraft("abandoned_cart", "Email only");
      cart.touchpoints[0] = { ...cart.touchpoints[0]!, offsetMinutes: minutes };
      expect(applyFlowRules(cart, context("abandoned_cart")).ok).toBe(true);
    }
  });

  it("a sunset flow without a long inactivity window", () => {
    const draft = { ...validDraft("sunset", "Email only"), inactivityDays: 30 };
    expect(applyFlowRules(draft, context("sunset"))).toEqual({ ok: false, problems: ["A sunset flow starts after at least 90 days of inactivity."] });
    expect(applyFlowRules({ ...draft, inactivityDays: null }, context("sunset")).ok).toBe(false);
  });

  it("SMS for an email-only business; no SMS in abandoned cart or lead nurture of an Email + SMS business", () => {
    expect(applyFlowRules(validDraft("abandoned_cart", "Email + SMS"), context("abandoned_cart", "Email only")).ok).toBe(false);
    expect(applyFlowRules(validDraft("abandoned_cart", "Email only"), context("abandoned_cart", "Email + SMS")).ok).toBe(false);
    expect(applyFlowRules(validDraft("lead_nurture", "Email only"), context("lead_nurture", "Email + SMS")).ok).toBe(false);
    // Other types may stay email-only for an Email + SMS business.
    expect(applyFlowRules(validDraft("upsell", "Email only"), context("upsell", "Email + SMS")).ok).toBe(true);
  });

  it.each(["title", "primaryGoal", "keyMessages", "callToAction"] as const)("an empty %s", (field) => {
    const draft = validDraft("upsell", "Email only");
    draft.touchpoints[1] = { ...draft.touchpoints[1]!, [field]: "" };
    expect(applyFlowRules(draft, context("upsell"))).toEqual({ ok: false, problems: [`Touchpoint 2 has no ${field}.`] });
  });

  it("no trigger or no exit rules", () => {
    expect(applyFlowRules({ ...validDraft("upsell", "Email only"), trigger: "" }, context("upsell")).ok).toBe(false);
    expect(applyFlowRules({ ...validDraft("upsell", "Email only"), exitRules: [] }, context("upsell")).ok).toBe(false);
  });

  it("the draft schema refuses negative and fractional minutes and unknown channels", () => {
    const draft = validDraft("upsell", "Email only");
    expect(flowDraftSchema.safeParse({ ...draft, touchpoints: [tp({ offsetMinutes: -1 })] }).success).toBe(false);
    expect(flowDraftSchema.safeParse({ ...draft, touchpoints: [tp({ offsetMinutes: 1.5 })] }).success).toBe(false);
    expect(flowDraftSchema.safeParse({ ...draft, touchpoints: [{ ...tp(), stepType: "Push" }] }).success).toBe(false);
  });
});

describe("applyFlowRules repairs what is safe", () => {
  it("numbers the steps, makes titles unique, sets consistent timings and SMS send windows", () => {
    const draft = validDraft("abandoned_cart", "Email + SMS");
    draft.touchpoints = [
      tp({ title: "Come back", offsetMinutes: 60, timingText: "1 hour after" }),
      tp({ title: "come back", offsetMinutes: DAY + 30, stepType: "SMS" }),
      tp({ title: "Come back", offsetMinutes: 2 * DAY }),
    ];
    const result = applyFlowRules(draft, context("abandoned_cart", "Email + SMS"));
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.flow.touchpoints.map((t) => [t.stepNumber, t.title, t.delayDays, t.offsetMinutes, t.sendWindow])).toEqual([
      [1, "Come back", 0, 60, null],
      [2, "come back (2)", 1, DAY + 30, SMS_SEND_WINDOW],
      [3, "Come back (3)", 2, 2 * DAY, null],
    ]);
    expect(result.flow.touchpoints[0]!.timing).toEqual({ type: "offset", minutes: 60, displayText: "1 hour after" });
    expect(result.flow.quickNotes).toContain("SMS consent");
    expect(checkFlow(result.flow, context("abandoned_cart", "Email + SMS"))).toEqual([]);
  });

  it("names the company and the goal in the overview when the draft does not", () => {
    const draft = { ...validDraft("upsell", "Email only"), flowOverview: "A nice series." };
    const result = applyFlowRules(draft, context("upsell"));
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.flow.flowOverview).toBe("Acme: A nice series. Goal: grow repeat purchases and order value from existing customers.");
    expect(checkFlow(result.flow, context("upsell"))).toEqual([]);
  });

  it("takes an onboarding overview that leads to the first visit as naming its goal", () => {
    const draft = { ...validDraft("onboarding", "Email only"), flowOverview: "Acme's onboarding: 3 emails to get them to the first treatment prepared." };
    const result = applyFlowRules(draft, context("onboarding"));
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.flow.flowOverview).not.toContain("Goal:");
  });

  it("quick notes give the trigger and exit rules, and the SMS consent rule only where SMS is used", () => {
    const result = applyFlowRules(validDraft("upsell", "Email only"), context("upsell", "Email + SMS"));
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.flow.quickNotes).toBe("Trigger: Something happens\nExit rules: Converts.");
  });
});

describe("checkFlow finds each broken rule in a stored flow", () => {
  it("reports broken numbering, inconsistent timing, missing send windows and duplicate titles", () => {
    const result = applyFlowRules(validDraft("abandoned_cart", "Email + SMS"), context("abandoned_cart", "Email + SMS"));
    if (!result.ok) throw new Error(result.problems.join());
    const broken = {
      ...result.flow,
      touchpoints: result.flow.touchpoints.map((t, i) => (i === 1 ? { ...t, stepNumber: 5, delayDays: 9, sendWindow: null, title: result.flow.touchpoints[0]!.title } : t)),
    };
    expect(checkFlow(broken, context("abandoned_cart", "Email + SMS"))).toEqual([
      "step 2 numbered 5",
      "step 2 delayDays disagrees with offsetMinutes",
      "step 2 SMS without send window",
      "duplicate titles",
    ]);
  });
});

describe("every flow type × business type × channel set", () => {
  const cases = FLOW_TYPES.flatMap((flowType) => BUSINESS_TYPES.flatMap((businessType) => COMMUNICATION_CHANNELS.map((channels) => [flowType, businessType, channels] as const)));
  it.each(cases)("%s for %s with %s follows the rules", (flowType, businessType, communicationChannels) => {
    const business = { ...LEAF_AND_KETTLE, businessType, communicationChannels };
    const draft = generateOfflineDraft({ flowType, business, rule: null, customContext: "" });
    const ctx = { flowType, companyName: business.companyName, communicationChannels };
    const result = applyFlowRules(draft, ctx);
    if (!result.ok) throw new Error(result.problems.join(" "));
    expect(checkFlow(result.flow, { ...ctx, inactivityDays: draft.inactivityDays })).toEqual([]);
    const sms = result.flow.touchpoints.filter((t) => t.stepType === "SMS").length;
    if (communicationChannels === "Email only") expect(sms).toBe(0);
    if (communicationChannels === "Email + SMS" && ["abandoned_cart", "lead_nurture"].includes(flowType)) expect(sms).toBeGreaterThan(0);
  });
});

describe("touchpointFingerprint", () => {
  const base = { stepType: "Email" as const, title: "Hi", primaryGoal: "G", keyMessages: "K", callToAction: "C", timing: { type: "offset" as const, minutes: 60 } };

  it("is stable and ignores key order in the timing", () => {
    expect(touchpointFingerprint(base)).toBe(touchpointFingerprint({ ...base, timing: { minutes: 60, type: "offset" } }));
    expect(touchpointFingerprint(base)).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ["stepType", "SMS"],
    ["title", "Hello"],
    ["primaryGoal", "G2"],
    ["keyMessages", "K2"],
    ["callToAction", "C2"],
    ["timing", { type: "immediate" }],
  ] as const)("changes when %s changes", (field, value) => {
    expect(touchpointFingerprint({ ...base, [field]: value })).not.toBe(touchpointFingerprint(base));
  });
});
