import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType, STEP_TYPES, type StepType } from "~/lib/flow-types";
import { MAX_OFFSET_MINUTES, normalizeTouchpointTiming, type Timing, timingSchema } from "~/lib/timing";
import { defineModel, exposeIdOptions, MAX_WRITE_ATTEMPTS, newId, uuidId, WriteConflictError } from "~/models/utils.server";

/**
 * One document per user and flow type (spec §3 ai_generated_flows). It embeds the current
 * touchpoints, every earlier version (with its own touchpoints) and the conversation, so that
 * generate, regenerate and roll back are each ONE atomic document write; no transaction needed.
 *
 * Concurrency: the document carries three counters.
 *   - revision: +1 on every write that changes the current content (regenerate, roll back,
 *     touchpoint edit or delete);
 *   - lastVersionNumber: the highest version number handed out (versions are append-only, so it
 *     is also the number of versions);
 *   - lastMessageSequence: the highest message sequence handed out.
 * A write reads the document, builds its change from what it read (the snapshot of the current
 * state, the next version number = lastVersionNumber + 1, the next sequences), then applies it
 * with findOneAndUpdate whose filter requires the counters to still hold the values it read and
 * whose update $inc's them. If another write got in between, the filter matches nothing and the
 * function reads again and retries (up to MAX_WRITE_ATTEMPTS). So two concurrent regenerations
 * can never both take number N, and a snapshot never misses an edit made after it was read.
 *
 * Every function takes the owner's userId and puts it in the query filter itself: another
 * user's flow is simply not found (null / false), never fetched and then checked.
 */

export const MESSAGE_ROLES = ["user", "assistant", "system"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Why a version was saved: the state replaced by a regeneration, or the backup taken before a rollback. */
export const VERSION_REASONS = ["regenerated", "rollback_backup"] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

export interface TouchpointDoc {
  _id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  /** Whole days after the start (legacy form of the timing). */
  delayDays: number;
  timing: Timing | null;
  /** Minutes after the start when known; null for event-relative timings. */
  offsetMinutes: number | null;
  primaryGoal: string;
  keyMessages: string;
  callToAction: string;
  createdAt: Date;
}

export interface FlowVersionDoc {
  _id: string;
  versionNumber: number;
  model: string;
  promptType: string;
  reason: VersionReason;
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  createdAt: Date;
  touchpoints: TouchpointDoc[];
}

export interface FlowMessageDoc {
  _id: string;
  versionId: string | null;
  role: MessageRole;
  content: string;
  sequence: number;
  createdAt: Date;
}

export interface AiGeneratedFlowDoc {
  _id: string;
  userId: string;
  flowType: FlowType;
  companyName: string;
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  /** What produced the current content (copied into the version when it is replaced). */
  model: string;
  promptType: string;
  regenerationCount: number;
  touchpoints: TouchpointDoc[];
  versions: FlowVersionDoc[];
  messages: FlowMessageDoc[];
  revision: number;
  lastVersionNumber: number;
  lastMessageSequence: number;
  createdAt: Date;
  updatedAt: Date;
}

const text = (maxlength: number) => ({ type: String, trim: true, maxlength, default: "" });

const touchpointSchema = new Schema<TouchpointDoc>(
  {
    _id: uuidId,
    stepNumber: { type: Number, required: true, min: 1 },
    stepType: { type: String, enum: STEP_TYPES, required: true },
    title: { type: String, trim: true, maxlength: 300, required: true },
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
    primaryGoal: text(2000),
    keyMessages: text(5000),
    callToAction: text(1000),
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

const versionSchema = new Schema<FlowVersionDoc>(
  {
    _id: uuidId,
    versionNumber: { type: Number, required: true, min: 1 },
    model: text(200),
    promptType: text(100),
    reason: { type: String, enum: VERSION_REASONS, default: "regenerated" },
    flowOverview: text(10_000),
    quickNotes: text(10_000),
    customContext: text(10_000),
    createdAt: { type: Date, default: () => new Date() },
    touchpoints: { type: [touchpointSchema], default: () => [] },
  },
  { versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

const messageSchema = new Schema<FlowMessageDoc>(
  {
    _id: uuidId,
    versionId: { type: String, default: null },
    role: { type: String, enum: MESSAGE_ROLES, required: true },
    content: { type: String, maxlength: 100_000, default: "" },
    sequence: { type: Number, required: true, min: 1 },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

const aiGeneratedFlowSchema = new Schema<AiGeneratedFlowDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    flowType: { type: String, enum: FLOW_TYPES, required: true },
    companyName: text(200),
    flowOverview: text(10_000),
    quickNotes: text(10_000),
    customContext: text(10_000),
    model: text(200),
    promptType: text(100),
    regenerationCount: { type: Number, min: 0, default: 0 },
    touchpoints: { type: [touchpointSchema], default: () => [] },
    versions: { type: [versionSchema], default: () => [] },
    messages: { type: [messageSchema], default: () => [] },
    revision: { type: Number, default: 0 },
    lastVersionNumber: { type: Number, default: 0 },
    lastMessageSequence: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);
aiGeneratedFlowSchema.index({ userId: 1, flowType: 1 }, { unique: true, name: "one_flow_per_user_and_type" });
// Touchpoints are addressed by their own id (PUT/DELETE /api/ai-flows/touchpoints/{id}).
aiGeneratedFlowSchema.index({ "touchpoints._id": 1 }, { name: "touchpoint_id" });

export const AiGeneratedFlowModel = defineModel<AiGeneratedFlowDoc>("AiGeneratedFlow", aiGeneratedFlowSchema, "ai_generated_flows");

// ---------------------------------------------------------------------------------------------
// Shapes the rest of the app sees: `id`, never `_id`, and never the concurrency counters.

export interface TouchpointRecord {
  id: string;
  flowId: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  delayDays: number;
  timing: Timing | null;
  offsetMinutes: number | null;
  primaryGoal: string;
  keyMessages: string;
  callToAction: string;
  createdAt: Date;
}

export type VersionTouchpointRecord = Omit<TouchpointRecord, "flowId"> & { versionId: string };

export interface FlowRecord {
  id: string;
  userId: string;
  flowType: FlowType;
  companyName: string;
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  model: string;
  promptType: string;
  regenerationCount: number;
  /** How many earlier versions exist (the "previous versions" count and the Versions button). */
  versionCount: number;
  touchpoints: TouchpointRecord[];
  createdAt: Date;
  updatedAt: Date;
}

export interface VersionRecord {
  id: string;
  flowId: string;
  versionNumber: number;
  model: string;
  promptType: string;
  reason: VersionReason;
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  createdAt: Date;
  touchpoints: VersionTouchpointRecord[];
}

export interface MessageRecord {
  id: string;
  flowId: string;
  versionId: string | null;
  role: MessageRole;
  content: string;
  sequence: number;
  createdAt: Date;
}

type CurrentFlowFields = Omit<AiGeneratedFlowDoc, "versions" | "messages">;

/** Reads of the current flow never load the versions or the conversation. */
const CURRENT_FLOW_PROJECTION = { versions: 0, messages: 0 } as const;

function byStepNumber(a: { stepNumber: number }, b: { stepNumber: number }) {
  return a.stepNumber - b.stepNumber;
}

function touchpointFields(doc: TouchpointDoc) {
  return {
    id: doc._id,
    stepNumber: doc.stepNumber,
    stepType: doc.stepType,
    title: doc.title,
    delayDays: doc.delayDays ?? 0,
    timing: doc.timing ?? null,
    offsetMinutes: doc.offsetMinutes ?? null,
    primaryGoal: doc.primaryGoal ?? "",
    keyMessages: doc.keyMessages ?? "",
    callToAction: doc.callToAction ?? "",
    createdAt: doc.createdAt,
  };
}

function toTouchpointRecord(flowId: string, doc: TouchpointDoc): TouchpointRecord {
  return { ...touchpointFields(doc), flowId };
}

export function toFlowRecord(doc: CurrentFlowFields): FlowRecord {
  return {
    id: doc._id,
    userId: doc.userId,
    flowType: doc.flowType,
    companyName: doc.companyName ?? "",
    flowOverview: doc.flowOverview ?? "",
    quickNotes: doc.quickNotes ?? "",
    customContext: doc.customContext ?? "",
    model: doc.model ?? "",
    promptType: doc.promptType ?? "",
    regenerationCount: doc.regenerationCount ?? 0,
    versionCount: doc.lastVersionNumber ?? 0,
    touchpoints: [...(doc.touchpoints ?? [])].sort(byStepNumber).map((tp) => toTouchpointRecord(doc._id, tp)),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toVersionRecord(flowId: string, doc: FlowVersionDoc): VersionRecord {
  return {
    id: doc._id,
    flowId,
    versionNumber: doc.versionNumber,
    model: doc.model ?? "",
    promptType: doc.promptType ?? "",
    reason: doc.reason ?? "regenerated",
    flowOverview: doc.flowOverview ?? "",
    quickNotes: doc.quickNotes ?? "",
    customContext: doc.customContext ?? "",
    createdAt: doc.createdAt,
    touchpoints: [...(doc.touchpoints ?? [])].sort(byStepNumber).map((tp) => ({ ...touchpointFields(tp), versionId: doc._id })),
  };
}

function toMessageRecord(flowId: string, doc: FlowMessageDoc): MessageRecord {
  return {
    id: doc._id,
    flowId,
    versionId: doc.versionId ?? null,
    role: doc.role,
    content: doc.content ?? "",
    sequence: doc.sequence,
    createdAt: doc.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs

export interface TouchpointInput {
  stepType: StepType;
  title: string;
  primaryGoal?: string;
  keyMessages?: string;
  callToAction?: string;
  /** Any of the three timing forms; the missing ones are derived (see normalizeTouchpointTiming). */
  timing?: Timing | null;
  delayDays?: number | null;
  offsetMinutes?: number | null;
}

/** The content a generation produces: becomes the flow's current state. */
export interface FlowContentInput {
  flowOverview: string;
  quickNotes?: string;
  customContext?: string;
  model?: string;
  promptType?: string;
  /** In step order; step numbers are assigned 1..n from this order. */
  touchpoints: TouchpointInput[];
}

export interface MessageInput {
  role: MessageRole;
  content: string;
}

/** Validates timings (a ZodError for a malformed one) and gives each touchpoint its id and number. */
function prepareTouchpoints(inputs: readonly TouchpointInput[], now: Date): TouchpointDoc[] {
  return inputs.map((input, index) => {
    const timing = input.timing == null ? null : timingSchema.parse(input.timing);
    const normalized = normalizeTouchpointTiming({ timing, delayDays: input.delayDays, offsetMinutes: input.offsetMinutes });
    return {
      _id: newId(),
      stepNumber: index + 1,
      stepType: input.stepType,
      title: input.title,
      delayDays: normalized.delayDays,
      timing: normalized.timing,
      offsetMinutes: normalized.offsetMinutes,
      primaryGoal: input.primaryGoal ?? "",
      keyMessages: input.keyMessages ?? "",
      callToAction: input.callToAction ?? "",
      createdAt: now,
    };
  });
}

function prepareMessages(inputs: readonly MessageInput[], afterSequence: number, versionId: string | null, now: Date): FlowMessageDoc[] {
  return inputs.map((input, index) => ({
    _id: newId(),
    versionId,
    role: input.role,
    content: input.content,
    sequence: afterSequence + index + 1,
    createdAt: now,
  }));
}

/** A copy with fresh ids: a touchpoint list lives in exactly one place (current or one version). */
function copyTouchpoints(touchpoints: readonly TouchpointDoc[]): TouchpointDoc[] {
  return [...touchpoints].sort(byStepNumber).map((tp, index) => ({
    _id: newId(),
    stepNumber: index + 1,
    stepType: tp.stepType,
    title: tp.title,
    delayDays: tp.delayDays ?? 0,
    timing: tp.timing ?? null,
    offsetMinutes: tp.offsetMinutes ?? null,
    primaryGoal: tp.primaryGoal ?? "",
    keyMessages: tp.keyMessages ?? "",
    callToAction: tp.callToAction ?? "",
    createdAt: tp.createdAt,
  }));
}

function snapshotCurrent(current: CurrentFlowFields, versionNumber: number, reason: VersionReason, now: Date): FlowVersionDoc {
  return {
    _id: newId(),
    versionNumber,
    model: current.model ?? "",
    promptType: current.promptType ?? "",
    reason,
    flowOverview: current.flowOverview ?? "",
    quickNotes: current.quickNotes ?? "",
    customContext: current.customContext ?? "",
    createdAt: now,
    touchpoints: copyTouchpoints(current.touchpoints ?? []),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getFlow({ id, userId }: { id: string; userId: string }): Promise<FlowRecord | null> {
  const doc = await AiGeneratedFlowModel.findOne({ _id: id, userId }, CURRENT_FLOW_PROJECTION).lean<CurrentFlowFields>();
  return doc ? toFlowRecord(doc) : null;
}

export async function getFlowByType({ userId, flowType }: { userId: string; flowType: FlowType }): Promise<FlowRecord | null> {
  const doc = await AiGeneratedFlowModel.findOne({ userId, flowType }, CURRENT_FLOW_PROJECTION).lean<CurrentFlowFields>();
  return doc ? toFlowRecord(doc) : null;
}

/** GET /api/ai-flows/by-type/{flowType}: a list, of at most one flow. */
export async function listFlowsByType({ userId, flowType }: { userId: string; flowType: FlowType }): Promise<FlowRecord[]> {
  const flow = await getFlowByType({ userId, flowType });
  return flow ? [flow] : [];
}

export async function listFlowsForUser(userId: string): Promise<FlowRecord[]> {
  const docs = await AiGeneratedFlowModel.find({ userId }, CURRENT_FLOW_PROJECTION).sort({ createdAt: 1 }).lean<CurrentFlowFields[]>();
  return docs.map(toFlowRecord);
}

/** Earlier versions, newest first; null when the flow is not the user's. */
export async function listVersions({ flowId, userId }: { flowId: string; userId: string }): Promise<VersionRecord[] | null> {
  const doc = await AiGeneratedFlowModel.findOne({ _id: flowId, userId }, { versions: 1 }).lean<Pick<AiGeneratedFlowDoc, "_id" | "versions">>();
  if (!doc) return null;
  return (doc.versions ?? []).map((version) => toVersionRecord(doc._id, version)).sort((a, b) => b.versionNumber - a.versionNumber);
}

/** The conversation in order; null when the flow is not the user's. */
export async function listMessages({ flowId, userId }: { flowId: string; userId: string }): Promise<MessageRecord[] | null> {
  const doc = await AiGeneratedFlowModel.findOne({ _id: flowId, userId }, { messages: 1 }).lean<Pick<AiGeneratedFlowDoc, "_id" | "messages">>();
  if (!doc) return null;
  return (doc.messages ?? []).map((message) => toMessageRecord(doc._id, message)).sort((a, b) => a.sequence - b.sequence);
}

export async function getTouchpoint({ id, userId }: { id: string; userId: string }): Promise<TouchpointRecord | null> {
  const doc = await AiGeneratedFlowModel.findOne({ userId, "touchpoints._id": id }, { touchpoints: 1 }).lean<
    Pick<AiGeneratedFlowDoc, "_id" | "touchpoints">
  >();
  const touchpoint = doc?.touchpoints.find((tp) => tp._id === id);
  return doc && touchpoint ? toTouchpointRecord(doc._id, touchpoint) : null;
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * Generate: creates the user's flow of this type with its first content and optional messages.
 * A second flow of the same type for the same user rejects with E11000 (code 11000).
 */
export async function createFlow({
  userId,
  flowType,
  companyName,
  content,
  messages = [],
}: {
  userId: string;
  flowType: FlowType;
  companyName: string;
  content: FlowContentInput;
  messages?: MessageInput[];
}): Promise<FlowRecord> {
  const now = new Date();
  const doc = await AiGeneratedFlowModel.create({
    userId,
    flowType,
    companyName,
    flowOverview: content.flowOverview,
    quickNotes: content.quickNotes ?? "",
    customContext: content.customContext ?? "",
    model: content.model ?? "",
    promptType: content.promptType ?? "",
    regenerationCount: 0,
    touchpoints: prepareTouchpoints(content.touchpoints, now),
    versions: [],
    messages: prepareMessages(messages, 0, null, now),
    revision: 0,
    lastVersionNumber: 0,
    lastMessageSequence: messages.length,
  });
  return toFlowRecord(doc.toObject({ transform: false }));
}

async function readCurrent(flowId: string, userId: string) {
  return AiGeneratedFlowModel.findOne({ _id: flowId, userId }, CURRENT_FLOW_PROJECTION).lean<CurrentFlowFields>();
}

/**
 * Regenerate: the current content becomes version N (N = lastVersionNumber + 1), the new content
 * becomes current, regenerationCount goes up by one, and the messages are appended (linked to
 * version N, the state the feedback was about). One findOneAndUpdate, guarded by the counters
 * read (see the top of this file). Null when the flow is not the user's.
 */
export async function replaceCurrentWithNewVersion({
  flowId,
  userId,
  content,
  messages = [],
}: {
  flowId: string;
  userId: string;
  content: FlowContentInput;
  messages?: MessageInput[];
}): Promise<{ flow: FlowRecord; previousVersion: VersionRecord } | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const current = await readCurrent(flowId, userId);
    if (!current) return null;
    const now = new Date();
    const previous = snapshotCurrent(current, current.lastVersionNumber + 1, "regenerated", now);
    const newMessages = prepareMessages(messages, current.lastMessageSequence, previous._id, now);
    const updated = await AiGeneratedFlowModel.findOneAndUpdate(
      {
        _id: flowId,
        userId,
        revision: current.revision,
        lastVersionNumber: current.lastVersionNumber,
        lastMessageSequence: current.lastMessageSequence,
      },
      {
        $set: {
          flowOverview: content.flowOverview,
          quickNotes: content.quickNotes ?? "",
          customContext: content.customContext ?? current.customContext ?? "",
          model: content.model ?? "",
          promptType: content.promptType ?? "",
          touchpoints: prepareTouchpoints(content.touchpoints, now),
        },
        $push: newMessages.length > 0 ? { versions: previous, messages: { $each: newMessages } } : { versions: previous },
        $inc: { revision: 1, lastVersionNumber: 1, lastMessageSequence: newMessages.length, regenerationCount: 1 },
      },
      { returnDocument: "after", runValidators: true, projection: CURRENT_FLOW_PROJECTION },
    ).lean<CurrentFlowFields>();
    if (updated) return { flow: toFlowRecord(updated), previousVersion: toVersionRecord(flowId, previous) };
  }
  throw new WriteConflictError("The flow kept changing while it was being regenerated. Please try again.");
}

/**
 * Roll back: the current content is saved as a backup version (reason 'rollback_backup', the next
 * number), then the chosen version's content becomes current. The chosen version stays in the
 * history. One guarded findOneAndUpdate. Null when the flow is not the user's or has no such
 * version.
 */
export async function rollbackToVersion({
  flowId,
  versionId,
  userId,
  messages = [],
}: {
  flowId: string;
  versionId: string;
  userId: string;
  messages?: MessageInput[];
}): Promise<{ flow: FlowRecord; rolledBackToVersion: VersionRecord; backupVersion: VersionRecord } | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const current = await AiGeneratedFlowModel.findOne({ _id: flowId, userId }, { messages: 0 }).lean<Omit<AiGeneratedFlowDoc, "messages">>();
    if (!current) return null;
    const target = (current.versions ?? []).find((version) => version._id === versionId);
    if (!target) return null;
    const now = new Date();
    const backup = snapshotCurrent(current, current.lastVersionNumber + 1, "rollback_backup", now);
    const newMessages = prepareMessages(messages, current.lastMessageSequence, backup._id, now);
    const updated = await AiGeneratedFlowModel.findOneAndUpdate(
      {
        _id: flowId,
        userId,
        revision: current.revision,
        lastVersionNumber: current.lastVersionNumber,
        lastMessageSequence: current.lastMessageSequence,
      },
      {
        $set: {
          flowOverview: target.flowOverview ?? "",
          quickNotes: target.quickNotes ?? "",
          customContext: target.customContext ?? "",
          model: target.model ?? "",
          promptType: target.promptType ?? "",
          touchpoints: copyTouchpoints(target.touchpoints ?? []),
        },
        $push: newMessages.length > 0 ? { versions: backup, messages: { $each: newMessages } } : { versions: backup },
        $inc: { revision: 1, lastVersionNumber: 1, lastMessageSequence: newMessages.length },
      },
      { returnDocument: "after", runValidators: true, projection: CURRENT_FLOW_PROJECTION },
    ).lean<CurrentFlowFields>();
    if (updated) {
      return {
        flow: toFlowRecord(updated),
        rolledBackToVersion: toVersionRecord(flowId, target),
        backupVersion: toVersionRecord(flowId, backup),
      };
    }
  }
  throw new WriteConflictError("The flow kept changing while it was being rolled back. Please try again.");
}

/** Appends conversation messages without changing the content. Null when the flow is not the user's. */
export async function appendMessages({
  flowId,
  userId,
  messages,
  versionId = null,
}: {
  flowId: string;
  userId: string;
  messages: MessageInput[];
  versionId?: string | null;
}): Promise<MessageRecord[] | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const current = await AiGeneratedFlowModel.findOne({ _id: flowId, userId }, { lastMessageSequence: 1 }).lean<
      Pick<AiGeneratedFlowDoc, "_id" | "lastMessageSequence">
    >();
    if (!current) return null;
    if (messages.length === 0) return [];
    const newMessages = prepareMessages(messages, current.lastMessageSequence ?? 0, versionId, new Date());
    const result = await AiGeneratedFlowModel.updateOne(
      { _id: flowId, userId, lastMessageSequence: current.lastMessageSequence },
      { $push: { messages: { $each: newMessages } }, $inc: { lastMessageSequence: newMessages.length } },
      { runValidators: true },
    );
    if (result.matchedCount === 1) return newMessages.map((message) => toMessageRecord(flowId, message));
  }
  throw new WriteConflictError("The conversation kept changing while messages were being saved. Please try again.");
}

export interface TouchpointChanges {
  stepType?: StepType;
  title?: string;
  primaryGoal?: string;
  keyMessages?: string;
  callToAction?: string;
  /**
   * A changed delayDays without a timing replaces the timing by "N days after the start"; an
   * unchanged one (the edit form always sends it) keeps an event-relative timing as it was.
   */
  delayDays?: number;
  timing?: Timing | null;
  offsetMinutes?: number | null;
}

function applyTouchpointChanges(tp: TouchpointDoc, changes: TouchpointChanges): TouchpointDoc {
  const next: TouchpointDoc = { ...tp };
  if (changes.stepType !== undefined) next.stepType = changes.stepType;
  if (changes.title !== undefined) next.title = changes.title;
  if (changes.primaryGoal !== undefined) next.primaryGoal = changes.primaryGoal;
  if (changes.keyMessages !== undefined) next.keyMessages = changes.keyMessages;
  if (changes.callToAction !== undefined) next.callToAction = changes.callToAction;

  let timingChange: Parameters<typeof normalizeTouchpointTiming>[0] | undefined;
  if (changes.timing !== undefined) {
    const timing = changes.timing === null ? null : timingSchema.parse(changes.timing);
    timingChange = { timing, delayDays: changes.delayDays, offsetMinutes: changes.offsetMinutes };
  } else if (changes.offsetMinutes !== undefined && changes.offsetMinutes !== tp.offsetMinutes) {
    timingChange = { offsetMinutes: changes.offsetMinutes, delayDays: changes.delayDays };
  } else if (changes.delayDays !== undefined && changes.delayDays !== tp.delayDays) {
    timingChange = { delayDays: changes.delayDays };
  }
  if (timingChange) {
    const normalized = normalizeTouchpointTiming(timingChange);
    next.timing = normalized.timing;
    next.offsetMinutes = normalized.offsetMinutes;
    next.delayDays = normalized.delayDays;
  }
  return next;
}

/**
 * Edits one touchpoint of one of the user's flows, found by the touchpoint's id. The whole
 * touchpoint list is written back guarded by the revision read, so a concurrent regenerate or
 * delete is never overwritten. Null when no flow of this user has the touchpoint.
 */
export async function updateTouchpoint({
  id,
  userId,
  changes,
}: {
  id: string;
  userId: string;
  changes: TouchpointChanges;
}): Promise<TouchpointRecord | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const flow = await AiGeneratedFlowModel.findOne({ userId, "touchpoints._id": id }, { touchpoints: 1, revision: 1 }).lean<
      Pick<AiGeneratedFlowDoc, "_id" | "touchpoints" | "revision">
    >();
    const existing = flow?.touchpoints.find((tp) => tp._id === id);
    if (!flow || !existing) return null;
    const edited = applyTouchpointChanges(existing, changes);
    const touchpoints = flow.touchpoints.map((tp) => (tp._id === id ? edited : tp));
    const result = await AiGeneratedFlowModel.updateOne(
      { _id: flow._id, userId, revision: flow.revision },
      { $set: { touchpoints }, $inc: { revision: 1 } },
      { runValidators: true },
    );
    if (result.matchedCount === 1) return toTouchpointRecord(flow._id, edited);
  }
  throw new WriteConflictError("The flow kept changing while the touchpoint was being saved. Please try again.");
}

/**
 * Deletes one touchpoint of one of the user's flows and renumbers the rest 1..n in step order.
 * Null when no flow of this user has the touchpoint; otherwise the flow as it is now.
 */
export async function deleteTouchpoint({ id, userId }: { id: string; userId: string }): Promise<FlowRecord | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const flow = await AiGeneratedFlowModel.findOne({ userId, "touchpoints._id": id }, { touchpoints: 1, revision: 1 }).lean<
      Pick<AiGeneratedFlowDoc, "_id" | "touchpoints" | "revision">
    >();
    if (!flow || !flow.touchpoints.some((tp) => tp._id === id)) return null;
    const remaining = flow.touchpoints
      .filter((tp) => tp._id !== id)
      .sort(byStepNumber)
      .map((tp, index) => ({ ...tp, stepNumber: index + 1 }));
    const updated = await AiGeneratedFlowModel.findOneAndUpdate(
      { _id: flow._id, userId, revision: flow.revision },
      { $set: { touchpoints: remaining }, $inc: { revision: 1 } },
      { returnDocument: "after", runValidators: true, projection: CURRENT_FLOW_PROJECTION },
    ).lean<CurrentFlowFields>();
    if (updated) return toFlowRecord(updated);
  }
  throw new WriteConflictError("The flow kept changing while the touchpoint was being deleted. Please try again.");
}

/** Deletes the flow with all its versions and conversation. False when it is not the user's. */
export async function deleteFlow({ id, userId }: { id: string; userId: string }): Promise<boolean> {
  const result = await AiGeneratedFlowModel.deleteOne({ _id: id, userId });
  return result.deletedCount === 1;
}

export async function deleteFlowsOfUser(userId: string): Promise<number> {
  const result = await AiGeneratedFlowModel.deleteMany({ userId });
  return result.deletedCount;
}
