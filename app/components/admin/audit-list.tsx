import { hasPremium } from "~/lib/user";
import type { AuditAction, AuditEntity, AuditEntryView } from "~/lib/admin/audit-entry";

const ENTITY_LABELS: Record<AuditEntity, string> = { benchmark: "Benchmark", flow_mapping: "Flow map", user: "User" };
const ACTION_LABELS: Record<AuditAction, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  role: "role changed",
  premium: "premium changed",
  reset_link: "password reset link made",
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === "string") return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  return "{…}";
}

/** "field: before → after" lines for an entry (a created or deleted row lists what it held). */
function changes(entry: AuditEntryView): Array<{ field: string; before: string; after: string }> {
  const before = entry.before && typeof entry.before === "object" && !Array.isArray(entry.before) ? entry.before : {};
  const after = entry.after && typeof entry.after === "object" && !Array.isArray(entry.after) ? entry.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    before: entry.before === null ? "" : show((before as Record<string, unknown>)[field]),
    after: entry.after === null ? "" : show((after as Record<string, unknown>)[field]),
  }));
}

/** A premium change read as a sentence ("Premium turned on"), not as its stored flag (isPremium: 0 → 1). */
export function premiumChangeText(entry: Pick<AuditEntryView, "after">): string {
  const after = entry.after && typeof entry.after === "object" && !Array.isArray(entry.after) ? (entry.after as Record<string, unknown>) : {};
  // The stored flag (1), or true in entries written from a boolean.
  return hasPremium({ isPremium: Number(after.isPremium) }) ? "Premium turned on" : "Premium turned off";
}

/** The latest admin changes: who, what, when, and the values before and after. Read only. */
export function AuditList({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">No admin changes recorded yet.</p>;
  }
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="audit-list">
      {entries.map((entry) => {
        const lines = changes(entry);
        const shown = lines.slice(0, 4);
        return (
          <li key={entry.id} className="px-4 py-3 sm:px-5">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{ENTITY_LABELS[entry.entity] ?? entry.entity}</span> {ACTION_LABELS[entry.action] ?? entry.action}:{" "}
                <span className="break-words text-slate-700">{entry.label}</span>
              </p>
              <p className="flex-none text-xs text-slate-500">
                {entry.actorEmail} ·{" "}
                <time dateTime={entry.createdAt}>
                  {new Date(entry.createdAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC
                </time>
              </p>
            </div>
            {entry.action === "premium" ? (
              <p className="mt-1.5 text-xs text-slate-700" data-testid="audit-premium">
                {premiumChangeText(entry)}
              </p>
            ) : entry.action === "update" || entry.action === "role" ? (
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {shown.map((line) => (
                  <li key={line.field} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    <span className="font-medium">{line.field}</span>: <span className="text-red-700 line-through decoration-red-300">{line.before}</span> →{" "}
                    <span className="text-emerald-700">{line.after}</span>
                  </li>
                ))}
                {lines.length > shown.length ? <li className="px-1 text-xs text-slate-500">+{lines.length - shown.length} more</li> : null}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
