/**
 * The owner's own onboarding steps ("Sign → welcome call with the named accountant → Xero access →
 * bank feeds"), as the steps that follow the moment onboarding starts: what a dated business's
 * first email says happens next. Pure and client-safe.
 */

/** A step longer than this is a paragraph, not a step of a list. */
const STEP_WORDS = 12;

/** The steps as the owner typed them: split at arrows, numbers ("1.", "2)") and line breaks. */
export function stepsOf(text: string): string[] {
  return text
    .split(/\s*(?:→|->|=>|>|\n|;|\.\s+)\s*|\s*\b\d{1,2}[.)]\s+/)
    .map((step) =>
      step
        .trim()
        .replace(/^(?:then|and)\s+/i, "")
        .replace(/[.,;:]+$/, ""),
    )
    .filter((step) => step.length > 1 && !/^(?:\.\.\.|…|etc\b|that's it|nothing\b)/i.test(step));
}

/** Word stems, so "signed" meets "Sign" and "paid" meets "Pay". */
function stems(text: string): Set<string> {
  const irregular: Record<string, string> = { paid: "pay", bought: "buy", booked: "book", picked: "pick" };
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length > 2 && !["the", "and", "when", "after", "once", "their", "they", "with", "first"].includes(word))
      .map((word) => (irregular[word] ?? word).slice(0, 4)),
  );
}

/** The owner's steps after the one onboarding starts at (the stage), each short enough for a list; [] when fewer than two remain. */
export function stepsAfter(processText: string, stage: string): string[] {
  const steps = stepsOf(processText);
  if (steps.length < 3) return [];
  const start = stems(stage);
  // The last of the first half's steps that shares a word with the stage is where onboarding starts.
  let from = -1;
  steps.slice(0, Math.ceil(steps.length / 2)).forEach((step, index) => {
    if ([...stems(step)].some((stem) => start.has(stem))) from = index;
  });
  const rest = steps.slice(from + 1).filter((step) => step.split(/\s+/).length <= STEP_WORDS);
  return rest.length >= 2 ? rest.slice(0, 5) : [];
}
