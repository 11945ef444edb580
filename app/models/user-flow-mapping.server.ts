import { Schema } from "mongoose";

import { defineModel, exposeIdOptions, type JsonValue, toJsonValue, uuidId } from "~/models/utils.server";

/**
 * A user's own copy of a flow-mapping rule (collection user_flow_mappings). Status starts as
 * 'draft'; no screen shows another status, so any short text is accepted. Every function is
 * scoped by the owner's id in the query filter.
 */
export interface UserFlowMappingDoc {
  _id: string;
  userId: string;
  templateFlowId: string | null;
  flowName: string;
  status: string;
  trigger: string;
  exitRules: unknown;
  steps: unknown;
  /** The template as it was when copied, so later admin edits don't change the user's plan. */
  templateSnapshot: unknown;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_USER_FLOW_STATUS = "draft";

const userFlowMappingSchema = new Schema<UserFlowMappingDoc>(
  {
    _id: uuidId,
    userId: { type: String, required: true, index: true },
    templateFlowId: { type: String, default: null },
    flowName: { type: String, trim: true, maxlength: 200, required: true },
    status: { type: String, trim: true, maxlength: 50, default: DEFAULT_USER_FLOW_STATUS },
    trigger: { type: String, trim: true, maxlength: 2000, default: "" },
    exitRules: { type: Schema.Types.Mixed, default: null },
    steps: { type: Schema.Types.Mixed, default: () => [] },
    templateSnapshot: { type: Schema.Types.Mixed, default: null },
    notes: { type: String, trim: true, maxlength: 5000, default: "" },
  },
  { timestamps: true, versionKey: false, minimize: false, toJSON: exposeIdOptions(), toObject: exposeIdOptions() },
);

export const UserFlowMappingModel = defineModel<UserFlowMappingDoc>("UserFlowMapping", userFlowMappingSchema, "user_flow_mappings");

export interface UserFlowMappingRecord {
  id: string;
  userId: string;
  templateFlowId: string | null;
  flowName: string;
  status: string;
  trigger: string;
  exitRules: JsonValue;
  steps: JsonValue;
  templateSnapshot: JsonValue;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserFlowMappingInput {
  templateFlowId?: string | null;
  flowName: string;
  status?: string;
  trigger?: string;
  exitRules?: JsonValue;
  steps?: JsonValue;
  templateSnapshot?: JsonValue;
  notes?: string;
}

function toRecord(doc: UserFlowMappingDoc): UserFlowMappingRecord {
  return {
    id: doc._id,
    userId: doc.userId,
    templateFlowId: doc.templateFlowId ?? null,
    flowName: doc.flowName,
    status: doc.status ?? DEFAULT_USER_FLOW_STATUS,
    trigger: doc.trigger ?? "",
    exitRules: toJsonValue(doc.exitRules ?? null),
    steps: toJsonValue(doc.steps ?? []),
    templateSnapshot: toJsonValue(doc.templateSnapshot ?? null),
    notes: doc.notes ?? "",
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function pickFields(input: Partial<UserFlowMappingInput>): Partial<UserFlowMappingInput> {
  const fields: Partial<UserFlowMappingInput> = {};
  if (input.templateFlowId !== undefined) fields.templateFlowId = input.templateFlowId;
  if (input.flowName !== undefined) fields.flowName = input.flowName;
  if (input.status !== undefined) fields.status = input.status;
  if (input.trigger !== undefined) fields.trigger = input.trigger;
  if (input.exitRules !== undefined) fields.exitRules = input.exitRules;
  if (input.steps !== undefined) fields.steps = input.steps;
  if (input.templateSnapshot !== undefined) fields.templateSnapshot = input.templateSnapshot;
  if (input.notes !== undefined) fields.notes = input.notes;
  return fields;
}

export async function listUserFlowMappings(userId: string): Promise<UserFlowMappingRecord[]> {
  const docs = await UserFlowMappingModel.find({ userId }).sort({ createdAt: 1 }).lean<UserFlowMappingDoc[]>();
  return docs.map(toRecord);
}

export async function getUserFlowMapping({ id, userId }: { id: string; userId: string }): Promise<UserFlowMappingRecord | null> {
  const doc = await UserFlowMappingModel.findOne({ _id: id, userId }).lean<UserFlowMappingDoc>();
  return doc ? toRecord(doc) : null;
}

export async function createUserFlowMapping(userId: string, input: UserFlowMappingInput): Promise<UserFlowMappingRecord> {
  const doc = await UserFlowMappingModel.create({ ...pickFields(input), userId });
  return toRecord(doc.toObject({ transform: false }));
}

export async function updateUserFlowMapping({
  id,
  userId,
  changes,
}: {
  id: string;
  userId: string;
  changes: Partial<UserFlowMappingInput>;
}): Promise<UserFlowMappingRecord | null> {
  const doc = await UserFlowMappingModel.findOneAndUpdate(
    { _id: id, userId },
    { $set: pickFields(changes) },
    { returnDocument: "after", runValidators: true },
  ).lean<UserFlowMappingDoc>();
  return doc ? toRecord(doc) : null;
}

export async function deleteUserFlowMapping({ id, userId }: { id: string; userId: string }): Promise<boolean> {
  const result = await UserFlowMappingModel.deleteOne({ _id: id, userId });
  return result.deletedCount === 1;
}
