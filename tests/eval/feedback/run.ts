import type { BusinessOutput } from "../pipeline";
import { classify, type NoteResult, type NoteVerdict, RESULTS } from "./classify";
import { EXPECTATIONS } from "./expectations";
import { type FeedbackNote, loadNotes, NOTE_KINDS, type NoteKind } from "./notes";
import { checkNegations, type NegationReport } from "./negations";
import { applyNote } from "./regenerate";

/**
 * The feedback eval: every note of the corpus applied to the flow it names, and what became of it
 * (classify.ts), counted by result and by kind of note.
 */

export interface NoteReport extends NoteVerdict {
  note: FeedbackNote;
  /** The reply the marketer read. */
  reply: string;
}

export type ResultCounts = Record<NoteResult, number>;

export interface FeedbackReport {
  notes: NoteReport[];
  totals: ResultCounts;
  byKind: Record<NoteKind, ResultCounts>;
  /** Drawn notes that negate something, and those that added it (negations.ts). */
  negations: NegationReport;
}

/** The counts the baseline holds: the notes' results, with each negated request that added what it negates counted as opposite. */
export function ratchetCounts(report: FeedbackReport): ResultCounts {
  return { ...report.totals, opposite: report.totals.opposite + report.negations.failures.length };
}

export function emptyResultCounts(): ResultCounts {
  return Object.fromEntries(RESULTS.map((r) => [r, 0])) as ResultCounts;
}

function specOf(note: FeedbackNote) {
  const spec = EXPECTATIONS[note.id];
  if (!spec) throw new Error(`No checks for the note ${note.id} ("${note.note}"): add them to tests/eval/feedback/expectations.ts.`);
  return spec;
}

/** Applies every note on the businesses given, to their flows as the business eval generated them. */
export function runFeedbackEval(outputs: readonly BusinessOutput[]): FeedbackReport {
  const notes = loadNotes().flatMap((note): NoteReport[] => {
    const output = outputs.find((o) => o.business.id === note.business);
    const before = output?.flows.find((flow) => flow.flowType === note.flowType);
    if (!output || !before) return [];
    const run = applyNote(output.business, note, before);
    return [{ note, reply: run.reply, ...classify(run, specOf(note)) }];
  });
  const totals = emptyResultCounts();
  const byKind = Object.fromEntries(NOTE_KINDS.map((kind) => [kind, emptyResultCounts()])) as Record<NoteKind, ResultCounts>;
  for (const { note, result } of notes) {
    totals[result] += 1;
    byKind[note.kind][result] += 1;
  }
  return { notes, totals, byKind, negations: checkNegations(outputs) };
}
