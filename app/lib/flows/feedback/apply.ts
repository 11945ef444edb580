import { type BusinessFacts, lowerStart, offerFor, upperStart } from "~/lib/business/facts";
import { type FlowType, flowTypeLabel } from "~/lib/flow-types";
import { type DraftTouchpoint, FIRST_TOUCH_MINUTES, SMS_REQUIRED_FLOW_TYPES, TOUCHPOINT_COUNT } from "~/lib/flows/rules";
import { MIN_GAP_MINUTES, retime } from "~/lib/flows/spacing";
import { roundSpanMinutes } from "~/lib/flows/summary";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * Feedback understood as a marketer means it. Each request is read for what it asks (add a text or
 * an email, remove a step, shorter, fewer emails, sooner or later, urgency, a discount, a friendlier
 * tone, "mention X in every email") and where ("before the second email", "3 days after the first",
 * "4 weeks after the purchase"). Every change is named in the reply; what cannot be done is said,
 * with the reason. Never two sends at one moment: a new step goes between its neighbours.
 */

export interface FeedbackInput {
  flowType: FlowType;
  facts: BusinessFacts;
  touchpoints: readonly DraftTouchpoint[];
  feedback: string;
  smsAllowed: boolean;
}

export interface FeedbackResult {
  touchpoints: DraftTouchpoint[];
  /** "added an SMS reminder 2 days after signup, before the second email" */
  changes: string[];
  /** "added no SMS: your business sends email only" */
  refused: string[];
  /** Things the user must do ("Fill in [YOUR DISCOUNT CODE] before sending."). */
  todo: string[];
  /** False when nothing in the feedback could be acted on. */
  understood: boolean;
}

/** The marked placeholder for a discount code the business has not given. */
export const DISCOUNT_CODE_PLACEHOLDER = "[YOUR DISCOUNT CODE]";

const ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  sixth: 6,
  "6th": 6,
  seventh: 7,
  "7th": 7,
  eighth: 8,
  "8th": 8,
  last: -1,
  final: -1,
};
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const UNIT_MINUTES: Record<string, number> = { minute: 1, hour: MINUTES_PER_HOUR, day: MINUTES_PER_DAY, week: 7 * MINUTES_PER_DAY, month: 30 * MINUTES_PER_DAY };

const CHANNEL = { email: "Email", emails: "Email", sms: "SMS", text: "SMS", texts: "SMS" } as const;

type Channel = "Email" | "SMS";

const KINDS = {
  addSms:
    /\b(?:more (?:sms|texts?|text messages)|add(?:ing)? (?:an? |one |another )?(?:sms|text)(?: message| reminder| nudge)?|(?:an? )?(?:sms|text) (?:reminder|nudge|message)|use sms|send (?:a |an )?(?:sms|text))\b/i,
  addEmail:
    /\b(?:add(?:ing)? (?:an? |one |another )?(?:email|e-mail|reminder|follow[- ]?up|step|message)|(?:an? )?(?:email )?(?:rebooking|re-booking|booking|reorder|replenishment|restock|renewal) reminder|another email|one more email|(?:an? )?(?:extra|additional) (?:email|step))\b/i,
  drop: /\b(?:remove|drop|delete|cut|skip|get rid of|lose)\b/i,
  noSms: /\b(?:no (?:sms|texts?)|without (?:sms|texts?)|remove (?:the |all )?(?:sms|texts?))\b/i,
  shorter: /\b(?:shorter|too long|condense|tighten|trim|brief|concise|fewer (?:steps|touchpoints|messages))\b/i,
  fewerEmails: /\b(?:fewer|less|too many) e-?mails?\b/i,
  sooner: /\b(?:sooner|faster|earlier|quicker|closer together|too slow|less time between|tighter timing)\b/i,
  later: /\b(?:space (?:them |it )?out|more time between|slower|too (?:fast|soon|close)|further apart|wait longer|more spread)\b/i,
  discount: /\b(?:discount|coupon|promo(?:tion)? code|\d{1,2}\s?% off|percent off|[$£€]\d+ off)\b/i,
  urgency: /\b(?:urgen\w*|scarcity|deadline|fomo|time[- ]limited|last chance)\b/i,
  friendlier: /\b(?:friendl\w*|warmer|warm|casual|less formal|conversational|personal|human)\b/i,
  firstWithin:
    /\b(?:first|initial|opening)\s+(?:message|reminder|email|e-mail|sms|text|step|touch(?:point)?|one)\b[^.]*?\b(?:within|after|at)\s+(\d+|an?|one|two|three|four)\s+(minutes?|hours?)\b/i,
  mention:
    /\b(?:mention|include|talk about|feature|highlight|promote|remind (?:them|people|customers) (?:of|about))\s+(.{3,80}?)\s+in (?:every|each|all)(?: of)?(?: the| our)? (?:emails?|messages?|steps?)\b/i,
} as const;

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function ordinalWord(n: number) {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][n - 1] ?? `${n}th`;
}

function bullets(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*[•\-*]\s*/, "").trim())
    .filter(Boolean);
}

function joinBullets(items: string[]): string {
  return items.map((item) => `• ${item}`).join("\n");
}

/** "the second email", "step 3", "the last message": the index in the list, or null. */
function resolveReference(ordinal: string | undefined, number: string | undefined, noun: string, list: readonly DraftTouchpoint[]): number | null {
  const channel = CHANNEL[noun.toLowerCase() as keyof typeof CHANNEL] as Channel | undefined;
  const pool = list.map((tp, index) => ({ tp, index })).filter(({ tp }) => !channel || tp.stepType === channel);
  const position = number ? Number(number) : ordinal ? ORDINALS[ordinal.toLowerCase()] : undefined;
  if (position === undefined) return null;
  const found = position === -1 ? pool[pool.length - 1] : pool[position - 1];
  return found ? found.index : null;
}

const REF = String.raw`(?:the\s+)?(?:(first|second|third|fourth|fifth|sixth|seventh|eighth|1st|2nd|3rd|4th|5th|6th|7th|8th|last|final)\s+(email|e-mail|sms|text|message|step|touchpoint|one)|(step|email|message|touchpoint|sms)\s*#?(\d+))`;

interface Placement {
  /** Minutes after the trigger. */
  at: number;
  /** How the reply says where it went: "before the second email". */
  words: string;
}

function toMinutes(amount: string, unit: string): number {
  const n = NUMBER_WORDS[amount.toLowerCase()] ?? Number(amount);
  return n * (UNIT_MINUTES[unit.toLowerCase().replace(/s$/, "")] ?? MINUTES_PER_DAY);
}

/** Where the feedback puts a new step, or null when it does not say. */
export function placementOf(feedback: string, list: readonly DraftTouchpoint[]): Placement | null {
  const relative = new RegExp(String.raw`\b(before|after)\s+${REF}`, "i").exec(feedback);
  const timed = new RegExp(
    String.raw`\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(minutes?|hours?|days?|weeks?|months?)\s+(?:after|later than)\s+(?:${REF}|(?:the\s+|their\s+|a\s+)?(purchase|order|signup|sign-up|booking|visit|appointment|trigger|start|opt-in|first visit|first order))`,
    "i",
  ).exec(feedback);
  if (timed) {
    const minutes = toMinutes(timed[1]!, timed[2]!);
    const refIndex = timed[3] || timed[5] ? resolveReference(timed[3], timed[6], timed[4] ?? timed[5] ?? "step", list) : null;
    const anchor = refIndex !== null ? list[refIndex]!.offsetMinutes : 0;
    const what = refIndex !== null ? `the ${ordinalWord(refIndex + 1)} step` : (timed[7] ?? "the trigger").toLowerCase();
    return { at: anchor + minutes, words: `${timed[1]} ${timed[2]} after ${what.startsWith("the") ? what : `the ${what}`}` };
  }
  if (relative) {
    const index = resolveReference(relative[2], relative[5], relative[3] ?? relative[4] ?? "step", list);
    if (index === null) return null;
    const named = relative[3] ? `the ${relative[2]!.toLowerCase()} ${relative[3].toLowerCase() === "one" ? "step" : relative[3].toLowerCase()}` : `step ${index + 1}`;
    if (relative[1]!.toLowerCase() === "before") {
      const previous = list[index - 1]?.offsetMinutes ?? list[index]!.offsetMinutes;
      const target = list[index]!.offsetMinutes;
      const gap = target - previous;
      const at = index === 0 ? Math.max(0, target - MIN_GAP_MINUTES) : gap >= 2 * MIN_GAP_MINUTES ? previous + roundSpanMinutes(gap / 2) : previous + Math.floor(gap / 2);
      return { at: Math.min(at, Math.max(previous, target - MIN_GAP_MINUTES)), words: `before ${named}` };
    }
    const from = list[index]!.offsetMinutes;
    const next = list[index + 1]?.offsetMinutes;
    const at = next === undefined ? from + MINUTES_PER_DAY : next - from >= 2 * MIN_GAP_MINUTES ? from + roundSpanMinutes((next - from) / 2) : from + Math.floor((next - from) / 2);
    return { at, words: `after ${named}` };
  }
  return null;
}

/** The widest gap between two sends (where a new step disturbs least), its middle rounded. */
function widestGap(list: readonly DraftTouchpoint[], avoid?: Channel): Placement {
  let best = { at: (list[list.length - 1]?.offsetMinutes ?? 0) + MINUTES_PER_DAY, gap: -1, after: list.length - 1 };
  for (let i = 0; i + 1 < list.length; i++) {
    if (avoid && (list[i]!.stepType === avoid || list[i + 1]!.stepType === avoid)) continue;
    const gap = list[i + 1]!.offsetMinutes - list[i]!.offsetMinutes;
    if (gap > best.gap) best = { at: list[i]!.offsetMinutes + roundSpanMinutes(gap / 2), gap, after: i };
  }
  if (best.gap < 2 * MIN_GAP_MINUTES && avoid) return widestGap(list);
  const next = list[best.after + 1];
  return { at: best.at, words: next ? `between the ${ordinalWord(best.after + 1)} and ${ordinalWord(best.after + 2)} steps` : `after the last step` };
}

function insertAt(list: DraftTouchpoint[], step: DraftTouchpoint): DraftTouchpoint[] {
  const out = [...list, step];
  // Stable: a new step at the same minute as an existing one goes after it (and is then spaced).
  return out
    .map((tp, i) => ({ tp, i }))
    .sort((a, b) => a.tp.offsetMinutes - b.tp.offsetMinutes || a.i - b.i)
    .map(({ tp }) => tp);
}

function anchorOf(list: readonly DraftTouchpoint[]): string {
  return /\bafter (.+)$/i.exec(list[0]?.timingText ?? "")?.[1] ?? "the trigger";
}

function newSms(facts: BusinessFacts, flowType: FlowType, list: readonly DraftTouchpoint[], at: number): DraftTouchpoint {
  const existing = list.filter((tp) => tp.stepType === "SMS").length;
  const unit = facts.action.first.replace(/^first /, "");
  const titles =
    flowType === "abandoned_cart"
      ? ["Your cart is still saved", "One tap to finish checkout", "Last text about your cart"]
      : facts.kind === "service"
        ? [`A quick text: book your ${unit}`, `Your ${unit} is one tap away`, "A last quick text from us"]
        : ["A quick text from us", "A short reminder by text", "One last text"];
  const used = new Set(list.map((tp) => tp.title.toLowerCase()));
  const title = titles.find((t) => !used.has(t.toLowerCase())) ?? `${titles[0]} (${existing + 1})`;
  return {
    stepType: "SMS",
    offsetMinutes: at,
    timingText: retime(`after ${anchorOf(list)}`, at),
    title,
    primaryGoal: existing
      ? "A second, different nudge on the text channel for those who have not acted."
      : "A short, personal nudge on a second channel for those who have not acted on the emails.",
    keyMessages: joinBullets([
      `Open with "${facts.brand}:"`,
      existing ? "A different reason to act than the first text" : "One reason to act now",
      "One short link, then 'Reply STOP to opt out'",
    ]),
    callToAction: flowType === "abandoned_cart" ? "Tap to finish checkout" : facts.kind === "service" ? "Tap to book" : "Tap to take a look",
  };
}

function newEmail(facts: BusinessFacts, feedback: string, list: readonly DraftTouchpoint[], at: number, channel: Channel): DraftTouchpoint {
  const unit = facts.action.first.replace(/^first /, "");
  const rebook = /\b(?:re-?book\w*|booking reminder)\b/i.test(feedback);
  const reorder = /\b(?:reorder|replenish\w*|restock|running low)\b/i.test(feedback);
  const renewal = /\brenewal\b/i.test(feedback);
  const [title, goal, messages, cta] = rebook
    ? [`Time to book your next ${unit}`, `Invite a rebooking at the right moment.`, ["Invite them to book the next visit", "Link straight to open slots"], facts.action.again]
    : reorder
      ? ["Running low? Reorder in one click", "Time the reorder before they run out.", ["Reorder in one click", "What's new since the last order"], "Reorder now"]
      : renewal
        ? ["Your renewal is coming up", "Remind them of the renewal and what it brings.", ["The renewal date and what it includes", "How to change the plan"], "Review my plan"]
        : [
            "A short reminder",
            "A short reminder for those who have not acted yet.",
            ["One reason to act, in a line", facts.guarantee ? `Reassure: ${facts.guarantee}` : "One clear next step"],
            facts.action.cta,
          ];
  const used = new Set(list.map((tp) => tp.title.toLowerCase()));
  const unique = used.has(title.toLowerCase()) ? `${title}: one more time` : title;
  if (channel === "SMS")
    return {
      ...newSms(facts, "onboarding", list, at),
      title: used.has(`Text: ${title}`.toLowerCase()) ? unique : `Text: ${title}`,
      primaryGoal: goal,
      callToAction: cta.replace(/^(\w)/, "Tap to $1").replace(/^Tap to (\w)/, (_m, c: string) => `Tap to ${c.toLowerCase()}`),
    };
  return {
    stepType: "Email",
    offsetMinutes: at,
    timingText: retime(`after ${anchorOf(list)}`, at),
    title: unique,
    primaryGoal: goal,
    keyMessages: joinBullets(messages),
    callToAction: cta,
  };
}

/** A middle step of least weight: not the first, not the last, an email before an SMS. */
function leastNeededIndex(list: readonly DraftTouchpoint[], channel?: Channel): number | null {
  const smsCount = list.filter((tp) => tp.stepType === "SMS").length;
  for (let index = list.length - 2; index >= 1; index--) {
    const tp = list[index]!;
    if (channel && tp.stepType !== channel) continue;
    if (tp.stepType === "SMS" && smsCount === 1) continue;
    return index;
  }
  return null;
}

/** The step the feedback names for removal ("drop step 3", "remove the second email", "cut 'Why we started'"). */
function namedStep(feedback: string, list: readonly DraftTouchpoint[]): number | null {
  const ref = new RegExp(String.raw`\b(?:remove|drop|delete|cut|skip|get rid of|lose)\s+${REF}`, "i").exec(feedback);
  if (ref) return resolveReference(ref[1], ref[4], ref[2] ?? ref[3] ?? "step", list);
  const quoted = /["“'‘]([^"”'’]{3,})["”'’]/.exec(feedback)?.[1]?.toLowerCase();
  const text = feedback.toLowerCase();
  const index = list.findIndex((tp) => (quoted ? tp.title.toLowerCase().includes(quoted) : text.includes(tp.title.toLowerCase())));
  return index === -1 ? null : index;
}

/** "3 emails max", "no more than four steps", "only 2 texts": how many the feedback allows, of which channel (null: any step). */
function countAsked(feedback: string): { n: number; channel: Channel | null } | null {
  const num = String.raw`(\d+|one|two|three|four|five|six|seven|eight)`;
  const noun = String.raw`(emails?|e-mails?|texts?|sms|messages?|steps?|touchpoints?)`;
  const match =
    new RegExp(String.raw`\b(?:at most|max(?:imum)?(?: of)?|no more than|only|just|down to|cut (?:it )?to|keep it to|limit (?:it )?to)\s+${num}\s+${noun}\b`, "i").exec(feedback) ??
    new RegExp(String.raw`\b${num}\s+${noun}\s+(?:max(?:imum)?|at most|tops|or fewer|or less)\b`, "i").exec(feedback);
  if (!match) return null;
  const n = NUMBER_WORDS[match[1]!.toLowerCase()] ?? Number(match[1]);
  if (!Number.isFinite(n) || n < 1) return null;
  const word = match[2]!.toLowerCase();
  return { n, channel: /^e-?mail/.test(word) ? "Email" : /^(?:text|sms)/.test(word) ? "SMS" : null };
}

/** The one step a timing request names ("the second email should come sooner", "send step 3 later"), or null. */
function namedForTiming(feedback: string, list: readonly DraftTouchpoint[]): number | null {
  const ref = new RegExp(REF, "i").exec(feedback);
  return ref ? resolveReference(ref[1], ref[4], ref[2] ?? ref[3] ?? "step", list) : null;
}

/** Spreads or tightens the steps timed from the trigger; a step timed from a date keeps its timing. */
function scaleTiming(list: DraftTouchpoint[], factor: number, minFirst: number): DraftTouchpoint[] {
  const start = list[0]?.offsetMinutes ?? 0;
  return list.map((tp, index) => {
    if (index === 0 || tp.timing) return tp;
    const offsetMinutes = Math.max(start, minFirst, roundSpanMinutes(start + (tp.offsetMinutes - start) * factor));
    return { ...tp, offsetMinutes, timingText: retime(tp.timingText, offsetMinutes) };
  });
}

export function applyFeedback(input: FeedbackInput): FeedbackResult {
  const { flowType, facts, feedback, smsAllowed } = input;
  const { min, max } = TOUCHPOINT_COUNT[flowType];
  let list = input.touchpoints.map((tp) => ({ ...tp }));
  const changes: string[] = [];
  const refused: string[] = [];
  const todo: string[] = [];
  let understood = false;
  const label = `${/^[AEIOU]/i.test(flowTypeLabel(flowType)) ? "an" : "a"} ${flowTypeLabel(flowType)} flow`;
  const anchor = anchorOf(list);
  const when = (at: number) => (at === 0 ? `immediately after ${anchor}` : `${formatDuration(at)} after ${anchor}`);

  const placement = placementOf(feedback, list);
  const mentionsText = /\b(?:sms|text)\b/i.test(feedback);

  if (KINDS.drop.test(feedback) && !KINDS.noSms.test(feedback)) {
    const index = namedStep(feedback, list);
    if (index !== null) {
      understood = true;
      if (list.length > min) {
        changes.push(`removed step ${index + 1} ("${list[index]!.title}")`);
        list.splice(index, 1);
      } else refused.push(`kept step ${index + 1}: ${label} needs at least ${min} steps`);
    }
  }
  if (KINDS.noSms.test(feedback)) {
    understood = true;
    const required = SMS_REQUIRED_FLOW_TYPES.includes(flowType);
    const texts = list.filter((tp) => tp.stepType === "SMS");
    if (!texts.length) refused.push("found no SMS to remove");
    else if (required && smsAllowed)
      refused.push(`kept the SMS: ${label} for an Email + SMS business keeps at least one text (change Communication channels to Email only to go without)`);
    else {
      list = list.filter((tp) => tp.stepType !== "SMS");
      changes.push(`removed ${plural(texts.length, "SMS step")}`);
    }
  }
  if (KINDS.addSms.test(feedback) && !KINDS.noSms.test(feedback)) {
    understood = true;
    if (!smsAllowed) refused.push("added no SMS: your answers say your business uses email only (change Communication channels to Email + SMS to use texts)");
    else if (list.length >= max)
      refused.push(
        `added no SMS: ${label} has at most ${max} steps; remove one first (for example "remove step ${leastNeededIndex(list) !== null ? leastNeededIndex(list)! + 1 : 2}")`,
      );
    else {
      const spot = placement ?? widestGap(list, "SMS");
      const sms = newSms(facts, flowType, list, spot.at);
      list = insertAt(list, sms);
      changes.push(`added an SMS ("${sms.title}") ${when(spot.at)}, ${spot.words}`);
    }
  } else if (KINDS.addEmail.test(feedback)) {
    understood = true;
    const channel: Channel = mentionsText && smsAllowed ? "SMS" : "Email";
    if (list.length >= max) refused.push(`added no step: ${label} has at most ${max} steps; remove one first`);
    else {
      const spot =
        placement ??
        (/\b(?:re-?book|reorder|replenish|restock|renewal)\w*/i.test(feedback) && facts.cycleDays
          ? { at: facts.cycleDays * MINUTES_PER_DAY, words: `at the buying cycle (about every ${formatDuration(facts.cycleDays * MINUTES_PER_DAY)})` }
          : widestGap(list));
      const step = newEmail(facts, feedback, list, spot.at, channel);
      list = insertAt(list, step);
      changes.push(`added ${channel === "SMS" ? "an SMS" : "an email"} ("${step.title}") ${when(spot.at)}, ${spot.words}`);
    }
  }
  const count = countAsked(feedback);
  const shorterAsked = KINDS.shorter.test(feedback) || (count !== null && count.n < (count.channel ? list.filter((tp) => tp.stepType === count.channel).length : list.length));
  if (count && shorterAsked) {
    understood = true;
    const countOf = () => (count.channel ? list.filter((tp) => tp.stepType === count.channel).length : list.length);
    const removed: string[] = [];
    while (countOf() > count.n && list.length > min) {
      const index = leastNeededIndex(list, count.channel ?? undefined);
      if (index === null) break;
      removed.push(list[index]!.title);
      list.splice(index, 1);
    }
    const noun = count.channel === "SMS" ? "text" : count.channel === "Email" ? "email" : "step";
    if (removed.length)
      changes.push(
        `cut it to ${plural(countOf(), noun)}: dropped ${removed
          .reverse()
          .map((t) => `"${t}"`)
          .join(" and ")}`,
      );
    if (countOf() > count.n)
      refused.push(`kept ${plural(countOf(), noun)}: ${label} needs at least ${min} steps${count.channel === "SMS" ? " and its text" : ""}, so ${count.n} is too few`);
  } else if (KINDS.shorter.test(feedback)) {
    understood = true;
    const target = Math.max(min, Math.ceil(list.length * 0.7));
    const removed: string[] = [];
    while (list.length > target) {
      const index = leastNeededIndex(list);
      if (index === null) break;
      removed.push(list[index]!.title);
      list.splice(index, 1);
    }
    list = list.map((tp) => ({ ...tp, keyMessages: joinBullets(bullets(tp.keyMessages).slice(0, 3)) }));
    changes.push(
      removed.length
        ? `made it shorter: dropped ${removed.map((t) => `"${t}"`).join(", ")} and kept each step to three key messages`
        : `kept each step to three key messages (${min} steps is the shortest ${label} can be)`,
    );
  }
  if (KINDS.fewerEmails.test(feedback) && !(count && shorterAsked)) {
    understood = true;
    const index = leastNeededIndex(list, "Email");
    if (index !== null && list.length > min) {
      changes.push(`removed one email ("${list[index]!.title}")`);
      list.splice(index, 1);
    } else refused.push(`kept the emails: the flow is at its minimum of ${min} steps`);
  }
  // "Send the last email later" moves that one step; a bare "later" elsewhere in a note does not retime the flow.
  const laterOne = KINDS.later.test(feedback) || /\blater\b/i.test(feedback);
  const moved = (KINDS.sooner.test(feedback) || laterOne) && !placement ? namedForTiming(feedback, list) : null;
  if (moved !== null && moved > 0 && list[moved]!.timing) {
    understood = true;
    const tp = list[moved]!;
    refused.push(
      `kept the ${ordinalWord(moved + 1)} step ("${tp.title}") where it is: it is timed from a date (${tp.timingText || "an event"}); change its timing in the Edit Touchpoint dialog`,
    );
  } else if (moved !== null && moved > 0) {
    understood = true;
    const sooner = !laterOne;
    const tp = list[moved]!;
    const previous = list[moved - 1]!.offsetMinutes;
    const next = list[moved + 1]?.offsetMinutes;
    const before = tp.offsetMinutes;
    const at = sooner
      ? Math.max(previous + MIN_GAP_MINUTES, roundSpanMinutes(previous + (before - previous) / 2))
      : next === undefined
        ? roundSpanMinutes(before + Math.max(MINUTES_PER_DAY, (before - previous) / 2))
        : Math.min(next - MIN_GAP_MINUTES, roundSpanMinutes(before + (next - before) / 2));
    if ((sooner && at < before) || (!sooner && at > before)) {
      list[moved] = { ...tp, offsetMinutes: at, timingText: retime(tp.timingText, at) };
      changes.push(
        `moved the ${ordinalWord(moved + 1)} step ("${tp.title}") ${sooner ? "sooner" : "later"}: ${when(at)} instead of ${formatDuration(before)}; the other steps keep their times`,
      );
    } else
      refused.push(
        `kept the ${ordinalWord(moved + 1)} step ("${tp.title}") where it is: it already goes as ${sooner ? "soon after the step before" : "late before the step after"} as the spacing rules allow`,
      );
  } else if (KINDS.sooner.test(feedback) || KINDS.urgency.test(feedback) || KINDS.later.test(feedback)) {
    understood = true;
    const sooner = !KINDS.later.test(feedback);
    const lastBefore = list[list.length - 1]!.offsetMinutes;
    list = scaleTiming(list, sooner ? 0.6 : 1.5, 0);
    const lastAfter = list[list.length - 1]!.offsetMinutes;
    changes.push(
      sooner
        ? `brought the steps closer together: the last one now goes ${formatDuration(lastAfter)} after ${anchor} instead of ${formatDuration(lastBefore)}`
        : `spaced the steps out: the last one now goes ${formatDuration(lastAfter)} after ${anchor} instead of ${formatDuration(lastBefore)}`,
    );
  }
  const first = KINDS.firstWithin.exec(feedback);
  if (first && list.length) {
    understood = true;
    const wanted = toMinutes(first[1]!, first[2]!);
    const window = FIRST_TOUCH_MINUTES[flowType];
    const at = window ? Math.min(window.max, Math.max(window.min, wanted)) : wanted;
    const before = list[0]!.offsetMinutes;
    list[0] = { ...list[0]!, offsetMinutes: at, timingText: retime(list[0]!.timingText, at) };
    changes.push(
      `moved the first step ("${list[0]!.title}") to ${formatDuration(at)} after ${anchor} (it was ${formatDuration(before)})${at !== wanted ? `, the closest the ${flowTypeLabel(flowType)} rules allow` : ""}`,
    );
  }
  if (KINDS.urgency.test(feedback)) {
    const index = list.length - 1;
    const last = list[index]!;
    const offer = offerFor(facts, flowType, { incentiveOnly: true });
    const deadline = offer
      ? `Say when the offer ends: ${offer.text}${offer.code && !offer.text.includes(offer.code) ? ` (code ${offer.code})` : ""}`
      : "Say plainly that this is the last reminder";
    list[index] = {
      ...last,
      title: /^last chance/i.test(last.title) ? last.title : `Last chance: ${lowerStart(last.title, facts.brand)}`,
      keyMessages: joinBullets([deadline, ...bullets(last.keyMessages)].slice(0, 5)),
    };
    changes.push(`made the last step ("${list[index]!.title}") a clear last chance`);
  }
  if (KINDS.discount.test(feedback)) {
    understood = true;
    const index = list.length - 1;
    const last = list[index]!;
    // An offer belongs to its flows: a first-order discount is never offered to existing customers.
    const own = offerFor(facts, flowType, { incentiveOnly: true });
    const asked = /(\d{1,2})\s?%/.exec(feedback)?.[1] ?? /([$£€]\d+)\s?off/i.exec(feedback)?.[1] ?? null;
    if (own && (!asked || own.value === (asked.startsWith("$") || asked.startsWith("£") || asked.startsWith("€") ? asked : `${asked}%`))) {
      const line = `The offer exactly as given: ${own.text}${own.code && !own.text.includes(own.code) ? ` (code ${own.code})` : ""}`;
      list[index] = {
        ...last,
        keyMessages: joinBullets([line, ...bullets(last.keyMessages).filter((l) => !/offer exactly as given/i.test(l))].slice(0, shorterAsked ? 3 : 5)),
        callToAction: `Claim ${own.headline.toLowerCase()}`,
      };
      changes.push(`put your own offer, ${own.text}, on the last step ("${last.title}")`);
    } else {
      const value = asked ? (/^[$£€]/.test(asked) ? `${asked} off` : `${asked}% off`) : "[YOUR DISCOUNT]";
      const line = `Offer ${value} with code ${DISCOUNT_CODE_PLACEHOLDER}`;
      list[index] = {
        ...last,
        keyMessages: joinBullets([line, ...bullets(last.keyMessages).filter((l) => !/\[YOUR DISCOUNT/.test(l))].slice(0, shorterAsked ? 3 : 5)),
        callToAction: asked ? `Claim ${value}` : "Claim my discount",
      };
      changes.push(`added ${asked ? value : "a discount"} to the last step ("${last.title}"), the only step with an incentive so earlier emails do not train people to wait`);
      todo.push(`Your answers hold no discount code, so the step says ${DISCOUNT_CODE_PLACEHOLDER}${asked ? "" : " and [YOUR DISCOUNT]"}: fill in your own before sending.`);
    }
  }
  if (KINDS.friendlier.test(feedback)) {
    understood = true;
    list = list.map((tp) => ({
      ...tp,
      keyMessages: joinBullets(
        ["Tone: warm and personal, first name, contractions welcome, signed by a real person", ...bullets(tp.keyMessages).filter((l) => !/^tone:/i.test(l))].slice(0, 5),
      ),
    }));
    changes.push("made the tone friendlier: every step is briefed as a personal note, by first name and signed by a real person");
  }
  const mention = KINDS.mention.exec(feedback);
  if (mention) {
    understood = true;
    const topic = mention[1]!.replace(/^(?:the fact that|that)\s+/i, "").trim();
    let count = 0;
    list = list.map((tp) => {
      if (tp.stepType !== "Email") return tp;
      count++;
      const lines = bullets(tp.keyMessages).filter((l) => !/^mention\b/i.test(l));
      const kept = lines.slice(0, 4);
      return { ...tp, keyMessages: joinBullets([...kept, `Mention ${topic}`]) };
    });
    changes.push(`added "${upperStart(topic)}" to every email (${plural(count, "email")})`);
  }
  return { touchpoints: list, changes, refused, todo, understood };
}
