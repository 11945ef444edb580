import { stringify } from "csv-stringify/sync";

import { type ExportDocument, sendWindowText } from "~/lib/content/export/model";

/**
 * CSV (RFC 4180), written by csv-stringify: comma-separated, CRLF between records, a field quoted
 * when it holds a comma, a quote, a line break or surrounding spaces (quotes doubled), UTF-8 with
 * a byte-order mark so spreadsheet programs read accents. A text cell that a spreadsheet would run
 * as a formula (starting with = + - @, a tab, a carriage return, or the full-width = + - @) is
 * prefixed with an apostrophe by csv-stringify's `escape_formulas` (docs/decisions/032).
 */

export const CSV_BOM = "\uFEFF";

/** Apostrophes, then one of the characters `escape_formulas` guards: how a guarded cell starts. */
const GUARDED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text that already starts like a guarded cell gets one more apostrophe (the library leaves a
 * leading apostrophe alone), so `unguardCsvCell` is an exact inverse.
 */
function keepGuardInvertible(text: string) {
  return GUARDED.test(text) ? `'${text}` : text;
}

/** The inverse of the formula guard, for readers that want the exact text back. */
export function unguardCsvCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

function writeCsv(rows: Array<Array<string | number | null>>): string {
  return stringify(rows, {
    bom: true,
    record_delimiter: "windows",
    escape_formulas: true,
    quoted_match: /^\s|\s$/,
    cast: { string: keepGuardInvertible },
  });
}

export const CSV_PLAN_COLUMNS = [
  "Flow type",
  "Company",
  "Version",
  "Step",
  "Channel",
  "Title",
  "Timing",
  "Timed from",
  "Offset (minutes)",
  "Send window",
  "Primary goal",
  "Key messages",
  "Call to action",
  "Flow overview",
  "Quick notes",
  "Trigger",
  "Exit rules",
] as const;

export const CSV_CONTENT_COLUMNS = ["Subject", "Preheader", "Email body", "Button text", "Button link", "SMS", "SMS characters", "SMS segments", "Content status"] as const;

export function toCsv(document: ExportDocument): string {
  const header = [...CSV_PLAN_COLUMNS, ...(document.includesContent ? CSV_CONTENT_COLUMNS : [])];
  const rows: Array<Array<string | number | null>> = [header];
  for (const flow of document.flows) {
    for (const tp of flow.touchpoints) {
      const row: Array<string | number | null> = [
        flow.flowTypeLabel,
        flow.companyName,
        flow.versionNumber,
        tp.stepNumber,
        tp.stepType,
        tp.title,
        tp.timingText,
        tp.timedFrom,
        // Minutes after the trigger only where they are known: an anchored step's depend on each contact's date.
        tp.timedFrom === "the trigger" ? tp.offsetMinutes : null,
        sendWindowText(tp.sendWindow),
        tp.primaryGoal,
        tp.keyMessages,
        tp.callToAction,
        flow.flowOverview,
        flow.quickNotes,
        flow.trigger,
        flow.exitRules.join("\n"),
      ];
      if (document.includesContent) {
        const c = tp.content;
        row.push(
          c?.subject ?? null,
          c?.preheader ?? null,
          c?.bodyText ?? null,
          c?.callToAction ?? null,
          c?.buttonUrl ?? null,
          c?.sms ?? null,
          c?.smsCharacters ?? null,
          c?.smsSegments ?? null,
          c ? (c.outdated ? "Outdated: the touchpoint changed after this was written" : "Up to date") : "Not written yet",
        );
      }
      rows.push(row);
    }
  }
  return writeCsv(rows);
}
