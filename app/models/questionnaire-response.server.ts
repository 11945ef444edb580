import { Schema } from "mongoose";

import { isBusinessModel } from "~/lib/business/model";
import { BUSINESS_MODEL_CHOICES, type BusinessModelChoice, type StoredAnswers } from "~/lib/business/model-choice";
import { FIELD_LIMITS } from "~/lib/limits";
import { CHOICE_FIELDS, emptyAnswers, SERVICE_LIST_FIELDS as LIST_FIELDS, TEXT_FIELDS, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { defineModel, exposeIdOptions, findPage, isDuplicateKeyError, uuidId, type PageRequest } from "~/models/utils.server";

/**
 * One business questionnaire per user (collection questionnaire_responses). Every answer is optional
 * here and defaults to empty: which answers are required depends on the form and the business
 * type, and the services' zod schemas decide that. Beside the answers, `businessModel` holds the
 * owner's correction of the business model ("" when there is none): not a question, so the
 * questionnaire's saves never write it unless they are given it (lib/business/model-choice.ts).
 */

export { CHOICE_FIELDS, emptyAnswers, TEXT_FIELDS } from "~/lib/questionnaire/fields";
export { SERVICE_LIST_FIELDS as LIST_FIELDS } from "~/lib/questionnaire/fields";
export type { ChoiceField, ListField, QuestionnaireAnswers, TextField } from "~/lib/questionnaire/fields";
export type { StoredAnswers } from "~/lib/business/model-choice";

export type QuestionnaireResponseDoc = QuestionnaireAnswers & {
  _id: string;
  businessModel: BusinessModelChoice;
  userId: string;
  createdAt: Date;
  updatedAt: Date;
};

function answerPaths() {
  const paths: Record<string, unknown> = {};
  for (const field of CHOICE_FIELDS) {
    const max = field === "companyName" ? FIELD_LIMITS.companyName : FIELD_LIMITS.choice;
    paths[field] = { type: String, trim: true, maxlength: max, default: "" };
  }
  for (const field of TEXT_FIELDS) paths[field] = { type: String, trim: true, maxlength: FIELD_LIMITS.textAnswer, default: "" };
  for (const field of LIST_FIELDS) paths[field] = { type: [{ type: String, trim: true, maxlength: FIELD_LIMITS.choice }], default: () => [] };
  return paths;
}

const questionnaireResponseSchema = new Schema<QuestionnaireResponseDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true, unique: true },
    ...answerPaths(),
    businessModel: { type: String, enum: BUSINESS_MODEL_CHOICES, default: "" },
  },
  { timestamps: true, versionKey: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

export const QuestionnaireResponseModel = defineModel<QuestionnaireResponseDoc>("QuestionnaireResponse", questionnaireResponseSchema, "questionnaire_responses");

export type QuestionnaireResponseRecord = QuestionnaireAnswers & {
  id: string;
  /** The owner's correction of the business model, or "" (follow the answers). */
  businessModel: BusinessModelChoice;
  userId: string;
  createdAt: Date;
  updatedAt: Date;
};

function toRecord(doc: Partial<QuestionnaireResponseDoc> & Pick<QuestionnaireResponseDoc, "_id" | "userId" | "createdAt" | "updatedAt">) {
  const record: QuestionnaireResponseRecord = {
    ...emptyAnswers(),
    id: doc._id,
    userId: doc.userId,
    // A value no longer among the models (renamed since) is no correction.
    businessModel: isBusinessModel(doc.businessModel) ? doc.businessModel : "",
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  for (const field of CHOICE_FIELDS) record[field] = doc[field] ?? "";
  for (const field of TEXT_FIELDS) record[field] = doc[field] ?? "";
  for (const field of LIST_FIELDS) record[field] = doc[field] ?? [];
  return record;
}

const ANSWER_PROJECTION: Record<string, 1> = Object.fromEntries(
  ["userId", "createdAt", "updatedAt", "businessModel", ...CHOICE_FIELDS, ...TEXT_FIELDS, ...LIST_FIELDS].map((field) => [field, 1]),
);

export async function getResponseByUserId(userId: string): Promise<QuestionnaireResponseRecord | null> {
  const doc = await QuestionnaireResponseModel.findOne({ userId }, ANSWER_PROJECTION).lean<QuestionnaireResponseDoc>();
  return doc ? toRecord(doc) : null;
}

/** Only the known answer keys of `answers` (and the business model, when given), so that nothing else can be written through it. */
function pickAnswers(answers: Partial<StoredAnswers>): Partial<StoredAnswers> {
  const picked: Partial<StoredAnswers> = {};
  for (const field of CHOICE_FIELDS) if (answers[field] !== undefined) picked[field] = answers[field];
  for (const field of TEXT_FIELDS) if (answers[field] !== undefined) picked[field] = answers[field];
  for (const field of LIST_FIELDS) if (answers[field] !== undefined) picked[field] = answers[field];
  if (answers.businessModel !== undefined) picked.businessModel = answers.businessModel;
  return picked;
}

/**
 * Creates the user's response or updates it: given keys are set, others keep their value (or
 * their empty default on creation). One document per user, guaranteed by the unique userId:
 * update the existing response, else insert it; when a concurrent first save wins the insert
 * (E11000), update that one instead. Returns the saved response, whether this call created it,
 * and the company name the response held just before this write (read in the same atomic
 * update, so of several concurrent saves exactly one sees the state before the first).
 */
export async function upsertResponseForUser(
  userId: string,
  answers: Partial<StoredAnswers>,
): Promise<{ response: QuestionnaireResponseRecord; created: boolean; companyNameBefore: string }> {
  const $set = pickAnswers(answers);
  const updateExisting = async () => {
    const before = await QuestionnaireResponseModel.findOneAndUpdate({ userId }, { $set }, { returnDocument: "before", runValidators: true, projection: { companyName: 1 } }).lean<
      Pick<QuestionnaireResponseDoc, "companyName">
    >();
    if (!before) return null;
    const after = await QuestionnaireResponseModel.findOne({ userId }, ANSWER_PROJECTION).lean<QuestionnaireResponseDoc>();
    if (!after) return null;
    return { response: toRecord(after), created: false, companyNameBefore: before.companyName ?? "" };
  };

  const existing = await updateExisting();
  if (existing) return existing;
  try {
    const created = await QuestionnaireResponseModel.create({ ...$set, userId });
    return { response: toRecord(created.toObject({ transform: false })), created: true, companyNameBefore: "" };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const raced = await updateExisting();
    if (!raced) throw error;
    return raced;
  }
}

/** Sets the owner's business model ("" follows the answers) and nothing else. Null when the user has no response. */
export async function setBusinessModelForUser(userId: string, businessModel: BusinessModelChoice): Promise<QuestionnaireResponseRecord | null> {
  const doc = await QuestionnaireResponseModel.findOneAndUpdate(
    { userId },
    { $set: { businessModel } },
    { returnDocument: "after", runValidators: true, projection: ANSWER_PROJECTION },
  ).lean<QuestionnaireResponseDoc>();
  return doc ? toRecord(doc) : null;
}

export interface AdminResponseRow {
  id: string;
  userId: string;
  companyName: string;
  businessType: string;
  industry: string;
  communicationChannels: string;
  createdAt: Date;
}

/** The admin's read-only table, newest first. */
export async function listResponsesForAdmin(): Promise<AdminResponseRow[]> {
  const docs = await QuestionnaireResponseModel.find({}, { userId: 1, companyName: 1, businessType: 1, industry: 1, communicationChannels: 1, createdAt: 1 })
    .sort({ createdAt: -1 })
    .lean<Pick<QuestionnaireResponseDoc, "_id" | "userId" | "companyName" | "businessType" | "industry" | "communicationChannels" | "createdAt">[]>();
  return docs.map((doc) => ({
    id: doc._id,
    userId: doc.userId,
    companyName: doc.companyName ?? "",
    businessType: doc.businessType ?? "",
    industry: doc.industry ?? "",
    communicationChannels: doc.communicationChannels ?? "",
    createdAt: doc.createdAt,
  }));
}

/** For the user's Business Profile card and the current-user call: a response's summary. */
export async function getResponseSummaryByUserId(
  userId: string,
): Promise<Pick<QuestionnaireAnswers, "companyName" | "businessType" | "industry" | "communicationChannels"> | null> {
  const doc = await QuestionnaireResponseModel.findOne({ userId }, { companyName: 1, businessType: 1, industry: 1, communicationChannels: 1 }).lean<
    Pick<QuestionnaireResponseDoc, "companyName" | "businessType" | "industry" | "communicationChannels">
  >();
  return doc
    ? {
        companyName: doc.companyName ?? "",
        businessType: doc.businessType ?? "",
        industry: doc.industry ?? "",
        communicationChannels: doc.communicationChannels ?? "",
      }
    : null;
}

export async function countResponses(): Promise<number> {
  return QuestionnaireResponseModel.countDocuments({});
}

/** Removes the user's response (account deletion, or undoing a questionnaire submission that failed halfway). */
export async function deleteResponseForUser(userId: string): Promise<boolean> {
  const result = await QuestionnaireResponseModel.deleteOne({ userId });
  return result.deletedCount === 1;
}

// ---- Admin table pages (/admin/onboarding and GET /api/admin/onboarding-responses) ----

export const ADMIN_RESPONSE_SORTS = ["companyName", "businessType", "industry", "communicationChannels", "createdAt"] as const;
export type AdminResponseSort = (typeof ADMIN_RESPONSE_SORTS)[number];

/** One page of the admin's read-only table: `search` matches company name, business type or industry. */
export function listResponsesPageForAdmin(request: PageRequest<AdminResponseSort>): Promise<{ rows: AdminResponseRow[]; total: number }> {
  return findPage(QuestionnaireResponseModel, request, {
    searchFields: ["companyName", "businessType", "industry"],
    projection: { userId: 1, companyName: 1, businessType: 1, industry: 1, communicationChannels: 1, createdAt: 1 },
    toRow: (doc) => ({
      id: doc._id,
      userId: doc.userId,
      companyName: doc.companyName ?? "",
      businessType: doc.businessType ?? "",
      industry: doc.industry ?? "",
      communicationChannels: doc.communicationChannels ?? "",
      createdAt: doc.createdAt,
    }),
  });
}

/** Every answer of one response, for the admin's read-only view. */
export async function getResponseByIdForAdmin(id: string): Promise<QuestionnaireResponseRecord | null> {
  const doc = await QuestionnaireResponseModel.findOne({ _id: id }, ANSWER_PROJECTION).lean<QuestionnaireResponseDoc>();
  return doc ? toRecord(doc) : null;
}
