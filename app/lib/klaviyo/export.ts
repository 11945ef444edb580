import { DEFAULT_TRIGGERS, KLAVIYO_REVISION } from "./constants";
import { flowRequest, type FlowCreateBody, type KlaviyoPlanInput, reviewNotes, templateRequests, type TemplateCreateBody } from "./flow-body";

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
  flow: { method: "POST"; path: "/api/flows"; body: FlowCreateBody; placeholders: Record<string, string> };
  notes: string[];
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
    about: `The requests Flowmap's Send to Klaviyo makes for this flow, against Klaviyo's API (revision ${KLAVIYO_REVISION}). Send each template first, then the flow with the placeholders replaced. Every message is created as a draft.`,
    revision: KLAVIYO_REVISION,
    headers: {
      Authorization: "Klaviyo-API-Key <your private API key>",
      revision: KLAVIYO_REVISION,
      "Content-Type": "application/vnd.api+json",
      Accept: "application/vnd.api+json",
    },
    templates: templates.map((template) => ({ stepNumber: template.stepNumber, method: "POST", path: "/api/templates", body: template.body })),
    flow: {
      method: "POST",
      path: "/api/flows",
      body: flowRequest(input, {
        trigger: { type: rule.type, id: triggerId },
        templateIds: new Map(templates.map((template) => [template.touchpointId, templatePlaceholder(template.stepNumber)])),
      }),
      placeholders,
    },
    notes: reviewNotes(input),
  };
}
