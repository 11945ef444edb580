import type { StepType } from "~/lib/flow-types";
import { type Timing, touchpointOffsetMinutes } from "~/lib/timing";

import type { FlowOutput } from "../pipeline";
import type { NoteRun } from "./regenerate";

/**
 * The language the per-note checks are written in (expectations.ts): a flow as the marketer sees
 * it (each step's channel, what it is about, its copy and its timing), the steps a note points at,
 * and the checks a note's `expect` text turns into. A check answers null when it holds, else what
 * it saw.
 */

export interface StepView {
  n: number;
  channel: StepType;
  title: string;
  /** What the step is about, as planned: title, goal, key messages and call to action. */
  about: string;
  /** What the customer reads: subject, preheader, body and button, or the SMS. */
  copy: string;
  subject: string;
  timing: Timing;
  offsetMinutes: number;
}

export interface FlowView {
  steps: StepView[];
  quickNotes: string;
}

export interface NoteContext {
  run: NoteRun;
  before: FlowView;
  after: FlowView;
}

export interface Check {
  /** What the check asks, in the marketer's words. */
  says: string;
  /** Null when it holds, else what the flow shows instead. */
  test: (context: NoteContext) => string | null;
}

export interface NoteSpec {
  /** What the note asks for: all must hold for the note to be done. */
  checks: Check[];
  /** What the note rules out: a result that breaks one did the opposite of the note. */
  never?: Check[];
  /** An impossible or vague note: the right result is an honest refusal that also passes these. */
  refuse?: Check[];
}

export function viewOf(flow: FlowOutput): FlowView {
  const plan = flow.plan;
  if (!plan) return { steps: [], quickNotes: "" };
  const steps = plan.steps.map((step): StepView => {
    const copy = flow.copy.find((c) => c.stepNumber === step.stepNumber);
    const words = copy ? (step.stepType === "SMS" ? [copy.sms] : [copy.subject, copy.preheader, copy.bodyText, copy.callToAction]) : [];
    return {
      n: step.stepNumber,
      channel: step.stepType,
      title: step.title,
      // A brief line that keeps a thing out ("Never say: supplements") names it without saying it.
      about: [step.title, step.primaryGoal, ...step.keyMessages.split("\n").filter((line) => !/^\s*(?:[•*-]\s*)?(?:never say|not about)\b/i.test(line)), step.callToAction].join(
        "\n",
      ),
      copy: words.join("\n"),
      subject: copy?.subject ?? "",
      timing: step.timing,
      offsetMinutes: touchpointOffsetMinutes(step),
    };
  });
  return { steps, quickNotes: plan.quickNotes };
}

// ---------------------------------------------------------------------------------------------
// The steps a note points at

export type Pick = { says: string; of: (flow: FlowView) => StepView[] };

const ofChannel = (flow: FlowView, channel?: StepType) => flow.steps.filter((s) => !channel || s.channel === channel);

export const every: Pick = { says: "every step", of: (flow) => flow.steps };
export const emails: Pick = { says: "every email", of: (flow) => ofChannel(flow, "Email") };

/** The n-th step of a channel (from 1; -1 is the last). */
export function nth(n: number, channel?: StepType): Pick {
  const noun = channel === "SMS" ? "text" : channel === "Email" ? "email" : "step";
  return {
    says: n === -1 ? `the last ${noun}` : `${noun} ${n}`,
    of: (flow) => {
      const list = ofChannel(flow, channel);
      const step = n === -1 ? list[list.length - 1] : list[n - 1];
      return step ? [step] : [];
    },
  };
}

/** The steps planned or written about something ("the review request"). */
export function about(pattern: RegExp, label: string, channel?: StepType): Pick {
  return { says: label, of: (flow) => ofChannel(flow, channel).filter((s) => pattern.test(s.about) || pattern.test(s.copy)) };
}

/** The last n steps. */
export function lastSteps(n: number): Pick {
  return { says: `the last ${n} steps`, of: (flow) => flow.steps.slice(-n) };
}
