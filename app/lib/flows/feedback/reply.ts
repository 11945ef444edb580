import { upperStart } from "~/lib/business/facts";
import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";

/**
 * The reply to a note, built only from its outcome: every change made, every change not made with
 * its reason, what to fill in, and what the flow now is. A note nothing could be acted on gets a
 * plain answer: the flow is unchanged and the note is kept as written. Pure.
 */

export interface ReplyParts {
  outcome: FeedbackOutcome;
  /** Done before the note was read ("rebuilt the flow from the plan…"). */
  before: string[];
  /** "3 emails and 1 SMS over 9 days". */
  shape: string;
  note: string;
  /** How many intents the note was read as: none means it gave nothing to act on. */
  read: number;
  /** A thing the note names that the answers never mention ("the new wall"): asked about, never invented. */
  unknown?: string | null;
}

function sentence(items: readonly string[]): string {
  return items.length ? `I ${items.join("; ")}.` : "";
}

function nothingDone(parts: ReplyParts): string {
  const kept = "Your note is kept as you wrote it in the quick notes.";
  if (!parts.read && parts.unknown)
    return `Your answers don't mention ${parts.unknown}, and I couldn't write about it without making it up, so the flow is unchanged. What is ${parts.unknown}, and what should the flow say about it? ${kept}`;
  if (!parts.read)
    return `I couldn't tell what to change from your note, so the flow is unchanged. What would you like different: a step to add, remove or move, the timing, the tone, or what an email is about? ${kept}`;
  if (!parts.outcome.refused.length) return `Nothing needed changing, so the flow is unchanged. ${kept}`;
  return `I couldn't act on your note, so the flow is unchanged. ${kept}`;
}

export function replyOf(parts: ReplyParts): string {
  const { outcome } = parts;
  const acted = outcome.acted || parts.before.length > 0;
  return [
    sentence(parts.before),
    sentence(outcome.changes.map((c) => c.words)),
    sentence(outcome.refused.map((r) => r.words)),
    outcome.todo.length ? upperStart(outcome.todo.join(" ")) : "",
    acted ? `The flow now has ${parts.shape}.` : nothingDone(parts),
  ]
    .filter(Boolean)
    .join(" ");
}
