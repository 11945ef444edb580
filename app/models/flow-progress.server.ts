import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType, STEP_TYPES } from "~/lib/flow-types";
import type { StreamedMessage } from "~/lib/content/streamed-messages";
import type { StreamedStep } from "~/lib/flows/streamed-steps";
import { type ClaimOwner, claimOwnerIsGone, type OwnerCheck, THIS_INSTANCE } from "~/models/flow-generation.server";
import { defineModel, newId } from "~/models/utils.server";

/**
 * The progress of a generation or regeneration a model is writing (decision 135), or of the
 * content it writes for a flow's touchpoints (decision 173): the steps or messages it has written
 * so far, in the database, so a reload, another tab, an API client and every instance
 * read the same progress. A record lives while its work runs; when the work ends its steps are
 * dropped and only the outcome is kept, for FINISHED_PROGRESS_MS, so whoever is waiting learns how
 * it ended; then it is gone (a TTL index). A record whose process is known to be gone reads as
 * failed.
 */

export const PROGRESS_KINDS = ["generate", "regenerate", "content"] as const;
export type ProgressKind = (typeof PROGRESS_KINDS)[number];
/** The kinds that write a flow (the flow screen follows them); content writing is followed on the content page. */
export const FLOW_PROGRESS_KINDS = ["generate", "regenerate"] as const satisfies readonly ProgressKind[];
export const CONTENT_PROGRESS_KINDS = ["content"] as const satisfies readonly ProgressKind[];
export interface ProgressResult {
  versionNumber: number | null;
  applied: boolean;
  /** A regeneration's reply to the note (said when nothing could be changed); null for a first generation. */
  explanation: string | null;
}
export type ProgressState = "running" | "succeeded" | "failed";

/** How long a finished generation's outcome stays readable. */
export const FINISHED_PROGRESS_MS = 10 * 60_000;

export interface FlowProgressDoc {
  _id: string;
  userId: string;
  flowType: FlowType;
  kind: ProgressKind;
  /** The flow a regeneration or content writing is about (null for a first generation until it succeeds). */
  flowId: string | null;
  state: ProgressState;
  /** 1 for the model's first answer, 2 while it writes its one repair. */
  attempt: number;
  steps: StreamedStep[];
  /** The most steps shown at any time (kept when the work ends, so a failure can say steps were shown). */
  stepsShown: number;
  /** Content writing: each touchpoint's message written so far, with the touchpoint it belongs to. */
  messages: StreamedMessage[];
  /** The most messages shown at any time (kept when the work ends, as stepsShown). */
  messagesShown: number;
  startedAt: Date;
  updatedAt: Date;
  /** A running record's claim-long limit; a finished one's end of readability. */
  expiresAt: Date;
  owner?: ClaimOwner;
  /** A success: the version the previous content was saved as (regeneration), whether a note changed anything, and the model's reply to it. */
  result?: ProgressResult | null;
  /** A failure: its code and the words the user is shown. */
  error?: { code: string; message: string } | null;
}

const stepSchema = new Schema<StreamedStep>(
  {
    stepType: { type: String, enum: STEP_TYPES, required: true },
    title: { type: String, required: true },
    timingText: { type: String, default: "" },
    primaryGoal: { type: String, default: "" },
  },
  { _id: false },
);

const text = { type: String, default: null };
const messageSchema = new Schema<StreamedMessage>(
  { touchpointId: { type: String, required: true }, subject: text, preheader: text, bodyText: text, callToAction: text, sms: text, complete: { type: Boolean, default: true } },
  { _id: false },
);

const flowProgressSchema = new Schema<FlowProgressDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    flowType: { type: String, enum: FLOW_TYPES, required: true },
    kind: { type: String, enum: PROGRESS_KINDS, required: true },
    flowId: { type: String, default: null },
    state: { type: String, enum: ["running", "succeeded", "failed"], required: true },
    attempt: { type: Number, default: 1 },
    steps: { type: [stepSchema], default: [] },
    stepsShown: { type: Number, default: 0 },
    messages: { type: [messageSchema], default: [] },
    messagesShown: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    owner: {
      type: new Schema<ClaimOwner>({ instanceId: { type: String, required: true }, pid: { type: Number, required: true }, host: { type: String, required: true } }, { _id: false }),
      required: false,
    },
    result: {
      type: new Schema(
        { versionNumber: { type: Number, default: null }, applied: { type: Boolean, required: true }, explanation: { type: String, default: null } },
        { _id: false },
      ),
      default: null,
    },
    error: { type: new Schema({ code: { type: String, required: true }, message: { type: String, required: true } }, { _id: false }), default: null },
  },
  { versionKey: false },
);
flowProgressSchema.index({ userId: 1, flowType: 1, startedAt: -1 }, { name: "user_flow_type_started" });
flowProgressSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: "expires_ttl" });

export const FlowProgressModel = defineModel<FlowProgressDoc>("FlowProgress", flowProgressSchema, "ai_flow_progress");

/** What a caller of the progress sees: a record as it stands now (one whose process is gone reads as failed). */
export type FlowProgress = Omit<FlowProgressDoc, "owner" | "expiresAt">;

/** Said when a generation's process ended before it did (a restart or a crash). */
export const INTERRUPTED_MESSAGE = "The generation was interrupted before it finished. Nothing was saved; please try again.";

function asSeen(doc: FlowProgressDoc, now: Date, owners: OwnerCheck): FlowProgress | null {
  if (doc.expiresAt.getTime() <= now.getTime()) return null;
  const { owner, expiresAt: _expires, ...rest } = doc;
  if (doc.state === "running" && claimOwnerIsGone(owner, owners)) {
    return { ...rest, state: "failed", steps: [], messages: [], error: { code: "INTERRUPTED", message: INTERRUPTED_MESSAGE } };
  }
  return rest;
}

export async function createProgress({
  userId,
  flowType,
  kind,
  flowId,
  now,
  ttlMs,
  owners = {},
}: {
  userId: string;
  flowType: FlowType;
  kind: ProgressKind;
  flowId: string | null;
  now: Date;
  ttlMs: number;
  owners?: OwnerCheck;
}): Promise<FlowProgress> {
  // A new run replaces what is left of the earlier ones of its family for this flow type (their outcome has been seen or no longer matters).
  await FlowProgressModel.deleteMany({ userId, flowType, kind: { $in: familyOf(kind) }, state: { $ne: "running" } });
  const doc: FlowProgressDoc = {
    _id: newId(),
    userId,
    flowType,
    kind,
    flowId,
    state: "running",
    attempt: 1,
    steps: [],
    stepsShown: 0,
    messages: [],
    messagesShown: 0,
    startedAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    owner: { ...(owners.self ?? THIS_INSTANCE) },
    result: null,
    error: null,
  };
  await FlowProgressModel.create(doc);
  return asSeen(doc, now, owners)!;
}

/** The steps so far of a running record (a record that has ended is left as it is). */
export async function recordSteps(id: string, steps: StreamedStep[], attempt: number, now: Date): Promise<void> {
  await FlowProgressModel.updateOne({ _id: id, state: "running" }, { $set: { steps, attempt, updatedAt: now }, $max: { stepsShown: steps.length } });
}

/** The messages so far of a running content record (a record that has ended is left as it is). */
export async function recordMessages(id: string, messages: StreamedMessage[], attempt: number, now: Date): Promise<void> {
  await FlowProgressModel.updateOne({ _id: id, state: "running" }, { $set: { messages, attempt, updatedAt: now }, $max: { messagesShown: messages.length } });
}

/** Ends a running record (once: the first outcome stands): its steps are dropped, its outcome kept for FINISHED_PROGRESS_MS. */
export async function finishProgress(
  id: string,
  outcome: { state: "succeeded"; flowId: string; result: ProgressResult } | { state: "failed"; error: { code: string; message: string } },
  now: Date,
): Promise<void> {
  await FlowProgressModel.updateOne(
    { _id: id, state: "running" },
    {
      $set: {
        state: outcome.state,
        steps: [],
        messages: [],
        updatedAt: now,
        expiresAt: new Date(now.getTime() + FINISHED_PROGRESS_MS),
        ...(outcome.state === "succeeded" ? { flowId: outcome.flowId, result: outcome.result } : { error: outcome.error }),
      },
    },
  );
}

/** The kinds a record of this kind is counted with: the flow's own, or content writing. */
function familyOf(kind: ProgressKind): readonly ProgressKind[] {
  return kind === "content" ? CONTENT_PROGRESS_KINDS : FLOW_PROGRESS_KINDS;
}

/** One record of the user's, by id, of one of `kinds`. */
export async function findProgress({
  id,
  userId,
  kinds,
  now,
  owners = {},
}: {
  id: string;
  userId: string;
  kinds: readonly ProgressKind[];
  now: Date;
  owners?: OwnerCheck;
}): Promise<FlowProgress | null> {
  const doc = await FlowProgressModel.findOne({ _id: id, userId, kind: { $in: kinds } }).lean<FlowProgressDoc>();
  return doc ? asSeen(doc, now, owners) : null;
}

/** The newest record of one of `kinds` for the user's flow type that is still readable: the run under way, or how the last one ended. */
export async function latestProgress({
  userId,
  flowType,
  kinds,
  now,
  owners = {},
}: {
  userId: string;
  flowType: FlowType;
  kinds: readonly ProgressKind[];
  now: Date;
  owners?: OwnerCheck;
}): Promise<FlowProgress | null> {
  const doc = await FlowProgressModel.findOne({ userId, flowType, kind: { $in: kinds }, expiresAt: { $gt: now } })
    .sort({ startedAt: -1 })
    .lean<FlowProgressDoc>();
  return doc ? asSeen(doc, now, owners) : null;
}

/** Forgets a finished record of one of `kinds` (the user has read how it ended); the record forgotten, or null. */
export async function dismissProgress({ id, userId, kinds }: { id: string; userId: string; kinds: readonly ProgressKind[] }): Promise<FlowProgress | null> {
  const doc = await FlowProgressModel.findOneAndDelete({ _id: id, userId, kind: { $in: kinds }, state: { $ne: "running" } }).lean<FlowProgressDoc>();
  if (!doc) return null;
  const { owner: _owner, expiresAt: _expires, ...rest } = doc;
  return rest;
}
