/**
 * What a note led to, reported by every generator (offline and model) with its regenerated draft:
 * the changes made, each in words the reply uses, and the ones not made, each with its reason.
 * Pure and client-safe.
 */

/** One intent of a note, as the reply names it. */
export interface FeedbackChange {
  /** The kind of intent (intents.ts): "remove", "add", "move", "timing", "topic", "tone", "structure", "emphasis", "offer". */
  kind: string;
  /** "removed the trial-ending email", "moved the review request to day 21". */
  words: string;
}

export interface FeedbackRefusal {
  kind: string;
  /** "added no discount: your answers say you never discount; change that answer to allow one". */
  words: string;
}

export interface FeedbackOutcome {
  changes: FeedbackChange[];
  refused: FeedbackRefusal[];
  /** Things the user must do before sending ("Fill in [YOUR DISCOUNT CODE]"). */
  todo: string[];
  /** False when nothing in the note could be acted on: the flow is kept as it was and no version is made. */
  acted: boolean;
}
