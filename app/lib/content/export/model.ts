import type { ExportFormat } from "~/lib/content/export/formats";
import { countSms, type SmsEncoding } from "~/lib/content/rules";
import type { FlowContentView, TouchpointContentView } from "~/lib/content/types";
import { flowTypeLabel } from "~/lib/flow-types";
import {
  exitSentences,
  otherRuleSentences,
  parseFlowRules,
  type RuleNote,
  sendWindowPhrase,
  type SmsPolicy,
  smsPolicySentences,
  triggerSentence,
} from "~/lib/flows/flow-rules-prose";
import type { FlowView, SendWindow, TouchpointView } from "~/lib/flows/types";
import { eventPhrase, timingBase, timingText } from "~/lib/timing";

/**
 * The one export document every format is written from (JSON is it, verbatim): the plan of each
 * flow, and its written content when the user has premium. Versioned by EXPORT_SCHEMA_VERSION and
 * described by docs/flow-export.schema.json.
 */

export { ALL_FLOWS_EXPORT_FORMATS, type AllFlowsExportFormat, EXPORT_FORMATS, type ExportFormat } from "~/lib/content/export/formats";

export const EXPORT_SCHEMA_ID = "https://flowmap.app/schemas/flow-export.schema.json";
/** Where every Flowmap app serves the export's JSON Schema; an export names it on the app that made it. */
export const EXPORT_SCHEMA_PATH = "/schemas/flow-export.schema.json";
export const EXPORT_SCHEMA_VERSION = 1;

export interface ExportFlowInput {
  flow: FlowView;
  /** Null when the user has no premium (or nothing is known of content). */
  content: FlowContentView | null;
  /** From the admin's flow rule the flow was written from. */
  trigger: string | null;
  /** The rule's exit rules as the admin stored them: a list, a text, or an object of rules. */
  exitRules: unknown;
}

/** The rule's other rules for who receives the flow (the exit conditions are `exitRules`). */
export interface ExportedFlowRules {
  skipWhen: string[];
  pauseWhen: string[];
  reentry: string[];
  afterLastStep: string[];
  notes: RuleNote[];
}

export type ExportedContent = Omit<TouchpointContentView, "touchpointId" | "stepType"> & {
  smsEncoding: SmsEncoding | null;
  smsCharacters: number | null;
  smsSegments: number | null;
};

export type ExportedTouchpoint = Omit<TouchpointView, "flowId" | "createdAt"> & {
  timingText: string;
  /** What the timing is measured from: "the trigger", or the event ("the appointment"). */
  timedFrom: string;
  content: ExportedContent | null;
};

export interface ExportedFlow {
  id: string;
  flowType: FlowView["flowType"];
  flowTypeLabel: string;
  companyName: string;
  versionNumber: number;
  model: string;
  regenerationCount: number;
  flowOverview: string;
  quickNotes: string;
  trigger: string | null;
  /** What ends the flow for a contact. */
  exitRules: string[];
  flowRules: ExportedFlowRules;
  smsPolicy: SmsPolicy | null;
  createdAt: string;
  updatedAt: string;
  touchpoints: ExportedTouchpoint[];
}

export interface ExportDocument {
  $schema: string;
  schemaVersion: number;
  exportedAt: string;
  includesContent: boolean;
  flows: ExportedFlow[];
}

function exportedContent(content: TouchpointContentView | undefined): ExportedContent | null {
  if (!content) return null;
  const hasAny = content.subject !== null || content.sms !== null || content.bodyText !== null;
  if (!hasAny) return null;
  const count = content.sms !== null ? countSms(content.sms) : null;
  return {
    outdated: content.outdated,
    subject: content.subject,
    preheader: content.preheader,
    bodyText: content.bodyText,
    bodyHtml: content.bodyHtml,
    callToAction: content.callToAction,
    buttonUrl: content.buttonUrl,
    sms: content.sms,
    smsEncoding: count?.encoding ?? null,
    smsCharacters: count?.characters ?? null,
    smsSegments: count?.segments ?? null,
  };
}

export function exportDocument(
  inputs: readonly ExportFlowInput[],
  { exportedAt, includesContent, schemaUrl = EXPORT_SCHEMA_ID }: { exportedAt: Date; includesContent: boolean; schemaUrl?: string },
): ExportDocument {
  return {
    $schema: schemaUrl,
    schemaVersion: EXPORT_SCHEMA_VERSION,
    exportedAt: exportedAt.toISOString(),
    includesContent,
    flows: inputs.map(({ flow, content, trigger, exitRules }) => {
      const rules = parseFlowRules(exitRules);
      const byTouchpoint = new Map((includesContent ? (content?.touchpoints ?? []) : []).map((item) => [item.touchpointId, item]));
      return {
        id: flow.id,
        flowType: flow.flowType,
        flowTypeLabel: flowTypeLabel(flow.flowType),
        companyName: flow.companyName,
        versionNumber: flow.versionCount + 1,
        model: flow.model,
        regenerationCount: flow.regenerationCount,
        flowOverview: flow.flowOverview,
        quickNotes: flow.quickNotes,
        trigger,
        exitRules: rules.exitWhen,
        flowRules: { skipWhen: rules.skipWhen, pauseWhen: rules.pauseWhen, reentry: rules.reentry, afterLastStep: rules.afterLastStep, notes: rules.notes },
        smsPolicy: rules.smsPolicy,
        createdAt: flow.createdAt,
        updatedAt: flow.updatedAt,
        touchpoints: flow.touchpoints.map((tp) => ({
          id: tp.id,
          stepNumber: tp.stepNumber,
          stepType: tp.stepType,
          title: tp.title,
          timing: tp.timing,
          timingText: timingText(tp.timing, tp.delayDays),
          timedFrom: timedFrom(tp),
          offsetMinutes: tp.offsetMinutes,
          delayDays: tp.delayDays,
          sendWindow: tp.sendWindow,
          primaryGoal: tp.primaryGoal,
          keyMessages: tp.keyMessages,
          callToAction: tp.callToAction,
          content: includesContent ? exportedContent(byTouchpoint.get(tp.id)) : null,
        })),
      };
    }),
  };
}

/** "the trigger", or the event an anchored step is timed from ("the appointment", "pickup"). */
export function timedFrom(tp: Pick<TouchpointView, "timing">): string {
  const base = timingBase(tp.timing);
  return base === "trigger" ? "the trigger" : eventPhrase(base);
}

/** "Acme Café & Co." + lead_nurture → "acme-cafe-co-lead-nurture": letters, digits and dashes only. */
export function exportFileName(companyName: string, what: string, format: ExportFormat): string {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/g, "");
  return `${slug(companyName) || "flowmap"}-${slug(what) || "flow"}.${format}`;
}

export function sendWindowText(window: SendWindow | null): string {
  return window ? `${window.start}–${window.end} (recipient's local time)` : "";
}

/** When a touchpoint goes out, as one phrase: "24 hours after the cart is abandoned, between 08:00 and 21:00 in the contact's local time". */
export function whenText(tp: Pick<ExportedTouchpoint, "timingText" | "sendWindow">): string {
  return tp.sendWindow ? `${tp.timingText}, ${sendWindowPhrase(tp.sendWindow)}` : tp.timingText;
}

export function smsCountText(content: ExportedContent): string {
  if (content.smsCharacters === null) return "";
  const segments = content.smsSegments ?? 0;
  return `${content.smsCharacters} characters, ${content.smsEncoding}, ${segments} segment${segments === 1 ? "" : "s"}`;
}

/**
 * The flow's rules as a marketer reads them (Markdown and HTML): the trigger, the exit rules and,
 * for a flow that sends SMS, the SMS policy, each as sentences. JSON and CSV keep the data.
 */
export function flowRulesProse(flow: Pick<ExportedFlow, "trigger" | "exitRules" | "flowRules" | "smsPolicy" | "touchpoints">): {
  trigger: string;
  exitRules: string;
  smsPolicy: string;
} {
  const sendsSms = flow.touchpoints.some((tp) => tp.stepType === "SMS");
  return {
    trigger: triggerSentence(flow.trigger),
    exitRules: [...exitSentences(flow.exitRules), ...otherRuleSentences(flow.flowRules)].join(" "),
    smsPolicy: sendsSms ? smsPolicySentences(flow.smsPolicy).join(" ") : "",
  };
}
