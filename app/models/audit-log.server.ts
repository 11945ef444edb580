import { Schema } from "mongoose";

import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntity, type AuditEntryView } from "~/lib/admin/audit-entry";
import { defineModel, toJsonValue, uuidId } from "~/models/utils.server";

/**
 * The admin audit trail: one entry per admin write (benchmark, flow rule, role, premium)
 * and per account deletion, with who, what, when and the values before and after. Entries are only
 * ever inserted and read: this module has no update or delete, and no screen or endpoint edits
 * them. The one exception is deleting an account, which replaces the account's email in the
 * entries about it or by it (models/account-records.server.ts): the event stays, the person goes.
 */

/** A stored entry: its values before and after are Mixed paths, read back through toJsonValue. */
export type AuditLogDoc = Omit<AuditEntryView, "id" | "before" | "after" | "createdAt"> & { _id: string; before: unknown; after: unknown; createdAt: Date };

const auditLogSchema = new Schema<AuditLogDoc>(
  {
    _id: uuidId,
    actorId: { type: String, required: true },
    actorEmail: { type: String, required: true, maxlength: 254 },
    action: { type: String, enum: AUDIT_ACTIONS, required: true },
    entity: { type: String, enum: AUDIT_ENTITIES, required: true },
    entityId: { type: String, required: true },
    label: { type: String, maxlength: 300, default: "" },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);
auditLogSchema.index({ createdAt: -1 }, { name: "newest_first" });

export const AuditLogModel = defineModel<AuditLogDoc>("AuditLog", auditLogSchema, "audit_log");

/** An entry as read back: the page's view of it (lib/admin/audit-entry.ts), with its time as a Date. */
export type AuditEntry = Omit<AuditEntryView, "createdAt"> & { createdAt: Date };

/** What a write records: everything but the id and the time, which the database and recordAudit give it. */
export type AuditInput = Omit<AuditEntry, "id" | "createdAt">;

/** The last entry's time written by this process: entries written within one millisecond still read in order. */
let lastRecordedAt = 0;

export async function recordAudit(input: AuditInput): Promise<void> {
  // Each entry at least a millisecond after the one before, so "newest first" is exact even for
  // changes made in the same millisecond (the ids are random and cannot order them).
  lastRecordedAt = Math.max(Date.now(), lastRecordedAt + 1);
  await AuditLogModel.create({ ...input, createdAt: new Date(lastRecordedAt) });
}

/** The newest entries first (the admin dashboard shows 20). */
export async function listRecentAudit(limit = 20): Promise<AuditEntry[]> {
  const docs = await AuditLogModel.find({}).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<AuditLogDoc[]>();
  return docs.map((doc) => ({
    id: doc._id,
    actorId: doc.actorId,
    actorEmail: doc.actorEmail,
    action: doc.action,
    entity: doc.entity,
    entityId: doc.entityId,
    label: doc.label ?? "",
    before: toJsonValue(doc.before ?? null),
    after: toJsonValue(doc.after ?? null),
    createdAt: doc.createdAt,
  }));
}

export async function countAudit(filter: { entity?: AuditEntity; entityId?: string } = {}): Promise<number> {
  return AuditLogModel.countDocuments(filter);
}
