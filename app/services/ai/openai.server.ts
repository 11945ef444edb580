import { z } from "zod";

import { flowTypeLabel } from "~/lib/flow-types";
import {
  allowsSms,
  FIRST_TOUCH_MINUTES,
  FLOW_GOALS,
  flowDraftSchema,
  SMS_REQUIRED_FLOW_TYPES,
  SMS_SEND_WINDOW,
  SUNSET_MIN_INACTIVITY_DAYS,
  TOUCHPOINT_COUNT,
} from "~/lib/flows/rules";
import { businessFacts } from "~/lib/business/facts";
import { TIMING_EVENTS } from "~/lib/timing";
import { checkPlan, type Finding } from "~/lib/copy/checker";
import { INVENTED_RULE } from "~/lib/copy/invented";
import { createOpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";
import { completeChecked } from "~/services/ai/repair.server";
import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";
import type { DraftTouchpoint, FlowDraft } from "~/lib/flows/rules";
import type { CurrentFlowDraft, FlowProvider, FlowRequest, RegeneratedDraft, RegenerateRequest } from "~/services/ai/provider.server";

export type { OpenAiSettings } from "~/services/ai/openai-client.server";

/**
 * The OpenAI generator: the app's one OpenAI client (openai-client.server.ts: timeout, one retry,
 * JSON-schema structured output), its answers parsed with the same zod schema the offline
 * generator's drafts follow. Any fault is a ProviderError; the flows service then holds the draft
 * to the product rules before anything is stored.
 */

const regeneratedSchema = z.object({
  explanation: z.string().trim().min(1).max(2000),
  flow: flowDraftSchema,
});

function rulesText(request: FlowRequest): string {
  const { flowType } = request;
  const count = TOUCHPOINT_COUNT[flowType];
  const sms = allowsSms(request.business.communicationChannels);
  const lines = [
    `Write a ${flowTypeLabel(flowType)} lifecycle flow whose goal is to ${FLOW_GOALS[flowType].goal}.`,
    `Use ${count.min} to ${count.max} touchpoints in send order; offsetMinutes is minutes after the trigger and never goes down; titles are unique.`,
    "Every touchpoint has a title, a primaryGoal, keyMessages (bullet lines starting with '• ') and a callToAction, written for this business: use its name, offer, proof, guarantees, objections, audience, voice and goal.",
    "timingText is the sentence shown for the timing, such as '1 day after signup'.",
    `timing is null for a step timed from the trigger. A step timed from a date the business has (${TIMING_EVENTS.join(", ")}) gives timing { type: 'relative_event', event, direction: 'before' or 'after', minutes, time: null or 'HH:MM' with whole days, displayText: null }, and its offsetMinutes is your estimate of when that falls after the trigger (it orders the steps).`,
    "flowOverview names the company and the flow's goal. trigger says what starts the flow; exitRules lists what ends it; notes holds anything else a marketer needs.",
    sms
      ? `The business uses Email + SMS. SMS go out between ${SMS_SEND_WINDOW.start} and ${SMS_SEND_WINDOW.end} local time to contacts with SMS consent only, start with the brand name and end with 'Reply STOP to opt out'.${SMS_REQUIRED_FLOW_TYPES.includes(flowType) ? " Include at least one SMS." : ""}`
      : "The business uses email only: every touchpoint is an Email.",
  ];
  const window = FIRST_TOUCH_MINUTES[flowType];
  if (window) lines.push(`The first touchpoint timed from the trigger goes ${window.min} to ${window.max} minutes after it.`);
  lines.push(
    flowType === "sunset"
      ? `inactivityDays is the number of days without a click or purchase that starts the flow, at least ${SUNSET_MIN_INACTIVITY_DAYS}.`
      : "inactivityDays is null.",
  );
  return lines.join("\n");
}

function contextText(request: FlowRequest): string {
  const { business, rule, customContext } = request;
  const answers = Object.fromEntries(Object.entries(business).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value))));
  const parts = [`Business answers (JSON): ${JSON.stringify(answers)}`];
  if (rule) {
    parts.push(
      `The admin's flow-mapping rule to follow (JSON): ${JSON.stringify({ flowName: rule.flowName, trigger: rule.trigger, exitRules: rule.exitRules, steps: rule.steps, notes: rule.notes })}`,
    );
  }
  if (customContext.trim()) parts.push(`Extra context from the user: ${customContext.trim()}`);
  return parts.join("\n\n");
}

/** What the user wrote themselves (context, feedback, the current flow), which may name figures and codes the answers do not. */
function userWords(request: FlowRequest, extra = ""): string {
  return [request.customContext, extra].join("\n");
}

/** Findings a model must repair; repeated titles are left to the rules, which number them safely. */
function modelFindings(findings: Finding[]): Finding[] {
  return findings.filter((finding) => finding.rule !== "repeat");
}

const COPY_RULES = `Copy rules: write the brand exactly as given; never invent a discount, an amount or a code the business did not give; do not paste long answers into sentences (shorten them to a phrase or quote them); no placeholders except clearly marked ones like [YOUR DISCOUNT CODE]; no data keys such as exitWhen: or from: 08:00; every title is different. ${INVENTED_RULE}`;

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
 * What the model's answer led to. For now only whether it acted: a flow given back with the same
 * steps and the same overview did not act on the note (the flows service then keeps the flow and
 * saves no version).
 */
export function modelOutcome(current: CurrentFlowDraft, draft: FlowDraft): FeedbackOutcome {
  const acted = !sameSteps(current, draft) || current.flowOverview.trim() !== draft.flowOverview.trim();
  return { changes: [], refused: [], todo: [], acted };
}

export function createOpenAiProvider(settings: OpenAiSettings): FlowProvider {
  const client = createOpenAiClient(settings);
  const systemBase = `You are a senior lifecycle marketer who plans email and SMS flows. Answer with JSON only, in the given schema.\n${COPY_RULES}`;

  return {
    model: settings.model,
    async generateFlow(request: FlowRequest) {
      const facts = businessFacts(request.business);
      return completeChecked(client, { schema: flowDraftSchema, name: "flow", system: `${systemBase}\n${rulesText(request)}`, user: contextText(request) }, (draft) =>
        modelFindings(checkPlan(facts, draft, { allowed: userWords(request) })),
      );
    },
    async regenerateFlow(request: RegenerateRequest): Promise<RegeneratedDraft> {
      const user = [
        contextText(request),
        `The flow as it is now (JSON): ${JSON.stringify(request.current)}`,
        `The user's feedback: ${request.feedback}`,
        "Rewrite the flow to act on the feedback, keeping what the feedback does not ask to change. Place new steps where the feedback says, never two sends at the same moment. In explanation, tell the user in a few sentences exactly what you changed, and say so plainly for anything you could not do. A discount the business has no code for uses the placeholder [YOUR DISCOUNT CODE], and the explanation tells the user to fill it in.",
      ].join("\n\n");
      const facts = businessFacts(request.business);
      const allowed = userWords(request, `${request.feedback}\n${JSON.stringify(request.current)}`);
      const answer = await completeChecked(client, { schema: regeneratedSchema, name: "regenerated_flow", system: `${systemBase}\n${rulesText(request)}`, user }, (result) =>
        modelFindings(checkPlan(facts, result.flow, { allowed })),
      );
      const outcome = modelOutcome(request.current, answer.flow);
      // A model that changed nothing may still say it did: the reply then says plainly that nothing changed.
      return { draft: answer.flow, explanation: outcome.acted ? answer.explanation : MODEL_UNCHANGED_EXPLANATION, outcome };
    },
  };
}
