import crypto from "node:crypto";

import { Schema } from "mongoose";

import type { JsonValue } from "~/lib/json";
import { defineModel, isDuplicateKeyError, toJsonValue } from "~/models/utils.server";

/**
 * A questionnaire in progress (questionnaire_drafts). A signed-out visitor's draft is found by its
 * random id, which only the visitor's signed cookie knows; a signed-in user's draft by the user id.
 * The answers are whatever the questionnaire service validated as a draft (never the password);
 * this module only stores them. A draft nobody touches for DRAFT_TTL_DAYS is dropped by the TTL
 * index, and reads refuse it straight away because the TTL monitor runs only now and then.
 */
export const DRAFT_TTL_DAYS = 30;
const DRAFT_TTL_MS = DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The most visitors' drafts kept at once (VISITOR_DRAFT_LIMIT, 2,000 by default). A new one past
 * it drops the drafts saved least recently, so however many visitors (or addresses) there are,
 * the drafts take a bounded amount of memory and disk: this many, each within the answer-set
 * limit. Signed-in users' drafts (one each) are not counted.
 */
export function visitorDraftLimit() {
  const configured = Number(process.env.VISITOR_DRAFT_LIMIT);
  return Number.isInteger(configured) && configured > 0 ? configured : 2_000;
}

export type DraftAnswers = { [key: string]: JsonValue };

export interface QuestionnaireDraftDoc {
  /** 192 random bits, base64url: as unguessable as a session id. */
  _id: string;
  userId?: string | null;
  answers: unknown;
  step: number;
  expire: Date;
  createdAt: Date;
  updatedAt: Date;
}

export function newDraftId() {
  return crypto.randomBytes(24).toString("base64url");
}

const questionnaireDraftSchema = new Schema<QuestionnaireDraftDoc>(
  {
    _id: { type: String, default: newDraftId },
    userId: { type: String },
    answers: { type: Schema.Types.Mixed, default: () => ({}) },
    step: { type: Number, required: true, min: 1, max: 9, default: 1 },
    expire: { type: Date, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
questionnaireDraftSchema.index({ expire: 1 }, { expireAfterSeconds: 0, name: "expire_ttl" });
// One draft per signed-in user; visitors' drafts have no userId and are not indexed here.
questionnaireDraftSchema.index({ userId: 1 }, { unique: true, partialFilterExpression: { userId: { $type: "string" } }, name: "draft_user" });
// Visitors' drafts by their last save (every save moves `expire` on), for dropping the oldest past the limit.
questionnaireDraftSchema.index({ userId: 1, expire: 1 }, { name: "draft_user_saved" });

export const QuestionnaireDraftModel = defineModel<QuestionnaireDraftDoc>("QuestionnaireDraft", questionnaireDraftSchema, "questionnaire_drafts");

/** Who a draft belongs to: a signed-in user, or the visitor holding the cookie with this id. */
export type DraftOwner = { userId: string } | { draftId: string };

export interface DraftRecord {
  id: string;
  answers: DraftAnswers;
  step: number;
  expire: Date;
}

type DraftFields = Pick<QuestionnaireDraftDoc, "_id" | "answers" | "step" | "expire">;

function toAnswers(value: unknown): DraftAnswers {
  const json = toJsonValue(value);
  return typeof json === "object" && json !== null && !Array.isArray(json) ? json : {};
}

function toRecord(doc: DraftFields): DraftRecord {
  return { id: doc._id, answers: toAnswers(doc.answers), step: doc.step, expire: doc.expire };
}

/** The owner in the query itself: a cookie's id never reaches a signed-in user's draft. */
function ownerFilter(owner: DraftOwner) {
  return "userId" in owner ? { userId: owner.userId } : { _id: owner.draftId, userId: null };
}

const PROJECTION = { answers: 1, step: 1, expire: 1 } as const;

export async function getDraft(owner: DraftOwner, now: Date = new Date()): Promise<DraftRecord | null> {
  const doc = await QuestionnaireDraftModel.findOne({ ...ownerFilter(owner), expire: { $gt: now } }, PROJECTION).lean<DraftFields>();
  return doc ? toRecord(doc) : null;
}

export interface SaveDraftOptions {
  /**
   * Called before a visitor's new draft is created (never for an update in place, nor for a
   * signed-in user's draft); throwing refuses the new draft. The route counts it against the
   * client's sign-up limit here.
   */
  beforeNewVisitorDraft?: () => Promise<void>;
}

/**
 * Replaces the owner's answers and step and extends the draft's life. A visitor whose draft is
 * gone (expired, deleted, dropped), or who has none yet (`owner` null), gets a new one with a
 * fresh id: an id is never brought back to life. Past the visitor draft limit the least recently
 * saved visitors' drafts are dropped. Returns the saved draft, whose id the caller puts in the
 * visitor's cookie.
 */
export async function saveDraft(
  owner: DraftOwner | null,
  { answers, step }: { answers: DraftAnswers; step: number },
  now: Date = new Date(),
  { beforeNewVisitorDraft }: SaveDraftOptions = {},
): Promise<DraftRecord> {
  const expire = new Date(now.getTime() + DRAFT_TTL_MS);
  const $set = { answers, step, expire };
  const update = (key: DraftOwner) =>
    QuestionnaireDraftModel.findOneAndUpdate(
      { ...ownerFilter(key), expire: { $gt: now } },
      { $set },
      { returnDocument: "after", runValidators: true, projection: PROJECTION },
    ).lean<DraftFields>();

  const existing = owner ? await update(owner) : null;
  if (existing) return toRecord(existing);
  if (owner && "userId" in owner) {
    // An expired draft of this user may still be waiting for the TTL monitor: it must go first,
    // or the unique index would refuse the new one.
    await QuestionnaireDraftModel.deleteOne({ userId: owner.userId, expire: { $lte: now } });
  }
  const forVisitor = !owner || !("userId" in owner);
  if (forVisitor) await beforeNewVisitorDraft?.();
  try {
    const created = await QuestionnaireDraftModel.create({ ...$set, userId: forVisitor ? undefined : owner.userId });
    if (forVisitor) await dropOldestVisitorDrafts(created._id);
    return toRecord(created.toObject());
  } catch (error) {
    // Two first saves of one user at once: the unique index lets one insert win; update that one.
    if (!isDuplicateKeyError(error) || !owner || !("userId" in owner)) throw error;
    const raced = await update(owner);
    if (!raced) throw error;
    return toRecord(raced);
  }
}

/**
 * Keeps at most `visitorDraftLimit()` visitors' drafts: those saved least recently (the earliest
 * `expire`, which every save moves on) go first. The draft just created is never among them.
 */
async function dropOldestVisitorDrafts(keep: string) {
  const limit = visitorDraftLimit();
  const excess = (await QuestionnaireDraftModel.countDocuments({ userId: null })) - limit;
  if (excess <= 0) return;
  const oldest = await QuestionnaireDraftModel.find({ userId: null, _id: { $ne: keep } }, { _id: 1 })
    .sort({ expire: 1, _id: 1 })
    .limit(excess)
    .lean<Array<{ _id: string }>>();
  await QuestionnaireDraftModel.deleteMany({ _id: { $in: oldest.map((doc) => doc._id) }, userId: null });
}

export async function countVisitorDrafts(): Promise<number> {
  return QuestionnaireDraftModel.countDocuments({ userId: null });
}

export async function deleteDraft(owner: DraftOwner): Promise<boolean> {
  const result = await QuestionnaireDraftModel.deleteOne(ownerFilter(owner));
  return result.deletedCount === 1;
}

export async function countDrafts(): Promise<number> {
  return QuestionnaireDraftModel.countDocuments({});
}
