import { describe, expect, it } from "vitest";

import { keepNote, keptNoteLine } from "~/lib/flows/kept-note";
import { FLOW_LIMITS } from "~/lib/flows/types";

const NOTES = "Trigger: Joins the list.\nSchedule: 4 emails over 5 days.\nVoice: calm.";

describe("keepNote", () => {
  it("adds the whole note, word for word, on a line of its own at the end", () => {
    const note = "Please make it pop, the way our founder Ana talks at the market stall on Saturdays. Also: no exclamation marks, ever.";
    expect(keepNote(NOTES, note)).toBe(`${NOTES}\nYour note: ${note}`);
  });

  it("keeps a note once, however often it is sent", () => {
    const once = keepNote(NOTES, "Make it pop.");
    expect(keepNote(once, "Make it pop.")).toBe(once);
    expect(keepNote(once, "  Make it pop.  ")).toBe(once);
  });

  it("puts a note of several lines on one line, every word kept", () => {
    expect(keptNoteLine("Make it pop.\n\n- no emojis\r\n- say 'friends'")).toBe("Your note: Make it pop. / - no emojis / - say 'friends'");
  });

  it("never lets the notes outgrow their limit: the oldest kept notes make room, the new one is whole", () => {
    const long = (letter: string) => letter.repeat(4900);
    let notes = NOTES;
    for (const letter of ["a", "b", "c"]) notes = keepNote(notes, long(letter));
    expect(notes.length).toBeLessThanOrEqual(FLOW_LIMITS.quickNotes);
    expect(notes.endsWith(`Your note: ${long("c")}`)).toBe(true);
    expect(notes).not.toContain(long("a"));
    expect(notes.startsWith("Trigger: Joins the list.")).toBe(true);
  });
});
