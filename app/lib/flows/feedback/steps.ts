import type { BusinessFacts } from "~/lib/business/facts";
import { type FlowType, flowTypeLabel } from "~/lib/flow-types";
import type { FeedbackRefusal } from "~/lib/flows/feedback/outcome";
import type { Channel, Intent, IntentKind, Target } from "~/lib/flows/feedback/intents";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { TOUCHPOINT_COUNT } from "~/lib/flows/rules";

/**
 * What every feedback handler works on: the steps, the changes made so far (each with how to see it
 * in the flow, so the reply never claims what the flow does not show), the changes not made with
 * their reasons, and the helpers for finding the steps a note names. Pure.
 */

export interface FeedbackContext {
  flowType: FlowType;
  facts: BusinessFacts;
  smsAllowed: boolean;
  note: string;
  /** Every intent of the note: a handler checks the others before it acts (never the opposite of a negation). */
  intents: readonly Intent[];
}

/** A change made, and how to see it in the finished steps. */
export interface Claim {
  kind: IntentKind;
  words: string;
  shows: (list: readonly DraftTouchpoint[]) => boolean;
}

export interface FeedbackState {
  list: DraftTouchpoint[];
  changes: Claim[];
  refused: FeedbackRefusal[];
  todo: string[];
}

export type Handler<I extends Intent = Intent> = (state: FeedbackState, intent: I, context: FeedbackContext) => void;

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function ordinalWord(n: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][n - 1] ?? `${n}th`;
}

export function bullets(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*[•\-*]\s*/, "").trim())
    .filter(Boolean);
}

export function joinBullets(items: readonly string[]): string {
  return items.map((item) => `• ${item}`).join("\n");
}

/** The brief with `line` first in place of any line with the same label ("Tone:", "Topic:"). */
export function withBriefLine(keyMessages: string, line: string): string {
  const label = /^([^:]+):/.exec(line)?.[1] ?? line;
  const rest = bullets(keyMessages).filter((item) => !item.toLowerCase().startsWith(`${label.toLowerCase()}:`));
  return joinBullets([line, ...rest]);
}

/** The brief with `line` added once (several "Mention:" or "Never say:" lines may stand together). */
export function addBriefLine(keyMessages: string, line: string): string {
  const items = bullets(keyMessages);
  return items.some((item) => item.toLowerCase() === line.toLowerCase()) ? keyMessages : joinBullets([...items, line]);
}

export function flowLabel(flowType: FlowType): string {
  const label = flowTypeLabel(flowType);
  return `${/^[AEIOU]/i.test(label) ? "an" : "a"} ${label} flow`;
}

export function countLimits(flowType: FlowType): { min: number; max: number } {
  return TOUCHPOINT_COUNT[flowType];
}

/** The step's place among its kind, as the reply names it: "the second email ("Title")". */
export function describe(list: readonly DraftTouchpoint[], index: number): string {
  const tp = list[index]!;
  const same = list.slice(0, index + 1).filter((other) => other.stepType === tp.stepType).length;
  const noun = tp.stepType === "SMS" ? "SMS" : "email";
  return `the ${ordinalWord(same)} ${noun} ("${tp.title}")`;
}

const STOP = new Set(["the", "and", "for", "our", "your", "their", "with", "that", "this", "about", "from", "one", "email", "emails", "step", "text", "message"]);

function stems(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]+/gu) ?? []).filter((word) => word.length >= 3 && !STOP.has(word)).map((word) => word.slice(0, 5));
}

/** How well a step matches a few words: its title counts double. */
function aboutScore(tp: DraftTouchpoint, words: string): number {
  const wanted = stems(words);
  const title = new Set(stems(tp.title));
  // Proof quoted in a brief ("Lead with the proof: 4.8★ reviews") is evidence, not what the step is about.
  const brief = bullets(tp.keyMessages).filter((line) => !/^(?:lead with the proof|quote a customer|never say)\b/i.test(line));
  const body = new Set(stems(`${tp.primaryGoal} ${brief.join(" ")} ${tp.callToAction}`));
  return wanted.reduce((sum, stem) => sum + (title.has(stem) ? 2 : 0) + (body.has(stem) ? 1 : 0), 0);
}

function aboutIndex(list: readonly DraftTouchpoint[], words: string, channel: Channel | null): number | null {
  const exact = list.findIndex((tp) => tp.title.toLowerCase().includes(words.toLowerCase()));
  if (exact !== -1) return exact;
  let best: { index: number; score: number } | null = null;
  list.forEach((tp, index) => {
    if (channel && tp.stepType !== channel) return;
    const score = aboutScore(tp, words);
    if (score > 0 && (!best || score > best.score)) best = { index, score };
  });
  if (best) return (best as { index: number }).index;
  return /^welcome\b/i.test(words) ? 0 : null;
}

/** The step the flow needs least: a middle step, never the only text. */
export function leastNeededIndex(list: readonly DraftTouchpoint[], channel?: Channel): number | null {
  const smsCount = list.filter((tp) => tp.stepType === "SMS").length;
  for (let index = list.length - 2; index >= 1; index--) {
    const tp = list[index]!;
    if (channel && tp.stepType !== channel) continue;
    if (tp.stepType === "SMS" && smsCount === 1 && channel !== "SMS") continue;
    return index;
  }
  return null;
}

/** The steps a target names, in order (empty when it names none in this flow). */
export function resolve(target: Target, list: readonly DraftTouchpoint[]): number[] {
  const pool = list.map((tp, index) => ({ tp, index })).filter(({ tp }) => !target.channel || tp.stepType === target.channel);
  switch (target.by) {
    case "all":
      return pool.map(({ index }) => index);
    case "ordinal": {
      const found = target.n < 0 ? pool[pool.length + target.n] : pool[target.n - 1];
      return found ? [found.index] : [];
    }
    case "about": {
      const index = aboutIndex(list, target.words, target.channel);
      return index === null ? [] : [index];
    }
    case "one": {
      const index = leastNeededIndex(list, target.channel ?? undefined);
      return index === null ? [] : [index];
    }
  }
}

/** How the reply names a target that matched nothing: "the fifth email", "a step about the review request". */
export function targetWords(target: Target): string {
  const noun = target.channel === "SMS" ? "SMS" : target.channel === "Email" ? "email" : "step";
  if (target.by === "ordinal") return target.n === -1 ? `the last ${noun}` : target.n < 0 ? `the ${noun} before the last` : `the ${ordinalWord(target.n)} ${noun}`;
  if (target.by === "about") return `a ${noun} about "${target.words}"`;
  return target.by === "all" ? `every ${noun}` : `one ${noun}`;
}

export function claim(state: FeedbackState, kind: IntentKind, words: string, shows: Claim["shows"]): void {
  state.changes.push({ kind, words, shows });
}

export function refuse(state: FeedbackState, kind: IntentKind, words: string): void {
  state.refused.push({ kind, words });
}

/** A step's text as the checks read it (brief lines included). */
export function stepText(tp: DraftTouchpoint): string {
  return `${tp.title}\n${tp.primaryGoal}\n${tp.keyMessages}\n${tp.callToAction}`;
}

/** The trigger as the first step's timing names it ("signup", "the trigger"). */
export function triggerWords(list: readonly DraftTouchpoint[]): string {
  const first = list.find((tp) => !tp.timing);
  return /\bafter (.+)$/i.exec(first?.timingText ?? "")?.[1] ?? "the trigger";
}
