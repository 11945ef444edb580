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
import { createOpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";
import type { FlowProvider, FlowRequest, RegeneratedDraft, RegenerateRequest } from "~/services/ai/provider.server";

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
    "flowOverview names the company and the flow's goal. trigger says what starts the flow; exitRules lists what ends it; notes holds anything else a marketer needs.",
    sms
      ? `The business uses Email + SMS. SMS go out between ${SMS_SEND_WINDOW.start} and ${SMS_SEND_WINDOW.end} local time to contacts with SMS consent only, start with the brand name and end with 'Reply STOP to opt out'.${SMS_REQUIRED_FLOW_TYPES.includes(flowType) ? " Include at least one SMS." : ""}`
      : "The business uses email only: every touchpoint is an Email.",
  ];
  const window = FIRST_TOUCH_MINUTES[flowType];
  if (window) lines.push(`The first touchpoint goes ${window.min} to ${window.max} minutes after the trigger.`);
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

export function createOpenAiProvider(settings: OpenAiSettings): FlowProvider {
  const client = createOpenAiClient(settings);
  const complete = <S extends z.ZodType>(schema: S, name: string, system: string, user: string) => client.complete({ schema, name, system, user });

  const systemBase = "You are a senior lifecycle marketer who plans email and SMS flows. Answer with JSON only, in the given schema.";

  return {
    model: settings.model,
    async generateFlow(request: FlowRequest) {
      return complete(flowDraftSchema, "flow", `${systemBase}\n${rulesText(request)}`, contextText(request));
    },
    async regenerateFlow(request: RegenerateRequest): Promise<RegeneratedDraft> {
      const user = [
        contextText(request),
        `The flow as it is now (JSON): ${JSON.stringify(request.current)}`,
        `The user's feedback: ${request.feedback}`,
        "Rewrite the flow to act on the feedback, keeping what the feedback does not ask to change. In explanation, tell the user in a few sentences what you changed, and say so plainly for anything you could not do.",
      ].join("\n\n");
      const answer = await complete(regeneratedSchema, "regenerated_flow", `${systemBase}\n${rulesText(request)}`, user);
      return { draft: answer.flow, explanation: answer.explanation };
    },
  };
}
