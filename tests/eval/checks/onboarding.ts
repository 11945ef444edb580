import type { FlowOutput, PlanStep } from "../pipeline";
import { clip, copyUnits, fold, snippet } from "../texts";
import { EVENT_WORDS, eventsIn, excludedEvents, mainClause } from "./events";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `onboarding-start`: the onboarding trigger names the event the owner said onboarding starts at,
 * and not an earlier one they ruled out ("after the consultation and patch test (not at booking)").
 * `anchor`: where the owner's anchor is a date after that start (an appointment, pickup day,
 * wedding date, first class), onboarding (or, for appointments, upsell) has a step timed from it,
 * and no step speaks of it as past ("How was your treatment?") while it may not have happened yet.
 * Both read the owner's words loosely through the event lexicon (events.ts); tests/eval/README.md
 * explains the limits.
 */

export function onboardingStartProblems(trigger: string, starts: string): string[] {
  const expected = eventsIn(mainClause(starts));
  if (expected.length === 0) return [];
  const found = eventsIn(trigger.replace(/\bnot (?:at|on|when|from)\s+[^),;.]+/gi, " "));
  const problems: string[] = [];
  if (!expected.some((event) => found.includes(event))) problems.push(`the trigger names none of ${expected.join(", ")} (onboarding starts "${starts}")`);
  const early = excludedEvents(starts).filter((event) => found.includes(event) && !expected.includes(event));
  if (early.length) problems.push(`the trigger starts at ${early.join(", ")}, which the owner ruled out ("${starts}")`);
  return problems;
}

export function checkOnboardingStart(output: BusinessOutput): Finding[] {
  const flow = output.flows.find((f) => f.flowType === "onboarding");
  if (!flow?.plan) return [];
  const trigger = flow.plan.trigger;
  return onboardingStartProblems(trigger, output.business.expect.onboardingStarts).map((message) => finding("onboarding-start", "onboarding", "trigger", message, trigger));
}

// ---------------------------------------------------------------------------------------------
// Anchor

/** Whether the anchor is an event after onboarding starts (an appointment date after the booking), not the start itself. */
export function anchorIsLater(anchor: string, starts: string): boolean {
  const start = mainClause(starts);
  if (/\b(?:date|day)\b/i.test(anchor)) return !fold(start).includes(fold(anchor.replace(/\([^)]*\)/g, "")).trim());
  const events = eventsIn(anchor);
  const startEvents = eventsIn(start);
  return events.length > 0 && !events.some((event) => startEvents.includes(event));
}

const ANCHOR_STOP = new Set(["date", "day", "the", "first", "of", "a", "an", "as", "booked", "signed", "or", "and", "after", "before"]);

/**
 * What names the anchor in a timing text: each of its own words (and longer forms: "start" takes
 * "starts") and the ways of writing its events ("appointment" takes "exam" and "treatment").
 */
export function anchorMatchers(anchor: string): RegExp[] {
  const words = [...new Set((fold(anchor).match(/[\p{L}-]+/gu) ?? []).filter((w) => w.length > 2 && !ANCHOR_STOP.has(w)))];
  const events = eventsIn(anchor);
  return [
    ...words.map((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\w*`, "i")),
    ...EVENT_WORDS.filter((e) => events.includes(e.event)).map((e) => new RegExp(e.pattern.source, "i")),
  ];
}

/** A step sent around the anchor: an event timing, or a timing text like "2 hours before the appointment" or "the day after pickup". */
export function isAnchoredStep(step: Pick<PlanStep, "timing" | "timingText">, matchers: readonly RegExp[]): boolean {
  if (step.timing.type === "relative_event" || step.timing.type === "weekday_relative_event") return true;
  const relation = /\b(?:before|after|on|day of|morning of|evening of)\b(.*)$/i.exec(step.timingText);
  return !!relation && !/\bthe trigger\b/i.test(relation[1]!) && matchers.some((m) => m.test(relation[1]!));
}

const PAST_EVENT: RegExp[] = [
  /\bhow (?:was|did) (?:your|the|it)\b/i,
  /\bthanks? (?:you )?for (?:coming|visiting|joining us)\b/i,
  /\bafter your (?:first )?(?:treatment|appointment|visit|session|lesson|class|pickup|collection|wedding|stay|exam|game|delivery)\b/i,
  /\bhope you (?:enjoyed|loved|left)\b/i,
  /\bleft feeling\b/i,
  /\brate (?:my|your) (?:visit|session|treatment|appointment|experience)\b/i,
  /\bsince your (?:last|first) (?:visit|session|treatment|appointment|lesson|class)\b/i,
  /\bwhile (?:it'?s|the \w+ is) (?:still )?fresh\b/i,
];

/** Days after the trigger under which an anchor (booked days to months ahead) may not have passed. */
export const ANCHOR_MIN_GAP_DAYS = 14;

function pastTalk(flow: FlowOutput, step: PlanStep): { where: string; text: string; index: number; length: number } | null {
  const copy = flow.copy.find((c) => c.stepNumber === step.stepNumber);
  const units = [{ where: `step ${step.stepNumber} title`, text: step.title }, { where: `step ${step.stepNumber} goal`, text: step.primaryGoal }, ...(copy ? copyUnits(copy) : [])];
  for (const unit of units) {
    for (const pattern of PAST_EVENT) {
      const m = pattern.exec(unit.text);
      if (m) return { where: unit.where, text: unit.text, index: m.index, length: m[0].length };
    }
  }
  return null;
}

export function checkAnchor(output: BusinessOutput): Finding[] {
  const { anchor, onboardingStarts } = output.business.expect;
  if (!anchorIsLater(anchor, onboardingStarts)) return [];
  const matchers = anchorMatchers(anchor);
  const onboarding = output.flows.find((f) => f.flowType === "onboarding");
  const candidates = output.flows.filter((f) => f.flowType === "onboarding" || (output.business.model === "appointment" && f.flowType === "upsell"));
  const findings: Finding[] = [];
  if (onboarding?.plan && !candidates.some((f) => f.plan?.steps.some((step) => isAnchoredStep(step, matchers)))) {
    const timings = onboarding.plan.steps.map((s) => s.timingText).join("; ");
    findings.push(finding("anchor", "onboarding", "step timing", `no step is timed from the ${anchor}; every step counts from the trigger`, clip(timings, 200)));
  }
  for (const step of onboarding?.plan?.steps ?? []) {
    const days = (step.offsetMinutes ?? Infinity) / 1440;
    if (isAnchoredStep(step, matchers) || days >= ANCHOR_MIN_GAP_DAYS) continue;
    const past = pastTalk(onboarding!, step);
    if (past) {
      const message = `speaks of the ${anchor} as past ${Math.round(days * 10) / 10} days after the trigger, before it may have happened`;
      findings.push(finding("anchor", "onboarding", past.where, message, snippet(past.text, past.index, past.length)));
    }
  }
  return findings;
}
