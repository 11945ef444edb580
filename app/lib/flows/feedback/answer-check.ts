import { type BusinessFacts, codesIn } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import { answersConflict } from "~/lib/flows/feedback/conflicts";
import { type Channel, channelOf, type Intent, readIntents, type Target } from "~/lib/flows/feedback/intents";
import { resolve } from "~/lib/flows/feedback/steps";
import { type DraftTouchpoint, SMS_REQUIRED_FLOW_TYPES, TOUCHPOINT_COUNT } from "~/lib/flows/rules";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * A regenerated flow held to its note: the note is read as intents (intents.ts), exactly as the
 * offline handlers read it, and each one is checked against the flow before the note and the flow
 * a generator (a model) gave back. "We never discount, remove any offer" fails an answer that
 * still offers a discount; "no SMS" one with a text; "don't add a text" one with more texts; "at
 * most 5 emails" one with 6; "move the review request to day 21" one whose review step is not on
 * day 21; "add a text 2 hours before the appointment" one without such a text; "more formal" one
 * with more exclamation marks, emoji or contractions than before; a discount for an owner who never
 * discounts fails if it was put in. Each failure says what the note asked and what the answer does,
 * in a sentence a model can act on in its one repair. Pure.
 */

export interface AnswerCheckInput {
  note: string;
  flowType: FlowType;
  facts: BusinessFacts;
  /** Whether the business takes texts: an SMS it cannot send is never required. */
  smsAllowed: boolean;
  before: readonly DraftTouchpoint[];
  after: readonly DraftTouchpoint[];
}

/** One intent of the note the answer does not honour (a repair Problem). */
export interface IntentFailure {
  /** The kind a model call's log line counts it as. */
  rule: "feedback";
  where: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Reading the steps

const NEGATED_BEFORE = /\b(?:no|never|not|without|avoid|don'?t|zero|instead of|rather than)\b[^.;:\n]{0,30}$/i;
/** A brief's own "do not" lines ("Never say: discount"), which name a thing only to keep it out. */
const AVOID_LINE = /^\s*[•*-]?\s*(?:never say|avoid|do not|don'?t|no)\b/i;

function linesOf(tp: DraftTouchpoint): string[] {
  return [tp.title, tp.primaryGoal, ...tp.keyMessages.split("\n"), tp.callToAction].filter((line) => line.trim() && !AVOID_LINE.test(line));
}

/** The first match of `pattern` in a line that is not named only to be denied ("no discount", "instead of a code"). */
function affirmed(line: string, pattern: RegExp): string | null {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const match of line.matchAll(global)) {
    if (!NEGATED_BEFORE.test(line.slice(0, match.index))) return match[0];
  }
  return null;
}

function said(tp: DraftTouchpoint, pattern: RegExp): string | null {
  for (const line of linesOf(tp)) {
    const found = affirmed(line, pattern);
    if (found) return found;
  }
  return null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A term as a pattern that also finds its plural or singular ("packages" finds "package"). */
function termPattern(term: string): RegExp {
  const word = term.trim().toLowerCase();
  const stems = [...new Set([word.replace(/s$/, ""), word.replace(/es$/, "")])].map((stem) => escape(stem).replace(/\s+/g, "\\s+"));
  return new RegExp(String.raw`(?<![\p{L}])(?:${stems.join("|")})(?:e?s)?(?![\p{L}])`, "iu");
}

const DISCOUNT = String.raw`\d{1,2}\s?%\s?off|[$£€]\s?\d[\d,.]*\s?off|\bdiscount(?:s|ed)?\b|\bcoupons?\b|\bpromo(?:tion)?(?:\s?codes?)?\b|\bmoney off\b|\bvouchers?\b|\[YOUR DISCOUNT[^\]]*\]`;

/** What makes a step an offer: a discount, a code, or one of the business's own incentives. */
function offerPattern(facts: BusinessFacts, code: string | null): RegExp {
  if (code) return new RegExp(String.raw`\b${escape(code)}\b`, "i");
  const incentives = facts.offers.filter((offer) => offer.kind === "percent" || offer.kind === "amount" || offer.kind === "free_shipping" || offer.kind === "gift");
  const own = incentives.flatMap((offer) => [offer.code, offer.text].filter((part): part is string => !!part && part.length >= 4).map(escape));
  const codes = codesIn(facts.answerText).map(escape);
  return new RegExp([DISCOUNT, ...own, ...codes.map((c) => String.raw`\b${c}\b`)].join("|"), "i");
}

function stepName(list: readonly DraftTouchpoint[], index: number): string {
  return `step ${index + 1} ("${list[index]!.title}")`;
}

function count(list: readonly DraftTouchpoint[], channel: Channel | null): number {
  return channel ? list.filter((tp) => tp.stepType === channel).length : list.length;
}

function channelName(channel: Channel | null, n = 2): string {
  if (channel === "SMS") return n === 1 ? "text" : "texts";
  return channel === "Email" ? (n === 1 ? "email" : "emails") : n === 1 ? "step" : "steps";
}

function key(title: string): string {
  return title.trim().toLowerCase();
}

/** The step of the answer that is the one a target named in the flow before: the same title, else the target read on the answer. */
function counterpart(input: AnswerCheckInput, target: Target): { before: number; after: number | null } | null {
  const [index] = resolve(target, input.before);
  if (index === undefined) return null;
  const title = key(input.before[index]!.title);
  const same = input.after.findIndex((tp) => key(tp.title) === title);
  const read = resolve(target, input.after)[0];
  return { before: index, after: same !== -1 ? same : (read ?? null) };
}

function spanOf(list: readonly DraftTouchpoint[]): number {
  return Math.max(0, ...list.map((tp) => tp.offsetMinutes));
}

/** Exclamation marks, emoji and contractions: what a formal tone has fewer of. */
function informality(list: readonly DraftTouchpoint[]): number {
  const text = list.flatMap(linesOf).join("\n");
  const marks = text.match(/!/g)?.length ?? 0;
  const emoji = text.match(/\p{Extended_Pictographic}/gu)?.length ?? 0;
  const contractions = text.match(/\b\p{L}+(?:n't|'re|'ll|'ve|'m|'d)\b|\b(?:it|that|here|what|let|there|who)'s\b/giu)?.length ?? 0;
  return marks + emoji + contractions;
}

/** The words that carry a phrase ("our Bread Club" → bread, club). */
function carrying(phrase: string): RegExp[] {
  return (phrase.toLowerCase().match(/\p{L}[\p{L}'-]{3,}/gu) ?? [])
    .filter((word) => !/^(?:the|our|your|their|that|this|with|about|every|each|email|emails)$/.test(word))
    .map(termPattern);
}

function mentions(tp: DraftTouchpoint, phrase: string): boolean {
  const words = carrying(phrase);
  // A short name ("PT", "VIP") is found whole.
  const patterns = words.length ? words : [new RegExp(String.raw`(?<![\p{L}])${escape(phrase.trim())}(?![\p{L}])`, "iu")];
  return patterns.some((word) => said(tp, word) !== null);
}

// ---------------------------------------------------------------------------------------------
// One check per intent kind

type Check<I extends Intent = Intent> = (intent: I, input: AnswerCheckInput, fail: (message: string, where?: string) => void) => void;

type Of<K extends Intent["kind"]> = Extract<Intent, { kind: K }>;

function targetSteps(target: Target | null, list: readonly DraftTouchpoint[]): number[] {
  return resolve(target ?? { by: "all", channel: null }, list);
}

const checkOffer: Check<Of<"offer">> = (intent, input, fail) => {
  const pattern = offerPattern(input.facts, intent.code);
  if (intent.op === "remove" || intent.op === "move") {
    for (const index of targetSteps(intent.target, input.after)) {
      const found = said(input.after[index]!, pattern);
      if (found) fail(`The note says "${intent.words}", but ${stepName(input.after, index)} still offers "${found}": take every offer and code out of it.`, `step ${index + 1}`);
    }
    return;
  }
  // An offer added where the owner never discounts goes against the answers: it is not made.
  const had = input.before.filter((tp) => said(tp, pattern)).length;
  const has = input.after.filter((tp) => said(tp, pattern)).length;
  if (input.facts.brandRules.noDiscounts && !intent.code && has > had)
    fail(
      `The note asks for "${intent.words}", but the owner's answers say they never discount: add no discount, and say in the explanation that it conflicts with their answers and which answer to change to allow one.`,
    );
};

const checkStructure: Check<Of<"structure">> = (intent, input, fail) => {
  if (intent.op === "no-channel") {
    // A flow that must keep a text for a business that takes them is the flow rules' to refuse.
    if (input.smsAllowed && SMS_REQUIRED_FLOW_TYPES.includes(input.flowType)) return;
    const index = input.after.findIndex((tp) => tp.stepType === "SMS");
    if (index !== -1) fail(`The note says "${intent.words}", but ${stepName(input.after, index)} is a text: send no SMS at all.`, `step ${index + 1}`);
    return;
  }
  if (intent.op === "max" && intent.n !== null) {
    const channel = channelOf(/\b(e-?mails?|texts?|sms)\b/i.exec(intent.words)?.[1]);
    // A limit under the flow's own minimum is the flow's rule to refuse, not the answer's fault.
    if (!channel && intent.n < TOUCHPOINT_COUNT[input.flowType].min) return;
    const has = count(input.after, channel);
    if (has > intent.n) fail(`The note says "${intent.words}", but the flow has ${has} ${channelName(channel, has)}: keep at most ${intent.n}.`);
    return;
  }
  if (intent.op === "fewer") {
    const channel = /\be-?mails?\b/i.test(intent.words) ? "Email" : null;
    const before = count(input.before, channel);
    if (before > TOUCHPOINT_COUNT[input.flowType].min && count(input.after, channel) >= before)
      fail(`The note says "${intent.words}", but the flow still has ${count(input.after, channel)} ${channelName(channel)}: remove at least one.`);
  }
};

/** "don't add a text", "no more emails": the note forbids more steps of a channel (the intents read no step here). */
function forbiddenAdditions(note: string): Array<{ words: string; channel: Channel | null }> {
  const found: Array<{ words: string; channel: Channel | null }> = [];
  const pattern =
    /\b(?:do\s*n[o']?t|dont|never|no need to)\s+add\s+(?:a|an|any|another|more|extra|new)?\s*(?:more\s+|extra\s+|new\s+)?(e-?mails?|texts?|sms|messages?|steps?)\b|\bno (?:more|extra|new|additional) (e-?mails?|texts?|sms|messages?|steps?)\b/gi;
  for (const match of note.matchAll(pattern)) found.push({ words: match[0], channel: channelOf(match[1] ?? match[2]) });
  return found;
}

function near(a: number, b: number, slack: number): boolean {
  return Math.abs(a - b) <= slack;
}

/** Whether a step is timed as the note's "when" says. */
function timedAs(tp: DraftTouchpoint, when: Of<"add">["when"] & object): boolean | null {
  if (when.type === "offset") return near(tp.offsetMinutes, when.minutes, MINUTES_PER_DAY / 2);
  if (when.type === "event") {
    const timing = tp.timing;
    if (timing?.type !== "relative_event") return false;
    // "The evening before" names a part of a day, which a step may reach by the hours before the date's own time.
    const slack = when.time ? MINUTES_PER_DAY / 2 : MINUTES_PER_HOUR;
    return timing.event === when.event && (timing.direction === when.direction || (timing.minutes === 0 && when.minutes === 0)) && near(timing.minutes, when.minutes, slack);
  }
  return null;
}

function whenWords(when: Of<"add">["when"] & object): string {
  if (when.type === "offset") return `on day ${Math.round(when.minutes / MINUTES_PER_DAY)} (offsetMinutes ${when.minutes})`;
  if (when.type === "event")
    return `timed from the ${when.event.replace(/_/g, " ")}: timing {"type": "relative_event", "event": "${when.event}", "direction": "${when.direction}", "minutes": ${when.minutes}}`;
  return "";
}

const checkAdd: Check<Of<"add">> = (intent, input, fail) => {
  // "Don't add a text" asks for no new step: held by the count check of negated additions below.
  if (intent.negated) return;
  if (intent.channel === "SMS" && !input.smsAllowed) return;
  const when = intent.when;
  // A step of that channel already where the note wants one answers it (its words may be put into that step).
  if (when && input.after.some((tp) => tp.stepType === intent.channel && timedAs(tp, when) === true)) return;
  // A full flow is the flow rules' to refuse: a step is added only when one goes.
  if (input.before.length >= TOUCHPOINT_COUNT[input.flowType].max && input.after.length >= input.before.length) return;
  const titles = new Set(input.before.map((tp) => key(tp.title)));
  const added = input.after.filter((tp) => tp.stepType === intent.channel && !titles.has(key(tp.title)));
  const noun = channelName(intent.channel, 1);
  if (count(input.after, intent.channel) <= count(input.before, intent.channel) || !added.length) {
    fail(`The note says "${intent.words}", but the flow has no new ${noun}: add one${when ? `, ${whenWords(when)}` : ""}.`);
    return;
  }
  if (!when || added.some((tp) => timedAs(tp, when) !== false)) return;
  fail(`The note says "${intent.words}", but the new ${noun} ("${added[0]!.title}") is not timed that way: time it ${whenWords(when)}.`);
};

const checkMove: Check<Of<"move">> = (intent, input, fail) => {
  const pair = counterpart(input, intent.target);
  if (!pair || pair.after === null) return;
  const tp = input.after[pair.after]!;
  const was = input.before[pair.before]!;
  const where = `step ${pair.after + 1}`;
  const when = intent.when;
  if (when.type === "offset" || when.type === "event") {
    if (timedAs(tp, when) === false) fail(`The note says "${intent.words}", but ${stepName(input.after, pair.after)} is not there: move it ${whenWords(when)}.`, where);
  } else if (when.type === "sooner" && tp.offsetMinutes >= was.offsetMinutes) {
    fail(`The note says "${intent.words}", but ${stepName(input.after, pair.after)} is no sooner than before: send it earlier.`, where);
  } else if (when.type === "later" && tp.offsetMinutes <= was.offsetMinutes) {
    fail(`The note says "${intent.words}", but ${stepName(input.after, pair.after)} is no later than before: send it later.`, where);
  }
};

const checkRemove: Check<Of<"remove">> = (intent, input, fail) => {
  if (intent.what) {
    const pattern = termPattern(intent.what);
    for (const index of targetSteps(intent.target, input.after)) {
      const found = said(input.after[index]!, pattern);
      if (found) fail(`The note says "${intent.words}", but ${stepName(input.after, index)} still says "${found}": leave it out.`, `step ${index + 1}`);
    }
    return;
  }
  if (!intent.target) return;
  const [index] = resolve(intent.target, input.before);
  if (index === undefined) return;
  const gone = input.before[index]!;
  const kept = input.after.findIndex((tp) => tp.stepType === gone.stepType && key(tp.title) === key(gone.title));
  if (kept !== -1) fail(`The note says "${intent.words}", but ${stepName(input.after, kept)} is still in the flow: remove it.`, `step ${kept + 1}`);
};

const checkTone: Check<Of<"tone">> = (intent, input, fail) => {
  if (intent.tone !== "formal") return;
  const before = informality(input.before);
  const after = informality(input.after);
  if (after > before)
    fail(
      `The note says "${intent.words}" (a more formal tone), but the flow has more exclamation marks, emoji or contractions than before (${after}, was ${before}): write them out in full and end sentences with full stops.`,
    );
};

/** A phrase the owner's answers rule out ("free parking" where parking is paid): the answer must not add it. */
function conflictAdded(phrase: string, input: AnswerCheckInput, words: string, fail: (message: string, where?: string) => void): boolean {
  const reason = answersConflict(phrase, input.facts);
  if (!reason) return false;
  const pattern = new RegExp(escape(phrase.trim()), "i");
  const index = input.after.findIndex((tp) => said(tp, pattern) !== null);
  const had = input.before.some((tp) => said(tp, pattern) !== null);
  if (index !== -1 && !had)
    fail(`The note asks "${words}", but ${reason.replace(/^your answers/, "the owner's answers")}: do not add it, and say so in the explanation.`, `step ${index + 1}`);
  return true;
}

const checkTopic: Check<Of<"topic">> = (intent, input, fail) => {
  if (conflictAdded(intent.topic, input, intent.words, fail)) return;
  for (const index of targetSteps(intent.target, input.after)) {
    if (!mentions(input.after[index]!, intent.topic))
      fail(`The note says "${intent.words}", but ${stepName(input.after, index)} is not about ${intent.topic}: make it about that.`, `step ${index + 1}`);
  }
};

const checkEmphasis: Check<Of<"emphasis">> = (intent, input, fail) => {
  if (intent.op === "avoid" || intent.op === "replace") {
    const pattern = termPattern(intent.what);
    for (const index of targetSteps(intent.target, input.after)) {
      const found = said(input.after[index]!, pattern);
      if (found)
        fail(
          `The note says "${intent.words}", but ${stepName(input.after, index)} still says "${found}"${intent.instead ? `: say "${intent.instead}" instead` : ": leave it out"}.`,
          `step ${index + 1}`,
        );
    }
    return;
  }
  if (intent.what.startsWith("ask whether") || conflictAdded(intent.what, input, intent.words, fail)) return;
  for (const index of targetSteps(intent.target, input.after)) {
    if (!mentions(input.after[index]!, intent.what))
      fail(`The note says "${intent.words}", but ${stepName(input.after, index)} does not mention ${intent.what}: work it into that step's brief.`, `step ${index + 1}`);
  }
};

const checkTiming: Check<Of<"timing">> = (intent, input, fail) => {
  // Steps timed from one of the business's dates keep their timing: a note cannot move them.
  if (input.before.some((tp) => tp.timing)) return;
  const before = spanOf(input.before);
  const after = spanOf(input.after);
  if (intent.op === "spread" && input.before.length > 1 && after <= before)
    fail(`The note says "${intent.words}", but the steps are no further apart (the last is still ${Math.round(after / MINUTES_PER_DAY)} days in): space them out.`);
  if (intent.op === "tighten" && input.before.length > 1 && after >= before)
    fail(`The note says "${intent.words}", but the steps are no closer together (the last is ${Math.round(after / MINUTES_PER_DAY)} days in): bring them closer.`);
};

const CHECKS: { [K in Intent["kind"]]: Check<Of<K>> } = {
  offer: checkOffer,
  structure: checkStructure,
  add: checkAdd,
  move: checkMove,
  remove: checkRemove,
  tone: checkTone,
  topic: checkTopic,
  emphasis: checkEmphasis,
  timing: checkTiming,
};

/** The codes the business gives, for reading a note's "no GLOW50". */
function codesOf(facts: BusinessFacts): string[] {
  return [...new Set([...facts.offers.map((offer) => offer.code).filter((code): code is string => !!code), ...codesIn(facts.answerText)])];
}

/** Every intent of the note the answer does not honour, each once (empty when it honours them all). */
export function checkAnswerIntents(input: AnswerCheckInput): IntentFailure[] {
  const intents = readIntents(input.note, { anchor: input.facts.spec.anchor, codes: codesOf(input.facts) });
  const failures: IntentFailure[] = [];
  const fail = (message: string, where = "your note") => {
    if (!failures.some((f) => f.message === message)) failures.push({ rule: "feedback", where, message });
  };
  for (const intent of intents) (CHECKS[intent.kind] as Check)(intent, input, fail);
  for (const { words, channel } of forbiddenAdditions(input.note)) {
    if (count(input.after, channel) > count(input.before, channel))
      fail(`The note says "${words}", but the flow has ${count(input.after, channel)} ${channelName(channel)}, ${count(input.before, channel)} before: add none.`);
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// What changed

function stepWords(tp: DraftTouchpoint): string {
  return `${tp.stepType === "SMS" ? "the SMS" : "the email"} "${tp.title}"`;
}

/** How a change to a step's brief alone begins, in the reply. */
export const REBRIEFED = "rewrote the brief of";

/**
 * The changes a regenerated flow shows against the flow before, in the words a reply uses: steps
 * removed, added, moved, and steps whose brief was rewritten (a step is the same step when its
 * channel and title are). Read from the flows alone, so a reply built from it never claims what the
 * flow does not show.
 */
export function flowChanges(before: readonly DraftTouchpoint[], after: readonly DraftTouchpoint[]): Array<{ kind: Intent["kind"]; words: string }> {
  const id = (tp: DraftTouchpoint) => `${tp.stepType}\n${key(tp.title)}`;
  const was = new Map(before.map((tp) => [id(tp), tp]));
  const now = new Set(after.map(id));
  const gone = before.filter((tp) => !now.has(id(tp)));
  const changes: Array<{ kind: Intent["kind"]; words: string }> = [];
  const rebriefed = (old: DraftTouchpoint, tp: DraftTouchpoint) =>
    old.keyMessages.trim() !== tp.keyMessages.trim() || old.primaryGoal.trim() !== tp.primaryGoal.trim() || old.callToAction.trim() !== tp.callToAction.trim();
  for (const tp of after) {
    const old = was.get(id(tp));
    if (!old) {
      // A step of the same channel at the same time under a new title is the same step, rewritten.
      const renamed = gone.findIndex((other) => other.stepType === tp.stepType && other.offsetMinutes === tp.offsetMinutes);
      if (renamed !== -1) {
        changes.push({ kind: "topic", words: `rewrote ${stepWords(gone[renamed]!)} as "${tp.title}"` });
        gone.splice(renamed, 1);
      } else changes.push({ kind: "add", words: `added ${stepWords(tp)} (${tp.timingText || "timed by the model"})` });
    } else if (old.offsetMinutes !== tp.offsetMinutes || JSON.stringify(old.timing ?? null) !== JSON.stringify(tp.timing ?? null))
      changes.push({ kind: "move", words: `moved ${stepWords(tp)} to ${tp.timingText ? tp.timingText.charAt(0).toLowerCase() + tp.timingText.slice(1) : "a new time"}` });
    else if (rebriefed(old, tp)) changes.push({ kind: "topic", words: `${REBRIEFED} ${stepWords(tp)}` });
  }
  return [...gone.map((tp) => ({ kind: "remove" as const, words: `removed ${stepWords(tp)}` })), ...changes];
}
