import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";
import type { DraftTouchpoint } from "~/lib/flows/rules";
import { isAnchored, timingText, touchpointOffsetMinutes } from "~/lib/timing";
import { regenerateOfflineDraft } from "~/services/ai/offline.server";
import type { CurrentFlowDraft } from "~/services/ai/provider.server";

import type { CorpusBusiness } from "../corpus";
import { type FlowOutput, generateFlowOutput, type Plan, type PlanStep, storedFlowOutput } from "../pipeline";
import type { FeedbackNote } from "./notes";

/**
 * A note applied as the app applies it: the business's flow is planned and written through the
 * offline path (../pipeline.ts), handed to the offline generator with the note as the flow service
 * hands the stored flow (flows.server.ts regenerateFlow), and the regenerated draft is stored and
 * written again. Only the service's glue is repeated here; feedback.test.ts holds it equal to the
 * service's own.
 */

export interface NoteRun {
  note: FeedbackNote;
  business: CorpusBusiness;
  before: FlowOutput;
  /** The flow as stored after the note (null when regenerating threw). */
  after: FlowOutput | null;
  /** The reply the marketer reads (the assistant's message). */
  reply: string;
  /** What the generator says the note led to (null when it reports nothing). */
  outcome: FeedbackOutcome | null;
  /** What stopped the app: a throw, or a flow or content the rules refuse. */
  crashes: string[];
}

/** A stored step as the flow service hands it to a generator: a step timed from a date keeps its timing. */
export function draftTouchpointOf(step: PlanStep): DraftTouchpoint {
  const { timing } = step;
  return {
    stepType: step.stepType,
    title: step.title,
    offsetMinutes: touchpointOffsetMinutes(step),
    timingText: isAnchored(timing) ? timingText(timing) : (timing.displayText ?? ""),
    ...(isAnchored(timing) ? { timing } : {}),
    primaryGoal: step.primaryGoal,
    keyMessages: step.keyMessages,
    callToAction: step.callToAction,
  };
}

/** The stored flow as the flow service hands it to a generator with a note. */
export function currentOf(plan: Plan, overview = plan.overview): CurrentFlowDraft {
  return { flowOverview: overview, quickNotes: plan.quickNotes, touchpoints: plan.steps.map(draftTouchpointOf) };
}

/** Applies one note to the flow it names; `before` is that flow as first generated (generated here when not given). */
export function applyNote(business: CorpusBusiness, note: FeedbackNote, before = generateFlowOutput(business.answers, note.flowType)): NoteRun {
  const run: NoteRun = { note, business, before, after: null, reply: "", outcome: null, crashes: [] };
  if (!before.plan) return { ...run, crashes: [`the flow could not be generated: ${before.crashes.join(" ")}`] };
  try {
    const request = { flowType: note.flowType, business: business.answers, rule: null, customContext: "", current: currentOf(before.plan), feedback: note.note };
    const { draft, explanation, outcome } = regenerateOfflineDraft(request);
    const after = storedFlowOutput(business.answers, note.flowType, draft);
    return { ...run, after, reply: explanation, outcome: outcome ?? null, crashes: after.crashes };
  } catch (error) {
    return { ...run, crashes: [`regenerating threw: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
