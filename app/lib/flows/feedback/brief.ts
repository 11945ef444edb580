/**
 * The lines feedback writes into a step's key messages for the content writers (offline and model)
 * to follow, and how they are read back: one definition for both sides. Each is one bullet of the
 * brief, "Tone: formal", "Topic: Bread Club", "Lead with: the free trial", "Mention: free parking
 * behind the building". Pure and client-safe.
 */

/** How a note asks the copy to sound; the writer keeps it within the brand's own rules. */
export const TONES = ["formal", "playful", "warm", "plain", "less-salesy", "gentle", "shorter"] as const;
export type Tone = (typeof TONES)[number];

export const BRIEF_LINE = {
  tone: (tone: Tone) => `Tone: ${tone}`,
  topic: (topic: string) => `Topic: ${topic}`,
  leadWith: (what: string) => `Lead with: ${what}`,
  mention: (what: string) => `Mention: ${what}`,
  avoid: (what: string) => `Never say: ${what}`,
} as const;

export interface BriefAsks {
  tone: Tone | null;
  topic: string | null;
  leadWith: string | null;
  mentions: string[];
  avoid: string[];
}

/** What a step's key messages ask of the copy, from the lines above (bullets "• " or "- " allowed). */
export function briefAsks(keyMessages: string): BriefAsks {
  const lines = keyMessages.split("\n").map((line) => line.replace(/^\s*[•*-]\s*/, "").trim());
  const value = (label: string) => lines.map((line) => new RegExp(`^${label}:\\s*(.+)$`, "i").exec(line)?.[1]?.trim()).filter((v): v is string => !!v);
  const tone =
    value("Tone")
      .map((t) => t.toLowerCase())
      .find((t): t is Tone => (TONES as readonly string[]).includes(t)) ?? null;
  return { tone, topic: value("Topic")[0] ?? null, leadWith: value("Lead with")[0] ?? null, mentions: value("Mention"), avoid: value("Never say") };
}
