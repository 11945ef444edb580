import fc from "fast-check";

import type { DraftTouchpoint } from "~/lib/flows/rules";
import { regenerateOfflineDraft } from "~/services/ai/offline.server";

import type { BusinessOutput, FlowOutput } from "../pipeline";
import { currentOf } from "./regenerate";

/**
 * The property that a request negating something never adds it, whatever else the note asks: "no
 * SMS" or "don't add a text" adds no text, "remove any offer" or "without a discount" adds no
 * discount, "never mention free parking" adds no free parking. Notes are drawn with fast-check (a
 * fixed seed) over the flows of every business of the corpus; each one that adds what it negates
 * is counted with the eval's `opposite` notes. The same property, over more phrasings, is a unit
 * test: tests/unit/flows/feedback/negations.property.test.ts.
 */

interface Negation {
  words: string;
  what: string;
  count: (steps: readonly DraftTouchpoint[]) => number;
}

export interface NegationFailure {
  flow: string;
  feedback: string;
  what: string;
  before: number;
  after: number;
}

export interface NegationReport {
  cases: number;
  failures: NegationFailure[];
}

const SEED = 20240608;
const CASES = 300;

const texts = (steps: readonly DraftTouchpoint[]) => steps.filter((s) => s.stepType === "SMS").length;
/** A brief line that keeps a thing out ("Never say: free parking", "Not about: the lenses") names it without adding it. */
const KEEPS_OUT = /^\s*(?:[•*-]\s*)?(?:never say|not about)\b/i;
const said = (s: DraftTouchpoint) => [s.title, s.primaryGoal, ...s.keyMessages.split("\n").filter((line) => !KEEPS_OUT.test(line)), s.callToAction].join("\n");
const mentions = (pattern: RegExp) => (steps: readonly DraftTouchpoint[]) => steps.reduce((n, s) => n + (said(s).match(new RegExp(pattern.source, "gi")) ?? []).length, 0);
const DISCOUNT = /discount|\d+\s?% off|\[YOUR DISCOUNT/;

const NEGATIONS: readonly Negation[] = [
  { words: "no SMS", what: "a text", count: texts },
  { words: "don't add a text", what: "a text", count: texts },
  { words: "no texts please", what: "a text", count: texts },
  { words: "remove any offer", what: "a discount", count: mentions(DISCOUNT) },
  { words: "without a discount", what: "a discount", count: mentions(DISCOUNT) },
  { words: "never mention free parking", what: "free parking", count: mentions(/free parking/) },
  { words: "never mention summer camp", what: "summer camp", count: mentions(/summer camp/) },
];

const OTHER_INTENTS = [
  "",
  "add a text 2 days after the first email",
  "add a discount",
  "add 20% off",
  "mention free parking in every email",
  "mention summer camp in every email",
  "shorter",
  "space them out",
  "more urgency",
  "add a reminder email",
];

function noteArbitrary(flows: readonly string[]) {
  return fc.record({
    flow: fc.constantFrom(...flows),
    negation: fc.constantFrom(...NEGATIONS),
    other: fc.constantFrom(...OTHER_INTENTS),
    negationFirst: fc.boolean(),
    joiner: fc.constantFrom(", ", ". ", " and ", " - "),
  });
}

export function checkNegations(outputs: readonly BusinessOutput[]): NegationReport {
  const flows = new Map<string, { business: BusinessOutput["business"]; flow: FlowOutput }>(
    outputs.flatMap((o) => o.flows.filter((f) => f.plan).map((flow) => [`${o.business.id}/${flow.flowType}`, { business: o.business, flow }] as const)),
  );
  if (!flows.size) return { cases: 0, failures: [] };
  const failures = fc.sample(noteArbitrary([...flows.keys()]), { seed: SEED, numRuns: CASES }).flatMap((drawn): NegationFailure[] => {
    const { business, flow } = flows.get(drawn.flow)!;
    const parts = drawn.other ? (drawn.negationFirst ? [drawn.negation.words, drawn.other] : [drawn.other, drawn.negation.words]) : [drawn.negation.words];
    const feedback = parts.join(drawn.joiner);
    const current = currentOf(flow.plan!);
    const { draft } = regenerateOfflineDraft({ flowType: flow.flowType, business: business.answers, rule: null, customContext: "", current, feedback });
    const before = drawn.negation.count(current.touchpoints);
    const after = drawn.negation.count(draft.touchpoints);
    return after > before ? [{ flow: drawn.flow, feedback, what: drawn.negation.what, before, after }] : [];
  });
  return { cases: CASES, failures };
}
