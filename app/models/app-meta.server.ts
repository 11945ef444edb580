import { Schema } from "mongoose";

import { defineModel } from "~/models/utils.server";

/** Small facts about the database itself, such as which seed it has received. */
interface AppMetaDoc {
  _id: string;
  value: string;
  updatedAt: Date;
}

const appMetaSchema = new Schema<AppMetaDoc>(
  { _id: { type: String, required: true }, value: { type: String, default: "" } },
  { timestamps: { createdAt: false, updatedAt: true }, versionKey: false },
);

const AppMetaModel = defineModel<AppMetaDoc>("AppMeta", appMetaSchema, "app_meta");

export async function getMeta(key: string): Promise<string | null> {
  const doc = await AppMetaModel.findOne({ _id: key }, { value: 1 }).lean<Pick<AppMetaDoc, "value">>();
  return doc ? doc.value : null;
}

export async function setMeta(key: string, value: string) {
  await AppMetaModel.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
}
