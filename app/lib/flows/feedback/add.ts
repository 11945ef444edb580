import { type BusinessFacts, sentencesOf } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { answersConflict } from "~/lib/flows/feedback/conflicts";
import type { Intent } from "~/lib/flows/feedback/intents";
import { addBriefLine, claim, countLimits, type FeedbackState, flowLabel, type Handler, joinBullets, leastNeededIndex, refuse, triggerWords } from "~/lib/flows/feedback/steps";
import { type Spot, spotOf, widestGap } from "~/lib/flows/feedback/when";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { formatDuration, MINUTES_PER_DAY } from "~/lib/timing";

/**
 * Addition: a text or an email, where the note says ("2 hours before the appointment", "between
 * the first and second email", "an hour after they leave") or in the widest gap. A step timed from
 * a date carries that timing. What the step should say ("about…", a quote) goes into its brief.
 */

type Add = Extract<Intent, { kind: "add" }>;

function smsTitle(facts: BusinessFacts, flowType: FlowType, list: readonly DraftTouchpoint[], spot: Spot): string {
  if (spot.timing) return `Reminder: ${spot.words}`;
  const unit = facts.action.first.replace(/^first /, "");
  const titles =
    flowType === "abandoned_cart"
      ? [`Your ${facts.abandoned} is still saved`, `One tap to finish your ${facts.abandoned}`, `Last text about your ${facts.abandoned}`]
      : facts.kind === "service"
        ? [`A quick text: book your ${unit}`, `Your ${unit} is one tap away`, "A last quick text from us"]
        : ["A quick text from us", "A short reminder by text", "One last text"];
  const used = new Set(list.map((tp) => tp.title.toLowerCase()));
  return titles.find((t) => !used.has(t.toLowerCase())) ?? `${titles[0]} (${list.length + 1})`;
}

/** The owner's own instruction for arriving ("arrive 10 min early for forms" → "arrive 10 minutes early for forms"), or null. */
export function arrivalOf(facts: BusinessFacts): string | null {
  const pattern =
    /\b(?:arrive|get (?:here|there)|come in|be (?:here|there))\s+(?:about\s+|at least\s+)?(?:\d+|five|ten|fifteen|twenty)\s*(?:min(?:ute)?s?)\s+(?:early|before)\b[^.;,)(→]*/i;
  for (const text of [...facts.prep, ...facts.nextSteps, ...sentencesOf(facts.answerText)]) {
    const found = pattern.exec(text)?.[0];
    if (found) return found.replace(/\bmins?\b/i, "minutes").trim();
  }
  return null;
}

/** A reminder shortly before the date: the time, and the owner's own instruction for the day. */
function beforeDate(facts: BusinessFacts): DraftTouchpoint["keyMessages"] {
  const arrival = arrivalOf(facts);
  return joinBullets([
    `Open with "${facts.brand}:"`,
    "The time, and what to do on the day",
    ...(arrival ? [BRIEF_LINE.mention(arrival)] : []),
    "One short link, then 'Reply STOP to opt out'",
  ]);
}

function newSms(facts: BusinessFacts, flowType: FlowType, list: readonly DraftTouchpoint[], spot: Spot): DraftTouchpoint {
  const existing = list.some((tp) => tp.stepType === "SMS");
  // A text just before the date reminds: the customer has booked already, so it never asks them to book.
  if (spot.timing?.type === "relative_event" && spot.timing.direction === "before")
    return {
      stepType: "SMS",
      offsetMinutes: spot.at,
      timingText: spot.timingText,
      timing: spot.timing,
      title: smsTitle(facts, flowType, list, spot),
      primaryGoal: `A short reminder by text, ${spot.words}.`,
      keyMessages: beforeDate(facts),
      callToAction: "Tap to see the details",
    };
  return {
    stepType: "SMS",
    offsetMinutes: spot.at,
    timingText: spot.timingText,
    ...(spot.timing ? { timing: spot.timing } : {}),
    title: smsTitle(facts, flowType, list, spot),
    primaryGoal: spot.timing
      ? `A short reminder by text, ${spot.words}.`
      : existing
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

function newEmail(facts: BusinessFacts, purpose: string | null, spot: Spot): DraftTouchpoint {
  const unit = facts.action.first.replace(/^first /, "");
  const text = purpose ?? "";
  const [title, goal, messages, cta] = /\bre-?book/i.test(text)
    ? [`Time to book your next ${unit}`, "Invite a rebooking at the right moment.", ["Invite them to book the next visit", "Link straight to open slots"], facts.action.again]
    : /\b(?:reorder|replenish|restock)/i.test(text)
      ? ["Running low? Reorder in one click", "Time the reorder before they run out.", ["Reorder in one click", "When the last one is likely to run out"], "Reorder now"]
      : /\brenewal\b/i.test(text)
        ? ["Your renewal is coming up", "Remind them of the renewal and what it brings.", ["The renewal date and what it includes", "How to change the plan"], "Review my plan"]
        : [
            "One more thing worth knowing",
            "Answer the question that stops people acting.",
            ["The question asked most before buying, answered", "One clear next step"],
            facts.action.cta,
          ];
  return {
    stepType: "Email",
    offsetMinutes: spot.at,
    timingText: spot.timingText,
    ...(spot.timing ? { timing: spot.timing } : {}),
    title,
    primaryGoal: goal,
    keyMessages: joinBullets(messages),
    callToAction: cta,
  };
}

/** A step of the channel already at that moment of the same date: the note's words go into it instead of a second send. */
function sameMoment(list: readonly DraftTouchpoint[], spot: Spot, channel: Add["channel"]): number {
  if (spot.timing?.type !== "relative_event") return -1;
  const want = spot.timing;
  const near = (minutes: number, text: string | null | undefined) =>
    Math.abs(minutes - want.minutes) <= 6 * 60 || (!!text && text.toLowerCase() === want.displayText?.toLowerCase());
  return list.findIndex(
    (tp) =>
      tp.stepType === channel &&
      tp.timing?.type === "relative_event" &&
      tp.timing.event === want.event &&
      tp.timing.direction === want.direction &&
      near(tp.timing.minutes, tp.timing.displayText),
  );
}

function whyNot(state: FeedbackState, intent: Add, context: Parameters<Handler>[2]): string | null {
  const { max } = countLimits(context.flowType);
  const noun = intent.channel === "SMS" ? "SMS" : "email";
  if (intent.channel === "SMS" && !context.smsAllowed)
    return "added no SMS: your answers say your business uses email only (change Communication channels to Email + SMS to use texts)";
  if (intent.channel === "SMS" && context.intents.some((i) => i.kind === "structure" && i.op === "no-channel")) return "added no SMS: your note also says no texts";
  if (context.intents.some((i) => i.kind === "add" && i.negated && (i.channel === null || i.channel === intent.channel)))
    return `added no ${noun}: your note both asks for one and says not to add ${intent.channel === "SMS" ? "a text" : "one"}`;
  if (intent.when?.type === "unknown")
    return `added no ${noun}: a step can go a set time after the trigger or before or after a date (the appointment, pickup, delivery…), not "${intent.when.words}"`;
  if (state.list.length >= max) {
    const spare = leastNeededIndex(state.list);
    return `added no ${noun}: ${flowLabel(context.flowType)} has at most ${max} steps; remove one first (for example "remove step ${spare !== null ? spare + 1 : 2}")`;
  }
  return null;
}

function placeOf(state: FeedbackState, intent: Add, context: Parameters<Handler>[2]): Spot | null {
  const trigger = triggerWords(state.list);
  if (intent.when) return spotOf(intent.when, state.list, context.facts, trigger);
  if (intent.channel === "Email" && /\b(?:re-?book|reorder|replenish|restock|renewal)/i.test(intent.purpose ?? "") && context.facts.cycleDays) {
    const at = context.facts.cycleDays * MINUTES_PER_DAY;
    return { ...widestGap(state.list, trigger), at, timingText: `${formatDuration(at)} after ${trigger}`, words: `at the buying cycle (about every ${formatDuration(at)})` };
  }
  return widestGap(state.list, trigger, intent.channel === "SMS" ? "SMS" : undefined);
}

function briefed(step: DraftTouchpoint, purpose: string | null): DraftTouchpoint {
  if (!purpose || /^(?:re-?book|reorder|replenish|restock|renewal)/i.test(purpose)) return step;
  return { ...step, keyMessages: addBriefLine(step.keyMessages, BRIEF_LINE.mention(purpose)) };
}

function intoExisting(state: FeedbackState, index: number, intent: Add, spot: Spot): void {
  const tp = state.list[index]!;
  const noun = intent.channel === "SMS" ? "an SMS" : "an email";
  if (!intent.purpose) return refuse(state, "add", `added no second ${intent.channel === "SMS" ? "SMS" : "email"}: "${tp.title}" already goes ${spot.words}`);
  state.list[index] = briefed(tp, intent.purpose);
  const line = BRIEF_LINE.mention(intent.purpose);
  claim(state, "add", `put your words into "${tp.title}", ${noun} that already goes ${spot.words}`, (list) =>
    list.some((s) => s.title === tp.title && s.keyMessages.includes(line)),
  );
}

export const handleAdd: Handler<Add> = (state, intent, context) => {
  // "Don't add a text" changes nothing by itself: it only keeps the note's other additions out.
  if (intent.negated || !intent.channel) return;
  const reason = whyNot(state, intent, context) ?? (intent.purpose ? answersConflict(intent.purpose, context.facts) : null);
  if (reason) return refuse(state, "add", reason.startsWith("added") ? reason : `added no step about "${intent.purpose}": ${reason}`);
  const spot = placeOf(state, intent, context);
  if (!spot) return refuse(state, "add", `added no ${intent.channel === "SMS" ? "SMS" : "email"}: the flow has no step where your note puts it`);
  const existing = sameMoment(state.list, spot, intent.channel);
  if (existing !== -1) return intoExisting(state, existing, intent, spot);
  const base = intent.channel === "SMS" ? newSms(context.facts, context.flowType, state.list, spot) : newEmail(context.facts, intent.purpose, spot);
  const step = briefed(base, intent.purpose);
  state.list = [...state.list, step].sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  const noun = intent.channel === "SMS" ? "an SMS" : "an email";
  const when = spot.timing ? spot.words : `${spot.timingText.charAt(0).toLowerCase()}${spot.timingText.slice(1)}, ${spot.words}`.replace(/^(.+), \1$/, "$1");
  const saying = intent.purpose && step.keyMessages.includes(BRIEF_LINE.mention(intent.purpose)) ? `, saying "${intent.purpose}"` : "";
  claim(state, "add", `added ${noun} ("${step.title}") ${when}${saying}`, (list) => {
    const same = (tp: DraftTouchpoint) =>
      step.timing ? JSON.stringify(tp.timing) === JSON.stringify(step.timing) : !tp.timing && Math.abs(tp.offsetMinutes - step.offsetMinutes) <= 3 * 60;
    return list.some((tp) => tp.stepType === step.stepType && same(tp));
  });
};
