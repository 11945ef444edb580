import fs from "node:fs";
import path from "node:path";

import type { FlowType } from "~/lib/flow-types";

import { CORPUS_DIR } from "../corpus";

/**
 * The corpus's feedback notes (tests/eval/corpus/feedback.json): what a marketer typed to
 * regenerate one flow of one business, what they mean (`expect`, free text) and the kind of note.
 */

export const NOTE_KINDS = ["negation", "placement", "topic", "tone", "structure", "timing", "content", "offer", "compound", "ambiguous", "impossible"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface FeedbackNote {
  /** "17-the-loaf/onboarding/2": the business, the flow type, and the note's place among that flow's notes (from 1). */
  id: string;
  business: string;
  flowType: FlowType;
  note: string;
  expect: string;
  kind: NoteKind;
}

type RawNote = Omit<FeedbackNote, "id">;

/** Every note, in file order; `only` keeps the notes on businesses whose id starts with it. */
export function loadNotes(only?: string): FeedbackNote[] {
  const raw = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, "feedback.json"), "utf8")) as RawNote[];
  const seen = new Map<string, number>();
  const notes = raw.map((note): FeedbackNote => {
    const flow = `${note.business}/${note.flowType}`;
    const n = (seen.get(flow) ?? 0) + 1;
    seen.set(flow, n);
    return { id: `${flow}/${n}`, ...note };
  });
  return notes.filter((note) => !only || note.business.startsWith(only));
}
