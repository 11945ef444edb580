import { type BusinessFacts, offerFor, sentencesOf } from "~/lib/business/facts";
import type { ModelAnchor } from "~/lib/business/model-specs";
import { flowTypeLabel } from "~/lib/flow-types";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import type { Intent } from "~/lib/flows/feedback/intents";
import { bullets, claim, type FeedbackState, type Handler, joinBullets, refuse, triggerWords } from "~/lib/flows/feedback/steps";
import { anchoredTiming, triggerSpot } from "~/lib/flows/feedback/when";
import { anchorText } from "~/lib/flows/plans/steps";
import { type DraftTouchpoint, FIRST_TOUCH_MINUTES } from "~/lib/flows/rules";
import { retime } from "~/lib/flows/spacing";
import { roundSpanMinutes } from "~/lib/flows/summary";
import { formatDuration, MINUTES_PER_DAY } from "~/lib/timing";

/**
 * Timing of the whole flow: spread out or closer together (only the steps timed from the trigger
 * move; a step timed from a date keeps its date), urgency (closer, with a plain last reminder),
 * everything within a window, the first step within an hour, and re-timing the steps from a date
 * ("time everything from the cohort start", "start after the car is delivered"). A weekday can't
 * be a flow's rule: that is said, not faked.
 */

type Timing = Extract<Intent, { kind: "timing" }>;

/** "their wedding is a year+ away": how far off the date is, from the note, in minutes. */
function horizonIn(note: string): number | null {
  const match =
    /\b(a|an|one|two|three|six|nine|twelve|\d+)\+?\s+(years?|months?)\+?\s+(?:away|out|ahead|off)\b/i.exec(note) ??
    /\b(a|an|one|\d+)\s*(year|month)s?\+\s+(?:away|out|ahead)/i.exec(note);
  if (!match) return null;
  const n = { a: 1, an: 1, one: 1, two: 2, three: 3, six: 6, nine: 9, twelve: 12 }[match[1]!.toLowerCase() as "a"] ?? Number(match[1]);
  return n * (/^year/i.test(match[2]!) ? 365 : 30) * MINUTES_PER_DAY;
}

function scaled(list: readonly DraftTouchpoint[], factor: number): DraftTouchpoint[] {
  const start = list[0]?.offsetMinutes ?? 0;
  return list.map((tp, index) => {
    if (index === 0 || tp.timing) return tp;
    const offsetMinutes = Math.max(start, roundSpanMinutes(start + (tp.offsetMinutes - start) * factor));
    return { ...tp, offsetMinutes, timingText: retime(tp.timingText, offsetMinutes) };
  });
}

function lastFromTrigger(list: readonly DraftTouchpoint[]): DraftTouchpoint | undefined {
  return [...list].reverse().find((tp) => !tp.timing);
}

function rescale(state: FeedbackState, intent: Timing, context: Parameters<Handler>[2]): void {
  const last = lastFromTrigger(state.list);
  if (!last || state.list.filter((tp) => !tp.timing).length < 2)
    return refuse(state, "timing", "kept the timing: the steps are timed from a date, which a note cannot move; change them in Edit Touchpoint");
  const horizon = intent.op === "spread" ? horizonIn(context.note) : null;
  const factor = intent.op === "spread" ? (horizon && horizon > last.offsetMinutes * 2 ? (horizon * 0.75) / last.offsetMinutes : 1.5) : 0.6;
  const before = last.offsetMinutes;
  state.list = scaled(state.list, factor);
  const after = state.list.find((tp) => tp.title === last.title)!.offsetMinutes;
  const trigger = triggerWords(state.list);
  const what = intent.op === "spread" ? "spaced the steps out" : "brought the steps closer together";
  claim(state, "timing", `${what}: the last one now goes ${formatDuration(after)} after ${trigger} instead of ${formatDuration(before)}`, (list) => {
    const now = list.find((tp) => tp.title === last.title)?.offsetMinutes ?? before;
    return intent.op === "spread" ? now > before : now < before;
  });
}

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
/** A time limit an owner gives: "within 14 days of your audit", "by June 30", "until 31 March", "ends Friday". */
const DEADLINE = new RegExp(
  String.raw`\b(?:within \d+ (?:days?|weeks?|hours?)|(?:by|until|before|ends?(?: on)?) (?:${MONTH} \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)? ${MONTH}|the end of \w+))`,
  "i",
);
/** What the time limit is for: something the customer gains or keeps. */
const GAIN = /\b(?:waiv\w*|free|off|discount|save\w*|price|fee|bonus|offer|included|locked)\b/i;

/** The business's own real deadline ("Setup fee ($1,500) waived if you sign within 14 days of your audit"), or null: urgency is never invented. */
export function deadlineOf(facts: BusinessFacts): string | null {
  return sentencesOf(facts.answerText).find((s) => DEADLINE.test(s) && GAIN.test(s) && !/→|->|\?$/.test(s)) ?? null;
}

function urgency(state: FeedbackState, intent: Timing, context: Parameters<Handler>[2]): void {
  const index = state.list.length - 1;
  const last = state.list[index]!;
  const offer = offerFor(context.facts, context.flowType, { incentiveOnly: true });
  const noOffer = context.intents.some((i) => i.kind === "offer" && i.op === "remove") || context.facts.brandRules.noDiscounts;
  const deadline = noOffer ? null : deadlineOf(context.facts);
  // The business's own deadline is the urgency; failing one, when the offer ends; else plainly the last reminder.
  const line = deadline
    ? BRIEF_LINE.mention(deadline)
    : offer && !noOffer
      ? `Say when the offer ends: ${offer.text}${offer.code && !offer.text.includes(offer.code) ? ` (code ${offer.code})` : ""}`
      : "Say plainly that this is the last reminder";
  const title = /^last chance/i.test(last.title) ? last.title : `Last chance: ${last.title.charAt(0).toLowerCase()}${last.title.slice(1)}`;
  state.list[index] = { ...last, title, keyMessages: joinBullets([line, ...bullets(last.keyMessages).filter((l) => l !== line)].slice(0, 6)) };
  const words = `made the last step ("${title}") a clear last reminder${deadline ? `, with your own deadline: "${deadline}"` : ""}`;
  claim(state, "timing", words, (list) => list.some((tp) => tp.title === title && tp.keyMessages.includes(line)));
  rescale(state, { ...intent, op: "tighten" }, context);
}

function firstWithin(state: FeedbackState, intent: Timing, context: Parameters<Handler>[2]): void {
  const index = state.list.findIndex((tp) => !tp.timing);
  if (index === -1) return refuse(state, "timing", "kept the first step: it is timed from a date");
  const window = FIRST_TOUCH_MINUTES[context.flowType];
  const wanted = intent.minutes ?? 60;
  const at = window ? Math.min(window.max, Math.max(window.min, wanted)) : wanted;
  const tp = state.list[index]!;
  const before = tp.offsetMinutes;
  state.list[index] = { ...tp, offsetMinutes: at, timingText: retime(tp.timingText, at) };
  const note = at !== wanted ? `, the closest the ${flowTypeLabel(context.flowType)} rules allow` : "";
  claim(state, "timing", `moved the first step ("${tp.title}") to ${formatDuration(at)} after ${triggerWords(state.list)} (it was ${formatDuration(before)})${note}`, (list) =>
    list.some((s) => s.title === tp.title && s.offsetMinutes <= Math.max(at, before)),
  );
}

function dated(tp: DraftTouchpoint, event: ModelAnchor, direction: "before" | "after", minutes: number, at: number): DraftTouchpoint {
  const anchor = { event, direction, minutes: Math.max(0, Math.round(minutes / MINUTES_PER_DAY) * MINUTES_PER_DAY) };
  return { ...tp, offsetMinutes: Math.max(60, at), timingText: anchorText(anchor), timing: anchoredTiming(anchor) };
}

/** "Time everything from the start date": each step keeps where it falls, now counted from the date. */
function rebase(state: FeedbackState, intent: Timing, shift: boolean): void {
  const event = intent.event!;
  const lead = shift ? 0 : leadFrom(state.list, event);
  let moved = 0;
  state.list = state.list.map((tp) => {
    if (tp.timing || (!shift && tp.offsetMinutes === 0)) return tp;
    moved++;
    const from = tp.offsetMinutes - lead;
    return dated(tp, event, from < 0 ? "before" : "after", Math.abs(from), shift ? tp.offsetMinutes + 60 : tp.offsetMinutes);
  });
  const name = anchorText({ event, direction: "after", minutes: MINUTES_PER_DAY }).replace(/^1 day after /, "");
  if (!moved) return refuse(state, "timing", `kept the timing: every step is already timed from a date or goes right at the start`);
  const kept = !shift && state.list.some((tp) => !tp.timing) ? "; the first message still goes right away, as a confirmation" : "";
  claim(
    state,
    "timing",
    `timed ${moved === 1 ? "one step" : `${moved} steps`} from ${name} instead of from ${triggerWords(state.list)}${kept}`,
    (list) => list.filter((tp) => tp.timing?.event === event).length >= moved,
  );
}

/** Where the date falls after the trigger: from a step timed from it, else a day after the last step timed from the trigger. */
function leadFrom(list: readonly DraftTouchpoint[], event: ModelAnchor): number {
  const dated = list.find((tp) => tp.timing?.type === "relative_event" && tp.timing.event === event);
  if (dated?.timing?.type === "relative_event") return dated.offsetMinutes + (dated.timing.direction === "before" ? dated.timing.minutes : -dated.timing.minutes);
  const span = lastFromTrigger(list)?.offsetMinutes ?? 0;
  return Math.max(MINUTES_PER_DAY, roundSpanMinutes(span + MINUTES_PER_DAY));
}

/** "Everything within the first week after handover": steps later than the window come inside it, in order. */
function within(state: FeedbackState, intent: Timing): void {
  const limit = intent.minutes ?? 7 * MINUTES_PER_DAY;
  const late = state.list.filter((tp) => windowPosition(tp, intent.event) > limit);
  if (!late.length) return claim(state, "timing", `checked the timing: every step already goes within ${formatDuration(limit)}`, () => true);
  const titles = late.map((tp) => `"${tp.title}"`).join(", ");
  const words = `brought ${titles} inside the first ${formatDuration(limit)}, keeping the order; check that ${late.length === 1 ? "it" : "they"} still make sense that early`;
  const shows = (list: readonly DraftTouchpoint[]) => list.every((tp) => windowPosition(tp, intent.event) <= limit);
  if (late.every((tp) => !tp.timing)) {
    state.list = scaled(state.list, (limit - MINUTES_PER_DAY) / lastFromTrigger(state.list)!.offsetMinutes);
    return claim(state, "timing", words, shows);
  }
  const inside = state.list.filter((tp) => windowPosition(tp, intent.event) <= limit).map((tp) => windowPosition(tp, intent.event));
  let next = Math.max(0, ...inside);
  const step = Math.max(MINUTES_PER_DAY, Math.floor((limit - next) / (late.length + 1) / MINUTES_PER_DAY) * MINUTES_PER_DAY);
  state.list = state.list.map((tp) => {
    if (!late.includes(tp)) return tp;
    next = Math.min(limit, next + step);
    if (tp.timing?.type === "relative_event") return dated(tp, tp.timing.event as ModelAnchor, "after", next, tp.offsetMinutes);
    return { ...tp, offsetMinutes: next, timingText: triggerSpot(next, triggerWords(state.list)).timingText };
  });
  state.list.sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  claim(state, "timing", words, shows);
}

/** Minutes from the window's start: after the date for a step timed from it, else after the trigger. */
function windowPosition(tp: DraftTouchpoint, event: ModelAnchor | null): number {
  if (tp.timing?.type === "relative_event" && (!event || tp.timing.event === event)) return tp.timing.direction === "after" ? tp.timing.minutes : 0;
  return tp.timing ? 0 : tp.offsetMinutes;
}

export const handleTiming: Handler<Timing> = (state, intent, context) => {
  switch (intent.op) {
    case "spread":
    case "tighten":
      return rescale(state, intent, context);
    case "urgency":
      return urgency(state, intent, context);
    case "first":
      return firstWithin(state, intent, context);
    case "within":
      return within(state, intent);
    case "rebase":
    case "shift":
      return rebase(state, intent, intent.op === "shift");
    case "weekday":
      return refuse(
        state,
        "timing",
        "could not limit the flow to certain days of the week: each step goes a set time after the trigger or a date; a weekday timing can be set on a step timed from a date in Edit Touchpoint",
      );
  }
};
