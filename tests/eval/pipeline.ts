import { renderEmailHtml } from "~/lib/content/html";
import { postalAddressIn } from "~/lib/content/footer";
import { countSms, emailProblems, SMS_OPT_OUT, smsBrand, smsProblems } from "~/lib/content/rules";
import type { WrittenTouchpoint } from "~/lib/content/schema";
import { FLOW_TYPES, type FlowType, type StepType } from "~/lib/flow-types";
import { applyFlowRules, checkFlow, type FlowDraft, type RuledTouchpoint } from "~/lib/flows/rules";
import { refreshDerivedText } from "~/lib/flows/summary";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { type Timing, timingText } from "~/lib/timing";
import { generateOfflineDraft } from "~/services/ai/offline.server";
import { emailOf, repairSms } from "~/services/flows/content.server";
import { writeOffline } from "~/services/ai/offline-content.server";

import type { CorpusBusiness } from "./corpus";

/**
 * What the app's offline path produces for one business: for each flow type the plan as it is
 * stored (generateOfflineDraft, then applyFlowRules with the context flows.server.ts gives it, then
 * the refreshed overview and notes), and the content as it is stored (writeOffline, then the checks
 * and repairs of content.server.ts's entriesFromWritten, then the HTML). Everything here calls the
 * product; only the glue the services do around the database is repeated, and
 * tests/eval/eval.test.ts holds that glue equal to the services' own.
 */

export interface PlanStep {
  id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  timing: Timing;
  /** The timing as the generator wrote it (its displayText), else as the app shows it. */
  timingText: string;
  offsetMinutes: number | null;
  primaryGoal: string;
  keyMessages: string;
  callToAction: string;
}

export interface Plan {
  trigger: string;
  exitRules: string[];
  overview: string;
  /** The stored quick notes without their Trigger and Exit rules lines (those are `trigger` and `exitRules`). */
  notes: string;
  quickNotes: string;
  inactivityDays: number | null;
  steps: PlanStep[];
}

export interface StepCopy {
  touchpointId: string;
  stepNumber: number;
  stepType: StepType;
  subject: string;
  preheader: string;
  bodyText: string;
  callToAction: string;
  sms: string;
  /** The email as the app renders it ("" for an SMS). */
  html: string;
  /** Where the writer says the button goes, when its copy carries such a field. */
  buttonUrl: string | null;
}

export interface ContentProblem {
  stepNumber: number;
  field: string;
  message: string;
}

export interface FlowOutput {
  flowType: FlowType;
  plan: Plan | null;
  /** The rules' refusal (applyFlowRules) or the stored flow's checkFlow problems. */
  planProblems: string[];
  copy: StepCopy[];
  /** What the content rules find in the copy as the app would store it (entriesFromWritten refuses the whole flow on any). */
  contentProblems: ContentProblem[];
  /** What would stop the app: a throw, or a refusal the user sees as an error. */
  crashes: string[];
}

export interface BusinessOutput {
  business: CorpusBusiness;
  flows: FlowOutput[];
}

export function generateBusiness(business: CorpusBusiness): BusinessOutput {
  return { business, flows: FLOW_TYPES.map((flowType) => generateFlowOutput(business.answers, flowType)) };
}

export function generateFlowOutput(answers: QuestionnaireAnswers, flowType: FlowType): FlowOutput {
  const output = emptyOutput(flowType);
  let draft: FlowDraft;
  try {
    draft = generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" });
  } catch (error) {
    output.crashes.push(`generation threw: ${errorText(error)}`);
    return output;
  }
  return storedFlowOutput(answers, flowType, draft);
}

/** A generator's draft as the app stores it (the plan rules, the refreshed overview and notes) and the content it writes for it. */
export function storedFlowOutput(answers: QuestionnaireAnswers, flowType: FlowType, draft: FlowDraft): FlowOutput {
  const output = emptyOutput(flowType);
  const context = { flowType, companyName: answers.companyName, communicationChannels: answers.communicationChannels };
  const result = applyFlowRules(draft, context);
  if (!result.ok) {
    output.planProblems = result.problems;
    output.crashes.push(`the plan rules refuse the flow (the app answers 502): ${result.problems.join(" ")}`);
    return output;
  }
  const stored = { ...result.flow, ...refreshDerivedText(result.flow, result.flow.touchpoints) };
  output.planProblems = checkFlow(stored, { ...context, inactivityDays: draft.inactivityDays });
  output.plan = planOf(draft, stored.flowOverview, stored.quickNotes, stored.touchpoints, flowType);
  writeContent(output, answers, output.plan.steps);
  return output;
}

function emptyOutput(flowType: FlowType): FlowOutput {
  return { flowType, plan: null, planProblems: [], copy: [], contentProblems: [], crashes: [] };
}

function planOf(draft: FlowDraft, overview: string, quickNotes: string, touchpoints: readonly RuledTouchpoint[], flowType: FlowType): Plan {
  const notes = quickNotes
    .split("\n")
    .filter((line) => !line.startsWith("Trigger: ") && !line.startsWith("Exit rules: "))
    .join("\n");
  const steps = touchpoints.map((tp): PlanStep => ({
    id: `${flowType}-${tp.stepNumber}`,
    stepNumber: tp.stepNumber,
    stepType: tp.stepType,
    title: tp.title,
    timing: tp.timing,
    timingText: tp.timing.displayText?.trim() || timingText(tp.timing),
    offsetMinutes: tp.offsetMinutes,
    primaryGoal: tp.primaryGoal,
    keyMessages: tp.keyMessages,
    callToAction: tp.callToAction,
  }));
  return { trigger: draft.trigger, exitRules: draft.exitRules, overview, notes, quickNotes, inactivityDays: draft.inactivityDays, steps };
}

// ---------------------------------------------------------------------------------------------
// Content, as content.server.ts writes and checks it

function writeContent(output: FlowOutput, answers: QuestionnaireAnswers, steps: readonly PlanStep[]) {
  const companyName = answers.companyName;
  if (steps.some((tp) => tp.stepType === "SMS") && brandLeavesNoRoom(companyName)) {
    output.crashes.push("the company name leaves no room in an SMS (the app refuses to write content)");
    return;
  }
  let written: WrittenTouchpoint[];
  try {
    written = writeOffline({ flowType: output.flowType, companyName, business: answers, touchpoints: [...steps] }).touchpoints;
  } catch (error) {
    output.crashes.push(`the writer threw: ${errorText(error)}`);
    return;
  }
  const byId = new Map<string, WrittenTouchpoint>();
  for (const item of written) if (!byId.has(item.touchpointId)) byId.set(item.touchpointId, item);
  for (const step of steps) {
    const item = byId.get(step.id);
    if (!item) output.contentProblems.push({ stepNumber: step.stepNumber, field: "step", message: `No content for step ${step.stepNumber}.` });
    else output.copy.push(storedCopy(output, step, item, answers, output.flowType));
  }
  const refused = output.contentProblems.map((p) => `Step ${p.stepNumber}: ${p.message}`);
  if (refused.length) output.crashes.push(`the content rules refuse the writer's answer (the app answers 502): ${refused.join(" ")}`);
}

function storedCopy(output: FlowOutput, step: PlanStep, item: WrittenTouchpoint, answers: QuestionnaireAnswers, flowType: FlowType): StepCopy {
  const base = { touchpointId: step.id, stepNumber: step.stepNumber, stepType: step.stepType, subject: "", preheader: "", bodyText: "", callToAction: "", sms: "", html: "" };
  const note = (problems: Record<string, string>) => {
    for (const [field, message] of Object.entries(problems)) output.contentProblems.push({ stepNumber: step.stepNumber, field, message });
  };
  if (step.stepType === "SMS") {
    const sms = repairSms(item.sms ?? "", answers.companyName);
    note(smsProblems(sms, answers.companyName));
    return { ...base, sms, buttonUrl: null };
  }
  // The content service's own reading of an email (its link filled as the app fills it), then its HTML.
  const email = emailOf({ flowType }, item, answers);
  note(emailProblems(email));
  const html = renderEmailHtml({ brand: answers.companyName, ...email, esp: "generic", postalAddress: postalAddressIn(answers) });
  return { ...base, ...email, html };
}

function brandLeavesNoRoom(companyName: string): boolean {
  const count = countSms(`${smsBrand(companyName)}: ${SMS_OPT_OUT}`);
  return count.characters > count.limit;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
