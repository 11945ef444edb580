import { shortPhrase, upperStart } from "~/lib/business/facts";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { answersConflict, noteConflict } from "~/lib/flows/feedback/conflicts";
import type { Intent } from "~/lib/flows/feedback/intents";
import { bullets, claim, describe, type Handler, joinBullets, refuse, resolve, targetWords } from "~/lib/flows/feedback/steps";
import type { DraftTouchpoint } from "~/lib/flows/rules";

/**
 * Topic: "the second email should be about our Bread Club", "make the reminders about finishing
 * the upload". The step's title and goal change to the topic and its brief says "Topic: …" for the
 * writer; the brief lines a note wrote before (tone, mentions, never say) stay.
 */

type Topic = Extract<Intent, { kind: "topic" }>;

const KEPT = /^(?:tone|mention|lead with|never say|open with):/i;

function titleOf(topic: string): string {
  return upperStart(shortPhrase(topic.replace(/^(?:our|the|a|an)\s+/i, ""), 8) || topic);
}

export function onTopic(tp: DraftTouchpoint, topic: string, instead: string | null): DraftTouchpoint {
  const kept = bullets(tp.keyMessages).filter((line) => KEPT.test(line));
  const lines = [BRIEF_LINE.topic(topic), ...(instead ? [`Not about ${instead}`] : []), ...kept];
  return { ...tp, title: titleOf(topic), primaryGoal: `Tell them about ${topic}.`, keyMessages: joinBullets(lines) };
}

export const handleTopic: Handler<Topic> = (state, intent, context) => {
  const reason = answersConflict(intent.topic, context.facts) ?? noteConflict(intent.topic, context.intents);
  if (reason) return refuse(state, "topic", `made no step about "${intent.topic}": ${reason}`);
  const indices = resolve(intent.target, state.list);
  if (!indices.length) return refuse(state, "topic", `made no step about "${intent.topic}": found no ${targetWords(intent.target).replace(/^(?:the|a|every|one) /, "")}`);
  const named = indices.length === 1 ? describe(state.list, indices[0]!) : `all ${indices.length} steps`;
  for (const i of indices) state.list[i] = onTopic(state.list[i]!, intent.topic, intent.instead);
  const line = BRIEF_LINE.topic(intent.topic);
  const title = titleOf(intent.topic);
  claim(
    state,
    "topic",
    `made ${named} about ${intent.topic}${intent.instead ? ` instead of ${intent.instead}` : ""}`,
    (list) => list.filter((tp) => tp.keyMessages.includes(line)).length >= indices.length && list.some((tp) => tp.title.toLowerCase() === title.toLowerCase()),
  );
};
