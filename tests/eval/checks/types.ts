import type { FlowType } from "~/lib/flow-types";

import type { CorpusBusiness } from "../corpus";
import type { BusinessOutput } from "../pipeline";

/** Every check of the eval, by its short id, in the table's column order (tests/eval/README.md describes each). */
export const CHECK_IDS = [
  "avoid",
  "use",
  "offers",
  "brand",
  "cycle",
  "onboarding-start",
  "goal",
  "anchor",
  "copy-checker",
  "plan-rules",
  "grammar",
  "variety",
  "buttons",
  "limits",
  "crash",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** One thing a check found wrong, before the run adds the business and its model. */
export interface Finding {
  check: CheckId;
  flowType: FlowType | null;
  /** "step 3 body", "trigger", "closing lines of step 2". */
  where: string;
  /** What is wrong, in one sentence. */
  message: string;
  /** The text at fault, with a little around it. */
  snippet: string;
}

/** A rule the eval reads but cannot decide mechanically: reported, never counted. */
export interface Judgement {
  kind: "brand rule" | "must not claim";
  text: string;
}

export type BusinessCheck = (output: BusinessOutput) => Finding[];

export function finding(check: CheckId, flowType: FlowType | null, where: string, message: string, snippet = ""): Finding {
  return { check, flowType, where, message, snippet: snippet.replace(/\s*\n+\s*/g, " / ").trim() };
}

export type { BusinessOutput, CorpusBusiness };
