import type { ModelAnchor } from "~/lib/business/model-specs";
import type { Tone } from "~/lib/flows/feedback/brief";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * A note read as a set of intents, not keywords: each clause ("no discount in the welcome email",
 * "move the review request to day 21") is one intent of one kind, with whether it is negated and
 * which steps it is about (by position, by what a step is about, by channel, or all of them). The
 * handlers (one module per kind) act on them; apply.ts runs them in order. Pure.
 */

export type Channel = "Email" | "SMS";

/** Which steps a clause is about. */
export type Target =
  | { by: "all"; channel: Channel | null }
  /** 1-based among the steps of the channel (any step when null); -1 is the last, -2 the one before. */
  | { by: "ordinal"; n: number; channel: Channel | null }
  /** "the review request", "the forms reminder": the step whose title and brief best match the words. */
  | { by: "about"; words: string; channel: Channel | null }
  /** "one of these": the step the flow needs least. */
  | { by: "one"; channel: Channel | null };

/** When a clause wants a step to go. */
export type When =
  /** `words`: the note's own phrase for it ("4 weeks after the purchase"). */
  | { type: "offset"; minutes: number; words?: string }
  | { type: "event"; event: ModelAnchor; direction: "before" | "after"; minutes: number; time: string | null; displayText: string | null }
  | { type: "near"; side: "before" | "after"; target: Target; minutes: number | null }
  | { type: "between"; a: Target; b: Target }
  | { type: "sooner" }
  | { type: "later" }
  /** A moment no timing can name ("after the 3rd intro class", "on Sundays"): the reason is said. */
  | { type: "unknown"; words: string };

interface Base {
  /** The clause of the note this came from, as typed. */
  words: string;
  /** The clause says not, no, never, remove… */
  negated: boolean;
}

export type Intent =
  | (Base & { kind: "remove"; target: Target | null; what: string | null })
  /** Negated ("don't add a text"): no step of the channel (of any, when null) is added. */
  | (Base & { kind: "add"; channel: Channel | null; when: When | null; purpose: string | null })
  | (Base & { kind: "move"; target: Target; when: When })
  | (Base & { kind: "timing"; op: "spread" | "tighten" | "urgency" | "within" | "rebase" | "shift" | "first" | "weekday"; minutes: number | null; event: ModelAnchor | null })
  | (Base & { kind: "topic"; target: Target; topic: string; instead: string | null })
  | (Base & { kind: "tone"; tone: Tone })
  | (Base & { kind: "structure"; op: "split" | "merge" | "max" | "shorter" | "fewer" | "no-channel"; target: Target | null; n: number | null; parts: string[] })
  | (Base & { kind: "emphasis"; op: "lead" | "mention" | "avoid" | "replace"; what: string; target: Target; instead: string | null })
  | (Base & { kind: "offer"; op: "add" | "remove" | "move"; target: Target | null; to: Target | null; code: string | null; value: string | null; what: string });

export type IntentKind = Intent["kind"];

// ---------------------------------------------------------------------------------------------
// Words

export const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, last: -1, final: -1 };
const UNIT_MINUTES: Record<string, number> = {
  minute: 1,
  min: 1,
  hour: MINUTES_PER_HOUR,
  hr: MINUTES_PER_HOUR,
  day: MINUTES_PER_DAY,
  week: 7 * MINUTES_PER_DAY,
  month: 30 * MINUTES_PER_DAY,
  year: 365 * MINUTES_PER_DAY,
};

export const NUM = String.raw`(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)`;
export const UNIT = String.raw`(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)`;
const ORD = String.raw`(first|second|third|fourth|fifth|sixth|seventh|eighth|last|final|\d+(?:st|nd|rd|th))`;
const STEP_NOUN = String.raw`(emails?|e-mails?|texts?|sms|messages?|steps?|touchpoints?|ones?|reminders?)`;

export const NEGATION = /\b(?:no|not|never|without|don'?t|dont|do not|doesn'?t|stop|remove|drop|delete|take out|get rid of|lose|cut out|there is no|there's no|isn'?t)\b/i;

export function toNumber(word: string): number {
  return NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
}

export function toMinutes(amount: string, unit: string): number {
  const key = unit.toLowerCase().replace(/s$/, "");
  return toNumber(amount) * (UNIT_MINUTES[key] ?? MINUTES_PER_DAY);
}

export function channelOf(noun: string | undefined): Channel | null {
  if (!noun) return null;
  if (/^e-?mails?$/i.test(noun)) return "Email";
  if (/^(?:texts?|sms)$/i.test(noun)) return "SMS";
  return null;
}

function ordinalOf(word: string): number {
  return ORDINALS[word.toLowerCase()] ?? parseInt(word, 10);
}

// ---------------------------------------------------------------------------------------------
// Targets

/** "the second email", "step 3", "the last one", "email #2": the step by position, or null. */
export function ordinalTarget(clause: string): Target | null {
  const byOrd = new RegExp(String.raw`\b${ORD}\s+(?:intro\s+|welcome\s+)?${STEP_NOUN}\b`, "i").exec(clause);
  if (byOrd) return { by: "ordinal", n: ordinalOf(byOrd[1]!), channel: channelOf(byOrd[2]) };
  const byNumber = /\b(step|email|text|sms|message|touchpoint)\s*#?\s*(\d+)\b/i.exec(clause);
  if (byNumber) return { by: "ordinal", n: Number(byNumber[2]), channel: channelOf(byNumber[1]) };
  const lastTwo = /\b(?:the\s+)?last\s+two\b/i.exec(clause);
  if (lastTwo) return { by: "ordinal", n: -2, channel: null };
  return null;
}

/** "every email", "all the texts", "each message", "throughout": all steps, of a channel when named. */
export function allTarget(clause: string): Target | null {
  const match = /\b(?:every|each|all(?: of)?(?: the| our)?|in all|throughout)\s*(emails?|e-mails?|texts?|sms|messages?|steps?|reminders?)?\b/i.exec(clause);
  if (!match || (!match[1] && !/\b(?:throughout|everywhere)\b/i.test(match[0]))) return null;
  return { by: "all", channel: channelOf(match[1]) };
}

const ABOUT_NOUN = String.raw`(email|e-mail|text|sms|message|step|reminder|request|follow[- ]?up|nudge|note|one)`;

/** "the review request", "the forms reminder", "the membership email": a step by what it is about. */
export function aboutTarget(clause: string): Target | null {
  const match = new RegExp(String.raw`\b(?:the|our|that|this)\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+${ABOUT_NOUN}\b`, "i").exec(clause);
  if (!match) return null;
  const words = match[1]!.replace(/^(?:whole|entire)\s+/i, "");
  if (new RegExp(String.raw`^(?:${ORD}|two|both|next|other|new|same|whole)$`, "i").test(words)) return null;
  return { by: "about", words, channel: channelOf(match[2]) };
}

/** The steps a clause names, most specific first; null when it names none. */
export function targetOf(clause: string): Target | null {
  return ordinalTarget(clause) ?? aboutTarget(clause) ?? allTarget(clause) ?? (/\bone of (?:these|them|the emails)\b/i.test(clause) ? { by: "one", channel: null } : null);
}

// ---------------------------------------------------------------------------------------------
// When

/** The business's dates as an owner names them. "delivered" is a car's handover where the business hands over. */
const EVENT_WORDS: ReadonlyArray<readonly [RegExp, ModelAnchor]> = [
  [/^(?:the\s+)?(?:end of (?:the|their) trial|trial ends?|trial end(?:ing)?|trial expires)/i, "trial_end"],
  [/^(?:the\s+|their\s+)?(?:pick[- ]?up|collection|collecting)/i, "pickup"],
  [/^(?:the\s+|their\s+)?(?:hand[- ]?over|keys|car is delivered)/i, "handover"],
  [/^(?:the\s+|their\s+)?(?:delivery|it (?:is )?delivered|it arrives|arrival|box arrives)/i, "delivery"],
  [/^(?:the\s+|their\s+)?(?:wedding|event|big day|party|the day itself)/i, "event_date"],
  [/^(?:the\s+|their\s+)?(?:cohort start|course starts?|start date|start of the course|kick-?off|first day|programme starts?|program starts?)/i, "start_date"],
  [
    /^(?:the\s+|their\s+)?(?:first\s+)?(?:appointment|appt|visit|exam|treatment|session|consultation|consult|lesson|class|massage|check-?up|clean(?:ing)?|game|booking date)/i,
    "appointment",
  ],
];

/** What starts the flow, as an owner names it: "booking", "signup", "they paid", "they leave the page". */
const TRIGGER_WORDS =
  /^(?:the\s+|their\s+|they\s+)?(?:booking|book|sign[- ]?up|signing up|purchase|order|paid|pay|payment|join(?:ing)?|opt[- ]?in|trigger|start|leave|left|abandon)/i;

/** The date a phrase names, given what the business has ("the exam" is its appointment). */
export function eventOf(phrase: string, anchor: ModelAnchor | null): ModelAnchor | null {
  const found = EVENT_WORDS.find(([pattern]) => pattern.test(phrase.trim()))?.[1] ?? null;
  if (found === "delivery" && anchor === "handover") return "handover";
  if (found === "handover" && anchor === "delivery") return "delivery";
  return found;
}

/** "3rd intro class", "every Sunday": moments a timing cannot name. */
const UNNAMEABLE = new RegExp(
  String.raw`\b(?:${ORD}|\d+)\s+(?:intro\s+|trial\s+)?(?:class|session|visit|lesson|order|purchase|box)(?:es)?\b|\b(?:on\s+)?(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays?)\b`,
  "i",
);

function eventWhen(event: ModelAnchor, direction: "before" | "after", minutes: number, time: string | null = null, displayText: string | null = null): When {
  return { type: "event", event, direction, minutes, time, displayText };
}

/** "the evening before pickup", "the day before the appointment", "the morning of the event". */
function dayPhraseWhen(clause: string, anchor: ModelAnchor | null): When | null {
  const match = /\bthe\s+(evening|night|day|morning)\s+(before|after|of)\s+(.{3,40})/i.exec(clause);
  if (!match) return null;
  const event = eventOf(match[3]!, anchor);
  if (!event) return null;
  const part = match[1]!.toLowerCase();
  const side = match[2]!.toLowerCase();
  const named = match[3]!.replace(/[,.;!?].*$/, "").trim();
  if (side === "of") return eventWhen(event, "before", 0, part === "morning" ? "09:00" : null, part === "morning" ? `The morning of ${named}` : null);
  const evening = part === "evening" || part === "night";
  return eventWhen(event, side as "before" | "after", MINUTES_PER_DAY, evening ? "18:00" : null, evening ? `The evening ${side} ${named}` : null);
}

/** "2 hours before the appointment", "3 days after the first email", "an hour after they leave". */
function amountWhen(clause: string, anchor: ModelAnchor | null): When | null {
  const match = new RegExp(String.raw`\b${NUM}\s+${UNIT}\s+(before|after|from)\s+(.{2,50})`, "i").exec(clause);
  if (!match) return null;
  const minutes = toMinutes(match[1]!, match[2]!);
  const direction = match[3]!.toLowerCase() === "before" ? "before" : "after";
  const rest = match[4]!;
  const step = ordinalTarget(rest);
  if (step && /^(?:the\s+)?(?:\w+\s+)?(?:email|text|sms|message|step|one|reminder)/i.test(rest.replace(/^the\s+\w+\s+/, "the ")))
    return { type: "near", side: direction, target: step, minutes };
  const event = eventOf(rest, anchor);
  if (event) return eventWhen(event, direction, minutes);
  const phrase = `${match[1]} ${match[2]} after ${rest.replace(/[,.;!?].*$/, "").trim()}`;
  if (TRIGGER_WORDS.test(rest.trim()) && direction === "after") return { type: "offset", minutes, words: phrase };
  return UNNAMEABLE.test(rest) ? { type: "unknown", words: rest.replace(/[,.;!?].*$/, "").trim() } : null;
}

/** "right after the appointment", "just after pickup": at the moment of the date. */
function rightAfterWhen(clause: string, anchor: ModelAnchor | null): When | null {
  const match = /\b(?:right|just|straight|immediately)\s+(before|after)\s+(.{3,50})/i.exec(clause);
  if (!match) return null;
  if (UNNAMEABLE.test(match[2]!)) return { type: "unknown", words: match[2]!.replace(/[,.;!?].*$/, "").trim() };
  const event = eventOf(match[2]!, anchor);
  if (event) return eventWhen(event, match[1]!.toLowerCase() as "before" | "after", 0);
  return TRIGGER_WORDS.test(match[2]!.trim()) ? { type: "offset", minutes: 0 } : null;
}

/** "between the first and second email". */
function betweenWhen(clause: string): When | null {
  const match = new RegExp(String.raw`\bbetween\s+(?:the\s+)?${ORD}\s+(?:${STEP_NOUN}\s+)?and\s+(?:the\s+)?${ORD}\s*${STEP_NOUN}?`, "i").exec(clause);
  if (!match) return null;
  const channel = channelOf(match[2] ?? match[5]);
  return { type: "between", a: { by: "ordinal", n: ordinalOf(match[1]!), channel }, b: { by: "ordinal", n: ordinalOf(match[3]!), channel } };
}

/** "before the second email", "after the first text". */
function nearWhen(clause: string): When | null {
  const match = new RegExp(String.raw`\b(before|after)\s+(?:the\s+)?${ORD}\s+${STEP_NOUN}`, "i").exec(clause);
  if (!match) return null;
  return { type: "near", side: match[1]!.toLowerCase() as "before" | "after", target: { by: "ordinal", n: ordinalOf(match[2]!), channel: channelOf(match[3]) }, minutes: null };
}

/** When a clause wants a step to go, or null when it does not say. */
export function whenOf(clause: string, anchor: ModelAnchor | null): When | null {
  const day = /\b(?:to|on|at|for|until)\s+day\s+(\d+)\b/i.exec(clause) ?? /\bday\s+(\d+)\b/i.exec(clause);
  if (day) return { type: "offset", minutes: Number(day[1]) * MINUTES_PER_DAY };
  const fixed = dayPhraseWhen(clause, anchor) ?? amountWhen(clause, anchor) ?? rightAfterWhen(clause, anchor) ?? betweenWhen(clause) ?? nearWhen(clause);
  if (fixed) return fixed;
  if (UNNAMEABLE.test(clause)) return { type: "unknown", words: UNNAMEABLE.exec(clause)![0] };
  if (/\b(?:sooner|earlier|faster|quicker)\b/i.test(clause)) return { type: "sooner" };
  if (/\blater\b/i.test(clause)) return { type: "later" };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Clauses

const VERBS = String.raw`add|remove|drop|delete|cut|make|send|move|put|space|mention|lead|push|upsell|split|merge|combine|take|keep|save|give|use|time|start|stop|include|change|shorten|no|never|don'?t|dont`;

/** The note in clauses: sentences, dash asides, and ", and"/"and" before a new instruction. */
export function clausesOf(note: string): string[] {
  return note
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .split(/[.!?;\n]+(?=\s|$)|\s[-–—]\s|\.\.\.|…/)
    .flatMap((part) => part.split(new RegExp(String.raw`,\s*(?:and\s+|then\s+|but\s+)?(?=(?:${VERBS})\b)|\s+(?:and|then|but)\s+(?=(?:${VERBS})\b)`, "i")))
    .map((clause) => clause.trim())
    .filter((clause) => /\p{L}/u.test(clause));
}

/** The text in quotes, if any ("'only 3 days left!'"). */
export function quotedIn(text: string): string | null {
  return /["'‘“]([^"'’”]{2,80})["'’”](?!\w)/.exec(text)?.[1]?.trim() ?? null;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ReadContext {
  /** The business's own date (appointment, pickup…), which "the exam" or "delivered" may mean. */
  anchor: ModelAnchor | null;
  /** Codes the answers give ("GLOW50", "NOFEE"). */
  codes: readonly string[];
}

type Reader = (clause: string, context: ReadContext) => Intent[] | null;

const base = (words: string, negated = NEGATION.test(words)) => ({ words, negated });

/** "hmm", "make it better", "idk": nothing to act on. */
const VAGUE = /^(?:h+m+|idk|meh|ok|okay|not sure|no idea|\?+|(?:make it|can you make it|just make it)\s+(?:better|nicer|good|great|pop)|improve it|better|reword it|fix it)$/i;

const readWeekday: Reader = (clause) => {
  const day = /\b(?:on\s+)?(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays?)\b(?:\s+only)?/i.exec(clause);
  if (!day || !/\b(?:send|only|every|go out|goes out)\b/i.test(clause)) return null;
  return [{ ...base(clause, false), kind: "timing", op: "weekday", minutes: null, event: null }];
};

const readNoChannel: Reader = (clause) => {
  const match = /\b(?:no|without|remove|drop|cut|stop|get rid of|lose|delete|take out)\s+(?:the\s+|all\s+|any\s+|more\s+)?(?:of the\s+)?(texts?|sms|text messages)\b/i.exec(clause);
  if (!match) return null;
  return [{ ...base(clause, true), kind: "structure", op: "no-channel", target: { by: "all", channel: "SMS" }, n: null, parts: [] }];
};

const readCount: Reader = (clause, context) => {
  const match =
    new RegExp(
      String.raw`\b(?:at most|max(?:imum)?(?: of)?|no more than|only|just|down to|cut (?:it )?to|keep it to|limit (?:it )?to)\s+${NUM}\s+(emails?|e-mails?|texts?|sms|messages?|steps?|touchpoints?)\b`,
      "i",
    ).exec(clause) ??
    new RegExp(String.raw`\b${NUM}\s+(emails?|e-mails?|texts?|sms|messages?|steps?|touchpoints?)\s+(?:max(?:imum)?|at most|tops|or fewer|or less)\b`, "i").exec(clause);
  if (!match) return null;
  const n = toNumber(match[1]!);
  if (!Number.isFinite(n) || n < 0) return null;
  return [{ ...base(clause, false), kind: "structure", op: "max", target: null, n, parts: [] }, ...(readShorter(clause.replace(match[0], ""), context) ?? [])];
};

const readMerge: Reader = (clause) => {
  if (!/\b(?:merge|combine|join|fold)\b/i.test(clause)) return null;
  const channel = channelOf(/\b(emails?|e-mails?|texts?|sms)\b/i.exec(clause)?.[1]);
  const pair = new RegExp(String.raw`\b${ORD}\s+and\s+(?:the\s+)?${ORD}\s+${STEP_NOUN}`, "i").exec(clause);
  if (pair) return [{ ...base(clause, false), kind: "structure", op: "merge", target: { by: "ordinal", n: ordinalOf(pair[1]!), channel: channelOf(pair[3]) }, n: 2, parts: [] }];
  const target: Target = /\blast\s+two\b/i.test(clause)
    ? { by: "ordinal", n: -1, channel }
    : /\b(?:the\s+)?two\b/i.test(clause) && channel
      ? { by: "all", channel }
      : (ordinalTarget(clause) ?? { by: "ordinal", n: -1, channel });
  return [{ ...base(clause, false), kind: "structure", op: "merge", target, n: 2, parts: [] }];
};

const readShorter: Reader = (clause) => {
  if (/\b(?:fewer|less|too many) e-?mails?\b/i.test(clause)) return [{ ...base(clause, false), kind: "structure", op: "fewer", target: null, n: null, parts: [] }];
  if (!/\b(?:shorter|too long|condense|tighten it|trim|concise|fewer (?:steps|touchpoints|messages))\b/i.test(clause) || /\bsentences?\b/i.test(clause)) return null;
  return [{ ...base(clause, false), kind: "structure", op: "shorter", target: null, n: null, parts: [] }];
};

const OFFER_WORDS = String.raw`discount(?:s|ing)?|coupons?|promo(?:tion)?(?: codes?)?s?|offers?|deals?|sales?|codes?|\d{1,2}\s?% off|percent off|[$£€]\d+(?:,\d{3})* off|free shipping|free delivery|free postage|package offer|bundle offer|money off`;
const OFFER = new RegExp(String.raw`\b(?:${OFFER_WORDS})(?!\w)`, "i");

function codeIn(clause: string, codes: readonly string[]): string | null {
  const known = codes.find((code) => new RegExp(String.raw`\b${code}\b`, "i").test(clause));
  return known ?? /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z]{2})[A-Z][A-Z0-9]{3,19}\b/.exec(clause)?.[0] ?? null;
}

/** "no GLOW50 in the first email, save it for the last one": an offer taken from one step and given to another. */
export function readOfferMove(note: string, codes: readonly string[]): Intent | null {
  const match = new RegExp(
    String.raw`\bno\s+(.{2,40}?)\s+in\s+(.{3,40}?)[,;.]?\s+(?:and\s+)?(?:save|keep|move|put)\s+(?:it|that|them)\s+(?:for|in|to|into|on)\s+(.{3,40})`,
    "i",
  ).exec(note);
  if (!match) return null;
  const code = codeIn(match[1]!, codes);
  if (!code && !OFFER.test(match[1]!)) return null;
  const from = targetOf(match[2]!) ?? { by: "ordinal", n: 1, channel: null };
  const to = targetOf(match[3]!) ?? { by: "ordinal", n: -1, channel: null };
  return { ...base(match[0], true), kind: "offer", op: "move", target: from, to, code, value: null, what: match[1]!.trim() };
}

const readOffer: Reader = (clause, context) => {
  const code = codeIn(clause, context.codes);
  if (!code && !OFFER.test(clause)) return null;
  const value = /(\d{1,2})\s?%/.exec(clause)?.[1] ?? /([$£€]\d+)\s?off/i.exec(clause)?.[1] ?? null;
  const negated = /\b(?:no|never|without|don'?t|dont|do not|remove|drop|take out|get rid of|stop|not)\b/i.test(clause);
  const target = targetOf(clause.replace(/\bnot\s+(?:a|an|the|any)?\s*(?:discount|offer|code)\b.*$/i, "")) ?? (negated ? { by: "all", channel: null } : null);
  return [
    { ...base(clause, negated), kind: "offer", op: negated ? "remove" : "add", target, to: null, code, value: value && /^\d/.test(value) ? `${value}%` : value, what: clause },
  ];
};

/** "X, not Y": the part after "not", "instead of", "rather than". */
function insteadOf(text: string): [string, string | null] {
  const match = /^(.+?),?\s+(?:not|instead of|rather than|over)\s+(.+)$/i.exec(text);
  return match ? [match[1]!.trim(), match[2]!.trim()] : [text.trim(), null];
}

/** "lead with the trial, not a discount"; "push the refill pouches"; "make it clear in the first email that it's collection only". */
const readLead: Reader = (clause) => {
  const clear = /\bmake (?:it |sure )?(?:crystal |very |really )?clear\s+(.*?)\s*that\s+(.+)$/i.exec(clause);
  const lead = /\b(lead with|open with|start with|push|upsell|focus on)\s+(.+)$/i.exec(clause);
  if (!clear && !lead) return null;
  const [what, instead] = insteadOf(clear ? clear[2]! : lead![2]!);
  const opening = clear || /^(?:lead|open|start)/i.test(lead![1]!);
  const target = (clear ? targetOf(clear[1]!) : null) ?? (opening ? { by: "ordinal" as const, n: 1, channel: null } : { by: "all" as const, channel: null });
  const intents: Intent[] = [{ ...base(clause, false), kind: "emphasis", op: "lead", what: quotedIn(what) ?? what, target, instead }];
  if (instead && OFFER.test(instead)) intents.push({ ...base(instead, true), kind: "offer", op: "remove", target, to: null, code: null, value: null, what: instead });
  return intents;
};

const readMention: Reader = (clause) => {
  const match =
    /\b(?:mention|include|talk about|feature|highlight|remind (?:them|people|customers) (?:of|about)|say)\s+(.+?)(?:\s+(?:in|on|to)\s+((?:every|each|all|the)\b.*))?$/i.exec(
      clause,
    );
  if (!match || NEGATION.test(clause.slice(0, match.index))) return null;
  const target = (match[2] ? targetOf(match[2]) : null) ?? { by: "all" as const, channel: "Email" as const };
  const what = match[1]!.replace(/^(?:the fact that|that)\s+/i, "").trim();
  return [{ ...base(clause, false), kind: "emphasis", op: "mention", what, target, instead: null }];
};

/** "before we drop them, ask if they got stuck at module 3": a question one step asks. */
const readAsk: Reader = (clause) => {
  const match = /\bask\s+(?:them\s+|people\s+)?(?:if|whether)\s+(.+)$/i.exec(clause);
  if (!match) return null;
  const target =
    ordinalTarget(clause) ??
    (/\bbefore we (?:drop|remove|unsubscribe|let go)/i.test(clause) ? { by: "ordinal" as const, n: -2, channel: null } : { by: "ordinal" as const, n: 1, channel: null });
  return [{ ...base(clause, false), kind: "emphasis", op: "mention", what: `ask whether ${match[1]!.trim()}`, target, instead: null }];
};

/** "it says 'subscription' twice. we say plan": the brand's own word for one the flow uses. */
export function readReplace(note: string): Intent | null {
  const quoted = quotedIn(note);
  const say = /\b(?:we say|we call (?:it|them)|call (?:it|them)|say|use)\s+["']?([\w -]{2,30}?)["']?(?:\s+(?:instead(?: of)?|not)\b.*)?\s*(?:[.!]|$)/i.exec(note);
  const pair = /\b(?:replace|swap)\s+["']?([\w -]{2,30}?)["']?\s+(?:with|for)\s+["']?([\w -]{2,30}?)["']?(?:[.!]|$)/i.exec(note);
  if (pair) return { ...base(pair[0], true), kind: "emphasis", op: "replace", what: pair[1]!, target: { by: "all", channel: null }, instead: pair[2]! };
  if (!quoted || !say || say[1]!.toLowerCase() === quoted.toLowerCase() || !/\b(?:we say|we call|instead)\b/i.test(note)) return null;
  return { ...base(say[0], true), kind: "emphasis", op: "replace", what: quoted, target: { by: "all", channel: null }, instead: say[1]!.trim() };
}

const STOP_WORDS = /^(?:the|a|an|any|all|our|their|his|her|its|about|stuff|things?|lines?|bits?|mentions?|talk|for us|here|anymore|please|it|this|that)$/i;

/** The thing a negation is about, without filler: "the countdown stuff" → "countdown". */
export function thingOf(text: string): string {
  return text
    .replace(/\([^)]*\)/g, " ")
    .replace(/[,;:].*$/, "")
    .replace(/\b(?:for us|here|anymore|any more|please|at all|in (?:the|any|our) (?:emails?|flow|copy))\b.*$/i, "")
    .split(/\s+/)
    .filter((word) => word && !STOP_WORDS.test(word))
    .join(" ")
    .replace(/[.,;:!?]+$/, "")
    .trim();
}

/** An owner's shouting in lower case: "SUPPLEMENTS" → "supplements". */
function calm(text: string): string {
  return /\p{Ll}/u.test(text) ? text : text.toLowerCase();
}

/** "we don't sell supplements", "there is no trial", "don't talk about getting shut down", "stop saying X". */
const readAvoid: Reader = (clause) => {
  const match =
    /\b(?:we|i)\s+(?:do\s*n[o']?t|dont|never|no longer)\s+(?:sell|do|offer|have|stock|carry|run|provide)\s+(.+)$/i.exec(clause) ??
    /\b(?:there\s+is\s+no|there's\s+no|there\s+are\s+no|we\s+have\s+no)\s+(.+)$/i.exec(clause) ??
    /\b(?:do\s*n[o']?t|dont|never|stop|no more)\s+(?:talk(?:ing)? about|mention(?:ing)?|say(?:ing)?|use(?:ing)?(?: the word)?|put(?:ting)?)\s+(.+)$/i.exec(clause);
  if (!match || OFFER.test(match[1]!)) return null;
  const what = calm(quotedIn(match[1]!) ?? thingOf(match[1]!))
    .replace(/\b(?:his|her|their)\s+first name\b/i, "the first name")
    .replace(/\bin the subject\b$/i, "in the subject line");
  return what
    ? [{ ...base(clause, true), kind: "remove", target: targetOf(clause.slice(match.index + match[0].length - match[1]!.length).replace(/^.*?\bin\b/i, "in")), what }]
    : null;
};

const STEP_WORDS = /\b(?:emails?|e-mails?|texts?|sms|messages?|steps?|touchpoints?|reminders?|requests?|follow[- ]?ups?|nudges?|ones?)\b/i;

/** "remove the trial ending email", "drop step 3", "cut 'Why we started'", "take out the countdown stuff". */
const readRemove: Reader = (clause) => {
  const verb = /\b(?:remove|drop|delete|cut|skip|get rid of|lose|take out|take away|scrap)\s+(.+)$/i.exec(clause);
  if (!verb) return null;
  const rest = verb[1]!;
  const quote = quotedIn(rest);
  if (quote && !/\p{L}/u.test(rest.replace(/["'‘“][^"'’”]*["'’”]/, "").replace(/^(?:the|step|email)\s+/i, "")))
    return [{ ...base(clause, true), kind: "remove", target: { by: "about", words: quote, channel: null }, what: null }];
  const target = ordinalTarget(rest) ?? (STEP_WORDS.test(rest) ? aboutTarget(rest) : null);
  if (target) return [{ ...base(clause, true), kind: "remove", target, what: null }];
  const what = calm(thingOf(rest.replace(/\(.*$/, "")));
  const also = quote ? [{ ...base(clause, true), kind: "remove" as const, target: null, what: quote }] : [];
  return what ? [{ ...base(clause, true), kind: "remove", target: null, what }, ...also] : null;
};

/** "split the first email into two - a welcome, then one about the practice files". */
export function readSplit(note: string): Intent | null {
  const match = /\bsplit\s+(.+?)\s+(?:into|in)\s+(?:two|2)\b[\s:,–—-]*([^.!?\n]*)/i.exec(note);
  if (!match) return null;
  const clause = match[0];
  const parts = match[2]!
    .split(/\s*(?:,\s*then|,\s*and|\bthen\b|\band then\b|,)\s*/i)
    .map((part) => part.replace(/^(?:a|an)\s+(?:separate\s+)?(?:one\s+)?(?:about\s+)?/i, "").trim())
    .filter(Boolean);
  return {
    ...base(clause, false),
    kind: "structure",
    op: "split",
    target: ordinalTarget(match[1]!) ?? aboutTarget(match[1]!) ?? { by: "ordinal", n: 1, channel: null },
    n: 2,
    parts,
  };
}

const readTopic: Reader = (clause) => {
  const match = /^(.*?)\s*\babout\s+(.+)$/i.exec(clause);
  if (
    !match ||
    !/\b(?:should|could|can|be|make|is|are|email|e-mail|text|sms|step|message|one)\b/i.test(match[1]!) ||
    /\b(?:talk|think|care|worry|know|forget|how|what|something)\s*$/i.test(match[1]!)
  )
    return null;
  if (/^(?:\d|a day|an hour|two|three)/i.test(match[2]!)) return null;
  const [topic, instead] = insteadOf(match[2]!.replace(/\?$/, ""));
  const plural = /\b(?:them|these|all|the (?:reminders|emails|messages|steps)|it)\b/i.test(match[1]!);
  const target = targetOf(match[1]!) ?? (plural ? { by: "all" as const, channel: null } : null);
  if (!target) return null;
  return [{ ...base(clause, false), kind: "topic", target, topic: topic.replace(/^(?:our|the)\s+(?=\p{Lu})/u, ""), instead: instead?.replace(/^about\s+/i, "") ?? null }];
};

const readMove: Reader = (clause, context) => {
  const target = ordinalTarget(clause) ?? aboutTarget(clause);
  if (!target || !/\b(?:move|should|send|go|goes|come|push|bring|put|shift|schedule)\b/i.test(clause)) return null;
  if (/\bwithin\b/i.test(clause) && target.by === "ordinal" && target.n === 1) return null;
  const when = whenOf(clause, context.anchor);
  return when ? [{ ...base(clause, false), kind: "move", target, when }] : null;
};

const readTiming: Reader = (clause, context) => {
  const op = (name: Extract<Intent, { kind: "timing" }>["op"], minutes: number | null = null, event: ModelAnchor | null = null): Intent[] => [
    { ...base(clause, false), kind: "timing", op: name, minutes, event },
  ];
  const first = new RegExp(
    String.raw`\b(?:first|initial|opening)\s+(?:message|reminder|email|e-mail|sms|text|step|touch(?:point)?|one)\b[^.]*?\b(?:within|after|at)\s+${NUM}\s+(minutes?|hours?)\b`,
    "i",
  ).exec(clause);
  if (first) return op("first", toMinutes(first[1]!, first[2]!));
  const within = new RegExp(String.raw`\bwithin\s+(?:the\s+)?(?:first\s+)?(?:${NUM}\s+)?(minutes?|hours?|days?|weeks?|months?)(?:\s+(?:after|of|from)\s+(.+))?`, "i").exec(clause);
  if (within) return op("within", toMinutes(within[1] ?? "1", within[2]!), within[3] ? eventOf(within[3], context.anchor) : null);
  const from = /\b(?:time|count|schedule|measure)\s+(?:everything|it|them|all(?: of it)?|the steps|the emails)\s+from\s+(.+)$/i.exec(clause);
  if (from && eventOf(from[1]!, context.anchor)) return op("rebase", null, eventOf(from[1]!, context.anchor));
  const start = /\b(?:should |must |to )?start\s+(?:only\s+)?(?:after|once|when)\s+(.+)$/i.exec(clause);
  if (start && eventOf(start[1]!, context.anchor)) return op("shift", null, eventOf(start[1]!, context.anchor));
  if (/\b(?:space (?:them |it |the \w+ )?out|more time between|slower|too (?:fast|soon|close)|further apart|wait longer|more spread|spread (?:them |it )?out)\b/i.test(clause))
    return op("spread");
  if (/\b(?:sooner|faster|quicker|closer together|too slow|less time between|tighter timing)\b/i.test(clause)) return op("tighten");
  if (/\b(?:urgen\w*|fomo|last chance)\b/i.test(clause)) return op("urgency");
  return null;
};

const ADD_NOUN = String.raw`(sms|texts?|text messages?|emails?|e-mails?|reminders?|follow[- ]?ups?|steps?|messages?|nudges?)`;

/** "don't add a text", "no new emails", "never add another step": an addition the note rules out (of a channel, or of any step when null). */
const readNoAdd: Reader = (clause) => {
  const match =
    new RegExp(
      String.raw`\b(?:do\s*n[o']?t|dont|never|no need to|without)\s+(?:add(?:ing)?|send(?:ing)?|put(?:ting)? in|insert(?:ing)?|includ(?:e|ing))\s+(?:an?\s+|any\s+|another\s+|one more\s+|more\s+)?(?:(?:extra|additional|new|other|more)\s+)?${ADD_NOUN}`,
      "i",
    ).exec(clause) ?? new RegExp(String.raw`\bno\s+(?:extra|additional|new)\s+${ADD_NOUN}`, "i").exec(clause);
  if (!match) return null;
  const noun = match[1]!;
  const channels: Array<Channel | null> = /^(?:sms|texts?|text messages?)$/i.test(noun) ? ["SMS"] : channelOf(noun) ? [channelOf(noun)] : [null];
  return channels.map((channel) => ({ ...base(clause, true), kind: "add" as const, channel, when: null, purpose: null }));
};

const readAdd: Reader = (clause, context) => {
  const match =
    new RegExp(
      String.raw`\b(?:add(?:ing)?|put|send|insert|include|want|need|have)\s+(?:in\s+)?(?:an?\s+|one\s+|another\s+|one more\s+|an extra\s+|some\s+)?(?:(?:extra|additional|short|quick|new|[\w-]+ing)\s+)?${ADD_NOUN}\b`,
      "i",
    ).exec(clause) ??
    new RegExp(String.raw`\b(?:more|another|one more|an? (?:extra|additional))\s+${ADD_NOUN}\b`, "i").exec(clause) ??
    new RegExp(String.raw`\b(?:an?\s+)?(?:sms|text)\s+(?:reminder|nudge|message)\b`, "i").exec(clause) ??
    /^(?:and\s+|also\s+|maybe\s+)?(?:an?|one|another)\s+(sms|text|email|e-mail|reminder)\b/i.exec(clause) ??
    /\b(text|email)\s+(?:them|people|customers|clients|patients|members)\b/i.exec(clause);
  if (!match || /\b(?:no|never|without|don'?t|dont|remove|drop|fewer)\b/i.test(clause.slice(0, match.index + 3))) return null;
  const noun = match[1] ?? "text";
  const channel: Channel = /^(?:sms|text)/i.test(noun) || (!channelOf(noun) && /\b(?:sms|text)\b/i.test(clause)) ? "SMS" : "Email";
  const about = /\babout\s+(.+)$/i.exec(clause)?.[1] ?? /\b((?:re-?book\w*|reorder|replenish\w*|restock|renewal)\s*\w*)\b/i.exec(clause)?.[1] ?? null;
  return [{ ...base(clause, false), kind: "add", channel, when: whenOf(clause.slice(match.index + match[0].length), context.anchor), purpose: about }];
};

const TONES: ReadonlyArray<readonly [RegExp, Tone]> = [
  [/\b(?:more formal|less casual|less chatty|too casual|too chatty|too informal|more professional|more polished|too familiar|less familiar)\b/i, "formal"],
  [/\b(?:more playful|playful|more fun|funnier|cheekier|more cheeky|wittier|more witty|too serious|too boring|too dry)\b/i, "playful"],
  [/\b(?:warmer|friendlier|more friendly|friendly|more personal|less formal|too formal|too stiff|too cold|more human|more conversational|more casual)\b/i, "warm"],
  [/\b(?:less salesy|too salesy|less pushy|too pushy|softer sell|less hard[- ]sell|less sales-y|less aggressive|too aggressive)\b/i, "less-salesy"],
  [/\b(?:guilt\w*|too scary|less scary|scare\w*|gentler|softer|too harsh|less harsh|shaming|too negative|kinder)\b/i, "gentle"],
  [/\b(?:plainer|simpler|less jargon|plain english|plain language|too technical|less technical)\b/i, "plain"],
  [/\b(?:shorter sentences|punchier|snappier|less wordy|too wordy)\b/i, "shorter"],
];

const readTone: Reader = (clause) => {
  const found = TONES.filter(([pattern]) => pattern.test(clause)).map(([, tone]) => tone);
  return found.length ? [{ ...base(clause, false), kind: "tone", tone: found[0]! }] : null;
};

/** Tried in order on each clause; the first that reads it wins (tone is also read alongside). */
const READERS: readonly Reader[] = [
  readWeekday,
  readNoChannel,
  readMerge,
  readCount,
  readAvoid,
  readLead,
  readAsk,
  readOffer,
  readMention,
  readRemove,
  readNoAdd,
  readAdd,
  readMove,
  readTiming,
  readTopic,
  readShorter,
];

function readClause(clause: string, context: ReadContext): Intent[] {
  if (VAGUE.test(clause.replace(/[.!?,\s]+$/, "").trim())) return [];
  const main = READERS.reduce<Intent[] | null>((found, reader) => found ?? reader(clause, context), null) ?? [];
  const tone = main.length && main.some((i) => i.kind !== "structure") ? [] : (readTone(clause, context) ?? []);
  return [...main, ...tone];
}

function sameIntent(a: Intent, b: Intent): boolean {
  if (a.kind === "offer" && b.kind === "offer" && a.op === "remove" && b.op === "remove") return JSON.stringify([a.target, a.code]) === JSON.stringify([b.target, b.code]);
  const { words: _a, ...restA } = a;
  const { words: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB) || (a.kind === "tone" && b.kind === "tone" && a.tone === b.tone);
}

/** A quote on its own after an added step is what the step says: "add a text … - 'your bread's ready'". */
function attachQuotes(intents: Intent[], clauses: string[]): Intent[] {
  const add = intents.find((intent): intent is Extract<Intent, { kind: "add" }> => intent.kind === "add" && !intent.negated);
  const quote = clauses.map((c) => /^["'](.{3,}?)["']?$/.exec(c)?.[1] ?? null).find(Boolean);
  if (add && quote && !add.purpose) add.purpose = quote;
  return intents;
}

/** Every intent of a note, in the note's order, each once. */
export function readIntents(note: string, context: ReadContext): Intent[] {
  const whole = [readOfferMove(note, context.codes), readReplace(note), readSplit(note)].filter((intent): intent is Intent => !!intent);
  const rest = whole.reduce((text, intent) => text.replace(intent.words, " . "), note);
  const clauses = clausesOf(rest);
  const found = [...whole, ...clauses.flatMap((clause) => readClause(clause, context))];
  const unique = found.filter((intent, index) => found.findIndex((other) => sameIntent(intent, other)) === index);
  return attachQuotes(unique, clauses).map((intent) => (intent.kind === "topic" ? { ...intent, topic: namedEarlier(intent.topic, note) } : intent));
}

/** "the upload" where the note named it before as "the prescription upload": the topic in the note's fuller words. */
export function namedEarlier(topic: string, note: string): string {
  const head = /([\p{L}-]{3,})\s*$/u.exec(topic)?.[1];
  if (!head) return topic;
  const fuller = new RegExp(String.raw`\b(?:the|a|an|your|their|our)\s+([\p{L}-]{3,})\s+${head}\b`, "iu").exec(note)?.[1];
  if (!fuller || new RegExp(String.raw`\b${fuller}\b`, "i").test(topic) || /^(?:first|second|third|last|next|same|other|whole|new)$/i.test(fuller)) return topic;
  return topic.replace(new RegExp(String.raw`\b${head}\s*$`, "u"), `${fuller} ${head}`);
}
