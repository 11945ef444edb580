import { notedFlowRules } from "~/lib/flows/rules";
import { toCsv } from "~/lib/content/export/csv";
import { type HtmlExportOptions, toHtml } from "~/lib/content/export/html";
import { toJson } from "~/lib/content/export/json";
import { toMarkdown } from "~/lib/content/export/markdown";
import {
  ALL_FLOWS_EXPORT_FORMATS,
  type AllFlowsExportFormat,
  EXPORT_FORMATS,
  type ExportDocument,
  exportDocument,
  exportFileName,
  type ExportFlowInput,
  type ExportFormat,
} from "~/lib/content/export/model";
import { FLOW_EXPORT_FORMATS } from "~/lib/content/export/formats";
import { type Esp, ESP_MESSAGE, parseEsp } from "~/lib/content/esp";
import { postalAddressIn } from "~/lib/content/footer";
import { flowContentView } from "~/lib/content/view";
import { type FlowType } from "~/lib/flow-types";
import type { FlowView } from "~/lib/flows/types";
import type { ServiceUser } from "~/lib/user";
import { findContentEntriesOfFlows } from "~/models/flow-content.server";
import { findBestFlowRule, type FlowRuleRecord } from "~/models/flow-rule.server";
import { getResponseByUserId, type QuestionnaireResponseRecord } from "~/models/questionnaire-response.server";
import { validationError } from "~/services/domain-error";
import { getFlow, listFlows } from "~/services/flows/flows.server";
import { KLAVIYO_EXPORT_FORMAT, klaviyoExport } from "~/lib/klaviyo/export";
import { defaultEspFor } from "~/services/klaviyo/connection.server";
import { klaviyoPlanInput } from "~/services/klaviyo/send.server";

/**
 * Export of flows: the plan for everyone, the
 * written content for premium users. HTTP-free: it answers a file name, a media type and the text.
 */

export const EXPORT_FORMAT_MESSAGE = `Unknown export format. Use one of: ${FLOW_EXPORT_FORMATS.join(", ")}.`;
export const ALL_FLOWS_FORMAT_MESSAGE = `Unknown export format. Use one of: ${ALL_FLOWS_EXPORT_FORMATS.join(", ")}.`;

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
};

export interface ExportFile {
  fileName: string;
  mediaType: string;
  body: string;
}

export function parseExportFormat(value: string | null): ExportFormat {
  const format = (value ?? "").trim().toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(format)) return format as ExportFormat;
  throw validationError(EXPORT_FORMAT_MESSAGE, { format: EXPORT_FORMAT_MESSAGE });
}

/** The `esp` choice of an HTML export: the named platform, the user's default when none is named, 422 for an unknown one. */
export async function chosenEsp(userId: string, value: string | null | undefined): Promise<Esp> {
  if (!value?.trim()) return defaultEspFor({ userId });
  const esp = parseEsp(value);
  if (!esp) throw validationError(ESP_MESSAGE, { esp: ESP_MESSAGE });
  return esp;
}

export function parseAllFlowsExportFormat(value: string | null): AllFlowsExportFormat {
  const format = (value ?? "").trim().toLowerCase();
  if ((ALL_FLOWS_EXPORT_FORMATS as readonly string[]).includes(format)) return format as AllFlowsExportFormat;
  throw validationError(ALL_FLOWS_FORMAT_MESSAGE, { format: ALL_FLOWS_FORMAT_MESSAGE });
}

type RuleFacts = { trigger: string | null; exitRules: FlowRuleRecord["exitRules"] | null };

async function ruleFacts(flowType: FlowType, business: QuestionnaireResponseRecord | null, cache: Map<FlowType, RuleFacts>) {
  const cached = cache.get(flowType);
  if (cached) return cached;
  const rule = await findBestFlowRule(flowType, {
    businessType: business?.businessType ?? "",
    communicationChannels: business?.communicationChannels ?? "",
    purchaseDecisionTimeline: business?.purchaseDecisionTimeline ?? "",
    serviceFrequency: business?.customerFrequency?.[0] ?? "",
    upsellOpportunity: business?.upsellOpportunities ?? "",
  });
  const facts: RuleFacts = { trigger: rule?.trigger?.trim() || null, exitRules: rule?.exitRules ?? null };
  cache.set(flowType, facts);
  return facts;
}

/**
 * The flow's own trigger and exit rules (its quick notes carry the ones it was written with) when
 * they differ from the admin rule's: a plan written for the business starts and ends where it
 * says, and the rule's other conditions (skip, re-entry) belong to the rule's own steps. The SMS
 * policy is the same for every flow.
 */
function ownRules(flow: FlowView, rule: RuleFacts): RuleFacts {
  const noted = notedFlowRules(flow.quickNotes);
  if (!noted.trigger || noted.trigger === rule.trigger) return rule;
  const stored = rule.exitRules && typeof rule.exitRules === "object" && !Array.isArray(rule.exitRules) ? (rule.exitRules as Record<string, unknown>) : {};
  return {
    trigger: noted.trigger,
    exitRules: { exitWhen: noted.exitWhen ?? [], ...(stored.smsPolicy ? { smsPolicy: stored.smsPolicy } : {}) } as unknown as FlowRuleRecord["exitRules"],
  };
}

async function buildDocument(user: ServiceUser, flows: FlowView[], now: Date, schemaUrl?: string): Promise<ExportDocument & { postalAddress: string | null }> {
  const stored = user.isPremium ? await findContentEntriesOfFlows({ flowIds: flows.map((flow) => flow.id), userId: user.id }) : new Map();
  const business = await getResponseByUserId(user.id);
  const cache = new Map<FlowType, RuleFacts>();
  const inputs: ExportFlowInput[] = [];
  for (const flow of flows) {
    inputs.push({ flow, content: user.isPremium ? flowContentView(flow, stored.get(flow.id) ?? []) : null, ...ownRules(flow, await ruleFacts(flow.flowType, business, cache)) });
  }
  return { ...exportDocument(inputs, { exportedAt: now, includesContent: user.isPremium, schemaUrl }), postalAddress: business ? postalAddressIn(business) : null };
}

function render({ postalAddress, ...document }: ExportDocument & { postalAddress: string | null }, format: ExportFormat, esp: Esp): string {
  switch (format) {
    case "md":
      return toMarkdown(document);
    case "csv":
      return toCsv(document);
    case "json":
      return toJson(document);
    case "html":
      return toHtml(document, { esp, postalAddress } satisfies HtmlExportOptions);
  }
}

/** GET /api/ai-flows/{id}/export?format=md|csv|json|html|klaviyo (&esp=klaviyo|mailchimp|hubspot|generic for html) */
export async function exportFlow(
  { user, flowId, format, esp = null }: { user: ServiceUser; flowId: string; format: string | null; esp?: string | null },
  { now = new Date(), schemaUrl }: { now?: Date; schemaUrl?: string } = {},
): Promise<ExportFile> {
  // format=klaviyo: the requests Send to Klaviyo would make, as JSON.
  if ((format ?? "").trim().toLowerCase() === KLAVIYO_EXPORT_FORMAT) {
    const plan = await klaviyoPlanInput({ user, flowId });
    return {
      fileName: exportFileName(plan.flow.companyName, `${plan.flow.flowType}-klaviyo`, "json"),
      mediaType: MEDIA_TYPES.json,
      body: JSON.stringify(klaviyoExport(plan), null, 2),
    };
  }
  const chosen = parseExportFormat(format);
  const footerEsp = chosen === "html" ? await chosenEsp(user.id, esp) : "generic";
  const flow = await getFlow({ userId: user.id, flowId });
  const document = await buildDocument(user, [flow], now, schemaUrl);
  return { fileName: exportFileName(flow.companyName, flow.flowType, chosen), mediaType: MEDIA_TYPES[chosen], body: render(document, chosen, footerEsp) };
}

/** GET /api/ai-flows/export?format=json|md: every flow of the user in one file. */
export async function exportAllFlows(
  { user, format }: { user: ServiceUser; format: string | null },
  { now = new Date(), schemaUrl }: { now?: Date; schemaUrl?: string } = {},
): Promise<ExportFile> {
  const chosen = parseAllFlowsExportFormat(format);
  const flows = await listFlows({ userId: user.id });
  const document = await buildDocument(user, flows, now, schemaUrl);
  const company = flows[0]?.companyName ?? (await getResponseByUserId(user.id))?.companyName ?? "";
  return { fileName: exportFileName(company, "flows", chosen), mediaType: MEDIA_TYPES[chosen], body: render(document, chosen, "generic") };
}
