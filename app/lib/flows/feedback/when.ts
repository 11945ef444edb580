import type { ModelAnchor } from "~/lib/business/model-specs";
import type { When } from "~/lib/flows/feedback/intents";
import { ordinalWord, resolve } from "~/lib/flows/feedback/steps";
import { anchorText, type StepAnchor } from "~/lib/flows/plans/steps";
import { leadMinutes } from "~/lib/flows/plans/onboarding";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { MIN_GAP_MINUTES } from "~/lib/flows/spacing";
import { roundSpanMinutes } from "~/lib/flows/summary";
import type { BusinessFacts } from "~/lib/business/facts";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * Where a "when" puts a step: minutes after the trigger, or a date's own timing (decision 126: a
 * step timed from the appointment carries that timing, and its offset is only the estimate that
 * orders it among the others). Shared by add, move and split. Pure.
 */

export interface Spot {
  /** Minutes after the trigger (an estimate for a step timed from a date). */
  at: number;
  /** Set when the step is timed from a date. */
  timing: DraftTouchpoint["timing"];
  timingText: string;
  /** How the reply says where it went: "2 hours before the appointment", "between the first and second emails". */
  words: string;
}

/** A draft's timing from a date, as the offline generator writes it (offline.server.ts `strip`). */
export function anchoredTiming(anchor: StepAnchor & { time?: string | null }): NonNullable<DraftTouchpoint["timing"]> {
  return { type: "relative_event", event: anchor.event, direction: anchor.direction, minutes: anchor.minutes, time: anchor.time ?? null, displayText: anchor.displayText ?? null };
}

/** How long after the trigger the date falls: read from a step already timed from it, else the planner's estimate. */
function leadOf(event: ModelAnchor, list: readonly DraftTouchpoint[], facts: BusinessFacts): number {
  const step = list.find((tp) => tp.timing?.type === "relative_event" && tp.timing.event === event);
  if (step?.timing?.type === "relative_event") return step.offsetMinutes + (step.timing.direction === "before" ? step.timing.minutes : -step.timing.minutes);
  return leadMinutes(facts, event);
}

export function triggerSpot(at: number, trigger: string, words?: string): Spot {
  const text = at === 0 ? `Immediately after ${trigger}` : `${formatDuration(at)} after ${trigger}`;
  return { at, timing: null, timingText: text, words: words ?? text.replace(/^I/, "i") };
}

export function eventSpot(when: Extract<When, { type: "event" }>, list: readonly DraftTouchpoint[], facts: BusinessFacts): Spot {
  const anchor: StepAnchor & { time?: string | null } = {
    event: when.event,
    direction: when.direction,
    minutes: when.minutes,
    ...(when.displayText ? { displayText: when.displayText } : {}),
    time: when.time,
  };
  const lead = leadOf(when.event, list, facts);
  const estimate = when.direction === "before" ? lead - when.minutes : lead + when.minutes;
  const at = Math.max(MINUTES_PER_HOUR, Math.round(estimate / MINUTES_PER_HOUR) * MINUTES_PER_HOUR);
  const text = anchorText(anchor);
  return { at, timing: anchoredTiming(anchor), timingText: text, words: text.charAt(0).toLowerCase() + text.slice(1) };
}

function between(list: readonly DraftTouchpoint[], a: number, b: number): number {
  const from = list[a]!.offsetMinutes;
  const to = list[b]!.offsetMinutes;
  return to - from >= 2 * MIN_GAP_MINUTES ? from + roundSpanMinutes((to - from) / 2) : from + Math.floor((to - from) / 2);
}

function nearSpot(when: Extract<When, { type: "near" }>, list: readonly DraftTouchpoint[], trigger: string): Spot | null {
  const [index] = resolve(when.target, list);
  if (index === undefined) return null;
  const noun = list[index]!.stepType === "SMS" ? "SMS" : "email";
  const place = list.slice(0, index + 1).filter((tp) => tp.stepType === list[index]!.stepType).length;
  const named = `the ${ordinalWord(place)} ${noun}`;
  const from = list[index]!.offsetMinutes;
  if (when.minutes !== null)
    return triggerSpot(when.side === "after" ? from + when.minutes : Math.max(0, from - when.minutes), trigger, `${formatDuration(when.minutes)} ${when.side} ${named}`);
  if (when.side === "after") return triggerSpot(list[index + 1] ? between(list, index, index + 1) : from + MINUTES_PER_DAY, trigger, `after ${named}`);
  const at = index === 0 ? Math.max(0, from - MIN_GAP_MINUTES) : between(list, index - 1, index);
  return triggerSpot(at, trigger, `before ${named}`);
}

function betweenSpot(when: Extract<When, { type: "between" }>, list: readonly DraftTouchpoint[], trigger: string): Spot | null {
  const [a] = resolve(when.a, list);
  const [b] = resolve(when.b, list);
  if (a === undefined || b === undefined || a >= b) return null;
  return triggerSpot(between(list, a, b), trigger, `between ${nearWords(list, a)} and ${nearWords(list, b)}`);
}

function nearWords(list: readonly DraftTouchpoint[], index: number): string {
  const tp = list[index]!;
  const place = list.slice(0, index + 1).filter((other) => other.stepType === tp.stepType).length;
  return `the ${ordinalWord(place)} ${tp.stepType === "SMS" ? "SMS" : "email"}`;
}

/** The spot a when names in this flow, or null (a step it names is missing, or it cannot be timed). */
export function spotOf(when: When, list: readonly DraftTouchpoint[], facts: BusinessFacts, trigger: string): Spot | null {
  switch (when.type) {
    case "offset":
      return triggerSpot(when.minutes, trigger, when.words);
    case "event":
      return eventSpot(when, list, facts);
    case "near":
      return nearSpot(when, list, trigger);
    case "between":
      return betweenSpot(when, list, trigger);
    default:
      return null;
  }
}

/** The widest gap between two sends (where a new step disturbs least), its middle rounded. */
export function widestGap(list: readonly DraftTouchpoint[], trigger: string, avoid?: "SMS"): Spot {
  let best = { at: (list[list.length - 1]?.offsetMinutes ?? 0) + MINUTES_PER_DAY, gap: -1, after: list.length - 1 };
  for (let i = 0; i + 1 < list.length; i++) {
    if (list[i]!.timing || list[i + 1]!.timing) continue;
    if (avoid && (list[i]!.stepType === avoid || list[i + 1]!.stepType === avoid)) continue;
    const gap = list[i + 1]!.offsetMinutes - list[i]!.offsetMinutes;
    if (gap > best.gap) best = { at: list[i]!.offsetMinutes + roundSpanMinutes(gap / 2), gap, after: i };
  }
  if (best.gap < 2 * MIN_GAP_MINUTES && avoid) return widestGap(list, trigger);
  const next = list[best.after + 1];
  return triggerSpot(best.at, trigger, next ? `between ${nearWords(list, best.after)} and ${nearWords(list, best.after + 1)}` : "after the last step");
}

export const DAY = MINUTES_PER_DAY;
