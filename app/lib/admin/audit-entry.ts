import type { JsonValue } from "~/lib/json";

/** What an audit entry is about, and what was done to it (the audit trail, models/audit-log.server.ts). */
export const AUDIT_ENTITIES = ["benchmark", "flow_mapping", "user"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ["create", "update", "delete", "role", "premium", "reset_link"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the admin dashboard's "Recent changes", as the page receives it. */
export interface AuditEntryView {
  id: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** A short human label of the thing changed ('Open Rate (Email) · Lead Nurture', an email). */
  label: string;
  before: JsonValue;
  after: JsonValue;
  /** ISO 8601. */
  createdAt: string;
}
