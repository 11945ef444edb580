import type { StepType } from "~/lib/flow-types";
import { SMS_CONSENT_NOTE } from "~/lib/flows/rules";
import { FLOW_LIMITS } from "~/lib/flows/types";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR, type Timing, TIMING_EVENT_PHRASES, type TimingEvent } from "~/lib/timing";
import type { AnchoredDraftTiming } from "~/lib/timing-schema";

/**
 * The parts of a flow's overview and quick notes that are derived from its touchpoints: how many
 * emails and SMS it sends and over how long ("4 emails and 1 SMS over 5 days"). They are
 * recomputed from the touchpoints after every write (generate, regenerate, edit, delete,
 * rollback), so the text never describes a flow that no longer exists.
 *
 * - The quick notes carry one line of their own, "Schedule: …", always rewritten, and the SMS
 *   consent line exactly when the flow sends SMS.
 * - Any other count or span claim in the overview or the notes ("Five emails over nine days",
 *   written by a generator or a model, or "so it runs 40 days" said of the flow) is checked
 *   against the touchpoints. In the overview a false
 *   claim is replaced by the true phrase in place; in the notes the sentence holding it is
 *   removed, since the Schedule line already states the truth and the rest of such a sentence
 *   ("…: immediately, +1 day, +3 days, then every 3 days") describes the old plan.
 *
 * Pure and idempotent: refreshing a refreshed text changes nothing.
 */

export interface ShapeTouchpoint {
  stepType: StepType;
  /** A stored timing, or a generator's anchored one. */
  timing?: Timing | AnchoredDraftTiming | null;
  offsetMinutes?: number | null;
  delayDays?: number | null;
}

export interface FlowShape {
  emails: number;
  sms: number;
  total: number;
  /** Minutes from the trigger to the last send; null when a step is timed from an event. */
  spanMinutes: number | null;
  /** The events steps are timed from (when spanMinutes is null). */
  events: TimingEvent[];
}

/** The first line of the quick notes that states the flow's shape. */
export const SCHEDULE_LABEL = "Schedule:";
/** The SMS consent line of the quick notes starts so (its full text is the flow rules' SMS_CONSENT_NOTE). */
export const SMS_CONSENT_LABEL = "SMS consent:";

/** Minutes after the trigger when the step has a fixed time; null when it is timed from an event (whatever estimate it carries). */
function fixedOffset(tp: ShapeTouchpoint): number | null {
  if (tp.timing?.type === "relative_event" || tp.timing?.type === "weekday_relative_event") return null;
  if (typeof tp.offsetMinutes === "number" && Number.isFinite(tp.offsetMinutes)) return Math.max(0, tp.offsetMinutes);
  if (tp.timing?.type === "immediate") return 0;
  if (tp.timing?.type === "offset") return tp.timing.minutes;
  if (!tp.timing && typeof tp.delayDays === "number" && Number.isFinite(tp.delayDays)) return Math.max(0, tp.delayDays) * MINUTES_PER_DAY;
  return null;
}

export function flowShape(touchpoints: readonly ShapeTouchpoint[]): FlowShape {
  const emails = touchpoints.filter((tp) => tp.stepType === "Email").length;
  const sms = touchpoints.filter((tp) => tp.stepType === "SMS").length;
  const offsets = touchpoints.map(fixedOffset);
  const events = new Set<TimingEvent>();
  for (const tp of touchpoints) {
    if (fixedOffset(tp) === null && tp.timing && "event" in tp.timing) events.add(tp.timing.event);
  }
  const spanMinutes = offsets.every((offset): offset is number => offset !== null) ? Math.max(0, ...offsets) : null;
  return { emails, sms, total: touchpoints.length, spanMinutes, events: [...events] };
}

/**
 * A span rounded to the unit it is read in: whole minutes under an hour, whole hours under a day,
 * whole days from there (5.4 days → 5 days, 14.4 hours → 14 hours).
 */
export function roundSpanMinutes(minutes: number): number {
  const safe = Math.max(0, Number.isFinite(minutes) ? minutes : 0);
  if (safe < MINUTES_PER_HOUR) return Math.round(safe);
  if (safe < MINUTES_PER_DAY) return Math.round(safe / MINUTES_PER_HOUR) * MINUTES_PER_HOUR;
  return Math.round(safe / MINUTES_PER_DAY) * MINUTES_PER_DAY;
}

/** "45 minutes", "14 hours", "5 days": never a fraction. */
export function readableSpan(minutes: number): string {
  return formatDuration(roundSpanMinutes(minutes));
}

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
] as const;

function numberText(value: number, words: boolean): string {
  return words && Number.isInteger(value) && value >= 0 && value < NUMBER_WORDS.length ? NUMBER_WORDS[value]! : String(value);
}

function parseNumber(text: string): number {
  if (text.toLowerCase() === "no") return 0;
  const index = (NUMBER_WORDS as readonly string[]).indexOf(text.toLowerCase());
  return index >= 0 ? index : Number(text);
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "4 emails and 1 SMS", "1 email", "no messages". */
function mixPhrase(shape: FlowShape, words: boolean): string {
  const parts: string[] = [];
  if (shape.emails > 0) parts.push(`${numberText(shape.emails, words)} email${shape.emails === 1 ? "" : "s"}`);
  if (shape.sms > 0) parts.push(`${numberText(shape.sms, words)} SMS`);
  return parts.length ? parts.join(" and ") : "no messages";
}

/** The business's own names for its dates ("the treatment" for the appointment), where it has them. */
export type EventNames = Partial<Record<TimingEvent, string>>;

/** " over 5 days", " sent at once", " sent after 3 days", " timed around the webinar", or "". */
function spanPhrase(shape: FlowShape, words: boolean, names: EventNames = {}): string {
  if (shape.total === 0) return "";
  if (shape.spanMinutes === null) return shape.events.length ? ` timed around ${joinAnd(shape.events.map((event) => names[event] ?? TIMING_EVENT_PHRASES[event]))}` : "";
  const rounded = roundSpanMinutes(shape.spanMinutes);
  if (rounded === 0) return " sent at once";
  const [count, unit] = formatDuration(rounded).split(" ") as [string, string];
  const duration = `${numberText(Number(count), words)} ${unit}`;
  return shape.total === 1 ? ` sent after ${duration}` : ` over ${duration}`;
}

/** "4 emails and 1 SMS over 5 days": what the flow sends and over how long, from its touchpoints. */
export function shapePhrase(touchpoints: readonly ShapeTouchpoint[] | FlowShape, { words = false, names }: { words?: boolean; names?: EventNames } = {}): string {
  const shape = "total" in touchpoints ? touchpoints : flowShape(touchpoints);
  return `${mixPhrase(shape, words)}${spanPhrase(shape, words, names)}`;
}

/** The quick notes' line: "Schedule: 4 emails and 1 SMS over 5 days." */
export function scheduleLine(touchpoints: readonly ShapeTouchpoint[] | FlowShape): string {
  return `${SCHEDULE_LABEL} ${shapePhrase(touchpoints)}.`;
}

// ---------------------------------------------------------------------------------------------
// Claims in free text

const COUNT = `(\\d+|no|${NUMBER_WORDS.slice(1).join("|")})`;
const NOUN = `(e-?mails?|sms(?:es|s)?(?:\\s+messages?)?|text(?:\\s+messages?|s)?|messages?|touchpoints?|touches)`;
const PART = `${COUNT}\\s+${NOUN}`;
const JOIN = `(?:\\s*,\\s*and\\s+|\\s*,\\s*|\\s+and\\s+|\\s+plus\\s+)`;
const SPAN =
  `(?:\\s+(?:sent\\s+)?(?:all\\s+)?at\\s+once` +
  `|\\s+(?:sent\\s+)?(?:over|across|spanning|within|in|during|after)\\s+(?:(?:about|around|roughly|nearly|almost|some|just\\s+over|under)\\s+)?` +
  `(\\d+(?:\\.\\d+)?|${NUMBER_WORDS.slice(1).join("|")})\\s+(minutes?|hours?|days?|weeks?|months?))`;
const CLAIM = new RegExp(`\\b${PART}(?:${JOIN}${PART})*(${SPAN})?`, "gi");
const PART_GLOBAL = new RegExp(PART, "gi");

type Kind = "email" | "sms" | "total";

function kindOf(noun: string): Kind {
  const lower = noun.toLowerCase();
  if (/^e-?mail/.test(lower)) return "email";
  if (/^(sms|text)/.test(lower)) return "sms";
  return "total";
}

const UNIT_MINUTES: Record<string, number> = { minute: 1, hour: MINUTES_PER_HOUR, day: MINUTES_PER_DAY, week: 7 * MINUTES_PER_DAY, month: 30 * MINUTES_PER_DAY };

interface Claim {
  parts: Array<{ count: number; kind: Kind }>;
  /** Absent when the claim states no span. */
  span?: { atOnce: true } | { value: number; unitMinutes: number; whole: boolean };
  words: boolean;
}

function parseClaim(text: string): Claim {
  const spanStart = text.search(new RegExp(SPAN, "i"));
  const mixText = spanStart >= 0 ? text.slice(0, spanStart) : text;
  const parts = [...mixText.matchAll(PART_GLOBAL)].map((match) => ({ count: parseNumber(match[1]!), kind: kindOf(match[2]!) }));
  const words = /^[a-z]/i.test(text) && !/^no\b/i.test(text);
  if (spanStart < 0) return { parts, words };
  const spanText = text.slice(spanStart);
  if (/at\s+once/i.test(spanText)) return { parts, span: { atOnce: true }, words };
  const match = /(\d+(?:\.\d+)?|[a-z]+)\s+(minute|hour|day|week|month)s?\s*$/i.exec(spanText)!;
  const value = parseNumber(match[1]!);
  return { parts, span: { value, unitMinutes: UNIT_MINUTES[match[2]!.toLowerCase()]!, whole: Number.isInteger(value) }, words };
}

/** Whether a claim states the flow as it is: every count right, every channel in use named, a whole-unit span that rounds to the truth. */
function claimHolds(claim: Claim, shape: FlowShape): boolean {
  for (const part of claim.parts) {
    const actual = part.kind === "email" ? shape.emails : part.kind === "sms" ? shape.sms : shape.total;
    if (part.count !== actual) return false;
  }
  const kinds = new Set(claim.parts.map((part) => part.kind));
  if (!kinds.has("total")) {
    if (shape.emails > 0 && !kinds.has("email")) return false;
    if (shape.sms > 0 && !kinds.has("sms")) return false;
  }
  if (!claim.span) return true;
  // A flow timed around a date has no span anyone knows: "over 9 days" is not a fact about it.
  if (shape.spanMinutes === null) return shape.events.length === 0;
  if ("atOnce" in claim.span) return roundSpanMinutes(shape.spanMinutes) === 0;
  if (!claim.span.whole) return false;
  // Within half a unit, or exactly how the span reads when rounded: 12 hours is not "1 day", though it is half of one.
  return Math.abs(shape.spanMinutes / claim.span.unitMinutes - claim.span.value) < 0.5 || roundSpanMinutes(shape.spanMinutes) === claim.span.value * claim.span.unitMinutes;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where a claim may stand without a span: at the start of the text, a line, a sentence or a clause. */
function atClauseStart(text: string, index: number): boolean {
  return /(^|[.!?:;(]\s*|\n\s*)$/.test(text.slice(0, index));
}

interface FoundClaim {
  index: number;
  text: string;
  holds: boolean;
  replacement: string;
}

/**
 * A span stated of the flow itself, with no count: "so it runs 40 days", "the flow lasts about two
 * weeks". Only "it", "the flow" or "the series" as the subject: "the offer lasts 2 days" is not
 * about the flow.
 */
const RUNS = new RegExp(
  `\\b((?:it|the\\s+(?:flow|series|sequence))\\s+(?:runs|lasts))\\s+(?:for\\s+|over\\s+)?(?:(?:about|around|roughly|some|just\\s+over|under)\\s+)?` +
    `(\\d+(?:\\.\\d+)?|${NUMBER_WORDS.slice(1).join("|")})\\s+(minutes?|hours?|days?|weeks?|months?)\\b`,
  "gi",
);

/** Whether a count-free span is the flow's: in whole units, within half a unit or as it reads rounded. */
function spanHolds(value: number, unitMinutes: number, shape: FlowShape): boolean {
  if (shape.spanMinutes === null || !Number.isInteger(value)) return false;
  return Math.abs(shape.spanMinutes / unitMinutes - value) < 0.5 || roundSpanMinutes(shape.spanMinutes) === value * unitMinutes;
}

/** "it runs 35 days", "it runs around the appointment", in the claim's own style; null when the flow has no span to state. */
function runsReplacement(subject: string, shape: FlowShape, words: boolean): string | null {
  if (shape.total === 0) return null;
  if (shape.spanMinutes === null) {
    return shape.events.length ? `${subject} around ${joinAnd(shape.events.map((event) => TIMING_EVENT_PHRASES[event]))}` : null;
  }
  const rounded = roundSpanMinutes(shape.spanMinutes);
  if (rounded === 0) return `${subject} all at once`;
  const [count, unit] = formatDuration(rounded).split(" ") as [string, string];
  return `${subject} ${numberText(Number(count), words)} ${unit}`;
}

function findRunsClaims(text: string, shape: FlowShape, taken: readonly FoundClaim[]): FoundClaim[] {
  const found: FoundClaim[] = [];
  for (const match of text.matchAll(RUNS)) {
    const index = match.index;
    if (taken.some((claim) => index < claim.index + claim.text.length && claim.index < index + match[0].length)) continue;
    const value = parseNumber(match[2]!);
    const holds = spanHolds(value, UNIT_MINUTES[match[3]!.toLowerCase().replace(/s$/, "")]!, shape);
    const replacement = runsReplacement(match[1]!, shape, /^[a-z]/i.test(match[2]!));
    // A flow timed around a date whose events cannot be named has no span to put in its place: the claim stays false, and is removed with its sentence.
    found.push({ index, text: match[0], holds, replacement: replacement ?? match[0] });
  }
  return found;
}

function findClaims(text: string, shape: FlowShape): FoundClaim[] {
  const counted = findCountClaims(text, shape);
  return [...counted, ...findRunsClaims(text, shape, counted)].sort((a, b) => a.index - b.index);
}

function findCountClaims(text: string, shape: FlowShape): FoundClaim[] {
  const found: FoundClaim[] = [];
  for (const match of text.matchAll(CLAIM)) {
    const claimText = match[0];
    const index = match.index;
    const claim = parseClaim(claimText);
    const hasSpan = claim.span !== undefined;
    // A bare count is a claim about the flow only where it opens a sentence or clause and
    // counts several ("Eight emails: …"); "only one email carries the offer" is not. "No
    // messages" is what an emptied flow's text says.
    const several = atClauseStart(text, index) && claim.parts.some((part) => part.count >= 2);
    const emptied = claimText.toLowerCase() === "no messages";
    if (!hasSpan && !several && !emptied) continue;
    const replacement = hasSpan || emptied ? `${mixPhrase(shape, claim.words)}${spanPhrase(shape, claim.words)}` : mixPhrase(shape, claim.words);
    found.push({ index, text: claimText, holds: claimHolds(claim, shape), replacement: /^[A-Z]/.test(claimText) ? capitalize(replacement) : replacement });
  }
  return found;
}

/** Replaces every false count or span claim in the text with the true phrase, in place. */
export function correctClaims(text: string, touchpoints: readonly ShapeTouchpoint[] | FlowShape): string {
  const shape = "total" in touchpoints ? touchpoints : flowShape(touchpoints);
  let out = "";
  let last = 0;
  for (const claim of findClaims(text, shape)) {
    if (claim.holds) continue;
    out += text.slice(last, claim.index) + claim.replacement;
    last = claim.index + claim.text.length;
  }
  return out + text.slice(last);
}

/** Whether the text states anything about the flow's counts or span that is not true. */
export function hasFalseClaim(text: string, touchpoints: readonly ShapeTouchpoint[] | FlowShape): boolean {
  const shape = "total" in touchpoints ? touchpoints : flowShape(touchpoints);
  return findClaims(text, shape).some((claim) => !claim.holds);
}

/** The sentences of one line (kept with their own punctuation and spacing). */
function sentencesOf(line: string): string[] {
  return line.split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/);
}

const HEADER_LINE = /^\s*(Trigger|Exit rules?):/i;
/** A line quoting the user or the business ("Your note:", "Your context:", "Voice:"): kept as written. */
const LABELLED_LINE = /^(?:Your [a-z]+|Voice):\s/;

/**
 * The quick notes with their derived lines rewritten: the trigger and exit-rule lines first as
 * written, then the Schedule line, then the SMS consent line when the flow sends SMS, then the
 * other notes without any sentence that states a false count or span.
 */
export function refreshQuickNotes(quickNotes: string, touchpoints: readonly ShapeTouchpoint[]): string {
  const shape = flowShape(touchpoints);
  const lines = quickNotes.split(/\r?\n/);
  const headers: string[] = [];
  const rest: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith(SCHEDULE_LABEL) || trimmed.startsWith(SMS_CONSENT_LABEL)) continue;
    if (HEADER_LINE.test(trimmed) && rest.length === 0) {
      headers.push(trimmed);
      continue;
    }
    if (LABELLED_LINE.test(trimmed)) {
      rest.push(trimmed);
      continue;
    }
    const kept = sentencesOf(trimmed).filter((sentence) => !hasFalseClaim(sentence, shape));
    if (kept.length) rest.push(kept.join(" "));
  }
  const derived = [scheduleLine(shape), ...(shape.sms > 0 ? [SMS_CONSENT_NOTE] : [])];
  return [...headers, ...derived, ...rest].join("\n").slice(0, FLOW_LIMITS.quickNotes).trim();
}

/**
 * The overview with every false count or span claim corrected in place ("so it runs 40 days"
 * becomes "so it runs 35 days"); a sentence whose claim has no true words to take its place is
 * dropped.
 */
export function refreshOverview(flowOverview: string, touchpoints: readonly ShapeTouchpoint[]): string {
  const shape = flowShape(touchpoints);
  const corrected = correctClaims(flowOverview, shape);
  const kept = hasFalseClaim(corrected, shape)
    ? corrected
        .split("\n")
        .map((line) =>
          sentencesOf(line)
            .filter((sentence) => !hasFalseClaim(sentence, shape))
            .join(" "),
        )
        .join("\n")
    : corrected;
  return kept.slice(0, FLOW_LIMITS.flowOverview).trim();
}

/** Both derived texts of a flow, recomputed from its touchpoints. */
export function refreshDerivedText(text: { flowOverview: string; quickNotes: string }, touchpoints: readonly ShapeTouchpoint[]): { flowOverview: string; quickNotes: string } {
  return { flowOverview: refreshOverview(text.flowOverview, touchpoints), quickNotes: refreshQuickNotes(text.quickNotes, touchpoints) };
}
