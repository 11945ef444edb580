import { type BusinessFacts, codesIn } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import { handleAdd } from "~/lib/flows/feedback/add";
import { handleEmphasis } from "~/lib/flows/feedback/emphasis";
import { type Intent, readIntents } from "~/lib/flows/feedback/intents";
import { handleMove } from "~/lib/flows/feedback/move";
import { handleOffer } from "~/lib/flows/feedback/offer";
import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";
import { handleRemove } from "~/lib/flows/feedback/remove";
import type { Claim, FeedbackContext, FeedbackState, Handler } from "~/lib/flows/feedback/steps";
import { handleStructure } from "~/lib/flows/feedback/structure";
import { handleTiming } from "~/lib/flows/feedback/timing";
import { handleTone } from "~/lib/flows/feedback/tone";
import { handleTopic } from "~/lib/flows/feedback/topic";
import type { DraftTouchpoint } from "~/lib/flows/rules";

export { DISCOUNT_CODE_PLACEHOLDER } from "~/lib/flows/feedback/offer";

/**
 * Feedback as a marketer means it: the note is read as a set of intents (intents.ts), and each is
 * handled by its kind's module, in an order where every "no" comes before any addition, so a change
 * never contradicts a negation in the same note. A change the answers rule out is refused with the
 * reason and what to change. Every change carries how to see it in the flow, and `settle` keeps only
 * those the finished flow shows: the reply never claims a change the flow does not show.
 */

export interface FeedbackInput {
  flowType: FlowType;
  facts: BusinessFacts;
  touchpoints: readonly DraftTouchpoint[];
  feedback: string;
  smsAllowed: boolean;
}

export interface FeedbackResult extends FeedbackState {
  intents: Intent[];
}

const HANDLERS: { [K in Intent["kind"]]: Handler<Extract<Intent, { kind: K }>> } = {
  remove: handleRemove,
  add: handleAdd,
  move: handleMove,
  timing: handleTiming,
  topic: handleTopic,
  tone: handleTone,
  structure: handleStructure,
  emphasis: handleEmphasis,
  offer: handleOffer,
};

/** Negations first (removals, offers taken out, no texts), then structure and timing, then additions and copy. */
function rank(intent: Intent): number {
  if (intent.kind === "offer") return intent.op === "add" || intent.op === "move" ? 9 : 1;
  if (intent.kind === "structure") return intent.op === "no-channel" ? 1 : 2;
  return { remove: 0, move: 3, timing: 4, add: 5, topic: 6, tone: 7, emphasis: 8 }[intent.kind];
}

function ordered(intents: readonly Intent[]): Intent[] {
  return intents
    .map((intent, index) => ({ intent, index }))
    .sort((a, b) => rank(a.intent) - rank(b.intent) || a.index - b.index)
    .map(({ intent }) => intent);
}

function run(state: FeedbackState, intent: Intent, context: FeedbackContext): void {
  (HANDLERS[intent.kind] as Handler)(state, intent, context);
}

export function applyFeedback(input: FeedbackInput): FeedbackResult {
  const { facts } = input;
  const named = [...facts.answerText.matchAll(/\bcode\s*:?\s*["']?([A-Z][A-Z0-9_-]{2,19})\b/gi)].map((m) => m[1]!).filter((c) => c === c.toUpperCase());
  const codes = [...new Set([...facts.offers.map((o) => o.code).filter((c): c is string => !!c), ...codesIn(facts.answerText), ...named])];
  const intents = readIntents(input.feedback, { anchor: facts.spec.anchor, codes });
  const context: FeedbackContext = { flowType: input.flowType, facts, smsAllowed: input.smsAllowed, note: input.feedback, intents };
  const state: FeedbackState = { list: input.touchpoints.map((tp) => ({ ...tp })), changes: [], refused: [], todo: [] };
  for (const intent of ordered(intents)) run(state, intent, context);
  return { ...state, intents };
}

function sameSteps(a: readonly DraftTouchpoint[], b: readonly DraftTouchpoint[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The outcome against the finished flow: a change it does not show becomes a change not made, and
 * the note counts as acted on only when the steps differ from the ones it was given.
 */
export function settle(result: Pick<FeedbackResult, "changes" | "refused" | "todo">, before: readonly DraftTouchpoint[], after: readonly DraftTouchpoint[]): FeedbackOutcome {
  const shown = (claim: Claim) => claim.shows(after);
  const changes = result.changes.filter(shown).map(({ kind, words }) => ({ kind, words }));
  const undone = result.changes.filter((claim) => !shown(claim)).map(({ kind, words }) => ({ kind, words: `could not keep this change: ${words} (the flow's rules undid it)` }));
  const acted = !sameSteps(before, after) && changes.length > 0;
  return { changes, refused: [...result.refused, ...undone], todo: acted ? result.todo : [], acted };
}
