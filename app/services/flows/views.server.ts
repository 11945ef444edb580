import type { FlowView, MessageView, TouchpointView, VersionRef, VersionView } from "~/lib/flows/types";
import { byStepNumber, type CurrentFlowDoc, type FlowMessageDoc, type FlowVersionDoc, type TouchpointDoc } from "~/models/ai-generated-flow.server";

/** Stored documents → the API's JSON shapes (`id`, ISO dates, never the counters). */

function iso(date: Date | string | undefined): string {
  return date ? new Date(date).toISOString() : new Date(0).toISOString();
}

export function toTouchpointView(flowId: string, doc: TouchpointDoc): TouchpointView {
  return {
    id: doc._id,
    flowId,
    stepNumber: doc.stepNumber,
    stepType: doc.stepType,
    title: doc.title,
    delayDays: doc.delayDays ?? 0,
    timing: doc.timing ?? null,
    offsetMinutes: doc.offsetMinutes ?? null,
    primaryGoal: doc.primaryGoal ?? "",
    keyMessages: doc.keyMessages ?? "",
    callToAction: doc.callToAction ?? "",
    sendWindow: doc.sendWindow ? { start: doc.sendWindow.start, end: doc.sendWindow.end } : null,
    createdAt: iso(doc.createdAt),
  };
}

export function toFlowView(doc: CurrentFlowDoc): FlowView {
  return {
    id: doc._id,
    flowType: doc.flowType,
    companyName: doc.companyName ?? "",
    flowOverview: doc.flowOverview ?? "",
    quickNotes: doc.quickNotes ?? "",
    regenerationCount: doc.regenerationCount ?? 0,
    customContext: doc.customContext ?? "",
    model: doc.model ?? "",
    versionCount: doc.lastVersionNumber ?? 0,
    touchpoints: [...(doc.touchpoints ?? [])].sort(byStepNumber).map((tp) => toTouchpointView(doc._id, tp)),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

export function toVersionView(doc: FlowVersionDoc): VersionView {
  return {
    id: doc._id,
    versionNumber: doc.versionNumber,
    model: doc.model ?? "",
    promptType: doc.promptType ?? "",
    flowOverview: doc.flowOverview ?? "",
    quickNotes: doc.quickNotes ?? "",
    customContext: doc.customContext ?? "",
    createdAt: iso(doc.createdAt),
    touchpoints: [...(doc.touchpoints ?? [])].sort(byStepNumber).map((tp) => toTouchpointView(doc.flowId, tp)),
  };
}

export function toVersionRef(doc: Pick<FlowVersionDoc, "_id" | "versionNumber">): VersionRef {
  return { id: doc._id, versionNumber: doc.versionNumber };
}

export function toMessageView(doc: FlowMessageDoc): MessageView {
  return {
    id: doc._id,
    versionId: doc.versionId ?? null,
    role: doc.role,
    content: doc.content ?? "",
    sequence: doc.sequence,
    createdAt: iso(doc.createdAt),
  };
}
