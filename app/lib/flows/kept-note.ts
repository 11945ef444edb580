import { FLOW_LIMITS } from "~/lib/flows/types";

/**
 * A note nothing in which could be acted on is kept whole in the quick notes, for whoever writes
 * the messages (decision 130): one line, "Your note: " and the note exactly as written. Its line
 * breaks become " / ", since the quick notes are read line by line and a note's later lines would
 * otherwise read as notes of their own. Pure and client-safe.
 */

export const KEPT_NOTE_LABEL = "Your note:";

/** "Your note: Fewer emails / and a warmer tone": the note's words, all of them, on one line. */
export function keptNoteLine(note: string): string {
  return `${KEPT_NOTE_LABEL} ${note.trim().replace(/\s*(?:\r\n|\r|\n)\s*/g, " / ")}`;
}

/**
 * The quick notes with the note kept on a line at the end; unchanged when that very line is
 * already there (the same note sent twice is kept once). When the notes would grow past their
 * limit, the oldest kept notes make room first; the new note is never cut.
 */
export function keepNote(quickNotes: string, note: string): string {
  const line = keptNoteLine(note);
  const lines = quickNotes.split(/\r?\n/).filter((item) => item.trim() !== "");
  if (lines.includes(line)) return quickNotes;
  const limit = FLOW_LIMITS.quickNotes;
  const fits = (list: string[]) => [...list, line].join("\n").length <= limit;
  while (!fits(lines)) {
    const oldest = lines.findIndex((item) => item.startsWith(`${KEPT_NOTE_LABEL} `));
    if (oldest < 0) break;
    lines.splice(oldest, 1);
  }
  const rest = lines
    .join("\n")
    .slice(0, Math.max(0, limit - line.length - 1))
    .trim();
  return rest ? `${rest}\n${line}` : line;
}
