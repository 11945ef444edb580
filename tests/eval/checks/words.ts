import type { FlowType } from "~/lib/flow-types";

import type { FlowOutput } from "../pipeline";
import { allTexts, hasTerm, snippet, termPattern, type TextUnit } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `avoid`: none of the business's wrong words, as a whole word or phrase in any case, anywhere in
 * the plan or the copy, not even in a negation ("we don't deliver" still says "deliver").
 * `use`: each flow names at least one of the business's own words for its key things.
 */

export function avoidFindings(units: readonly TextUnit[], terms: readonly string[], flowType: FlowType | null): Finding[] {
  const findings: Finding[] = [];
  for (const unit of units) {
    for (const term of terms) {
      const match = termPattern(term).exec(unit.text);
      if (match) findings.push(finding("avoid", flowType, unit.where, `"${term}" is a word this business avoids`, snippet(unit.text, match.index, match[0].length)));
    }
  }
  return findings;
}

export function usesAnyTerm(units: readonly TextUnit[], terms: readonly string[]): boolean {
  return units.some((unit) => terms.some((term) => hasTerm(unit.text, term, { plural: true })));
}

export function checkAvoid(output: BusinessOutput): Finding[] {
  const terms = output.business.expect.words.avoid;
  return output.flows.flatMap((flow) => avoidFindings(allTexts(flow), terms, flow.flowType));
}

export function checkUse(output: BusinessOutput): Finding[] {
  const terms = output.business.expect.words.use;
  if (terms.length === 0) return [];
  return output.flows
    .filter((flow: FlowOutput) => flow.plan && !usesAnyTerm(allTexts(flow), terms))
    .map((flow) => finding("use", flow.flowType, "whole flow", `none of the business's own words appears: ${terms.join(", ")}`));
}
