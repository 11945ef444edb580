import { SMS_REQUIRED_FLOW_TYPES } from "~/lib/flows/rules";
import type { Intent } from "~/lib/flows/feedback/intents";
import {
  bullets,
  claim,
  countLimits,
  describe,
  type FeedbackContext,
  type FeedbackState,
  flowLabel,
  type Handler,
  joinBullets,
  leastNeededIndex,
  plural,
  refuse,
  resolve,
} from "~/lib/flows/feedback/steps";
import { onTopic } from "~/lib/flows/feedback/topic";
import { retime } from "~/lib/flows/spacing";
import { MINUTES_PER_DAY } from "~/lib/timing";

/**
 * Structure: at most N emails (or texts, or steps), shorter, fewer emails, no texts, split one step
 * into two, merge two into one. Never below the flow type's minimum or above its maximum: the
 * reply says where a rule stopped it and what to change.
 */

type Structure = Extract<Intent, { kind: "structure" }>;

function countOf(state: FeedbackState, channel: "Email" | "SMS" | null): number {
  return channel ? state.list.filter((tp) => tp.stepType === channel).length : state.list.length;
}

/** Drops the least needed steps (of the channel) down to n, never below the minimum; the titles dropped. */
function cutTo(state: FeedbackState, n: number, min: number, channel: "Email" | "SMS" | null): string[] {
  const removed: string[] = [];
  while (countOf(state, channel) > n && state.list.length > min) {
    const index = leastNeededIndex(state.list, channel ?? undefined);
    if (index === null) break;
    removed.unshift(state.list[index]!.title);
    state.list.splice(index, 1);
  }
  return removed;
}

function gone(titles: string[]) {
  return (list: readonly { title: string }[]) => titles.every((title) => !list.some((tp) => tp.title === title));
}

function trimBriefs(state: FeedbackState): void {
  state.list = state.list.map((tp) => ({ ...tp, keyMessages: joinBullets(bullets(tp.keyMessages).slice(0, 3)) }));
}

function max(state: FeedbackState, intent: Structure, context: FeedbackContext): void {
  const { min } = countLimits(context.flowType);
  const channel = /\b(?:texts?|sms)\b/i.test(intent.words) ? "SMS" : /\be-?mails?\b/i.test(intent.words) ? "Email" : null;
  const noun = channel === "SMS" ? "text" : channel === "Email" ? "email" : "step";
  const n = intent.n ?? 0;
  if (countOf(state, channel) <= n) return claim(state, "structure", `checked the count: the flow already has ${plural(countOf(state, channel), noun)}`, () => true);
  const removed = cutTo(state, n, min, channel);
  if (removed.length) claim(state, "structure", `cut it to ${plural(countOf(state, channel), noun)}: dropped ${removed.map((t) => `"${t}"`).join(" and ")}`, gone(removed));
  if (countOf(state, channel) > n)
    refuse(
      state,
      "structure",
      `kept ${plural(countOf(state, channel), noun)}: ${flowLabel(context.flowType)} needs at least ${min} steps${channel === "SMS" ? " and its text" : ""}, so ${n} is too few`,
    );
}

function shorter(state: FeedbackState, context: FeedbackContext): void {
  const { min } = countLimits(context.flowType);
  trimBriefs(state);
  if (context.intents.some((i) => i.kind === "structure" && i.op === "max")) return;
  const removed = cutTo(state, Math.max(min, Math.ceil(state.list.length * 0.7)), min, null);
  const words = removed.length
    ? `made it shorter: dropped ${removed.map((t) => `"${t}"`).join(", ")} and kept each step to three key messages`
    : `kept each step to three key messages (${min} steps is the shortest ${flowLabel(context.flowType)} can be)`;
  claim(state, "structure", words, (list) => gone(removed)(list) && list.every((tp) => bullets(tp.keyMessages).length <= 4));
}

function fewer(state: FeedbackState, context: FeedbackContext): void {
  const { min } = countLimits(context.flowType);
  const index = leastNeededIndex(state.list, "Email");
  if (index === null || state.list.length <= min) return refuse(state, "structure", `kept the emails: the flow is at its minimum of ${min} steps`);
  const title = state.list[index]!.title;
  state.list.splice(index, 1);
  claim(state, "structure", `removed one email ("${title}")`, gone([title]));
}

function noTexts(state: FeedbackState, context: FeedbackContext): void {
  const texts = state.list.filter((tp) => tp.stepType === "SMS").map((tp) => tp.title);
  const { min } = countLimits(context.flowType);
  if (!texts.length) return claim(state, "structure", "checked: the flow has no SMS", (list) => !list.some((tp) => tp.stepType === "SMS"));
  if (SMS_REQUIRED_FLOW_TYPES.includes(context.flowType) && context.smsAllowed)
    return refuse(
      state,
      "structure",
      `kept the SMS: ${flowLabel(context.flowType)} for an Email + SMS business keeps at least one text (change Communication channels to Email only to go without)`,
    );
  if (state.list.length - texts.length < min) return refuse(state, "structure", `kept the SMS: without it ${flowLabel(context.flowType)} would have fewer than ${min} steps`);
  state.list = state.list.filter((tp) => tp.stepType !== "SMS");
  claim(state, "structure", `removed ${plural(texts.length, "SMS step")}`, (list) => !list.some((tp) => tp.stepType === "SMS"));
}

function split(state: FeedbackState, intent: Structure, context: FeedbackContext): void {
  const { max: most } = countLimits(context.flowType);
  const [index] = resolve(intent.target!, state.list);
  if (index === undefined) return refuse(state, "structure", "split nothing: found no such step");
  if (state.list.length >= most) return refuse(state, "structure", `split nothing: ${flowLabel(context.flowType)} has at most ${most} steps; remove one first`);
  const tp = state.list[index]!;
  const next = state.list[index + 1]?.offsetMinutes;
  const at = next === undefined ? tp.offsetMinutes + MINUTES_PER_DAY : Math.min(tp.offsetMinutes + MINUTES_PER_DAY, Math.floor((tp.offsetMinutes + next) / 2));
  const [first, second] = [intent.parts[0] ?? null, intent.parts[1] ?? null];
  const a = first ? onTopic(tp, first, null) : tp;
  const later = { ...tp, offsetMinutes: at, timingText: tp.timing ? tp.timingText : retime(tp.timingText, at), title: `${tp.title} (part 2)` };
  const b = second ? onTopic(later, second, null) : later;
  const named = describe(state.list, index);
  state.list.splice(index, 1, a, b);
  claim(state, "structure", `split ${named} into two: "${a.title}", then "${b.title}"`, (list) => list.some((s) => s.title === a.title) && list.some((s) => s.title === b.title));
}

function merge(state: FeedbackState, intent: Structure, context: FeedbackContext): void {
  const { min } = countLimits(context.flowType);
  const found = resolve(intent.target!, state.list);
  const pair = intent.target!.by === "all" ? found.slice(0, 2) : intent.target!.by === "ordinal" && intent.target!.n < 0 ? [found[0]! - 1, found[0]!] : [found[0]!, found[0]! + 1];
  if (pair.length < 2 || pair.some((i) => i === undefined || !state.list[i])) return refuse(state, "structure", "merged nothing: the flow has no two such steps");
  if (state.list.length <= min) return refuse(state, "structure", `merged nothing: ${flowLabel(context.flowType)} needs at least ${min} steps`);
  const [a, b] = [state.list[pair[0]!]!, state.list[pair[1]!]!];
  const lines = [...new Set([...bullets(a.keyMessages), ...bullets(b.keyMessages)])].slice(0, 6);
  state.list[pair[0]!] = { ...a, keyMessages: joinBullets(lines) };
  state.list.splice(pair[1]!, 1);
  claim(state, "structure", `merged "${b.title}" into "${a.title}", which now carries both`, gone([b.title]));
}

export const handleStructure: Handler<Structure> = (state, intent, context) => {
  switch (intent.op) {
    case "max":
      return max(state, intent, context);
    case "shorter":
      return shorter(state, context);
    case "fewer":
      return fewer(state, context);
    case "no-channel":
      return noTexts(state, context);
    case "split":
      return split(state, intent, context);
    case "merge":
      return merge(state, intent, context);
  }
};
