import { Schema } from "mongoose";

import { STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS, MESSAGE_ROLES, type MessageRole, type SendWindow, type TouchpointFields, type VersionView } from "~/lib/flows/types";
import { MAX_OFFSET_MINUTES } from "~/lib/timing";
import { timingSchema } from "~/lib/timing-schema";
import { defineModel, exposeIdOptions, uuidId } from "~/models/utils.server";

/**
 * A flow's history, one document per version and per message (ai_flow_versions with
 * their touchpoints, ai_flow_messages), so no flow document grows with its regenerations. Only
 * ai-generated-flow.server.ts writes here (through the flow's outbox); reads are owner-scoped
 * there, by first finding the flow with its userId.
 */

export interface TouchpointDoc extends TouchpointFields {
  _id: string;
  createdAt: Date;
}

/** A stored version: what the flow's history shows of it (VersionView), with its flow, its time as a Date and its touchpoints as stored. */
export type FlowVersionDoc = Omit<VersionView, "id" | "createdAt" | "touchpoints"> & { _id: string; flowId: string; createdAt: Date; touchpoints: TouchpointDoc[] };

export interface FlowMessageDoc {
  _id: string;
  flowId: string;
  versionId: string | null;
  role: MessageRole;
  content: string;
  sequence: number;
  createdAt: Date;
}

const text = (maxlength: number) => ({ type: String, trim: true, maxlength, default: "" });
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const sendWindowSchema = new Schema<SendWindow>(
  { start: { type: String, match: HH_MM, required: true }, end: { type: String, match: HH_MM, required: true } },
  { _id: false, versionKey: false },
);

export const touchpointSchema = new Schema<TouchpointDoc>(
  {
    _id: uuidId,
    stepNumber: { type: Number, required: true, min: 1 },
    stepType: { type: String, enum: STEP_TYPES, required: true },
    title: { type: String, trim: true, maxlength: FLOW_LIMITS.title, required: true },
    delayDays: { type: Number, min: 0, default: 0 },
    timing: {
      type: Schema.Types.Mixed,
      default: null,
      validate: {
        validator: (value: unknown) => value === null || value === undefined || timingSchema.safeParse(value).success,
        message: "Invalid timing",
      },
    },
    offsetMinutes: { type: Number, min: 0, max: MAX_OFFSET_MINUTES, default: null },
    primaryGoal: text(FLOW_LIMITS.primaryGoal),
    keyMessages: text(FLOW_LIMITS.keyMessages),
    callToAction: text(FLOW_LIMITS.callToAction),
    sendWindow: { type: sendWindowSchema, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

export const versionSchema = new Schema<FlowVersionDoc>(
  {
    _id: uuidId,
    flowId: { type: String, required: true },
    versionNumber: { type: Number, required: true, min: 1 },
    model: text(FLOW_LIMITS.model),
    promptType: text(FLOW_LIMITS.promptType),
    flowOverview: text(FLOW_LIMITS.flowOverview),
    quickNotes: text(FLOW_LIMITS.quickNotes),
    customContext: text(FLOW_LIMITS.customContext),
    createdAt: { type: Date, default: () => new Date() },
    touchpoints: { type: [touchpointSchema], default: () => [] },
  },
  { versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

export const messageSchema = new Schema<FlowMessageDoc>(
  {
    _id: uuidId,
    flowId: { type: String, required: true },
    versionId: { type: String, default: null },
    role: { type: String, enum: MESSAGE_ROLES, required: true },
    content: { type: String, maxlength: FLOW_LIMITS.messageContent, default: "" },
    sequence: { type: Number, required: true, min: 1 },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

const storedVersionSchema = versionSchema.clone();
storedVersionSchema.index({ flowId: 1, versionNumber: 1 }, { unique: true, name: "version_number_per_flow" });
const storedMessageSchema = messageSchema.clone();
storedMessageSchema.index({ flowId: 1, sequence: 1 }, { unique: true, name: "sequence_per_flow" });

export const AiFlowVersionModel = defineModel<FlowVersionDoc>("AiFlowVersion", storedVersionSchema, "ai_flow_versions");
export const AiFlowMessageModel = defineModel<FlowMessageDoc>("AiFlowMessage", storedMessageSchema, "ai_flow_messages");
