import { z } from "zod";

import { type FlowType, flowTypeLabel, STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS, type SendWindow, TOUCHPOINT_TEXT_FIELDS, type TouchpointFields } from "~/lib/flows/types";
import { isAnchored, MAX_OFFSET_MINUTES, MINUTES_PER_DAY, MINUTES_PER_HOUR, type Timing, timingForOffsetMinutes } from "~/lib/timing";
import { anchoredDraftTimingSchema, fromDraftTiming } from "~/lib/timing-schema";

/**
 * The product rules every generated flow follows, whoever wrote it (the offline generator or a
 * model). Pure: a generator produces a FlowDraft; `applyFlowRules` repairs what is safe to repair
 * (step numbers, timing fields, send windows, duplicate titles, the notes' structure) and refuses
 * the rest with the list of problems; `checkFlow` states whether a finished flow follows them.
 */

export const TOUCHPOINT_COUNT: Readonly<Record<FlowType, { min: number; max: number }>> = {
  onboarding: { min: 3, max: 6 },
  lead_nurture: { min: 4, max: 8 },
  abandoned_cart: { min: 2, max: 4 },
  upsell: { min: 3, max: 5 },
  sunset: { min: 2, max: 4 },
};

/** Minutes after the trigger the first touch must fall within. */
export const FIRST_TOUCH_MINUTES: Readonly<Partial<Record<FlowType, { min: number; max: number }>>> = {
  onboarding: { min: 0, max: MINUTES_PER_HOUR },
  abandoned_cart: { min: 30, max: 4 * MINUTES_PER_HOUR },
};

/** A sunset flow starts only after this many days without a click or a purchase. */
export const SUNSET_MIN_INACTIVITY_DAYS = 90;

/** SMS go out only in this window of the recipient's local time. */
export const SMS_SEND_WINDOW: Readonly<SendWindow> = { start: "08:00", end: "21:00" };

/** The communication-channels answer that allows SMS. */
export const EMAIL_AND_SMS = "Email + SMS";

/** Flow types that must use SMS at least once when the business allows it. */
export const SMS_REQUIRED_FLOW_TYPES: readonly FlowType[] = ["abandoned_cart", "lead_nurture"];

export function allowsSms(communicationChannels: string | null | undefined): boolean {
  return (communicationChannels ?? "").trim() === EMAIL_AND_SMS;
}

/** Each flow's goal, named in its overview. `keywords`: any one of them shows the goal is named. */
export const FLOW_GOALS: Readonly<Record<FlowType, { goal: string; keywords: readonly string[] }>> = {
  onboarding: {
    goal: "turn new subscribers into first-time customers",
    keywords: ["first-time", "first purchase", "first order", "first booking", "first weeks", "the first", "a first"],
  },
  lead_nurture: { goal: "turn new leads into customers", keywords: ["leads into", "convert", "ready to buy"] },
  abandoned_cart: { goal: "recover abandoned checkouts", keywords: ["recover", "abandon"] },
  upsell: { goal: "grow repeat purchases and order value from existing customers", keywords: ["repeat", "order value", "upgrade", "cross-sell"] },
  sunset: { goal: "win back inactive contacts or remove them to protect deliverability", keywords: ["win back", "inactive", "deliverability"] },
};

const text = (max: number) => z.string().trim().max(max);

/**
 * One touchpoint as a generator writes it: minutes after the trigger and the sentence to show. A
 * step timed from one of the business's dates also gives `timing` (relative_event or
 * weekday_relative_event); its offsetMinutes is then the generator's estimate of where the step
 * falls after the trigger, which orders the steps and places them on the timeline.
 */
export const draftTouchpointSchema = z.object({
  stepType: z.enum(STEP_TYPES),
  title: text(FLOW_LIMITS.title),
  offsetMinutes: z.number().int().min(0).max(MAX_OFFSET_MINUTES),
  timingText: text(200),
  timing: anchoredDraftTimingSchema.nullable().optional(),
  primaryGoal: text(FLOW_LIMITS.primaryGoal),
  keyMessages: text(FLOW_LIMITS.keyMessages),
  callToAction: text(FLOW_LIMITS.callToAction),
});
export type DraftTouchpoint = z.infer<typeof draftTouchpointSchema>;

/** What every generator returns (the OpenAI answer is parsed with this very schema). */
export const flowDraftSchema = z.object({
  flowOverview: text(4000),
  trigger: text(1000),
  exitRules: z.array(text(500)).max(10),
  /** Sunset only: days without a click or purchase that start the flow; null for other types. */
  inactivityDays: z.number().int().min(0).max(3650).nullable(),
  notes: text(3000),
  touchpoints: z.array(draftTouchpointSchema).max(20),
});
export type FlowDraft = z.infer<typeof flowDraftSchema>;

export interface RuleContext {
  flowType: FlowType;
  companyName: string;
  communicationChannels: string;
}

/** A touchpoint as it is stored: all timing fields consistent, send window set for SMS. */
export type RuledTouchpoint = Omit<TouchpointFields, "timing" | "offsetMinutes"> & { timing: Timing; offsetMinutes: number };

export interface RuledFlow {
  flowOverview: string;
  quickNotes: string;
  touchpoints: RuledTouchpoint[];
}

export type RuleResult = { ok: true; flow: RuledFlow } | { ok: false; problems: string[] };

export const SMS_CONSENT_NOTE =
  "SMS consent: SMS steps go only to contacts who gave SMS consent, between 08:00 and 21:00 in the recipient's local time (held until 08:00 otherwise); contacts without consent get the email steps only.";

function includesText(haystack: string, needle: string) {
  return haystack.toLowerCase().includes(needle.trim().toLowerCase());
}

function uniqueTitles(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const key = title.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? title : `${title} (${count})`;
  });
}

/** The notes a flow carries: trigger, exit rules, the SMS consent rule where SMS is used, then the generator's own notes. */
export function composeQuickNotes(draft: Pick<FlowDraft, "trigger" | "exitRules" | "notes" | "inactivityDays">, usesSms: boolean): string {
  const parts = [`Trigger: ${draft.trigger}`];
  if (draft.exitRules.length > 0) parts.push(`Exit rules: ${draft.exitRules.join("; ")}.`);
  if (usesSms) parts.push(SMS_CONSENT_NOTE);
  if (draft.notes) parts.push(draft.notes);
  return parts.join("\n");
}

/** The trigger and exit rules a flow's quick notes carry (composeQuickNotes wrote them), or null where a line is missing. */
export function notedFlowRules(quickNotes: string): { trigger: string | null; exitWhen: string[] | null } {
  const lines = quickNotes.split("\n");
  const trigger =
    lines
      .find((line) => line.startsWith("Trigger: "))
      ?.slice("Trigger: ".length)
      .trim() || null;
  const exits = lines
    .find((line) => line.startsWith("Exit rules: "))
    ?.slice("Exit rules: ".length)
    .trim()
    .replace(/\.$/, "");
  return {
    trigger,
    exitWhen: exits
      ? exits
          .split("; ")
          .map((item) => item.trim())
          .filter(Boolean)
      : null,
  };
}

/**
 * Holds a draft to the rules: safe repairs are made, anything else is refused with the list of
 * problems (a flow is never stored half right).
 */
export function applyFlowRules(draft: FlowDraft, context: RuleContext): RuleResult {
  const problems: string[] = [];
  const { flowType, companyName } = context;
  const count = TOUCHPOINT_COUNT[flowType];
  const touchpoints = draft.touchpoints;

  if (touchpoints.length < count.min || touchpoints.length > count.max) {
    problems.push(`${flowTypeLabel(flowType)} flows have ${count.min} to ${count.max} touchpoints, not ${touchpoints.length}.`);
  }
  touchpoints.forEach((tp, index) => {
    for (const field of TOUCHPOINT_TEXT_FIELDS) {
      if (!tp[field]) problems.push(`Touchpoint ${index + 1} has no ${field}.`);
    }
    if (index > 0 && tp.offsetMinutes < touchpoints[index - 1]!.offsetMinutes) {
      problems.push(`Touchpoint ${index + 1} is sent before touchpoint ${index}.`);
    }
  });
  const first = touchpoints.find((tp) => !tp.timing);
  const window = FIRST_TOUCH_MINUTES[flowType];
  if (first && window && (first.offsetMinutes < window.min || first.offsetMinutes > window.max)) {
    problems.push(`The first ${flowTypeLabel(flowType)} touch must go ${window.min} to ${window.max} minutes after the trigger.`);
  }
  if (flowType === "sunset" && (draft.inactivityDays ?? 0) < SUNSET_MIN_INACTIVITY_DAYS) {
    problems.push(`A sunset flow starts after at least ${SUNSET_MIN_INACTIVITY_DAYS} days of inactivity.`);
  }
  const smsAllowed = allowsSms(context.communicationChannels);
  const smsCount = touchpoints.filter((tp) => tp.stepType === "SMS").length;
  if (!smsAllowed && smsCount > 0) problems.push("This business sends email only: no SMS touchpoints.");
  if (smsAllowed && SMS_REQUIRED_FLOW_TYPES.includes(flowType) && smsCount === 0) {
    problems.push(`${flowTypeLabel(flowType)} flows of an Email + SMS business include at least one SMS.`);
  }
  if (!draft.trigger) problems.push("The flow has no trigger.");
  if (draft.exitRules.length === 0) problems.push("The flow has no exit rules.");
  if (!draft.flowOverview) problems.push("The flow has no overview.");
  if (problems.length > 0) return { ok: false, problems };

  // Safe repairs: the overview names the company and the goal; titles are unique; timing
  // fields agree; SMS carry the send window.
  let flowOverview = draft.flowOverview;
  if (companyName && !includesText(flowOverview, companyName)) flowOverview = `${companyName}: ${flowOverview}`;
  const goal = FLOW_GOALS[flowType];
  if (!goal.keywords.some((keyword) => includesText(flowOverview, keyword))) flowOverview = `${flowOverview} Goal: ${goal.goal}.`;

  const titles = uniqueTitles(touchpoints.map((tp) => tp.title));
  const ruled = touchpoints.map((tp, index) => toRuledTouchpoint(tp, index, titles[index]!));
  return {
    ok: true,
    flow: { flowOverview, quickNotes: composeQuickNotes(draft, smsCount > 0), touchpoints: ruled },
  };
}

/**
 * The stored timing of a draft step: an anchored timing as the generator gave it (its own
 * displayText, if any, is what it shows; timingText() writes the rest), else the offset with the
 * generator's sentence.
 */
function ruledTiming(tp: DraftTouchpoint): Timing {
  if (tp.timing) return fromDraftTiming(tp.timing);
  const base = timingForOffsetMinutes(tp.offsetMinutes);
  return tp.timingText ? { ...base, displayText: tp.timingText } : base;
}

function toRuledTouchpoint(tp: DraftTouchpoint, index: number, title: string): RuledTouchpoint {
  const timing = ruledTiming(tp);
  return {
    stepNumber: index + 1,
    stepType: tp.stepType,
    title,
    delayDays: Math.floor(tp.offsetMinutes / MINUTES_PER_DAY),
    timing,
    offsetMinutes: tp.offsetMinutes,
    primaryGoal: tp.primaryGoal,
    keyMessages: tp.keyMessages,
    callToAction: tp.callToAction,
    sendWindow: tp.stepType === "SMS" ? { ...SMS_SEND_WINDOW } : null,
  };
}

/**
 * A step's timing fields agree: delayDays is the whole days of offsetMinutes, and for a step timed
 * from the trigger the timing says the same minutes. An anchored step's offsetMinutes is the
 * estimate its order comes from, so only its presence is checked.
 */
function timingProblems(tp: TouchpointFields, index: number): string[] {
  if (tp.offsetMinutes === null || tp.timing === null) return [`step ${index + 1} has no fixed timing`];
  const problems: string[] = [];
  if (tp.delayDays !== Math.floor(tp.offsetMinutes / MINUTES_PER_DAY)) problems.push(`step ${index + 1} delayDays disagrees with offsetMinutes`);
  if (isAnchored(tp.timing)) return problems;
  const timingMinutes = tp.timing.type === "immediate" ? 0 : tp.timing.minutes;
  if (timingMinutes !== tp.offsetMinutes) problems.push(`step ${index + 1} timing disagrees with offsetMinutes`);
  return problems;
}

/** A stored flow, as far as the rules look at it. */
export interface CheckableFlow {
  flowOverview: string;
  quickNotes: string;
  touchpoints: ReadonlyArray<TouchpointFields>;
}

/** Every rule a finished flow breaks (empty when it follows them all). */
export function checkFlow(flow: CheckableFlow, context: RuleContext & { inactivityDays?: number | null }): string[] {
  const problems: string[] = [];
  const { flowType } = context;
  const count = TOUCHPOINT_COUNT[flowType];
  const tps = flow.touchpoints;
  if (tps.length < count.min || tps.length > count.max) problems.push(`count ${tps.length} outside ${count.min}-${count.max}`);
  tps.forEach((tp, index) => {
    if (tp.stepNumber !== index + 1) problems.push(`step ${index + 1} numbered ${tp.stepNumber}`);
    for (const field of TOUCHPOINT_TEXT_FIELDS) {
      if (!tp[field].trim()) problems.push(`step ${index + 1} empty ${field}`);
    }
    problems.push(...timingProblems(tp, index));
    const previous = tps[index - 1];
    if (previous && (tp.offsetMinutes ?? 0) < (previous.offsetMinutes ?? 0)) problems.push(`step ${index + 1} goes back in time`);
    if (tp.stepType === "SMS") {
      if (tp.sendWindow?.start !== SMS_SEND_WINDOW.start || tp.sendWindow?.end !== SMS_SEND_WINDOW.end) problems.push(`step ${index + 1} SMS without send window`);
    } else if (tp.sendWindow !== null) problems.push(`step ${index + 1} email with a send window`);
  });
  const titles = tps.map((tp) => tp.title.toLowerCase());
  if (new Set(titles).size !== titles.length) problems.push("duplicate titles");
  // The first touch after the trigger is the first step timed from it: an anchored step's time depends on the contact's date.
  const window = FIRST_TOUCH_MINUTES[flowType];
  const firstFromTrigger = tps.find((tp) => !isAnchored(tp.timing));
  const firstOffset = firstFromTrigger?.offsetMinutes ?? 0;
  if (window && firstFromTrigger && (firstOffset < window.min || firstOffset > window.max)) problems.push(`first touch at ${firstOffset} minutes`);
  if (flowType === "sunset" && context.inactivityDays !== undefined && (context.inactivityDays ?? 0) < SUNSET_MIN_INACTIVITY_DAYS) {
    problems.push("sunset inactivity window too short");
  }
  const smsCount = tps.filter((tp) => tp.stepType === "SMS").length;
  if (!allowsSms(context.communicationChannels) && smsCount > 0) problems.push("SMS for an email-only business");
  if (allowsSms(context.communicationChannels) && SMS_REQUIRED_FLOW_TYPES.includes(flowType) && smsCount === 0) problems.push("no SMS");
  if (context.companyName && !includesText(flow.flowOverview, context.companyName)) problems.push("overview does not name the company");
  if (!FLOW_GOALS[flowType].keywords.some((keyword) => includesText(flow.flowOverview, keyword))) problems.push("overview does not name the goal");
  if (!flow.quickNotes.includes("Trigger:")) problems.push("quick notes without trigger");
  if (!flow.quickNotes.includes("Exit rules:")) problems.push("quick notes without exit rules");
  if (smsCount > 0 && !flow.quickNotes.includes("SMS consent")) problems.push("quick notes without the SMS consent rule");
  return problems;
}
