import { type BusinessFacts, sentencesOf, upperStart } from "~/lib/business/facts";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { answersConflict, noteConflict } from "~/lib/flows/feedback/conflicts";
import type { Intent } from "~/lib/flows/feedback/intents";
import { names, spelledOut } from "~/lib/content/asks";
import {
  addBriefLine,
  claim,
  describe,
  type FeedbackContext,
  type FeedbackState,
  type Handler,
  plural,
  refuse,
  resolve,
  targetWords,
  withBriefLine,
} from "~/lib/flows/feedback/steps";
import type { DraftTouchpoint } from "~/lib/flows/rules";

/**
 * Emphasis: what the copy leads with ("lead with the trial, not a discount", "push the refill
 * pouches"), what it mentions ("free parking behind the building in every email"), and the
 * brand's own word for one the flow uses ("it says 'subscription'. we say plan"). Written as brief
 * lines for the writer; a claim the answers contradict or a figure they never give is refused.
 */

type Emphasis = Extract<Intent, { kind: "emphasis" }>;

/** "the trial" → the owner's own words for it ("7-day free trial") when an offer matches. */
function ownWords(what: string, facts: BusinessFacts): string {
  const words = what.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const offer = facts.offers.find((o) => words.length > 0 && words.every((w) => o.text.toLowerCase().includes(w)));
  return offer && /^(?:the|a|an)\s+\p{L}+$/iu.test(what.trim()) ? offer.text : what;
}

function briefAll(state: FeedbackState, indices: number[], edit: (tp: DraftTouchpoint) => DraftTouchpoint): void {
  for (const i of indices) state.list[i] = edit(state.list[i]!);
}

function where(state: FeedbackState, indices: number[], intent: Emphasis): string {
  if (indices.length === 1) return describe(state.list, indices[0]!);
  const noun = intent.target.channel === "Email" ? "email" : "step";
  return `every ${noun} (${plural(indices.length, noun)})`;
}

function lead(state: FeedbackState, intent: Emphasis, indices: number[], what: string, context: FeedbackContext): void {
  const line = BRIEF_LINE.leadWith(what);
  const named = where(state, indices, intent);
  briefAll(state, indices, (tp) => ({ ...tp, keyMessages: withBriefLine(tp.keyMessages, line) }));
  claim(
    state,
    "emphasis",
    `made ${named} lead with ${what}${intent.instead ? `, not ${intent.instead}` : ""}`,
    (list) => list.filter((tp) => tp.keyMessages.includes(line)).length >= indices.length,
  );
  otherAddOn(state, what, intent.instead, context);
}

/**
 * An upsell led by one of the owner's add-ons still offers their other one, once, in the last email
 * ("UPSELL PT" for a gym that also sells InBody scans): an upsell presents what the business sells
 * to people who already buy, and the note chose what comes first, not what is left out.
 */
export function otherAddOn(state: FeedbackState, what: string, instead: string | null, context: FeedbackContext): void {
  const { facts } = context;
  if (context.flowType !== "upsell") return;
  const name = spelledOut(what, facts.answerText) ?? what;
  if (!facts.addOns.some((item) => names(item, name))) return;
  // What the note puts aside ("not the scans") or takes out elsewhere is never offered.
  const ruledOut = [instead, ...context.intents.filter((i) => i.negated && "what" in i).map((i) => String((i as { what: unknown }).what))].filter((w): w is string => !!w);
  const other = facts.addOns.find((item) => !names(item, name) && !ruledOut.some((w) => names(item, w)));
  const last = state.list
    .map((tp, i) => ({ tp, i }))
    .filter(({ tp }) => tp.stepType === "Email")
    .pop();
  if (!other || !last) return;
  const line = BRIEF_LINE.mention(other);
  state.list[last.i] = { ...last.tp, keyMessages: addBriefLine(last.tp.keyMessages, line) };
  claim(state, "emphasis", `offered your other add-on from your answers ("${other}") in the last email`, (list) => list.some((tp) => tp.keyMessages.includes(line)));
}

/** Where the owner says customers get help ("where to ask questions (community tab)", "live Q&A once a month"), at most two short clauses. */
export function helpOf(facts: BusinessFacts): string[] {
  const clauses = sentencesOf(facts.answerText)
    .filter((s) => !/→|->/.test(s))
    .flatMap((s) => s.split(/,\s+/))
    .map((c) => c.trim())
    .filter(
      (c) =>
        c.split(/\s+/).length <= 12 && /\b(?:ask (?:questions|us)|community|Q&A|office hours|help ?desk|support (?:team|chat|line)|live (?:call|session|chat|class))\b/i.test(c),
    );
  // Where to ask comes before when to ask: "where to ask questions (community tab)" before "the monthly Q&A dates".
  const rank = (c: string) => (/\b(?:ask|community|help ?desk|support)\b/i.test(c) ? 0 : 1);
  return [...new Set(clauses)].sort((a, b) => rank(a) - rank(b)).slice(0, 2);
}

function mention(state: FeedbackState, intent: Emphasis, indices: number[], what: string, facts: BusinessFacts): void {
  const line = BRIEF_LINE.mention(what);
  const named = where(state, indices, intent);
  // A question about being stuck comes with where the owner says help is.
  const help = /^ask (?:them |people )?(?:whether|if)\b.*\b(?:stuck|struggl\w*|lost|confused|need(?:ed)? help|gave up)\b/i.test(what) ? helpOf(facts) : [];
  briefAll(state, indices, (tp) => ({ ...tp, keyMessages: [line, ...help.map(BRIEF_LINE.mention)].reduce(addBriefLine, tp.keyMessages) }));
  const withHelp = help.length ? `, with where your answers say help is (${help.join("; ")})` : "";
  claim(state, "emphasis", `added "${upperStart(what)}" to ${named}${withHelp}`, (list) => list.filter((tp) => tp.keyMessages.includes(line)).length >= indices.length);
}

function swapWord(text: string, from: string, to: string): string {
  return text.replace(new RegExp(String.raw`\b${from}(s?)\b`, "gi"), (match, s: string) => (match[0] === match[0]!.toUpperCase() ? upperStart(to) : to) + s);
}

function replace(state: FeedbackState, intent: Emphasis, facts: BusinessFacts): void {
  const to = intent.instead!;
  const avoid = BRIEF_LINE.avoid(intent.what);
  state.list = state.list.map((tp) => ({
    ...tp,
    title: swapWord(tp.title, intent.what, to),
    primaryGoal: swapWord(tp.primaryGoal, intent.what, to),
    callToAction: swapWord(tp.callToAction, intent.what, to),
    keyMessages: addBriefLine(swapWord(tp.keyMessages, intent.what, to), avoid),
  }));
  const said = new RegExp(String.raw`\b${intent.what}`, "i");
  // A word the brand rules already ban is kept out by them; the brief line is only for a new one.
  const briefed = answersConflict(intent.what, facts, { figures: false }) ? "" : ` and briefed the copy never to say "${intent.what}"`;
  claim(state, "emphasis", `put "${to}" in place of "${intent.what}" in every step${briefed}`, (list) =>
    list.every((tp) => !said.test(`${tp.title} ${tp.primaryGoal} ${tp.callToAction} ${tp.keyMessages.replace(avoid, "")}`)),
  );
}

/** Collecting or coming in, without where: "collection only", "walk-ins welcome", "pick up in store". */
const COMING_IN = /\b(?:collect(?:ion|ing|ed)?|click (?:&|and) collect|pick(?:ing)?[- ]?up|in[- ](?:store|person|the shop)|walk[- ]ins?|come in|visit(?:ing)?)\b/i;

/** Emphasis on collecting or coming in says where, when the answers name the place ("collection only, from the shop in Salamanca, Hobart"). */
export function withPlace(what: string, facts: BusinessFacts): string {
  if (!facts.place || !COMING_IN.test(what) || what.toLowerCase().includes(facts.place.toLowerCase())) return what;
  return `${what.replace(/[.!\s]+$/, "")}, ${/\bcollect|pick(?:ing)?[- ]?up\b/i.test(what) ? "from" : "at"} ${facts.place}`;
}

export const handleEmphasis: Handler<Emphasis> = (state, intent, context) => {
  if (intent.op === "replace") return replace(state, intent, context.facts);
  const what = withPlace(ownWords(intent.what, context.facts), context.facts);
  const reason = answersConflict(what, context.facts) ?? noteConflict(what, context.intents);
  const verb = intent.op === "lead" ? "led with" : "added";
  if (reason) return refuse(state, "emphasis", `${verb} nothing about "${what}": ${reason}`);
  const indices = resolve(intent.target, state.list);
  if (!indices.length) return refuse(state, "emphasis", `${verb} nothing about "${what}": found no ${targetWords(intent.target).replace(/^(?:the|a|every|one) /, "")}`);
  if (intent.op === "lead") return lead(state, intent, indices, what, context);
  return mention(state, intent, indices, what, context.facts);
};
