import { FLOW_TYPE_INFO } from "~/lib/flow-types";

import { CHECK_IDS, type CheckId } from "./checks/types";
import { feedbackConsole, feedbackMarkdown } from "./feedback/report";
import { clip } from "./texts";
import { CORPUS_ROW, type Counts, type EvalFailure, type EvalReport, ROWS } from "./run";

/**
 * The eval's report: the table by model, a console summary with the first failures of each check,
 * and docs/eval.md (the table, then every failure grouped by business, then what is left to
 * judgement). The Markdown holds no times or dates, so it changes only when the results do.
 */

const COLUMNS = [...CHECK_IDS, "total"] as const;

function countRow(label: string, counts: Counts): string[] {
  return [label, ...COLUMNS.map((column) => String(counts[column]))];
}

export function tableRows(report: EvalReport): string[][] {
  const rows = ROWS.filter((row) => row !== CORPUS_ROW || report.counts[row].total > 0).map((row) => countRow(row, report.counts[row]));
  return [["model", ...COLUMNS], ...rows, countRow("total", report.totals)];
}

export function consoleTable(report: EvalReport): string {
  const rows = tableRows(report);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")).join("\n");
}

function flowLabel(failure: Pick<EvalFailure, "flowType">): string {
  return failure.flowType ? FLOW_TYPE_INFO[failure.flowType].label : "all flows";
}

export function consoleSummary(report: EvalReport, perCheck: number): string {
  const flows = report.businesses.length * Object.keys(FLOW_TYPE_INFO).length;
  const lines = [
    `Flowmap eval: ${report.businesses.length} businesses, ${flows} flows, ${report.totals.total} failures (${report.seconds.toFixed(1)} s)`,
    "",
    consoleTable(report),
  ];
  for (const check of CHECK_IDS) {
    const failures = report.failures.filter((f) => f.check === check);
    if (failures.length === 0 || perCheck <= 0) continue;
    lines.push("", `${check}: ${failures.length} failure${failures.length === 1 ? "" : "s"}${failures.length > perCheck ? ` (first ${perCheck})` : ""}`);
    for (const f of failures.slice(0, perCheck)) lines.push(`  ${f.business} · ${flowLabel(f)} · ${f.where}: ${f.message}${f.snippet ? `\n      ${clip(f.snippet, 150)}` : ""}`);
  }
  lines.push("", feedbackConsole(report.feedback, perCheck));
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// docs/eval.md

function markdownTable(rows: readonly string[][]): string[] {
  const [head, ...body] = rows;
  return [`| ${head!.join(" | ")} |`, `|${head!.map((_, i) => (i === 0 ? "---" : "--:")).join("|")}|`, ...body.map((row) => `| ${row.join(" | ")} |`)];
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, "\\$1");
}

/** A business's failures, one line per check, flow, message and text, with every place it is found. */
export function failureLines(failures: readonly EvalFailure[]): string[] {
  const groups = new Map<string, { failure: EvalFailure; wheres: string[] }>();
  for (const f of failures) {
    const key = [f.check, f.flowType, f.message, f.snippet].join("\u0000");
    const group = groups.get(key);
    if (group) group.wheres.push(f.where);
    else groups.set(key, { failure: f, wheres: [f.where] });
  }
  return [...groups.values()].map(({ failure: f, wheres }) => {
    const text = f.snippet ? ` — “${escapeMarkdown(clip(f.snippet, 160))}”` : "";
    return `- **${f.check}** · ${flowLabel(f)} · ${escapeMarkdown(wheres.join(", "))}: ${escapeMarkdown(f.message)}${text}`;
  });
}

const HEADER = [
  "# Evaluation: flows for 40 businesses",
  "",
  "What the offline generator and writer produce for the evaluation corpus (`tests/eval/corpus/`: 40 businesses, four of each",
  "business model, written the way owners type), held to what a lifecycle marketer would hold them to. For every business the",
  "eval plans all five flows and writes their content through the app's own offline path, then runs the mechanical checks",
  "described in [tests/eval/README.md](../tests/eval/README.md): the business's words, offers, brand rules, repeat cycle,",
  "onboarding start, lead-nurture goal, anchored timing, the copy checker, the plan rules, grammar, variety, buttons, limits",
  "and crashes. Rules a machine cannot decide are listed at the end and not counted.",
  "",
  "This file is written by `npm run eval` (`npm run eval -- --business 09` runs one business, `--json` prints machine output).",
  "`tests/eval/eval.test.ts` runs the same eval inside `npm test` and holds its counts to `tests/eval/baseline.json`: a count",
  "may only go down, and the change that lowers it lowers the baseline too (`npm run eval -- --update-baseline`). Do not edit",
  "this file by hand.",
];

export function markdownReport(report: EvalReport): string {
  const lines = [...HEADER, "", "## Failures by model", "", ...markdownTable(tableRows(report)), "", "## Failures by business"];
  const ids = [...report.businesses.map((b) => b.id), CORPUS_ROW];
  for (const id of ids) {
    const failures = report.failures.filter((f) => f.business === id);
    if (id === CORPUS_ROW && failures.length === 0) continue;
    const business = report.businesses.find((b) => b.id === id);
    const title = business ? `${id} (${business.model}, ${business.answers.companyName})` : "The corpus as a whole";
    lines.push("", `### ${escapeMarkdown(title)}`, "", `${failures.length} failure${failures.length === 1 ? "" : "s"}.`);
    if (failures.length) lines.push("", ...failureLines(failures));
  }
  lines.push("", ...feedbackMarkdown(report.feedback, markdownTable));
  lines.push(
    "",
    "## Left to judgement (not counted)",
    "",
    "Brand rules the eval cannot read mechanically, and the claims each business must not make (`mustNotClaim`),",
    "for a human or a model to grade.",
  );
  for (const { business, items } of report.judgement) {
    if (items.length === 0) continue;
    lines.push("", `**${business}**`, "", ...items.map((item) => `- ${item.kind}: ${escapeMarkdown(item.text)}`));
  }
  return `${lines.join("\n")}\n`;
}

/** Lines of the new report that the old one lacks, for the checks given, under their business's heading. */
export function newFailureLines(oldReport: string, newReport: string, checks: readonly CheckId[]): string[] {
  const old = new Set(oldReport.split("\n"));
  const wanted = checks.map((check) => `- **${check}**`);
  const lines: string[] = [];
  let heading = "";
  for (const line of newReport.split("\n")) {
    if (line.startsWith("### ")) heading = line.slice(4);
    else if (!old.has(line) && wanted.some((prefix) => line.startsWith(prefix))) lines.push(`${heading}: ${line.slice(2)}`);
  }
  return lines;
}
