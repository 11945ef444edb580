import { Schema } from "mongoose";

import { PREHEADER_MAX, SUBJECT_MAX, BODY_TEXT_MAX, BUTTON_URL_MAX, CALL_TO_ACTION_MAX } from "~/lib/content/rules";
import type { StoredContent } from "~/lib/content/view";
import { STEP_TYPES, type StepType } from "~/lib/flow-types";
import { defineModel, isDuplicateKeyError, MAX_WRITE_ATTEMPTS, WriteConflictError } from "~/models/utils.server";

/**
 * Written content of one flow: one document per flow (its _id is the flow's id), holding every
 * piece of content ever written for it. An entry is keyed by the touchpoint's id and the
 * fingerprint of the touchpoint's fields when it was written. A touchpoint keeps its id in the
 * versions and through a rollback, so a version's touchpoints find "their" content again by
 * (id, fingerprint); an edited touchpoint has a new fingerprint, so its old content reads as
 * outdated. Writing a flow's content is one guarded document write: all entries or none.
 */

export type ContentEntryDoc = StoredContent & {
  stepType: StepType;
  /** What wrote it: the offline writer or the OpenAI model, by name. */
  model: string;
  writtenAt: Date;
};

export interface FlowContentDoc {
  _id: string;
  userId: string;
  entries: ContentEntryDoc[];
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

const optionalText = (maxlength: number) => ({ type: String, maxlength, default: null });

const entrySchema = new Schema<ContentEntryDoc>(
  {
    touchpointId: { type: String, required: true },
    fingerprint: { type: String, required: true },
    stepType: { type: String, enum: STEP_TYPES, required: true },
    subject: optionalText(SUBJECT_MAX * 2),
    preheader: optionalText(PREHEADER_MAX * 2),
    bodyText: optionalText(BODY_TEXT_MAX),
    bodyHtml: optionalText(BODY_TEXT_MAX * 6),
    callToAction: optionalText(CALL_TO_ACTION_MAX * 2),
    buttonUrl: optionalText(BUTTON_URL_MAX),
    sms: optionalText(1000),
    model: { type: String, maxlength: 200, default: "" },
    writtenAt: { type: Date, required: true },
  },
  { _id: false, versionKey: false },
);

const flowContentSchema = new Schema<FlowContentDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    entries: { type: [entrySchema], default: () => [] },
    revision: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);

export const FlowContentModel = defineModel<FlowContentDoc>("FlowContent", flowContentSchema, "flow_contents");

export type ContentEntry = ContentEntryDoc;
export type ContentEntryInput = Omit<ContentEntryDoc, "writtenAt">;

function plainEntry(entry: ContentEntryDoc): ContentEntry {
  return {
    touchpointId: entry.touchpointId,
    fingerprint: entry.fingerprint,
    stepType: entry.stepType,
    subject: entry.subject ?? null,
    preheader: entry.preheader ?? null,
    bodyText: entry.bodyText ?? null,
    bodyHtml: entry.bodyHtml ?? null,
    callToAction: entry.callToAction ?? null,
    buttonUrl: entry.buttonUrl ?? null,
    sms: entry.sms ?? null,
    model: entry.model ?? "",
    writtenAt: entry.writtenAt,
  };
}

/** Every entry written for the user's flow (none when nothing was written or it is not theirs). */
export async function findContentEntries({ flowId, userId }: { flowId: string; userId: string }): Promise<ContentEntry[]> {
  const doc = await FlowContentModel.findOne({ _id: flowId, userId }, { entries: 1 }).lean<Pick<FlowContentDoc, "entries">>();
  return (doc?.entries ?? []).map(plainEntry);
}

/** Entries of several of the user's flows at once, by flow id. */
export async function findContentEntriesOfFlows({ flowIds, userId }: { flowIds: string[]; userId: string }): Promise<Map<string, ContentEntry[]>> {
  const result = new Map<string, ContentEntry[]>();
  if (flowIds.length === 0) return result;
  const docs = await FlowContentModel.find({ _id: { $in: flowIds }, userId }, { entries: 1 }).lean<Array<Pick<FlowContentDoc, "_id" | "entries">>>();
  for (const doc of docs) result.set(doc._id, (doc.entries ?? []).map(plainEntry));
  return result;
}

const entryKey = (entry: { touchpointId: string; fingerprint: string }) => `${entry.touchpointId}\u0000${entry.fingerprint}`;

/**
 * Stores the entries of one writing: an entry with the same touchpoint and fingerprint as an
 * earlier one replaces it, the others are kept (they belong to versions or to earlier states).
 * One document write, guarded by the revision read: all the entries land together or none do.
 */
export async function saveContentEntries({
  flowId,
  userId,
  entries,
  now = new Date(),
}: {
  flowId: string;
  userId: string;
  entries: ContentEntryInput[];
  now?: Date;
}): Promise<ContentEntry[]> {
  const fresh = entries.map((entry) => ({ ...entry, writtenAt: now }));
  const replaced = new Set(fresh.map(entryKey));
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const current = await FlowContentModel.findOne({ _id: flowId }, { userId: 1, entries: 1, revision: 1 }).lean<Pick<FlowContentDoc, "_id" | "userId" | "entries" | "revision">>();
    if (!current) {
      try {
        await FlowContentModel.create({ _id: flowId, userId, entries: fresh, revision: 1 });
        return fresh.map(plainEntry);
      } catch (error) {
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
    }
    // The flow id is the user's (the caller checked); a document under another owner would be a bug.
    if (current.userId !== userId) throw new Error("Content document belongs to another user.");
    const kept = (current.entries ?? []).filter((entry) => !replaced.has(entryKey(entry)));
    const result = await FlowContentModel.updateOne(
      { _id: flowId, userId, revision: current.revision },
      { $set: { entries: [...kept, ...fresh] }, $inc: { revision: 1 } },
      { runValidators: true },
    );
    if (result.matchedCount === 1) return fresh.map(plainEntry);
  }
  throw new WriteConflictError("The content kept changing while it was being saved. Please try again.");
}

/** Removes a flow's content (when the flow is deleted). */
export async function deleteContentOfFlow({ flowId, userId }: { flowId: string; userId: string }): Promise<void> {
  await FlowContentModel.deleteOne({ _id: flowId, userId });
}
