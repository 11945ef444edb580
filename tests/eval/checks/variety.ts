import { clip } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `variety`: (a) no email body is repeated word for word across one business's five flows; (b)
 * across the corpus, no body sentence other than greetings and sign-offs is shared by more than
 * 10% of the businesses (more than 4 of 40). Sentences are compared word for word (case and
 * spacing aside), so a sentence that only swaps the brand's name is not caught.
 */

export const SHARED_SENTENCE_SHARE = 0.1;
/** Below this many businesses the corpus-wide share means nothing (a run of one business). */
export const SHARED_SENTENCE_MIN_BUSINESSES = 10;
const MIN_WORDS = 4;

const GREETING = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b/i;
const SIGN_OFF =
  /^(?:kind regards|best(?: wishes)?|warm(?:ly| regards| wishes)?|many thanks|thanks(?: again)?|thank you|cheers|see you(?: soon)?|all the best|regards|with love|love|speak soon|yours(?: sincerely)?|sincerely|take care|talk soon)[,.!]?$/i;

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/** The body's sentences without its greeting and sign-off. */
export function bodySentences(body: string): string[] {
  const lines = body
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0] && GREETING.test(lines[0])) lines.shift();
  const end = lines.findIndex((line) => SIGN_OFF.test(line));
  const kept = end >= 0 ? lines.slice(0, end) : lines;
  return kept
    .flatMap((line) => line.replace(/^[•*-]\s+/, "").split(/(?<=[.!?])\s+/))
    .map(normalize)
    .filter((sentence) => sentence.split(" ").length >= MIN_WORDS);
}

export function checkRepeatedBodies(output: BusinessOutput): Finding[] {
  const seen = new Map<string, string>();
  const findings: Finding[] = [];
  for (const flow of output.flows) {
    for (const copy of flow.copy.filter((c) => c.stepType === "Email")) {
      const key = normalize(copy.bodyText);
      const here = `${flow.flowType} step ${copy.stepNumber}`;
      const first = seen.get(key);
      if (first) findings.push(finding("variety", flow.flowType, `step ${copy.stepNumber} body`, `the same body as ${first}`, clip(copy.bodyText)));
      else seen.set(key, here);
    }
  }
  return findings;
}

/** Sentences more than the share of the businesses have in their bodies, with how many. */
export function sharedSentences(outputs: readonly BusinessOutput[]): Array<{ sentence: string; businesses: number }> {
  const count = new Map<string, number>();
  for (const output of outputs) {
    const mine = new Set(output.flows.flatMap((flow) => flow.copy.flatMap((c) => bodySentences(c.bodyText))));
    for (const sentence of mine) count.set(sentence, (count.get(sentence) ?? 0) + 1);
  }
  const limit = outputs.length * SHARED_SENTENCE_SHARE;
  return [...count]
    .filter(([, n]) => n > limit)
    .map(([sentence, businesses]) => ({ sentence, businesses }))
    .sort((a, b) => b.businesses - a.businesses || a.sentence.localeCompare(b.sentence));
}

export function checkSharedSentences(outputs: readonly BusinessOutput[]): Finding[] {
  if (outputs.length < SHARED_SENTENCE_MIN_BUSINESSES) return [];
  return sharedSentences(outputs).map(({ sentence, businesses }) =>
    finding("variety", null, "email bodies", `a sentence shared by ${businesses} of ${outputs.length} businesses`, sentence),
  );
}
