import { z } from "zod";

import { type FlowDraft, flowDraftSchema, type RuleContext } from "~/lib/flows/rules";
import { type BusinessFacts, businessFacts } from "~/lib/business/facts";
import { checkPlan, type Finding } from "~/lib/copy/checker";
import { fixPlan, planRuleProblems } from "~/services/ai/answer-fixes.server";
import { generateOfflineDraft, isDefaultRule } from "~/services/ai/offline.server";
import { createOpenAiClient, type JsonRequest, type OpenAiSettings } from "~/services/ai/openai-client.server";
import { STEPS_FIRST, STEPS_PATH, streamedStepsReader } from "~/lib/flows/streamed-steps";
import type { JsonPath } from "~/lib/json-stream";
import { DEFAULT_PLAN_TEMPERATURE, planPrompt, regeneratePrompt } from "~/services/ai/prompt.server";
import { completeChecked, type Problem } from "~/services/ai/repair.server";
import { getEnv } from "~/services/env.server";
import type { FlowProvider, FlowRequest, RegeneratedDraft, RegenerateRequest, StreamOptions } from "~/services/ai/provider.server";
import { checkAnswerIntents, flowChanges, REBRIEFED } from "~/lib/flows/feedback/answer-check";
import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";
import { allowsSms, type DraftTouchpoint } from "~/lib/flows/rules";
import type { CurrentFlowDraft } from "~/services/ai/provider.server";

export type { OpenAiSettings } from "~/services/ai/openai-client.server";

/**
 * The OpenAI generator: the app's one OpenAI client (openai-client.server.ts: timeout, one retry,
 * JSON-schema structured output), asked with a prompt grounded in the business (prompt.server.ts:
 * its facts, the plan the offline planner would write, every rule that is checked), its answers
 * parsed with the same zod schema the offline generator's drafts follow. Safe fixes are made, and
 * whatever the product rules or the copy checker still refuse goes back in one repair
 * (repair.server.ts, decision 128). Any fault is a ProviderError; the flows service then holds the
 * draft to the product rules again before anything is stored.
 */

const regeneratedSchema = z.object({
  explanation: z.string().trim().min(1).max(2000),
  flow: flowDraftSchema,
});

/** What the user wrote themselves (context, feedback, the current flow), which may name figures and codes the answers do not. */
function userWords(request: FlowRequest, extra = ""): string {
  return [request.customContext, extra].join("\n");
}

/** Findings a model must repair; repeated titles are left to the rules, which number them safely. */
function modelFindings(findings: Finding[]): Finding[] {
  return findings.filter((finding) => finding.rule !== "repeat");
}

/** The planning temperature: the environment's OPENAI_PLAN_TEMPERATURE, read when called. */
function planTemperature(): number {
  return getEnv().OPENAI_PLAN_TEMPERATURE ?? DEFAULT_PLAN_TEMPERATURE;
}

function ruleContext(request: FlowRequest): RuleContext {
  return { flowType: request.flowType, companyName: request.business.companyName, communicationChannels: request.business.communicationChannels };
}

/**
 * Every rule a plan is held to, in one list for the one repair: the product rules the flows service
 * applies (step counts, order, first-touch window, channels) and the copy checker's findings.
 */
function planChecks(request: FlowRequest, facts: BusinessFacts, allowed: string) {
  return {
    fix: (draft: FlowDraft) => fixPlan(draft, request.flowType),
    check: (draft: FlowDraft): Problem[] => [...planRuleProblems(draft, ruleContext(request)), ...modelFindings(checkPlan(facts, draft, { allowed }))],
  };
}

/** What a step is, for telling whether the model changed it: its kind, words and timing (white space at the ends aside). */
function stepKey(tp: DraftTouchpoint): string {
  // A date-timed step's timing, its shown words aside, in one key order.
  const timing = tp.timing
    ? Object.entries(tp.timing)
        .filter(([key, value]) => key !== "displayText" && value !== null && value !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    : null;
  return JSON.stringify([tp.stepType, tp.title.trim(), tp.primaryGoal.trim(), tp.keyMessages.trim(), tp.callToAction.trim(), tp.offsetMinutes, timing]);
}

/** The answer to a note leaves the steps exactly as they were. */
export function sameSteps(current: CurrentFlowDraft, draft: FlowDraft): boolean {
  return current.touchpoints.length === draft.touchpoints.length && current.touchpoints.every((tp, index) => stepKey(tp) === stepKey(draft.touchpoints[index]!));
}

/** Said when the model gave the flow back unchanged, whatever its own explanation claimed. */
export const MODEL_UNCHANGED_EXPLANATION = "I made no change to the flow: nothing in your note led to one, so it is kept as it was.";

/**
 * What the model's answer led to, read from the flows rather than from the model's words: the steps
 * removed, added, moved and rebriefed (answer-check.ts `flowChanges`), and whether it acted at all.
 * A flow given back with the same steps and the same overview did not act on the note (the flows
 * service then keeps the flow and saves no version).
 */
export function modelOutcome(current: CurrentFlowDraft, draft: FlowDraft): FeedbackOutcome {
  const acted = !sameSteps(current, draft) || current.flowOverview.trim() !== draft.flowOverview.trim();
  return { changes: acted ? flowChanges(current.touchpoints, draft.touchpoints) : [], refused: [], todo: [], acted };
}

/** The model's explanation, followed by what the flow shows changed, so the reply rests on the flow itself. */
export function modelReply(explanation: string, outcome: FeedbackOutcome): string {
  if (!outcome.acted) return MODEL_UNCHANGED_EXPLANATION;
  if (!outcome.changes.length) return explanation;
  // Many rebriefed steps are said as one change, so the reply stays short.
  const rebriefed = outcome.changes.filter((change) => change.words.startsWith(REBRIEFED));
  const changes =
    rebriefed.length > 2 ? [...outcome.changes.filter((change) => !rebriefed.includes(change)), { words: `rewrote the briefs of ${rebriefed.length} steps` }] : outcome.changes;
  const shown = changes.map((change) => change.words).join("; ");
  return `${explanation}\n\nIn the flow: ${shown}.`;
}

/**
 * Every rule a regenerated plan is held to: the plan's (planChecks) and the note's own intents,
 * checked against the flow before the note (answer-check.ts), so an answer that does the opposite
 * of the note, or claims a change it does not make, goes back in the one repair.
 */
function noteChecks(request: RegenerateRequest, plan: ReturnType<typeof planChecks>, facts: BusinessFacts) {
  const smsAllowed = allowsSms(request.business.communicationChannels);
  return {
    fix: (result: z.infer<typeof regeneratedSchema>) => ({ ...result, flow: plan.fix(result.flow) }),
    check: (result: z.infer<typeof regeneratedSchema>): Problem[] => [
      ...plan.check(result.flow),
      ...checkAnswerIntents({ note: request.feedback, flowType: request.flowType, facts, smsAllowed, before: request.current.touchpoints, after: result.flow.touchpoints }),
    ],
  };
}

/** With `onSteps`, the request streams its answer with the steps written first, read as they arrive; `signal` ends it. */
function streaming(at: JsonPath, { onSteps, signal }: StreamOptions): Pick<JsonRequest<z.ZodType>, "listener" | "firstProperties" | "signal"> {
  return { ...(onSteps ? { listener: streamedStepsReader(at, onSteps), firstProperties: STEPS_FIRST } : {}), ...(signal ? { signal } : {}) };
}

export function createOpenAiProvider(settings: OpenAiSettings, options: { temperature?: number } = {}): FlowProvider {
  const client = createOpenAiClient(settings);
  const temperature = () => options.temperature ?? planTemperature();

  return {
    model: settings.model,
    async generateFlow(request: FlowRequest, options: StreamOptions = {}) {
      const facts = businessFacts(request.business);
      const prompt = planPrompt(request, facts, generateOfflineDraft(request), { adminRule: !isDefaultRule(request) });
      return completeChecked(
        client,
        { schema: flowDraftSchema, name: "flow", ...prompt, temperature: temperature(), ...streaming(STEPS_PATH.plan, options) },
        planChecks(request, facts, userWords(request)),
      );
    },
    async regenerateFlow(request: RegenerateRequest, options: StreamOptions = {}): Promise<RegeneratedDraft> {
      const facts = businessFacts(request.business);
      const allowed = userWords(request, `${request.feedback}\n${JSON.stringify(request.current)}`);
      const plan = planChecks(request, facts, allowed);
      const answer = await completeChecked(
        client,
        { schema: regeneratedSchema, name: "regenerated_flow", ...regeneratePrompt(request, facts), temperature: temperature(), ...streaming(STEPS_PATH.regenerate, options) },
        noteChecks(request, plan, facts),
      );
      const outcome = modelOutcome(request.current, answer.flow);
      // A model that changed nothing may still say it did: the reply then says plainly that nothing changed.
      return { draft: answer.flow, explanation: modelReply(answer.explanation, outcome), outcome };
    },
  };
}
