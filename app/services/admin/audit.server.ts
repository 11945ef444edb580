import type { AuditAction, AuditEntity, AuditEntryView } from "~/lib/admin/audit-entry";
import type { JsonValue } from "~/lib/json";
import { listRecentAudit, recordAudit } from "~/models/audit-log.server";
import { toJsonValue } from "~/models/utils.server";

/** Who made an admin change: every admin write is recorded under this. */
export interface Actor {
  id: string;
  email: string;
}

/** Only the fields whose values differ, from each side, so an entry reads as "x: a → b". */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[]) {
  const from: Record<string, JsonValue> = {};
  const to: Record<string, JsonValue> = {};
  for (const key of keys) {
    const a = toJsonValue(before[key] ?? null);
    const b = toJsonValue(after[key] ?? null);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      from[key] = a;
      to[key] = b;
    }
  }
  return { before: from, after: to };
}

export function pickFields(record: Record<string, unknown>, keys: readonly string[]): Record<string, JsonValue> {
  return Object.fromEntries(keys.map((key) => [key, toJsonValue(record[key] ?? null)]));
}

export async function audit(actor: Actor, entry: { action: AuditAction; entity: AuditEntity; entityId: string; label: string; before: JsonValue; after: JsonValue }) {
  await recordAudit({ actorId: actor.id, actorEmail: actor.email, ...entry });
}

/** The admin dashboard's "Recent changes": the newest 20 entries. */
export const RECENT_AUDIT_COUNT = 20;

export async function recentAudit(): Promise<AuditEntryView[]> {
  const entries = await listRecentAudit(RECENT_AUDIT_COUNT);
  return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
}
