import { DEFAULT_TRIGGERS, KLAVIYO_REVISION } from "./constants";
import {
  dateSteps,
  type DateStepNote,
  type FlowCreateBody,
  flowParts,
  type KlaviyoFlowPart,
  type KlaviyoPlanInput,
  reviewNotes,
  templateRequests,
  type TemplateCreateBody,
} from "./flow-body";

/**
 * The `format=klaviyo` export: the exact requests Send to Klaviyo makes for a flow, for marketers
 * who create the flow themselves. Two kinds of value only Klaviyo or the account know are
 * placeholders: each template's id (Klaviyo assigns it when the template is created) and the
 * trigger's id (the account's own list, segment or metric).
 */

export { KLAVIYO_EXPORT_FORMAT } from "~/lib/content/export/formats";

export interface KlaviyoExport {
  about: string;
  revision: string;
  headers: Record<string, string>;
  templates: Array<{ stepNumber: number; method: "POST"; path: "/api/templates"; body: TemplateCreateBody }>;
  flow: ExportedFlowRequest;
  /** The flows of steps timed from a date, one per date (none when no step is). */
  moreFlows: ExportedFlowRequest[];
  /** One line per step timed from a date: the profile property it needs. */
  dateSteps: DateStepNote[];
  notes: string[];
}

export interface ExportedFlowRequest {
  name: string;
  startsFrom: KlaviyoFlowPart["startsFrom"];
  dateProperty: string | null;
  steps: number[];
  method: "POST";
  path: "/api/flows";
  body: FlowCreateBody;
  placeholders: Record<string, string>;
}

export function templatePlaceholder(stepNumber: number) {
  return `TEMPLATE_ID_STEP_${stepNumber}`;
}

export function triggerPlaceholder(input: KlaviyoPlanInput) {
  return `${DEFAULT_TRIGGERS[input.flow.flowType].type.toUpperCase()}_ID`;
}

export function klaviyoExport(input: KlaviyoPlanInput): KlaviyoExport {
  const templates = templateRequests(input);
  const rule = DEFAULT_TRIGGERS[input.flow.flowType];
  const triggerId = triggerPlaceholder(input);
  const placeholders: Record<string, string> = {
    [triggerId]: `The id of ${rule.hint} in your Klaviyo account (or change the trigger's type and id to another list, segment or metric).`,
  };
  for (const template of templates) placeholders[templatePlaceholder(template.stepNumber)] = `The data.id Klaviyo answers when you create step ${template.stepNumber}'s template.`;
  return {
    about: `The requests Flowmap's Send to Klaviyo makes for this flow, against Klaviyo's API (revision ${KLAVIYO_REVISION}). Send each template first, then the flow (and each of moreFlows, for steps timed from a date) with the placeholders replaced. Every message is created as a draft.`,
    revision: KLAVIYO_REVISION,
    headers: {
      Authorization: "Klaviyo-API-Key <your private API key>",
      revision: KLAVIYO_REVISION,
      "Content-Type": "application/vnd.api+json",
      Accept: "application/vnd.api+json",
    },
    templates: templates.map((template) => ({ stepNumber: template.stepNumber, method: "POST", path: "/api/templates", body: template.body })),
    ...flowsOf(input, triggerId, placeholders, new Map(templates.map((template) => [template.touchpointId, templatePlaceholder(template.stepNumber)]))),
    dateSteps: dateSteps(input),
    notes: reviewNotes(input),
  };
}

/** Each Create Flow request with the placeholders its body uses: the trigger's id only in the trigger's flow. */
function flowsOf(input: KlaviyoPlanInput, triggerId: string, placeholders: Record<string, string>, templateIds: ReadonlyMap<string, string>) {
  const rule = DEFAULT_TRIGGERS[input.flow.flowType];
  const requests = flowParts(input, { trigger: { type: rule.type, id: triggerId }, templateIds }).map((part): ExportedFlowRequest => {
    const text = JSON.stringify(part.body);
    const used = Object.fromEntries(Object.entries(placeholders).filter(([key]) => text.includes(`"${key}"`)));
    return {
      name: part.name,
      startsFrom: part.startsFrom,
      dateProperty: part.dateProperty,
      steps: part.steps,
      method: "POST",
      path: "/api/flows",
      body: part.body,
      placeholders: used,
    };
  });
  return { flow: requests[0]!, moreFlows: requests.slice(1) };
}
