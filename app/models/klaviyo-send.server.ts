import { Schema } from "mongoose";

import { type ClaimOwner, claimOwnerIsGone, type OwnerCheck, THIS_INSTANCE } from "~/models/flow-generation.server";
import { defineModel, exposeIdOptions, isDuplicateKeyError, uuidId } from "~/models/utils.server";

/**
 * What was sent to Klaviyo, per flow: one document per send. A send starts as a claim on its
 * idempotency key (unique per user), so two clicks on the same button make one flow; it becomes
 * `sent` only once Klaviyo answered 201 to Create Flow, and a failed send removes its claim so it
 * can be tried again. A claim whose process died is taken over after CLAIM_STALE_MS.
 */

export interface KlaviyoSendDoc {
  _id: string;
  userId: string;
  flowId: string;
  idempotencyKey: string;
  status: "sending" | "sent" | "abandoned";
  /** The process that took the claim (to tell a claim of a process that died). */
  owner: ClaimOwner | null;
  /** The templates the send is making, named before the first is made; `id` once Klaviyo made it. */
  attempt: Array<{ name: string; id: string | null }>;
  /** For an abandoned send: the templates Flowmap could not remove, by name and id. */
  leftovers: string[];
  versionNumber: number;
  triggerType: string;
  triggerId: string;
  klaviyoFlowId: string | null;
  url: string | null;
  templateIds: string[];
  /** Steps sent as outlines (no written content for them). */
  outlineSteps: number[];
  notes: string[];
  /** Every flow the send made, in order (the first is klaviyoFlowId): the trigger's, then one per date steps are timed from. */
  flows: SentFlow[];
  /** One line per step timed from a date: the profile property it needs. */
  dateSteps: SentDateStep[];
  claimedAt: Date;
  sentAt: Date | null;
}

export interface SentFlow {
  klaviyoFlowId: string;
  url: string;
  name: string;
  /** "trigger", or the event whose date starts the flow. */
  startsFrom: string;
  dateProperty: string | null;
  steps: number[];
}

export interface SentDateStep {
  stepNumber: number;
  dateProperty: string;
  exact: boolean;
  line: string;
}

const sentFlowSchema = new Schema<SentFlow>(
  {
    klaviyoFlowId: { type: String, required: true },
    url: { type: String, required: true },
    name: { type: String, required: true },
    startsFrom: { type: String, required: true },
    dateProperty: { type: String, default: null },
    steps: { type: [Number], default: () => [] },
  },
  { _id: false },
);

const sentDateStepSchema = new Schema<SentDateStep>(
  {
    stepNumber: { type: Number, required: true },
    dateProperty: { type: String, required: true },
    exact: { type: Boolean, required: true },
    line: { type: String, required: true },
  },
  { _id: false },
);

const sendSchema = new Schema<KlaviyoSendDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true },
    flowId: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    status: { type: String, enum: ["sending", "sent", "abandoned"], required: true },
    owner: {
      type: new Schema<ClaimOwner>({ instanceId: { type: String, required: true }, pid: { type: Number, required: true }, host: { type: String, required: true } }, { _id: false }),
      default: null,
    },
    attempt: { type: [{ _id: false, name: { type: String, required: true }, id: { type: String, default: null } }], default: () => [] },
    leftovers: { type: [String], default: () => [] },
    versionNumber: { type: Number, required: true },
    triggerType: { type: String, required: true },
    triggerId: { type: String, required: true },
    klaviyoFlowId: { type: String, default: null },
    url: { type: String, default: null },
    templateIds: { type: [String], default: () => [] },
    outlineSteps: { type: [Number], default: () => [] },
    notes: { type: [String], default: () => [] },
    flows: { type: [sentFlowSchema], default: () => [] },
    dateSteps: { type: [sentDateStepSchema], default: () => [] },
    claimedAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
  },
  { versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);
sendSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true, name: "one_send_per_key" });
sendSchema.index({ userId: 1, flowId: 1, sentAt: -1 }, { name: "sends_of_flow" });

export const KlaviyoSendModel = defineModel<KlaviyoSendDoc>("KlaviyoSend", sendSchema, "klaviyo_sends");

/** Longer than any send can take (every request's timeout plus the wait budget), so only a dead claim is this old. */
export const CLAIM_STALE_MS = 10 * 60_000;

export interface KlaviyoSendRecord {
  id: string;
  flowId: string;
  status: "sending" | "sent" | "abandoned";
  versionNumber: number;
  trigger: { type: string; id: string };
  klaviyoFlowId: string | null;
  url: string | null;
  templateIds: string[];
  outlineSteps: number[];
  notes: string[];
  flows: SentFlow[];
  dateSteps: SentDateStep[];
  sentAt: Date | null;
}

function toRecord(doc: KlaviyoSendDoc): KlaviyoSendRecord {
  return {
    id: doc._id,
    flowId: doc.flowId,
    status: doc.status,
    versionNumber: doc.versionNumber,
    trigger: { type: doc.triggerType, id: doc.triggerId },
    klaviyoFlowId: doc.klaviyoFlowId,
    url: doc.url,
    templateIds: doc.templateIds,
    outlineSteps: doc.outlineSteps,
    notes: doc.notes,
    flows: (doc.flows ?? []).map((flow) => ({ ...flow, steps: [...flow.steps] })),
    dateSteps: (doc.dateSteps ?? []).map((step) => ({ ...step })),
    sentAt: doc.sentAt,
  };
}

export type ClaimResult = { claimed: true; id: string } | { claimed: false; existing: KlaviyoSendRecord };

/** Claims an idempotency key for a new send, or answers the send that already holds it. */
export async function claimKlaviyoSend(input: {
  userId: string;
  flowId: string;
  idempotencyKey: string;
  versionNumber: number;
  trigger: { type: string; id: string };
  now: Date;
}): Promise<ClaimResult> {
  const { userId, idempotencyKey, now } = input;
  // A claim left by a process that died is removed first, so the key can be claimed again.
  await KlaviyoSendModel.deleteOne({ userId, idempotencyKey, status: "sending", claimedAt: { $lt: new Date(now.getTime() - CLAIM_STALE_MS) } });
  try {
    const doc = await KlaviyoSendModel.create({
      userId,
      flowId: input.flowId,
      idempotencyKey,
      status: "sending",
      versionNumber: input.versionNumber,
      triggerType: input.trigger.type,
      triggerId: input.trigger.id,
      claimedAt: now,
      owner: THIS_INSTANCE,
    });
    return { claimed: true, id: doc._id };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await KlaviyoSendModel.findOne({ userId, idempotencyKey }).lean<KlaviyoSendDoc>();
    if (!existing) return claimKlaviyoSend(input);
    return { claimed: false, existing: toRecord(existing) };
  }
}

export async function completeKlaviyoSend({
  id,
  userId,
  klaviyoFlowId,
  url,
  templateIds,
  outlineSteps,
  notes,
  flows,
  dateSteps,
  sentAt,
}: {
  id: string;
  userId: string;
  klaviyoFlowId: string;
  url: string;
  templateIds: string[];
  outlineSteps: number[];
  notes: string[];
  flows: SentFlow[];
  dateSteps: SentDateStep[];
  sentAt: Date;
}): Promise<KlaviyoSendRecord | null> {
  const doc = await KlaviyoSendModel.findOneAndUpdate(
    { _id: id, userId },
    { $set: { status: "sent", klaviyoFlowId, url, templateIds, outlineSteps, notes, flows, dateSteps, sentAt } },
    { returnDocument: "after" },
  ).lean<KlaviyoSendDoc>();
  return doc ? toRecord(doc) : null;
}

/** A send that failed gives its key back: the same click can be tried again. */
export async function releaseKlaviyoSend({ id, userId }: { id: string; userId: string }): Promise<void> {
  await KlaviyoSendModel.deleteOne({ _id: id, userId, status: "sending" });
}

/** The flow's completed sends, newest first. */
export async function listKlaviyoSends({ userId, flowId }: { userId: string; flowId: string }): Promise<KlaviyoSendRecord[]> {
  const docs = await KlaviyoSendModel.find({ userId, flowId, status: "sent" }).sort({ sentAt: -1 }).lean<KlaviyoSendDoc[]>();
  return docs.map(toRecord);
}

export async function countKlaviyoSends({ userId, flowId }: { userId: string; flowId: string }): Promise<number> {
  return KlaviyoSendModel.countDocuments({ userId, flowId, status: "sent" });
}

export async function getKlaviyoSend({ userId, id }: { userId: string; id: string }): Promise<KlaviyoSendRecord | null> {
  const doc = await KlaviyoSendModel.findOne({ _id: id, userId, status: "sent" }).lean<KlaviyoSendDoc>();
  return doc ? toRecord(doc) : null;
}

export async function deleteKlaviyoSendsOfFlow({ userId, flowId }: { userId: string; flowId: string }): Promise<void> {
  await KlaviyoSendModel.deleteMany({ userId, flowId });
}

/** Every Klaviyo flow the user's sends made, with the Flowmap flow it came from (to recognise Flowmap's own drafts). */
export async function listSentKlaviyoFlows({ userId }: { userId: string }): Promise<Array<{ flowId: string; klaviyoFlowId: string }>> {
  const docs = await KlaviyoSendModel.find({ userId, status: "sent" }, { flowId: 1, klaviyoFlowId: 1, flows: 1 }).lean<KlaviyoSendDoc[]>();
  return docs.flatMap((doc) => {
    const ids = new Set([doc.klaviyoFlowId, ...(doc.flows ?? []).map((flow) => flow.klaviyoFlowId)].filter((id): id is string => Boolean(id)));
    return [...ids].map((klaviyoFlowId) => ({ flowId: doc.flowId, klaviyoFlowId }));
  });
}

/** Names the templates a send is about to make, before the first one is made (a crash after this leaves them findable). */
export async function recordSendAttempt({ id, names }: { id: string; names: string[] }): Promise<void> {
  await KlaviyoSendModel.updateOne({ _id: id, status: "sending" }, { $set: { attempt: names.map((name) => ({ name, id: null })) } });
}

/** Records the id Klaviyo gave the attempt's template number `index`. */
export async function recordAttemptTemplate({ id, index, templateId }: { id: string; index: number; templateId: string }): Promise<void> {
  await KlaviyoSendModel.updateOne({ _id: id, status: "sending" }, { $set: { [`attempt.${index}.id`]: templateId } });
}

export interface AbandonedSend {
  id: string;
  userId: string;
  idempotencyKey: string;
  claimedAt: Date;
  attempt: Array<{ name: string; id: string | null }>;
}

/**
 * Sends whose process died before they finished: still `sending`, and either older than
 * CLAIM_STALE_MS or taken by a process known to be gone (a restart is seen at once).
 */
export async function findAbandonedSends({ userId, now, owners }: { userId?: string; now: Date; owners: OwnerCheck }): Promise<AbandonedSend[]> {
  const docs = await KlaviyoSendModel.find({ ...(userId ? { userId } : {}), status: "sending" })
    .limit(100)
    .lean<KlaviyoSendDoc[]>();
  return docs
    .filter((doc) => doc.claimedAt.getTime() < now.getTime() - CLAIM_STALE_MS || claimOwnerIsGone(doc.owner, owners))
    .map((doc) => ({ id: doc._id, userId: doc.userId, idempotencyKey: doc.idempotencyKey, claimedAt: doc.claimedAt, attempt: (doc.attempt ?? []).map((item) => ({ ...item })) }));
}

/**
 * Ends an abandoned send: gone when nothing was left in Klaviyo, else kept as `abandoned` with the
 * leftovers named (its key freed, so the same send can be made again). Only the claim that was
 * judged abandoned is changed.
 */
export async function closeAbandonedSend({ send, leftovers }: { send: AbandonedSend; leftovers: string[] }): Promise<void> {
  const filter = { _id: send.id, status: "sending" as const, claimedAt: send.claimedAt };
  if (leftovers.length === 0) {
    await KlaviyoSendModel.deleteOne(filter);
    return;
  }
  await KlaviyoSendModel.updateOne(filter, { $set: { status: "abandoned", leftovers, idempotencyKey: `${send.idempotencyKey}:abandoned:${send.id}` } });
}

/** The flow's abandoned sends that left templates behind in Klaviyo, newest first. */
export async function listAbandonedSends({ userId, flowId }: { userId: string; flowId: string }): Promise<Array<{ claimedAt: Date; leftovers: string[] }>> {
  const docs = await KlaviyoSendModel.find({ userId, flowId, status: "abandoned" }, { claimedAt: 1, leftovers: 1 }).sort({ claimedAt: -1 }).lean<KlaviyoSendDoc[]>();
  return docs.map((doc) => ({ claimedAt: doc.claimedAt, leftovers: doc.leftovers ?? [] }));
}
