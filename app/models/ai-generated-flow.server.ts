import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { FLOW_LIMITS, MESSAGE_ROLES, type MessageRole, type TouchpointFields } from "~/lib/flows/types";
import { MAX_OFFSET_MINUTES } from "~/lib/timing";
import { timingSchema } from "~/lib/timing-schema";
import {
  AiFlowMessageModel,
  AiFlowVersionModel,
  type FlowMessageDoc,
  type FlowVersionDoc,
  type TouchpointDoc,
  touchpointSchema,
  versionSchema,
  messageSchema,
} from "~/models/ai-flow-history.server";
import { defineModel, exposeIdOptions, MAX_WRITE_ATTEMPTS, newId, uuidId, WriteConflictError } from "~/models/utils.server";

export type { FlowMessageDoc, FlowVersionDoc, TouchpointDoc } from "~/models/ai-flow-history.server";
export { MESSAGE_ROLES, type MessageRole };

/**
 * One document per user and flow type (collection ai_generated_flows) holding the CURRENT content
 * and its touchpoints. Versions and conversation messages are documents of their own
 * (ai_flow_versions, ai_flow_messages; see ai-flow-history.server.ts), so a flow stays small
 * however many times it is regenerated, and reading it never touches its history.
 *
 * Every write goes through `updateWithRevision(flowId, userId, mutate)`: read the flow, let
 * `mutate` build the change from what was read, apply it with a findOneAndUpdate whose filter
 * requires the revision read (and $inc's it); retry on a lost race. A change that adds versions
 * or messages puts them in the flow's own outbox (`pendingVersions`, `pendingMessages`) in that
 * same atomic write, so the content, the version number and the messages commit together or not
 * at all; right after, they are moved to their collections and pulled from the outbox. Reads
 * merge whatever is still in the outbox, so a crash between the two steps loses nothing, and
 * the next write moves it. Deleting a flow deletes its history; a move that races a delete
 * checks afterwards that the flow still exists and removes what it wrote if not (no orphans).
 *
 * Every function takes the owner's userId and puts it in the query filter itself: another
 * user's flow is simply not found (null), never fetched and then checked.
 */

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
  /** +1 on every write. */
  revision: number;
  /** The highest version number handed out: versions are never deleted alone, so also their count. */
  lastVersionNumber: number;
  lastMessageSequence: number;
  pendingVersions: FlowVersionDoc[];
  pendingMessages: FlowMessageDoc[];
  createdAt: Date;
  updatedAt: Date;
}

const text = (maxlength: number) => ({ type: String, trim: true, maxlength, default: "" });

const aiGeneratedFlowSchema = new Schema<AiGeneratedFlowDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    flowType: { type: String, enum: FLOW_TYPES, required: true },
    companyName: text(FLOW_LIMITS.companyName),
    flowOverview: text(FLOW_LIMITS.flowOverview),
    quickNotes: text(FLOW_LIMITS.quickNotes),
    customContext: text(FLOW_LIMITS.customContext),
    model: text(FLOW_LIMITS.model),
    promptType: text(FLOW_LIMITS.promptType),
    regenerationCount: { type: Number, min: 0, default: 0 },
    touchpoints: { type: [touchpointSchema], default: () => [] },
    revision: { type: Number, default: 0 },
    lastVersionNumber: { type: Number, default: 0 },
    lastMessageSequence: { type: Number, default: 0 },
    pendingVersions: { type: [versionSchema], default: () => [] },
    pendingMessages: { type: [messageSchema], default: () => [] },
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);
aiGeneratedFlowSchema.index({ userId: 1, flowType: 1 }, { unique: true, name: "one_flow_per_user_and_type" });
// Touchpoints are addressed by their own id (PUT/DELETE /api/touchpoints/{id}).
aiGeneratedFlowSchema.index({ "touchpoints._id": 1 }, { name: "touchpoint_id" });

export const AiGeneratedFlowModel = defineModel<AiGeneratedFlowDoc>("AiGeneratedFlow", aiGeneratedFlowSchema, "ai_generated_flows");

export type CurrentFlowDoc = Omit<AiGeneratedFlowDoc, "pendingVersions" | "pendingMessages">;

/** Reads of the current flow never load the outbox. */
const CURRENT = { pendingVersions: 0, pendingMessages: 0 } as const;

// ---------------------------------------------------------------------------------------------
// Inputs

/** A touchpoint to store: its fields less the step number, which its place in the list sets. */
export type TouchpointInput = Omit<TouchpointFields, "stepNumber"> & {
  /** Kept when given (a restored or edited touchpoint keeps its id); new otherwise. */
  id?: string;
  createdAt?: Date;
};

/** The content a generation produces: becomes the flow's current state. */
export interface FlowContent {
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  model: string;
  promptType: string;
  /** In step order; step numbers are assigned 1..n from this order. */
  touchpoints: TouchpointInput[];
}

export interface MessageInput {
  role: MessageRole;
  content: string;
}

export function toTouchpointDocs(inputs: readonly TouchpointInput[], now: Date): TouchpointDoc[] {
  return inputs.map((input, index) => ({
    _id: input.id ?? newId(),
    stepNumber: index + 1,
    stepType: input.stepType,
    title: input.title,
    delayDays: input.delayDays,
    timing: input.timing === null ? null : timingSchema.parse(input.timing),
    offsetMinutes: input.offsetMinutes === null ? null : Math.min(MAX_OFFSET_MINUTES, Math.max(0, input.offsetMinutes)),
    primaryGoal: input.primaryGoal,
    keyMessages: input.keyMessages,
    callToAction: input.callToAction,
    sendWindow: input.sendWindow,
    createdAt: input.createdAt ?? now,
  }));
}

export function byStepNumber(a: { stepNumber: number }, b: { stepNumber: number }) {
  return a.stepNumber - b.stepNumber;
}

/** A touchpoint list as inputs again (ids and creation dates kept). */
export function touchpointInputsOf(touchpoints: readonly TouchpointDoc[]): TouchpointInput[] {
  return [...touchpoints].sort(byStepNumber).map((tp) => ({
    id: tp._id,
    stepType: tp.stepType,
    title: tp.title,
    primaryGoal: tp.primaryGoal ?? "",
    keyMessages: tp.keyMessages ?? "",
    callToAction: tp.callToAction ?? "",
    timing: tp.timing ?? null,
    delayDays: tp.delayDays ?? 0,
    offsetMinutes: tp.offsetMinutes ?? null,
    sendWindow: tp.sendWindow ?? null,
    createdAt: tp.createdAt,
  }));
}

// ---------------------------------------------------------------------------------------------
// Reads (owner-scoped, never the history)

export async function findFlow({ flowId, userId }: { flowId: string; userId: string }): Promise<CurrentFlowDoc | null> {
  return AiGeneratedFlowModel.findOne({ _id: flowId, userId }, CURRENT).lean<CurrentFlowDoc>();
}

export async function findFlowByType({ userId, flowType }: { userId: string; flowType: FlowType }): Promise<CurrentFlowDoc | null> {
  return AiGeneratedFlowModel.findOne({ userId, flowType }, CURRENT).lean<CurrentFlowDoc>();
}

export async function findFlowsOfUser(userId: string): Promise<CurrentFlowDoc[]> {
  return AiGeneratedFlowModel.find({ userId }, CURRENT).sort({ createdAt: 1 }).lean<CurrentFlowDoc[]>();
}

/** What the scorecard reads of a flow: its type, regenerations, and each touchpoint's channel, title and timing. */
export type FlowOutline = Pick<AiGeneratedFlowDoc, "_id" | "flowType" | "regenerationCount"> & {
  touchpoints: Array<Pick<TouchpointDoc, "_id" | "stepNumber" | "stepType" | "title" | "delayDays" | "timing" | "offsetMinutes">>;
};

const OUTLINE = {
  flowType: 1,
  regenerationCount: 1,
  "touchpoints._id": 1,
  "touchpoints.stepNumber": 1,
  "touchpoints.stepType": 1,
  "touchpoints.title": 1,
  "touchpoints.delayDays": 1,
  "touchpoints.timing": 1,
  "touchpoints.offsetMinutes": 1,
} as const;

/** The user's flows in outline (no texts beyond titles, no history). */
export async function findFlowOutlinesOfUser(userId: string): Promise<FlowOutline[]> {
  return AiGeneratedFlowModel.find({ userId }, OUTLINE).sort({ createdAt: 1 }).lean<FlowOutline[]>();
}

/** The flow holding a touchpoint, when the flow is the user's. */
export async function findFlowByTouchpoint({ touchpointId, userId }: { touchpointId: string; userId: string }): Promise<CurrentFlowDoc | null> {
  return AiGeneratedFlowModel.findOne({ userId, "touchpoints._id": touchpointId }, CURRENT).lean<CurrentFlowDoc>();
}

type Outbox = Pick<AiGeneratedFlowDoc, "_id" | "pendingVersions" | "pendingMessages">;

async function readOutbox(flowId: string, userId: string): Promise<Outbox | null> {
  return AiGeneratedFlowModel.findOne({ _id: flowId, userId }, { pendingVersions: 1, pendingMessages: 1 }).lean<Outbox>();
}

/** Versions of the user's flow, newest first; null when the flow is not the user's. */
export async function findVersions({ flowId, userId }: { flowId: string; userId: string }): Promise<FlowVersionDoc[] | null> {
  const outbox = await readOutbox(flowId, userId);
  if (!outbox) return null;
  const stored = await AiFlowVersionModel.find({ flowId }).sort({ versionNumber: -1 }).lean<FlowVersionDoc[]>();
  return mergeById(stored, outbox.pendingVersions ?? []).sort((a, b) => b.versionNumber - a.versionNumber);
}

/** One version of the user's flow (not of another flow), or null. */
export async function findVersion({ flowId, userId, versionId }: { flowId: string; userId: string; versionId: string }) {
  const outbox = await readOutbox(flowId, userId);
  if (!outbox) return null;
  const pending = (outbox.pendingVersions ?? []).find((version) => version._id === versionId);
  if (pending) return pending;
  return AiFlowVersionModel.findOne({ _id: versionId, flowId }).lean<FlowVersionDoc>();
}

export const MESSAGE_PAGE_SIZE = 200;

/**
 * One page of the conversation in sequence order: messages after `afterSequence`, at most
 * `limit`. Null when the flow is not the user's.
 */
export async function findMessagesPage({
  flowId,
  userId,
  afterSequence = 0,
  limit = MESSAGE_PAGE_SIZE,
}: {
  flowId: string;
  userId: string;
  afterSequence?: number;
  limit?: number;
}): Promise<FlowMessageDoc[] | null> {
  const outbox = await readOutbox(flowId, userId);
  if (!outbox) return null;
  const stored = await AiFlowMessageModel.find({ flowId, sequence: { $gt: afterSequence } })
    .sort({ sequence: 1 })
    .limit(limit)
    .lean<FlowMessageDoc[]>();
  const pending = (outbox.pendingMessages ?? []).filter((message) => message.sequence > afterSequence);
  return mergeById(stored, pending)
    .sort((a, b) => a.sequence - b.sequence)
    .slice(0, limit);
}

function mergeById<T extends { _id: string }>(stored: T[], pending: T[]): T[] {
  const seen = new Set(stored.map((item) => item._id));
  return [...stored, ...pending.filter((item) => !seen.has(item._id))];
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertFlow({
  userId,
  flowType,
  companyName,
  content,
}: {
  userId: string;
  flowType: FlowType;
  companyName: string;
  content: FlowContent;
}): Promise<CurrentFlowDoc> {
  const now = new Date();
  const doc = await AiGeneratedFlowModel.create({
    userId,
    flowType,
    companyName,
    flowOverview: content.flowOverview,
    quickNotes: content.quickNotes,
    customContext: content.customContext,
    model: content.model,
    promptType: content.promptType,
    regenerationCount: 0,
    touchpoints: toTouchpointDocs(content.touchpoints, now),
    revision: 0,
    lastVersionNumber: 0,
    lastMessageSequence: 0,
    pendingVersions: [],
    pendingMessages: [],
  });
  const { pendingVersions: _versions, pendingMessages: _messages, ...current } = doc.toObject({ transform: false });
  return current;
}

/** What a write changes; built by `mutate` from the flow as read. */
export interface FlowChange<R> {
  /** New current content (touchpoints included); omitted keeps it. */
  content?: FlowContent;
  /** Replace only the touchpoints (edits and deletes). */
  touchpoints?: TouchpointInput[];
  /** With `touchpoints`: the overview and quick notes recomputed for them. */
  derivedText?: { flowOverview: string; quickNotes: string };
  /** Replace only the quick notes, touching nothing else (a note kept when the flow stays as it was). */
  quickNotes?: string;
  /** When true, the state as read is saved as the next numbered version (its promptType stays the content's own). */
  saveCurrentAsVersion?: boolean;
  /** Conversation messages to append (linked to the version saved by this write, if any). */
  messages?: MessageInput[];
  incrementRegenerationCount?: boolean;
  /** What updateWithRevision returns, built from the write's results. */
  result: (written: { flow: CurrentFlowDoc; version: FlowVersionDoc | null; messages: FlowMessageDoc[] }) => R;
}

export function snapshotOf(current: CurrentFlowDoc, versionNumber: number, now: Date): FlowVersionDoc {
  return {
    _id: newId(),
    flowId: current._id,
    versionNumber,
    model: current.model ?? "",
    promptType: current.promptType ?? "",
    flowOverview: current.flowOverview ?? "",
    quickNotes: current.quickNotes ?? "",
    customContext: current.customContext ?? "",
    createdAt: now,
    // A touchpoint keeps its id in the version it is saved into (written content follows it).
    touchpoints: [...(current.touchpoints ?? [])].sort(byStepNumber).map((tp) => ({ ...tp })),
  };
}

/**
 * The one optimistic write. `mutate` gets the flow as read (null when it is not the user's, or
 * was deleted) and returns the change, or throws to abort (nothing written). The write applies
 * only if nobody wrote in between; otherwise `mutate` runs again on a fresh read. Returns
 * null when the flow does not exist for this user.
 */
export async function updateWithRevision<R>(flowId: string, userId: string, mutate: (current: CurrentFlowDoc) => FlowChange<R> | Promise<FlowChange<R>>): Promise<R | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const current = await findFlow({ flowId, userId });
    if (!current) return null;
    const change = await mutate(current);
    const now = new Date();
    const version = change.saveCurrentAsVersion ? snapshotOf(current, current.lastVersionNumber + 1, now) : null;
    const messages: FlowMessageDoc[] = (change.messages ?? []).map((message, index) => ({
      _id: newId(),
      flowId,
      versionId: version?._id ?? null,
      role: message.role,
      content: message.content,
      sequence: current.lastMessageSequence + index + 1,
      createdAt: now,
    }));

    const set: Record<string, unknown> = {};
    if (change.content) {
      set.flowOverview = change.content.flowOverview;
      set.quickNotes = change.content.quickNotes;
      set.customContext = change.content.customContext;
      set.model = change.content.model;
      set.promptType = change.content.promptType;
      set.touchpoints = toTouchpointDocs(change.content.touchpoints, now);
    } else if (change.touchpoints) {
      set.touchpoints = toTouchpointDocs(change.touchpoints, now);
      if (change.derivedText) {
        set.flowOverview = change.derivedText.flowOverview;
        set.quickNotes = change.derivedText.quickNotes;
      }
    } else if (change.quickNotes !== undefined) {
      set.quickNotes = change.quickNotes;
    }
    const push: Record<string, unknown> = {};
    if (version) push.pendingVersions = version;
    if (messages.length > 0) push.pendingMessages = { $each: messages };
    const inc: Record<string, number> = { revision: 1 };
    if (version) inc.lastVersionNumber = 1;
    if (messages.length > 0) inc.lastMessageSequence = messages.length;
    if (change.incrementRegenerationCount) inc.regenerationCount = 1;

    const update: Record<string, unknown> = { $inc: inc };
    if (Object.keys(set).length > 0) update.$set = set;
    if (Object.keys(push).length > 0) update.$push = push;

    const updated = await AiGeneratedFlowModel.findOneAndUpdate({ _id: flowId, userId, revision: current.revision }, update, {
      returnDocument: "after",
      runValidators: true,
      projection: CURRENT,
    }).lean<CurrentFlowDoc>();
    if (updated) {
      if (version || messages.length > 0) await moveOutbox(flowId);
      return change.result({ flow: updated, version, messages });
    }
  }
  throw new WriteConflictError("The flow kept changing while it was being saved. Please try again.");
}

/**
 * Moves the flow's outbox to the version and message collections (idempotent: an entry moved
 * twice is written once), then pulls what it moved. If the flow was deleted meanwhile, removes
 * the flow's history again so nothing is left behind.
 */
export async function moveOutbox(flowId: string): Promise<void> {
  const outbox = await AiGeneratedFlowModel.findOne({ _id: flowId }, { pendingVersions: 1, pendingMessages: 1 }).lean<Outbox>();
  if (!outbox) return;
  const versions = outbox.pendingVersions ?? [];
  const messages = outbox.pendingMessages ?? [];
  if (versions.length === 0 && messages.length === 0) return;
  if (versions.length > 0) {
    await AiFlowVersionModel.bulkWrite(
      versions.map((version) => ({ updateOne: { filter: { _id: version._id }, update: { $setOnInsert: version }, upsert: true } })),
      { ordered: false },
    );
  }
  if (messages.length > 0) {
    await AiFlowMessageModel.bulkWrite(
      messages.map((message) => ({ updateOne: { filter: { _id: message._id }, update: { $setOnInsert: message }, upsert: true } })),
      { ordered: false },
    );
  }
  await AiGeneratedFlowModel.updateOne(
    { _id: flowId },
    {
      $pull: {
        pendingVersions: { _id: { $in: versions.map((version) => version._id) } },
        pendingMessages: { _id: { $in: messages.map((message) => message._id) } },
      },
    },
  );
  if (!(await AiGeneratedFlowModel.exists({ _id: flowId }))) await deleteHistory(flowId);
}

async function deleteHistory(flowId: string) {
  await Promise.all([AiFlowVersionModel.deleteMany({ flowId }), AiFlowMessageModel.deleteMany({ flowId })]);
}

/** Deletes the flow with all its versions and conversation. False when it is not the user's. */
export async function removeFlow({ flowId, userId }: { flowId: string; userId: string }): Promise<boolean> {
  const result = await AiGeneratedFlowModel.deleteOne({ _id: flowId, userId });
  if (result.deletedCount !== 1) return false;
  await deleteHistory(flowId);
  return true;
}

export async function removeFlowsOfUser(userId: string): Promise<number> {
  const flows = await AiGeneratedFlowModel.find({ userId }, { _id: 1 }).lean<Array<{ _id: string }>>();
  const result = await AiGeneratedFlowModel.deleteMany({ userId });
  await Promise.all(flows.map((flow) => deleteHistory(flow._id)));
  return result.deletedCount;
}
