import { FLOW_TYPE_INFO } from "~/lib/flow-types";

import { clip } from "../texts";
import { RESULTS } from "./classify";
import { NOTE_KINDS } from "./notes";
import type { NegationReport } from "./negations";
import type { FeedbackReport, ResultCounts } from "./run";

/**
 * The feedback eval's part of the report: the counts by kind of note (a console table and a
 * Markdown one), then each note with its result and why.
 */

function countRow(label: string, counts: ResultCounts): string[] {
  return [label, ...RESULTS.map((r) => String(counts[r]))];
}

export function feedbackRows(report: FeedbackReport): string[][] {
  const kinds = NOTE_KINDS.filter((kind) => RESULTS.some((r) => report.byKind[kind][r] > 0));
  return [["kind", ...RESULTS], ...kinds.map((kind) => countRow(kind, report.byKind[kind])), countRow("total", report.totals)];
}

export function feedbackConsole(report: FeedbackReport, perResult: number): string {
  const rows = feedbackRows(report);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const table = rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  const lines = [`Feedback: ${report.notes.length} notes`, "", ...table];
  for (const result of RESULTS.filter((r) => r !== "done" && r !== "refused")) {
    const notes = report.notes.filter((n) => n.result === result);
    if (!notes.length || perResult <= 0) continue;
    lines.push("", `${result}: ${notes.length}${notes.length > perResult ? ` (first ${perResult})` : ""}`);
    for (const n of notes.slice(0, perResult)) lines.push(`  ${n.note.id} “${clip(n.note.note, 70)}”\n      ${clip(n.reason, 180)}`);
  }
  lines.push("", ...negationLines(report.negations, perResult, (text) => text));
  return lines.join("\n");
}

/** The negated requests that added what they negate, the first `most` of them. */
function negationLines(report: NegationReport, most: number, escape: (text: string) => string): string[] {
  const head = `Negated requests: ${report.failures.length} of ${report.cases} added what they negate (counted as opposite).`;
  return [head, ...report.failures.slice(0, most).map((f) => `  - ${escape(f.flow)}: “${escape(f.feedback)}” added ${f.what} (${f.before} before, ${f.after} after)`)];
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, "\\$1");
}

export function feedbackMarkdown(report: FeedbackReport, table: (rows: readonly string[][]) => string[]): string[] {
  const lines = [
    "## Feedback notes",
    "",
    "Each note of `tests/eval/corpus/feedback.json` applied to its flow through the app's offline regenerate path, then",
    "judged by its mechanical checks (`tests/eval/feedback/expectations.ts`): **done** (the checks hold), **refused** (an",
    "honest refusal: the steps unchanged, the reason given, a note not acted on kept whole in the quick notes),",
    "**not-done**, **opposite** (the result does what the note rules out) and **claimed-not-done** (the reply claims a",
    "change the checks do not see). `opposite` and `claimed-not-done` may only go down, `done` only up.",
    "",
    ...table(feedbackRows(report)),
    "",
  ];
  for (const n of report.notes) {
    const flow = FLOW_TYPE_INFO[n.note.flowType].label;
    lines.push(`- **${n.result}** · ${escapeMarkdown(n.note.business)} · ${flow} (${n.note.kind}): “${escapeMarkdown(n.note.note)}” — ${escapeMarkdown(clip(n.reason, 240))}`);
  }
  return [...lines, "", ...negationLines(report.negations, 20, escapeMarkdown)];
}
