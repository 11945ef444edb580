import { Schema } from "mongoose";

import type { FlowStepShape } from "~/lib/api/responses";
import { FLOW_TYPES, type FlowType, STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS, RULE_LIMITS } from "~/lib/flows/types";
import type { JsonValue } from "~/lib/json";
import { timingSchema } from "~/lib/timing-schema";
import { defineModel, exposeIdOptions, findPage, isDuplicateKeyError, toJsonValue, uuidId, type PageRequest } from "~/models/utils.server";

/**
 * Admin flow rules (collection flow_mappings): the templates and best practice the offline
 * generator and the AI prompt start from. An admin may keep several rules per flow type (for
 * example one per business type); the seed adds one default rule per flow type.
 */
/** One step of a rule: a touchpoint's fields less what a flow works out, with the admin's notes (`flowStepSchema`). */
export type FlowStep = FlowStepShape;

export interface FlowRuleDoc {
  _id: string;
  flowName: string;
  /** Absent on rules an admin adds without choosing a type. */
  flowType?: FlowType | null;
  businessType: string;
  communicationChannels: string;
  purchaseDecisionTimeline: string;
  serviceFrequency: string;
  upsellOpportunity: string;
  trigger: string;
  exitRules: unknown;
  steps: FlowStep[];
  notes: string;
  /** Set only on rules the seed inserted: `default:<flowType>`. Unique, so a seed never doubles. */
  seedKey?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const text = (maxlength: number) => ({ type: String, trim: true, maxlength, default: "" });

const flowStepSchema = new Schema<FlowStep>(
  {
    stepNumber: { type: Number, required: true, min: 1 },
    channel: { type: String, enum: STEP_TYPES, required: true },
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
    primaryGoal: text(FLOW_LIMITS.primaryGoal),
    keyMessages: text(FLOW_LIMITS.keyMessages),
    callToAction: text(FLOW_LIMITS.callToAction),
    notes: text(RULE_LIMITS.stepNotes),
  },
  { _id: false, versionKey: false, minimize: false },
);

const flowRuleSchema = new Schema<FlowRuleDoc>(
  {
    _id: uuidId,
    flowName: { type: String, trim: true, maxlength: RULE_LIMITS.flowName, required: true },
    flowType: { type: String, enum: FLOW_TYPES, default: null },
    businessType: text(RULE_LIMITS.businessType),
    communicationChannels: text(RULE_LIMITS.communicationChannels),
    purchaseDecisionTimeline: text(RULE_LIMITS.purchaseDecisionTimeline),
    serviceFrequency: text(RULE_LIMITS.serviceFrequency),
    upsellOpportunity: text(RULE_LIMITS.upsellOpportunity),
    trigger: text(RULE_LIMITS.trigger),
    exitRules: { type: Schema.Types.Mixed, default: null },
    steps: { type: [flowStepSchema], default: () => [] },
    notes: text(RULE_LIMITS.notes),
    seedKey: { type: String },
  },
  { timestamps: true, versionKey: false, minimize: false, toJSON: exposeIdOptions(["seedKey"]), toObject: exposeIdOptions(["seedKey"]) },
);
flowRuleSchema.index({ flowType: 1 }, { name: "flow_type" });
flowRuleSchema.index({ seedKey: 1 }, { unique: true, partialFilterExpression: { seedKey: { $type: "string" } }, name: "seed_key" });

export const FlowRuleModel = defineModel<FlowRuleDoc>("FlowMapping", flowRuleSchema, "flow_mappings");

export interface FlowRuleRecord {
  id: string;
  flowName: string;
  flowType: FlowType | null;
  businessType: string;
  communicationChannels: string;
  purchaseDecisionTimeline: string;
  serviceFrequency: string;
  upsellOpportunity: string;
  trigger: string;
  exitRules: JsonValue;
  steps: FlowStep[];
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface FlowRuleInput {
  flowName: string;
  flowType?: FlowType | null;
  businessType?: string;
  communicationChannels?: string;
  purchaseDecisionTimeline?: string;
  serviceFrequency?: string;
  upsellOpportunity?: string;
  trigger?: string;
  exitRules?: JsonValue;
  steps?: FlowStep[];
  notes?: string;
}

function toFlowRuleRecord(doc: FlowRuleDoc): FlowRuleRecord {
  return {
    id: doc._id,
    flowName: doc.flowName,
    flowType: doc.flowType ?? null,
    businessType: doc.businessType ?? "",
    communicationChannels: doc.communicationChannels ?? "",
    purchaseDecisionTimeline: doc.purchaseDecisionTimeline ?? "",
    serviceFrequency: doc.serviceFrequency ?? "",
    upsellOpportunity: doc.upsellOpportunity ?? "",
    trigger: doc.trigger ?? "",
    exitRules: toJsonValue(doc.exitRules ?? null),
    steps: (doc.steps ?? []).map((step) => ({
      stepNumber: step.stepNumber,
      channel: step.channel,
      title: step.title,
      delayDays: step.delayDays ?? 0,
      timing: step.timing ?? null,
      primaryGoal: step.primaryGoal ?? "",
      keyMessages: step.keyMessages ?? "",
      callToAction: step.callToAction ?? "",
      notes: step.notes ?? "",
    })),
    notes: doc.notes ?? "",
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Only the known keys that were given. Step timings are validated (a ZodError when malformed). */
function pickFlowRuleFields(input: Partial<FlowRuleInput>): Partial<FlowRuleInput> {
  const fields: Partial<FlowRuleInput> = {};
  if (input.flowName !== undefined) fields.flowName = input.flowName;
  if (input.flowType !== undefined) fields.flowType = input.flowType;
  if (input.businessType !== undefined) fields.businessType = input.businessType;
  if (input.communicationChannels !== undefined) fields.communicationChannels = input.communicationChannels;
  if (input.purchaseDecisionTimeline !== undefined) fields.purchaseDecisionTimeline = input.purchaseDecisionTimeline;
  if (input.serviceFrequency !== undefined) fields.serviceFrequency = input.serviceFrequency;
  if (input.upsellOpportunity !== undefined) fields.upsellOpportunity = input.upsellOpportunity;
  if (input.trigger !== undefined) fields.trigger = input.trigger;
  if (input.exitRules !== undefined) fields.exitRules = input.exitRules;
  if (input.steps !== undefined) {
    fields.steps = input.steps.map((step) => ({ ...step, timing: step.timing == null ? null : timingSchema.parse(step.timing) }));
  }
  if (input.notes !== undefined) fields.notes = input.notes;
  return fields;
}

const LIST_SORT = { flowType: 1, flowName: 1 } as const;

export async function listFlowRules(): Promise<FlowRuleRecord[]> {
  const docs = await FlowRuleModel.find({}, { seedKey: 0 }).sort(LIST_SORT).lean<FlowRuleDoc[]>();
  return docs.map(toFlowRuleRecord);
}

export async function getFlowRule(id: string): Promise<FlowRuleRecord | null> {
  const doc = await FlowRuleModel.findOne({ _id: id }, { seedKey: 0 }).lean<FlowRuleDoc>();
  return doc ? toFlowRuleRecord(doc) : null;
}

/**
 * The rule the generator should follow for a flow type: one written for the business type when
 * an admin made one, else the general rule ('All' or empty business type), else any rule of the
 * type (oldest first). Null when there is none.
 */
export async function getFlowRuleByFlowType(flowType: FlowType, { businessType }: { businessType?: string } = {}): Promise<FlowRuleRecord | null> {
  const docs = await FlowRuleModel.find({ flowType }, { seedKey: 0 }).sort({ createdAt: 1 }).lean<FlowRuleDoc[]>();
  const specific = businessType ? docs.find((doc) => doc.businessType === businessType) : undefined;
  const general = docs.find((doc) => doc.businessType === "" || doc.businessType === "All");
  const chosen = specific ?? general ?? docs[0];
  return chosen ? toFlowRuleRecord(chosen) : null;
}

export async function listFlowRulesByFlowType(flowType: FlowType): Promise<FlowRuleRecord[]> {
  const docs = await FlowRuleModel.find({ flowType }, { seedKey: 0 }).sort({ createdAt: 1 }).lean<FlowRuleDoc[]>();
  return docs.map(toFlowRuleRecord);
}

export async function createFlowRule(input: FlowRuleInput): Promise<FlowRuleRecord> {
  const doc = await FlowRuleModel.create(pickFlowRuleFields(input));
  return toFlowRuleRecord(doc.toObject({ transform: false }));
}

export async function updateFlowRule(id: string, changes: Partial<FlowRuleInput>): Promise<FlowRuleRecord | null> {
  const doc = await FlowRuleModel.findOneAndUpdate(
    { _id: id },
    { $set: pickFlowRuleFields(changes) },
    { returnDocument: "after", runValidators: true, projection: { seedKey: 0 } },
  ).lean<FlowRuleDoc>();
  return doc ? toFlowRuleRecord(doc) : null;
}

export async function deleteFlowRule(id: string): Promise<boolean> {
  const result = await FlowRuleModel.deleteOne({ _id: id });
  return result.deletedCount === 1;
}

export async function countFlowRules(): Promise<number> {
  return FlowRuleModel.countDocuments({});
}

/**
 * For the seed: inserts the default rule of a flow type only when no rule of that type exists
 * (an admin's own or edited rule is never touched). The unique seedKey stops two seeds running at
 * once from both inserting. Returns whether it inserted.
 */
export async function insertFlowRuleIfMissing(input: FlowRuleInput & { flowType: FlowType }): Promise<boolean> {
  if (await FlowRuleModel.exists({ flowType: input.flowType })) return false;
  try {
    await FlowRuleModel.create({ ...pickFlowRuleFields(input), seedKey: `default:${input.flowType}` });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** A rule that names no particular value ('All' or empty) applies to every business. */
function isGeneral(value: string | null | undefined) {
  const trimmed = (value ?? "").trim();
  return trimmed === "" || trimmed.toLowerCase() === "all";
}

export interface BusinessTraits {
  businessType?: string | null;
  communicationChannels?: string | null;
  purchaseDecisionTimeline?: string | null;
  serviceFrequency?: string | null;
  upsellOpportunity?: string | null;
}

/**
 * How well a rule fits a business: null when it is written for another business type; otherwise
 * a score where a matching business type outweighs everything else, then matching channels, then
 * each other matching trait. General values score 0, a different channel set -1.
 */
export function flowRuleFit(rule: Pick<FlowRuleRecord, keyof BusinessTraits & string>, business: BusinessTraits): number | null {
  let score = 0;
  if (!isGeneral(rule.businessType)) {
    if (rule.businessType.trim() !== (business.businessType ?? "").trim()) return null;
    score += 100;
  }
  if (!isGeneral(rule.communicationChannels)) score += rule.communicationChannels.trim() === (business.communicationChannels ?? "").trim() ? 10 : -1;
  for (const field of ["purchaseDecisionTimeline", "serviceFrequency", "upsellOpportunity"] as const) {
    if (!isGeneral(rule[field]) && rule[field].trim() === (business[field] ?? "").trim()) score += 1;
  }
  return score;
}

/**
 * The rule the generator follows for a flow type and a business: the best fit (flowRuleFit),
 * the most recently edited among equals; when every rule is written for another business type,
 * the oldest rule of the type. Read fresh each time, so an admin's edit shapes the next flow.
 */
export async function findBestFlowRule(flowType: FlowType, business: BusinessTraits): Promise<FlowRuleRecord | null> {
  const docs = await FlowRuleModel.find({ flowType }, { seedKey: 0 }).sort({ createdAt: 1 }).lean<FlowRuleDoc[]>();
  let best: { doc: FlowRuleDoc; score: number } | null = null;
  for (const doc of docs) {
    const score = flowRuleFit(toFlowRuleRecord(doc), business);
    if (score === null) continue;
    if (!best || score > best.score || (score === best.score && doc.updatedAt.getTime() > best.doc.updatedAt.getTime())) best = { doc, score };
  }
  const chosen = best?.doc ?? docs[0];
  return chosen ? toFlowRuleRecord(chosen) : null;
}

// ---- Admin table (/admin/flow-maps and GET /api/admin/flow-mappings) ----

export const FLOW_RULE_SORTS = ["flowName", "flowType", "businessType", "communicationChannels", "updatedAt"] as const;
export type FlowRuleSort = (typeof FLOW_RULE_SORTS)[number];

/**
 * One page of rules: `search` matches the flow name, trigger or business type. Only the page's
 * rules are read; `_id` breaks ties so pages never overlap.
 */
export function listFlowRulesPage(request: PageRequest<FlowRuleSort>): Promise<{ rows: FlowRuleRecord[]; total: number }> {
  return findPage(FlowRuleModel, request, {
    searchFields: ["flowName", "trigger", "businessType"],
    projection: { seedKey: 0 },
    toRow: (doc) => toFlowRuleRecord(doc as FlowRuleDoc),
  });
}
