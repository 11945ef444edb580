import type { Intent } from "~/lib/flows/feedback/intents";
import { claim, describe, type FeedbackState, type Handler, refuse, resolve, targetWords, triggerWords } from "~/lib/flows/feedback/steps";
import { type Spot, spotOf, triggerSpot } from "~/lib/flows/feedback/when";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { MIN_GAP_MINUTES } from "~/lib/flows/spacing";
import { roundSpanMinutes } from "~/lib/flows/summary";
import { MINUTES_PER_DAY } from "~/lib/timing";

/**
 * Move: one step, named by position ("the second email") or by what it is about ("the review
 * request", "the forms reminder"), to a day ("day 21"), a date ("3 days before the exam"), a
 * place among the others, or sooner or later. The other steps keep their times.
 */

type Move = Extract<Intent, { kind: "move" }>;

/** Sooner: halfway to the step before; later: halfway to the step after (a day more for the last). */
function nudged(list: readonly DraftTouchpoint[], index: number, sooner: boolean): number {
  const before = list[index]!.offsetMinutes;
  const previous = list[index - 1]?.offsetMinutes ?? 0;
  const next = list[index + 1]?.offsetMinutes;
  if (sooner) return Math.max(previous + MIN_GAP_MINUTES, roundSpanMinutes(previous + (before - previous) / 2));
  if (next === undefined) return roundSpanMinutes(before + Math.max(MINUTES_PER_DAY, (before - previous) / 2));
  return Math.min(next - MIN_GAP_MINUTES, roundSpanMinutes(before + (next - before) / 2));
}

function nudgedSpot(state: FeedbackState, index: number, sooner: boolean): Spot | null {
  const tp = state.list[index]!;
  if (tp.timing || index === 0) return null;
  const at = nudged(state.list, index, sooner);
  if ((sooner && at >= tp.offsetMinutes) || (!sooner && at <= tp.offsetMinutes)) return null;
  return { ...triggerSpot(at, triggerWords(state.list)), words: sooner ? "sooner" : "later" };
}

function movedStep(tp: DraftTouchpoint, spot: Spot): DraftTouchpoint {
  const { timing: _old, ...rest } = tp;
  return { ...rest, offsetMinutes: spot.at, timingText: spot.timingText, ...(spot.timing ? { timing: spot.timing } : {}) };
}

function refusal(state: FeedbackState, intent: Move, index: number): string {
  const named = describe(state.list, index);
  if (intent.when.type === "unknown")
    return `kept ${named} where it is: a step can go a set time after the trigger or before or after a date (the appointment, pickup, delivery…), not "${intent.when.words}"`;
  if (state.list[index]!.timing) return `kept ${named} where it is: it is timed from a date (${state.list[index]!.timingText}); say when instead ("3 days before…", "on day 10")`;
  return `kept ${named} where it is: it already goes as ${intent.when.type === "sooner" ? "soon" : "late"} as the spacing rules allow`;
}

export const handleMove: Handler<Move> = (state, intent, context) => {
  const [index] = resolve(intent.target, state.list);
  if (index === undefined) return refuse(state, "move", `moved nothing: found no ${targetWords(intent.target).replace(/^(?:the|a|every|one) /, "")}`);
  const when = intent.when;
  const spot =
    when.type === "sooner" || when.type === "later" ? nudgedSpot(state, index, when.type === "sooner") : spotOf(when, state.list, context.facts, triggerWords(state.list));
  if (!spot) return refuse(state, "move", refusal(state, intent, index));
  const named = describe(state.list, index);
  const wasDated = state.list[index]!.timing ? `, timed from the trigger instead of ${state.list[index]!.timingText.toLowerCase()}` : "";
  const step = movedStep(state.list[index]!, spot);
  state.list = state.list.map((tp, i) => (i === index ? step : tp)).sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  const words = spot.words === "sooner" || spot.words === "later" ? `${spot.words}: ${spot.timingText.toLowerCase()}` : `to ${spot.words}`;
  claim(state, "move", `moved ${named} ${words}${spot.timing ? "" : wasDated}; the other steps keep their times`, (list) => {
    const found = list.find((tp) => tp.title === step.title);
    return (
      !!found &&
      (step.timing
        ? JSON.stringify(found.timing) === JSON.stringify(step.timing)
        : !found.timing && found.offsetMinutes >= spot.at && found.offsetMinutes <= spot.at + 3 * MIN_GAP_MINUTES)
    );
  });
};
