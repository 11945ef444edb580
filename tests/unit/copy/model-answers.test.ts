import fs from "node:fs";

import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { checkWritten, type FindingRule } from "~/lib/copy/checker";
import type { WrittenFields } from "~/lib/content/schema";
import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";

import { loadCorpus } from "../../eval/corpus";

/**
 * Model answers written the way gpt-4o-mini writes (fluent, liberal, sometimes inventing), for
 * businesses of the corpus, each labelled as a marketer would: acceptable to send, or not and why.
 * The copy checker must agree with every label, and find a refused answer's fault for its reason.
 */
interface Labelled {
  id: string;
  business: string;
  flowType: FlowType;
  answer: Partial<WrittenFields>;
  acceptable: boolean;
  reason: string;
  /** For an answer that is not acceptable: the finding that says why. */
  finding?: { rule: FindingRule; text: string };
}

const LABELLED = JSON.parse(fs.readFileSync(new URL("../../fixtures/model-answers/labelled.json", import.meta.url), "utf8")) as Labelled[];
const businesses = new Map(loadCorpus().map((b) => [b.id, b]));

describe("the copy checker on labelled model answers", () => {
  it("holds at least 30 answers over several businesses of different models, each with a reason, both labels well represented", () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LABELLED.map((l) => l.id)).size).toBe(LABELLED.length);
    expect(new Set(LABELLED.map((l) => businesses.get(l.business)?.model)).size).toBeGreaterThanOrEqual(6);
    for (const l of LABELLED) {
      expect(businesses.has(l.business), l.id).toBe(true);
      expect(FLOW_TYPES).toContain(l.flowType);
      expect(l.reason.length, l.id).toBeGreaterThan(20);
      expect(!!l.finding, l.id).toBe(!l.acceptable);
    }
    const acceptable = LABELLED.filter((l) => l.acceptable).length;
    expect(acceptable).toBeGreaterThanOrEqual(12);
    expect(LABELLED.length - acceptable).toBeGreaterThanOrEqual(12);
  });

  it.each(LABELLED.map((l) => [l.id, l] as const))("%s", (_id, labelled) => {
    const business = businesses.get(labelled.business)!;
    const findings = checkWritten(businessFacts(business.answers), [labelled.answer]);
    if (labelled.acceptable) {
      expect(findings, labelled.reason).toEqual([]);
      return;
    }
    const { rule, text } = labelled.finding!;
    expect(
      findings.some((f) => f.rule === rule && f.text.toLowerCase().includes(text.toLowerCase())),
      `${labelled.reason}\nfound: ${JSON.stringify(findings.map((f) => [f.rule, f.text]))}`,
    ).toBe(true);
  });
});
