import { clip } from "../texts";
import { keepsNote, unchanged } from "./checks";
import type { NoteRun } from "./regenerate";
import { type Check, type NoteContext, type NoteSpec, viewOf } from "./spec";

/**
 * What became of a note, judged only on what the marketer would see: the flow after it, the reply,
 * and what the generator reports (its outcome).
 *
 * - `opposite`: the flow does what the note (or its expect) rules out: an offer left or added
 *   after "remove any offer", a text kept after "no SMS", a friendlier tone after "more formal".
 * - `done`: every check of the note holds and nothing it rules out happens.
 * - `refused`: an honest refusal: the generator says it did not act (or refused the intent), the
 *   steps are as they were, the reply gives the reason, and a note not acted on is kept whole in
 *   the quick notes.
 * - `claimed-not-done`: the reply claims changes and refuses nothing, yet the checks fail.
 * - `not-done`: anything else (a partial change, a refusal that changed the flow or lost the note).
 */

export const RESULTS = ["done", "refused", "not-done", "opposite", "claimed-not-done"] as const;
export type NoteResult = (typeof RESULTS)[number];

export interface NoteVerdict {
  result: NoteResult;
  /** Why: the checks that failed, what the opposite was, or the refusal's reason. */
  reason: string;
}

const REASON = /could not|couldn't|can't|cannot|unable|did not|didn't|not act|kept|no .* to /i;

function failures(checks: readonly Check[], context: NoteContext): string[] {
  return checks.flatMap((check) => {
    const saw = check.test(context);
    return saw === null ? [] : [`${check.says}: ${saw}`];
  });
}

/** The refusal's reason, when the generator says it did not act (or refused part) and says why. */
function refusalReason(run: NoteRun): string | null {
  const outcome = run.outcome;
  const signalled = outcome ? !outcome.acted || outcome.refused.length > 0 : REASON.test(run.reply);
  if (!signalled) return null;
  const words = outcome?.refused.map((r) => r.words.trim()).find(Boolean);
  if (words) return words;
  return REASON.test(run.reply) ? run.reply : null;
}

/** Why a refusal is not an honest one (null when it is). */
function dishonesty(run: NoteRun, context: NoteContext, spec: NoteSpec): string | null {
  const extra = run.outcome?.acted === false ? [keepsNote] : [];
  const problems = failures([unchanged, ...extra, ...(spec.refuse ?? [])], context);
  return problems.length ? `refused, but ${problems.join("; ")}` : null;
}

function claims(run: NoteRun): boolean {
  const outcome = run.outcome;
  return outcome ? outcome.acted && outcome.changes.length > 0 && outcome.refused.length === 0 : /^I (?!could not)/.test(run.reply);
}

/** The reply, said to be a flow that already met the note when it did before the note too. */
function doneReason(run: NoteRun, spec: NoteSpec, context: NoteContext): string {
  const already = failures([...spec.checks, ...(spec.never ?? [])], { ...context, after: context.before }).length === 0;
  return `${already ? "(the flow already met the note) " : ""}${clip(run.reply, 200)}`;
}

export function classify(run: NoteRun, spec: NoteSpec): NoteVerdict {
  if (!run.after) return { result: "not-done", reason: run.crashes.join(" ") || "no flow after the note" };
  const context: NoteContext = { run, before: viewOf(run.before), after: viewOf(run.after) };
  const reason = refusalReason(run);
  const honest = reason !== null && dishonesty(run, context, spec) === null;
  const opposite = failures(spec.never ?? [], context);
  if (run.crashes.length) return { result: "not-done", reason: `the app refuses the regenerated flow: ${run.crashes.join(" ")}` };
  if (opposite.length && !honest) return { result: "opposite", reason: opposite.join("; ") };
  const failed = failures(spec.checks, context);
  if (!spec.refuse && !opposite.length && !failed.length) return { result: "done", reason: doneReason(run, spec, context) };
  if (honest) return { result: "refused", reason: clip(reason, 200) };
  if (reason !== null) return { result: "not-done", reason: dishonesty(run, context, spec)! };
  const missing = spec.refuse ? failures(spec.refuse, context) : failed;
  return { result: claims(run) ? "claimed-not-done" : "not-done", reason: missing.join("; ") };
}
