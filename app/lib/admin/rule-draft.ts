import { STEP_TYPES } from "~/lib/flow-types";
import type { Timing } from "~/lib/timing";
import type { FlowStepShape as FlowStep } from "~/lib/api/responses";
import { RULE_TEXT_FIELDS, type RuleTextField, ruleStepTiming, splitMinutes, TIMING_UNITS, type TimingUnit } from "~/lib/admin/flow-rule-fields";

/**
 * The step editor's working copy of a rule: every value as the form holds it (text), so a refused
 * or half-edited form comes back exactly as typed. Pure and shared by the page (to render) and its
 * action (to read the posted form, and to add, remove or move steps without JavaScript).
 */
/** A step's texts, as the rule holds them. */
type StepTexts = Pick<FlowStep, "title" | "primaryGoal" | "keyMessages" | "callToAction" | "notes">;

export interface StepDraft extends StepTexts {
  key: string;
  channel: string;
  timingType: string;
  amount: string;
  unit: string;
  event: string;
  direction: string;
  weekday: string;
  time: string;
  relation: string;
  displayText: string;
}

export type RuleDraft = Record<RuleTextField, string> & { steps: StepDraft[] };

export const STEP_DRAFT_FIELDS = [
  "key",
  "channel",
  "title",
  "timingType",
  "amount",
  "unit",
  "event",
  "direction",
  "weekday",
  "time",
  "relation",
  "displayText",
  "primaryGoal",
  "keyMessages",
  "callToAction",
  "notes",
] as const satisfies ReadonlyArray<keyof StepDraft>;

let keySeed = 0;
function newKey() {
  keySeed += 1;
  return `s${Date.now().toString(36)}${keySeed}`;
}

export function emptyStep(channel: string = STEP_TYPES[0]): StepDraft {
  return {
    key: newKey(),
    channel,
    title: "",
    timingType: "offset",
    amount: "1",
    unit: "days",
    event: "delivery",
    direction: "after",
    weekday: "1",
    time: "",
    relation: "before",
    displayText: "",
    primaryGoal: "",
    keyMessages: "",
    callToAction: "",
    notes: "",
  };
}

export function emptyRuleDraft(): RuleDraft {
  return {
    flowName: "",
    flowType: "",
    businessType: "All",
    communicationChannels: "Email only",
    purchaseDecisionTimeline: "All",
    serviceFrequency: "All",
    upsellOpportunity: "All",
    trigger: "",
    exitRules: "",
    notes: "",
    steps: [{ ...emptyStep(), timingType: "immediate", amount: "0", unit: "minutes" }],
  };
}

function stepFromTiming(timing: Timing): Pick<StepDraft, "timingType" | "amount" | "unit" | "event" | "direction" | "weekday" | "time" | "relation" | "displayText"> {
  const base = { timingType: "immediate", amount: "0", unit: "minutes", event: "delivery", direction: "after", weekday: "1", time: "", relation: "before", displayText: "" };
  const displayText = timing.displayText ?? "";
  switch (timing.type) {
    case "immediate":
      return { ...base, displayText };
    case "offset": {
      const { amount, unit } = splitMinutes(timing.minutes);
      return { ...base, timingType: "offset", amount: String(amount), unit, displayText };
    }
    case "relative_event": {
      const { amount, unit } = splitMinutes(timing.minutes);
      return { ...base, timingType: "relative_event", amount: String(amount), unit, event: timing.event, direction: timing.direction, displayText };
    }
    case "weekday_relative_event":
      return {
        ...base,
        timingType: "weekday_relative_event",
        event: timing.event,
        weekday: String(timing.weekday),
        time: timing.time ?? "",
        relation: timing.relation,
        displayText,
      };
  }
}

export interface RuleLike {
  flowName: string;
  flowType: string | null;
  businessType: string;
  communicationChannels: string;
  purchaseDecisionTimeline: string;
  serviceFrequency: string;
  upsellOpportunity: string;
  trigger: string;
  exitRules: unknown;
  notes: string;
  steps: Array<StepTexts & { channel: string; timing: Timing | null; delayDays: number }>;
}

export function draftFromRule(rule: RuleLike): RuleDraft {
  return {
    flowName: rule.flowName,
    flowType: rule.flowType ?? "",
    businessType: rule.businessType,
    communicationChannels: rule.communicationChannels,
    purchaseDecisionTimeline: rule.purchaseDecisionTimeline,
    serviceFrequency: rule.serviceFrequency,
    upsellOpportunity: rule.upsellOpportunity,
    trigger: rule.trigger,
    exitRules: rule.exitRules === null || rule.exitRules === undefined ? "" : JSON.stringify(rule.exitRules, null, 2),
    notes: rule.notes,
    steps: rule.steps.map((step) => ({
      key: newKey(),
      channel: step.channel,
      title: step.title,
      ...stepFromTiming(ruleStepTiming(step)),
      primaryGoal: step.primaryGoal,
      keyMessages: step.keyMessages,
      callToAction: step.callToAction,
      notes: step.notes,
    })),
  };
}

const STEP_NAME = /^steps\[(\d+)\]\.(\w+)$/;

/** Reads the editor's posted form (`flowName`, `steps[0].title`, ...) back into a draft, in step order. */
export function draftFromForm(form: FormData): RuleDraft {
  const draft = emptyRuleDraft();
  for (const field of RULE_TEXT_FIELDS) {
    const value = form.get(field);
    draft[field] = typeof value === "string" ? value : "";
  }
  const steps = new Map<number, StepDraft>();
  for (const [name, value] of form.entries()) {
    const match = STEP_NAME.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const field = match[2] as keyof StepDraft;
    if (!(STEP_DRAFT_FIELDS as readonly string[]).includes(field) || index > 100) continue;
    const step = steps.get(index) ?? { ...emptyStep(), key: `p${index}` };
    step[field] = value;
    steps.set(index, step);
  }
  draft.steps = [...steps.entries()].sort(([a], [b]) => a - b).map(([, step]) => step);
  return draft;
}

function whole(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

function timingOf(step: StepDraft): unknown {
  const displayText = step.displayText.trim() || undefined;
  const factor = TIMING_UNITS[step.unit as TimingUnit] ?? 1;
  switch (step.timingType) {
    case "immediate":
      return { type: "immediate", displayText };
    case "offset":
      return { type: "offset", minutes: whole(step.amount) * factor, displayText };
    case "relative_event":
      return { type: "relative_event", event: step.event, direction: step.direction, minutes: whole(step.amount) * factor, displayText };
    case "weekday_relative_event":
      return {
        type: "weekday_relative_event",
        event: step.event,
        weekday: whole(step.weekday),
        time: step.time.trim() || undefined,
        relation: step.relation,
        displayText,
      };
    default:
      return { type: step.timingType };
  }
}

/**
 * The draft as the rule input the schema validates (the API's JSON shape). Exit rules are JSON
 * text in the form; text that is not JSON is passed on as a marker the schema refuses.
 */
export function inputFromDraft(draft: RuleDraft): Record<string, unknown> {
  let exitRules: unknown = null;
  if (draft.exitRules.trim() !== "") {
    try {
      exitRules = JSON.parse(draft.exitRules);
    } catch {
      exitRules = undefined;
    }
  }
  return {
    flowName: draft.flowName,
    flowType: draft.flowType,
    businessType: draft.businessType,
    communicationChannels: draft.communicationChannels,
    purchaseDecisionTimeline: draft.purchaseDecisionTimeline,
    serviceFrequency: draft.serviceFrequency,
    upsellOpportunity: draft.upsellOpportunity,
    trigger: draft.trigger,
    exitRules: exitRules === undefined ? INVALID_JSON : exitRules,
    notes: draft.notes,
    steps: draft.steps.map((step) => ({
      channel: step.channel,
      title: step.title,
      timing: timingOf(step),
      primaryGoal: step.primaryGoal,
      keyMessages: step.keyMessages,
      callToAction: step.callToAction,
      notes: step.notes,
    })),
  };
}

/** Not JSON-serialisable, so the schema's z.json() refuses it with "Exit rules must be valid JSON". */
const INVALID_JSON = Symbol("invalid JSON");

export type StepEdit = { kind: "add" } | { kind: "remove"; index: number } | { kind: "up"; index: number } | { kind: "down"; index: number };

/** The editor's buttons post `step:add`, `step:remove:2`, `step:up:2`, `step:down:2`. */
export function parseStepEdit(intent: string): StepEdit | null {
  if (intent === "step:add") return { kind: "add" };
  const match = /^step:(remove|up|down):(\d+)$/.exec(intent);
  if (!match) return null;
  return { kind: match[1] as "remove" | "up" | "down", index: Number(match[2]) };
}

export function applyStepEdit(steps: StepDraft[], edit: StepEdit): StepDraft[] {
  const next = [...steps];
  switch (edit.kind) {
    case "add":
      next.push(emptyStep());
      return next;
    case "remove":
      if (edit.index < 0 || edit.index >= next.length) return next;
      next.splice(edit.index, 1);
      return next;
    case "up":
    case "down": {
      const to = edit.kind === "up" ? edit.index - 1 : edit.index + 1;
      if (edit.index < 0 || edit.index >= next.length || to < 0 || to >= next.length) return next;
      [next[edit.index], next[to]] = [next[to], next[edit.index]];
      return next;
    }
  }
}
