import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import type { DraftTouchpoint } from "~/lib/flows/rules";

import { BAKERY, generate, PHYSIO, regenerate } from "./fixtures";

/**
 * A note that negates something never adds it, whatever else the same note asks and in whichever
 * order: "don't add a text" with "add a text 2 days after the first email" adds no text, "no new
 * emails" with "add a reminder email" adds no email, "without a discount" with "add 20% off" adds no
 * discount.
 */

type Count = (steps: readonly DraftTouchpoint[]) => number;

const ofChannel =
  (channel: "Email" | "SMS"): Count =>
  (steps) =>
    steps.filter((s) => s.stepType === channel).length;
const all: Count = (steps) => steps.length;
/** A brief line that keeps a thing out ("Never say: discount") names it without adding it. */
const said = (s: DraftTouchpoint) => [s.title, s.primaryGoal, ...s.keyMessages.split("\n").filter((l) => !/^\s*(?:[•*-]\s*)?never say\b/i.test(l)), s.callToAction].join("\n");
const discounts: Count = (steps) => steps.reduce((n, s) => n + (said(s).match(/discount|\d+\s?% off|\[YOUR DISCOUNT/gi) ?? []).length, 0);

const NEGATIONS: ReadonlyArray<{ words: string; count: Count }> = [
  { words: "don't add a text", count: ofChannel("SMS") },
  { words: "do not add any texts", count: ofChannel("SMS") },
  { words: "no new texts", count: ofChannel("SMS") },
  { words: "no SMS", count: ofChannel("SMS") },
  { words: "don't add an email", count: ofChannel("Email") },
  { words: "no extra emails", count: ofChannel("Email") },
  { words: "never add another step", count: all },
  { words: "without a discount", count: discounts },
  { words: "remove any offer", count: discounts },
];

const REQUESTS = [
  "add a text 2 days after the first email",
  "add a text the day before the appointment",
  "add a reminder email",
  "add an email after the second one",
  "put a text between the first and second email",
  "add a discount",
  "add 20% off",
  "space them out",
];

describe("a negated request in a note", () => {
  it("never adds what it negates, whatever else the note asks and in whichever order", () => {
    fc.assert(
      fc.property(
        fc.record({
          business: fc.constantFrom(PHYSIO, BAKERY),
          flowType: fc.constantFrom(...FLOW_TYPES),
          negation: fc.constantFrom(...NEGATIONS),
          request: fc.constantFrom(...REQUESTS),
          negationFirst: fc.boolean(),
          joiner: fc.constantFrom(", ", ". ", " and ", " - ", ", but "),
        }),
        ({ business, flowType, negation, request, negationFirst, joiner }) => {
          const note = (negationFirst ? [negation.words, request] : [request, negation.words]).join(joiner);
          const current = generate(flowType, business);
          const { draft } = regenerate(flowType, note, business, current);
          expect(negation.count(draft.touchpoints), note).toBeLessThanOrEqual(negation.count(current.touchpoints));
        },
      ),
      { seed: 35, numRuns: 150 },
    );
  });
});
