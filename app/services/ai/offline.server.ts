import { type BusinessFacts, businessFacts, lowerStart, offerFor, shortPhrase } from "~/lib/business/facts";
import { type FlowType, flowTypeLabel } from "~/lib/flow-types";
import { holdStep, holdText } from "~/lib/content/brand-pass";
import { applyFeedback, settle } from "~/lib/flows/feedback/apply";
import { unknownThing } from "~/lib/flows/feedback/conflicts";
import { replyOf } from "~/lib/flows/feedback/reply";
import { type PlannedStep, writePlan } from "~/lib/flows/plan-writer";
import {
  allowsSms,
  type DraftTouchpoint,
  FIRST_TOUCH_MINUTES,
  FLOW_GOALS,
  type FlowDraft,
  SMS_REQUIRED_FLOW_TYPES,
  SUNSET_MIN_INACTIVITY_DAYS,
  TOUCHPOINT_COUNT,
} from "~/lib/flows/rules";
import { spaceSends } from "~/lib/flows/spacing";
import { shapePhrase } from "~/lib/flows/summary";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { formatDuration, MINUTES_PER_DAY } from "~/lib/timing";
import type { FlowRuleRecord, FlowStep } from "~/models/flow-rule.server";
import type { FlowProvider, FlowRequest, RegeneratedDraft, RegenerateRequest } from "~/services/ai/provider.server";
import { DEFAULT_FLOW_RULE_OF_TYPE, type FlowRuleSeed } from "~/services/seed/flow-rules";

/**
 * The offline generator: deterministic, no network. With the default flow rule (or none)
 * it writes a plan for the business from its facts (lib/flows/plan-writer.ts): kind of business,
 * decision speed, onboarding start, buying cycle, offers, proof. With a rule an admin wrote, it
 * follows the admin's steps, trigger and exit rules and fills their [placeholders] with short
 * phrases from the same facts. It then fits the plan to the business's channels and the product
 * rules, and on regeneration applies the user's feedback to the current flow (lib/flows/feedback.ts).
 * Same input, same flow.
 */

export const OFFLINE_MODEL = "offline-rules-v2";

function ruleFor(request: FlowRequest): FlowRuleRecord | FlowRuleSeed {
  return request.rule ?? DEFAULT_FLOW_RULE_OF_TYPE[request.flowType];
}

/** True when the rule is the seeded default (or none): the planner writes the plan for the business. */
export function isDefaultRule(request: FlowRequest): boolean {
  if (!request.rule) return true;
  const seed = DEFAULT_FLOW_RULE_OF_TYPE[request.flowType];
  const titles = (steps: readonly FlowStep[] | undefined) => (steps ?? []).map((s) => s.title.trim()).join("\n");
  return titles(request.rule.steps) === titles(seed.steps) && (request.rule.trigger ?? "").trim() === (seed.trigger ?? "").trim();
}

// ---------------------------------------------------------------------------------------------
// An admin's own rule: its steps, filled with short phrases

function stepOffset(step: FlowStep): number {
  if (step.timing?.type === "offset") return step.timing.minutes;
  if (step.timing?.type === "immediate") return 0;
  return (step.delayDays ?? 0) * MINUTES_PER_DAY;
}

/** The rule's [placeholders] filled from the facts; a placeholder without a fact gets a neutral phrase. */
function fill(text: string, facts: BusinessFacts, flowType: FlowType): string {
  const offer = offerFor(facts, flowType);
  const proofNumber = /\d[\d,]*/.exec(facts.proof[0] ?? "")?.[0];
  return text
    .replace(/\[Company\]/gi, facts.brand)
    .replace(/\[target audience\]/gi, facts.audience ? lowerStart(facts.audience, facts.brand) : "your customers")
    .replace(/\[(?:welcome offer|lead magnet|specific offer)\]/gi, offer ? lowerStart(offer.headline, facts.brand) : "welcome gift")
    .replace(/\[desired outcome\]/gi, "the result you want")
    .replace(/\[problem\]/gi, "the problem")
    .replace(/\[category\]/gi, facts.product ? lowerStart(shortPhrase(facts.product, 4) || "the right one", facts.brand) : "the right one")
    .replace(/\[customer\]/gi, `a ${facts.brand} customer`)
    .replace(/\[result\]/gi, "the result they wanted")
    .replace(/\[number\]/gi, proofNumber && Number(proofNumber.replace(/,/g, "")) >= 10 ? proofNumber : "many")
    .replace(/\[product\]/gi, facts.action.first.replace(/^first /, ""))
    .replace(/\[item\]/gi, "item")
    .replace(/\[first name\]/gi, "")
    .replace(/,\s*([.?!]|$)/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

function fromRuleStep(step: FlowStep, facts: BusinessFacts, flowType: FlowType): PlannedStep {
  // A step the admin timed from an event keeps that timing; its days after the trigger order it.
  const anchored = step.timing?.type === "relative_event" || step.timing?.type === "weekday_relative_event" ? step.timing : undefined;
  return {
    stepType: step.channel,
    title: fill(step.title, facts, flowType),
    offsetMinutes: stepOffset(step),
    timingText: step.timing?.displayText ?? "",
    ...(anchored ? { timing: anchored } : {}),
    primaryGoal: fill(step.primaryGoal, facts, flowType),
    keyMessages: fill(step.keyMessages, facts, flowType),
    callToAction: fill(step.callToAction, facts, flowType),
    angle: "education",
  };
}

function exitRulesOf(rule: { exitRules?: unknown }): string[] {
  const exits = rule.exitRules;
  const list = Array.isArray(exits) ? exits : exits && typeof exits === "object" ? (exits as Record<string, unknown>).exitWhen : null;
  if (Array.isArray(list)) {
    const clean = list.filter((item): item is string => typeof item === "string" && item.trim() !== "");
    if (clean.length) return clean;
  }
  return ["Converts (the flow's goal is reached)", "Unsubscribes or marks an email as spam"];
}

function inactivityDaysOf(flowType: FlowType, trigger: string, facts: BusinessFacts): number | null {
  if (flowType !== "sunset") return null;
  const days = Number(/(\d+)\s*days/i.exec(trigger)?.[1] ?? 0);
  const cycleBased = facts.cycleDays && facts.cycleDays >= 60 ? 180 : 0;
  return Math.max(SUNSET_MIN_INACTIVITY_DAYS, days, cycleBased);
}

// ---------------------------------------------------------------------------------------------
// Fitting to channels, counts and timing

function asEmail(tp: DraftTouchpoint): DraftTouchpoint {
  const lines = tp.keyMessages.split("\n").filter((line) => !/reply stop|open with "/i.test(line));
  return {
    ...tp,
    stepType: "Email",
    title: tp.title.replace(/^(?:A quick text|Text)[:,]?\s*/i, "").replace(/^./, (c) => c.toUpperCase()) || "A short reminder",
    keyMessages: lines.join("\n") || "• A short, personal reminder with one link",
    callToAction: tp.callToAction.replace(/^Tap/i, "Click"),
  };
}

function fitChannels(steps: PlannedStep[], flowType: FlowType, facts: BusinessFacts): PlannedStep[] {
  if (!facts.usesSms) return steps.map((tp) => (tp.stepType === "SMS" ? { ...tp, ...asEmail(tp) } : tp));
  if (!SMS_REQUIRED_FLOW_TYPES.includes(flowType) || steps.some((tp) => tp.stepType === "SMS")) return steps;
  // An admin's rule without SMS for a flow that needs one: a short text between the first two steps.
  const list = [...steps];
  const first = list[0]?.offsetMinutes ?? 0;
  const next = list[1]?.offsetMinutes ?? first + MINUTES_PER_DAY;
  const at = Math.round((first + next) / 2 / 60) * 60;
  const sms: PlannedStep = {
    stepType: "SMS",
    offsetMinutes: at,
    timingText: `${formatDuration(at)} after the trigger`,
    angle: "reminder",
    title: `A quick text from ${facts.brand}`,
    primaryGoal: "A short personal nudge on a second channel for contacts who have not acted on the first email.",
    keyMessages: `• Open with "${facts.brand}:"\n• One short link, then 'Reply STOP to opt out'`,
    callToAction: flowType === "abandoned_cart" ? "Tap to finish checkout" : "Tap to take a look",
  };
  if (list.length >= TOUCHPOINT_COUNT[flowType].max) list.splice(list.length - 2, 1);
  list.splice(1, 0, sms);
  return list;
}

function fitCount(steps: PlannedStep[], flowType: FlowType, facts: BusinessFacts): PlannedStep[] {
  const { min, max } = TOUCHPOINT_COUNT[flowType];
  const list = [...steps];
  while (list.length > max) list.splice(list.length - 2, 1);
  while (list.length < min) {
    const last = list[list.length - 1]?.offsetMinutes ?? 0;
    const at = last + 3 * MINUTES_PER_DAY;
    list.push({
      stepType: "Email",
      offsetMinutes: at,
      timingText: `${formatDuration(at)} after the trigger`,
      angle: "proof",
      title: list.some((s) => s.angle === "proof") ? `Questions people ask about ${facts.brand}` : `Why customers choose ${facts.brand}`,
      primaryGoal: "Remove the last doubts before the next step.",
      keyMessages: [facts.reviews[0] && `• Quote a customer: "${facts.reviews[0]}"`, facts.guarantee && `• Reassure: ${facts.guarantee}`, "• One clear next step"]
        .filter(Boolean)
        .join("\n"),
      callToAction: facts.action.cta,
    });
  }
  return list;
}

/** The first step timed from the trigger goes within the flow type's window (a step timed from a date keeps its timing). */
function fitFirstTouch<T extends DraftTouchpoint>(steps: T[], flowType: FlowType): T[] {
  const list = [...steps].sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  const window = FIRST_TOUCH_MINUTES[flowType];
  const index = list.findIndex((step) => !step.timing);
  const first = list[index];
  if (window && first && (first.offsetMinutes < window.min || first.offsetMinutes > window.max)) {
    const minutes = Math.min(window.max, Math.max(window.min, flowType === "abandoned_cart" ? 60 : 0));
    list[index] = { ...first, offsetMinutes: minutes, timingText: minutes === 0 ? "Immediately after the trigger" : `${formatDuration(minutes)} after the trigger` };
  }
  return list.sort((a, b) => a.offsetMinutes - b.offsetMinutes);
}

/** Timing as the rules want it: first touch in its window, steps in order, never two sends at one moment. */
export function fitTiming<T extends DraftTouchpoint>(steps: T[], flowType: FlowType): T[] {
  return spaceSends(fitFirstTouch(steps, flowType));
}

// ---------------------------------------------------------------------------------------------
// Overview and notes

/** The flow type's name in the business's words: a clinic's abandoned checkout is an abandoned booking. */
function labelFor(flowType: FlowType, facts: BusinessFacts): string {
  const what = facts.abandoned;
  return flowType === "abandoned_cart" && what !== "cart" ? `Abandoned ${what.charAt(0).toUpperCase()}${what.slice(1)}` : flowTypeLabel(flowType);
}

/** The flow type's goal in the business's words: a clinic's upsell grows repeat visits, not order value. */
function goalOf(flowType: FlowType, facts: BusinessFacts): string {
  if (flowType === "upsell" && facts.model !== "shop")
    return `grow repeat ${facts.kind === "digital" ? "use, upgrades" : "visits, upgrades"} and referrals from existing ${facts.spec.people}`;
  if (flowType === "onboarding") return holdText(FLOW_GOALS.onboarding.goal, facts.brandRules, "plan") || "turn new contacts into first-time buyers";
  return holdText(FLOW_GOALS[flowType].goal, facts.brandRules, "plan") || FLOW_GOALS[flowType].goal;
}

/** "B&B Flowers'" for a name ending in s, "dermaLUX's" for any other. */
export function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

export function overviewOf(flowType: FlowType, facts: BusinessFacts, touchpoints: readonly DraftTouchpoint[], strategy: string, goal = goalOf(flowType, facts)): string {
  const held = facts.audience ? holdText(lowerStart(facts.audience, facts.brand), facts.brandRules, "plan") : "";
  const audience = held ? ` for ${held}` : "";
  // The appointment is the business's own unit ("the treatment", "the game").
  const shape = shapePhrase(touchpoints, { names: { appointment: `the ${facts.unit}` } });
  const parts = [`${possessive(facts.brand)} ${labelFor(flowType, facts)} flow${audience}: ${shape} to ${goal}.`];
  if (strategy) parts.push(strategy);
  return parts.join(" ");
}

function notesOf(rule: { notes?: string } | null, answers: QuestionnaireAnswers, customContext: string, carried: string[]): string {
  const lines: string[] = [];
  const ruleNotes = (rule?.notes ?? "").replace(/SMS steps go only[^.]*\.(\s*\([^)]*\))?\.?/i, "").trim();
  if (ruleNotes) lines.push(ruleNotes);
  const voice = shortPhrase(answers.brandVoicePositioning, 14);
  if (voice) lines.push(`Voice: ${voice}.`);
  if (customContext.trim()) lines.push(`Your context: ${customContext.trim()}`);
  lines.push(...carried);
  return lines.filter(Boolean).join("\n");
}

interface Skeleton {
  steps: PlannedStep[];
  trigger: string;
  exitRules: string[];
  /** The plan's sentence on how it fits the business, for the overview ("" for an admin's rule). */
  strategy: string;
  goal?: string;
  ruleNotes: { notes?: string } | null;
}

function skeletonOf(request: FlowRequest, facts: BusinessFacts): Skeleton {
  const rule = ruleFor(request);
  if (isDefaultRule(request)) {
    const inactivity = inactivityDaysOf(request.flowType, rule.trigger ?? "", facts) ?? 0;
    const plan = writePlan(request.flowType, facts, inactivity);
    return { steps: plan.steps, trigger: plan.trigger, exitRules: plan.exitRules, strategy: plan.strategy, goal: plan.goal, ruleNotes: null };
  }
  const steps = [...(rule.steps ?? [])].sort((a, b) => a.stepNumber - b.stepNumber).map((step) => fromRuleStep(step, facts, request.flowType));
  const trigger = (rule.trigger ?? "").trim() || `Enters the ${flowTypeLabel(request.flowType)} segment.`;
  return { steps, trigger, exitRules: exitRulesOf(rule), strategy: "", ruleNotes: rule };
}

/** The step as a draft: its angle is the planner's own; a step timed from a date carries that date as its timing. */
function strip(step: PlannedStep): DraftTouchpoint {
  const { angle: _angle, anchor, ...touchpoint } = step;
  if (!anchor) return touchpoint;
  return {
    ...touchpoint,
    timing: { type: "relative_event", event: anchor.event, direction: anchor.direction, minutes: anchor.minutes, time: null, displayText: anchor.displayText ?? null },
  };
}

function draftOf(request: FlowRequest, facts: BusinessFacts, skeleton: Skeleton, touchpoints: DraftTouchpoint[], carried: string[] = []): FlowDraft {
  // The plan speaks the business's words too: its brand rules and the words it never uses hold in
  // every title, brief, trigger and exit rule, as they do in the copy.
  const rules = facts.brandRules;
  const plan = (text: string) => holdText(text, rules, "plan");
  const held = touchpoints.map((tp) => holdStep(tp, rules, tp.stepType === "SMS" ? `A text from ${facts.brand}` : `A note from ${facts.brand}`));
  return {
    flowOverview: overviewOf(request.flowType, facts, held, plan(skeleton.strategy), skeleton.goal && plan(skeleton.goal)),
    trigger: plan(skeleton.trigger) || "Joins the list.",
    exitRules: skeleton.exitRules.map(plan).filter(Boolean),
    inactivityDays: inactivityDaysOf(request.flowType, skeleton.trigger, facts),
    notes: notesOf(skeleton.ruleNotes, request.business, request.customContext, carried),
    touchpoints: held,
  };
}

export function generateOfflineDraft(request: FlowRequest): FlowDraft {
  const facts = businessFacts(request.business);
  const skeleton = skeletonOf(request, facts);
  let steps = fitChannels(skeleton.steps, request.flowType, facts);
  steps = fitCount(steps, request.flowType, facts);
  steps = fitTiming(steps, request.flowType);
  return draftOf(request, facts, skeleton, steps.map(strip));
}

// ---------------------------------------------------------------------------------------------
// Feedback

/** Your notes carried from the current flow's quick notes, so feedback not acted on is kept. */
function carriedNotes(quickNotes: string): string[] {
  return quickNotes.split("\n").filter((line) => line.startsWith("Your note: "));
}

/** A note not acted on, kept whole for whoever writes the messages (one line of the quick notes). */
function keptNote(feedback: string): string {
  return `Your note: ${feedback.trim().replace(/\s*\n\s*/g, " ")}`;
}

export function regenerateOfflineDraft(request: RegenerateRequest): RegeneratedDraft {
  const { flowType } = request;
  const facts = businessFacts(request.business);
  const skeleton = skeletonOf(request, facts);
  const { min, max } = TOUCHPOINT_COUNT[flowType];
  const given = request.current.touchpoints;
  let list = [...given];
  const before: string[] = [];
  // A flow whose steps no longer fit the rules (deleted below the minimum) is rebuilt first.
  if (list.length < min || list.length > max) {
    list = generateOfflineDraft(request).touchpoints;
    before.push(`rebuilt the flow from the plan, since it had ${given.length} steps and needs ${min} to ${max}`);
  }
  const result = applyFeedback({ flowType, facts, touchpoints: list, feedback: request.feedback, smsAllowed: allowsSms(request.business.communicationChannels) });
  const baseline = draftOf(request, facts, skeleton, fitTiming(list, flowType)).touchpoints;
  const changed = draftOf(request, facts, skeleton, fitTiming(result.list, flowType), carriedNotes(request.current.quickNotes));
  const outcome = settle(result, baseline, changed.touchpoints);
  // Not acted on: the flow is kept exactly as it was given, and the note whole in the quick notes.
  const carried = carriedNotes(request.current.quickNotes);
  if (!outcome.acted && !carried.includes(keptNote(request.feedback))) carried.push(keptNote(request.feedback));
  const draft = outcome.acted || before.length ? changed : draftOf(request, facts, skeleton, list, carried);
  const explanation = replyOf({
    outcome,
    before,
    shape: shapePhrase(draft.touchpoints),
    note: request.feedback,
    read: result.intents.length,
    unknown: unknownThing(request.feedback, facts),
  });
  return { draft, explanation, outcome: { ...outcome, acted: outcome.acted || before.length > 0 } };
}

export const offlineProvider: FlowProvider = {
  model: OFFLINE_MODEL,
  instant: true,
  generateFlow: async (request) => generateOfflineDraft(request),
  regenerateFlow: async (request) => regenerateOfflineDraft(request),
};
