import { Link } from "@remix-run/react";

import { StatusButton } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { COMPARED_FIELD_LABELS, COMPARED_FIELDS, comparedValue, diffFlows, type ComparedField, type TouchpointChange } from "~/lib/flows/diff";
import type { FlowView, TouchpointView, VersionView } from "~/lib/flows/types";

import { FLOW_INTENTS, flowHref } from "~/lib/flows/flow-url";
import { LocalDate } from "./format";
import { useFlowForm } from "./use-flow-form";

const STATUS_STYLE = {
  added: { label: "Added", badge: "bg-emerald-100 text-emerald-800", ring: "ring-emerald-300 bg-emerald-50/50" },
  removed: { label: "Removed", badge: "bg-red-100 text-red-800", ring: "ring-red-300 bg-red-50/50" },
  changed: { label: "Changed", badge: "bg-amber-100 text-amber-900", ring: "ring-amber-300" },
  unchanged: { label: "Unchanged", badge: "bg-slate-100 text-slate-600", ring: "ring-slate-200" },
} as const;

/** "Compare with current": an earlier version beside the current flow, changes marked. */
export function CompareDialog({ open, flow, version, closeHref, locale }: { open: boolean; flow: FlowView; version: VersionView | null; closeHref: string; locale: string }) {
  const { fetcher, pending } = useFlowForm(FLOW_INTENTS.rollback);
  const diff = version ? diffFlows<TouchpointView>(version, flow) : null;
  return (
    <Dialog
      open={open}
      closeHref={closeHref}
      title={version ? `Version ${version.versionNumber} compared with current` : "Compare versions"}
      description={diff ? summary(diff.counts, diff.overview.changed) : undefined}
      size="xl"
      data-testid="compare-dialog"
    >
      {!version || !diff ? (
        <p className="py-10 text-center text-sm text-slate-600" role="status">
          Loading the comparison…
        </p>
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link to={flowHref(flow.flowType, { dialog: "versions" })} preventScrollReset className="text-sm font-semibold text-brand-700 hover:underline">
              ← Back to versions
            </Link>
            <fetcher.Form method="post" action={flowHref(flow.flowType, { dialog: "compare", version: version.id })}>
              <input type="hidden" name="flowId" value={flow.id} />
              <input type="hidden" name="versionId" value={version.id} />
              <StatusButton intent={FLOW_INTENTS.rollback} status={pending ? "pending" : "idle"} pendingLabel="Rolling back…">
                {`Rollback to version ${version.versionNumber}`}
              </StatusButton>
            </fetcher.Form>
          </div>

          <div className="hidden grid-cols-2 gap-3 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid">
            <p>
              Version {version.versionNumber} · <LocalDate iso={version.createdAt} locale={locale} />
            </p>
            <p>
              Current · <LocalDate iso={flow.updatedAt} locale={locale} />
            </p>
          </div>

          <section
            aria-label="Overview"
            className={`rounded-xl p-4 ring-1 ${diff.overview.changed ? STATUS_STYLE.changed.ring : "ring-slate-200"}`}
            data-testid="compare-overview"
            data-changed={diff.overview.changed}
          >
            <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
              Flow overview
              <StatusBadge status={diff.overview.changed ? "changed" : "unchanged"} />
            </p>
            <div className="grid gap-3 text-sm leading-6 text-slate-700 sm:grid-cols-2">
              <div>
                <SideLabel>Version {version.versionNumber}</SideLabel>
                <p className="whitespace-pre-line">{diff.overview.before || "—"}</p>
              </div>
              <div>
                <SideLabel>Current</SideLabel>
                <p className={`whitespace-pre-line ${diff.overview.changed ? "rounded bg-amber-50 px-1" : ""}`}>{diff.overview.after || "—"}</p>
              </div>
            </div>
          </section>

          <ol className="space-y-3" aria-label="Touchpoints compared">
            {diff.touchpoints.map((change, index) => (
              <ChangeRow key={index} change={change} versionNumber={version.versionNumber} />
            ))}
          </ol>
        </div>
      )}
      <div className="sr-only" aria-live="polite">
        {pending ? "Rolling back" : ""}
      </div>
    </Dialog>
  );
}

function summary(counts: { added: number; removed: number; changed: number; unchanged: number }, overviewChanged: boolean) {
  const parts = [`${counts.added} added`, `${counts.removed} removed`, `${counts.changed} changed`, `${counts.unchanged} unchanged`];
  return `Touchpoints: ${parts.join(", ")}. ${overviewChanged ? "The overview changed." : "The overview is the same."}`;
}

function StatusBadge({ status, fields = [] }: { status: TouchpointChange["status"]; fields?: ComparedField[] }) {
  const style = STATUS_STYLE[status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${style.badge}`} data-testid="change-status">
      {style.label}
      {fields.length ? `: ${fields.map((field) => COMPARED_FIELD_LABELS[field]).join(", ")}` : ""}
    </span>
  );
}

/** On a phone the two sides stack, so each says which it is. */
function SideLabel({ children }: { children: React.ReactNode }) {
  return <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-600 uppercase sm:hidden">{children}</p>;
}

function ChangeRow({ change, versionNumber }: { change: TouchpointChange<TouchpointView>; versionNumber: number }) {
  const style = STATUS_STYLE[change.status];
  return (
    <li className={`rounded-xl p-3 ring-1 sm:p-4 ${style.ring}`} data-testid="compare-row" data-status={change.status}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <StatusBadge status={change.status} fields={change.changedFields} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <SideLabel>Version {versionNumber}</SideLabel>
          <Side touchpoint={change.before} changed={change.changedFields} side="before" />
        </div>
        <div className="min-w-0">
          <SideLabel>Current</SideLabel>
          <Side touchpoint={change.after} changed={change.changedFields} side="after" />
        </div>
      </div>
    </li>
  );
}

function Side({ touchpoint, changed, side }: { touchpoint: TouchpointView | null; changed: ComparedField[]; side: "before" | "after" }) {
  if (!touchpoint) {
    return <p className="self-center py-2 text-center text-sm text-slate-600 italic">{side === "before" ? "Not in this version" : "Not in the current flow"}</p>;
  }
  return (
    <dl className="min-w-0 space-y-1.5 text-sm">
      {COMPARED_FIELDS.map((field) => {
        const isChanged = changed.includes(field);
        return (
          <div
            key={field}
            className={`rounded px-1.5 py-0.5 ${isChanged ? (side === "after" ? "bg-amber-100/80" : "bg-slate-100 line-through decoration-slate-400") : ""}`}
            data-changed={isChanged || undefined}
          >
            <dt className="text-[11px] font-semibold tracking-wide text-slate-700 uppercase">
              {field === "title" ? `Step ${touchpoint.stepNumber} · ${COMPARED_FIELD_LABELS[field]}` : COMPARED_FIELD_LABELS[field]}
              {isChanged ? <span className="sr-only"> (changed)</span> : null}
            </dt>
            <dd className={`break-words whitespace-pre-line text-slate-800 ${field === "title" ? "font-semibold" : ""}`}>{comparedValue(touchpoint, field) || "—"}</dd>
          </div>
        );
      })}
    </dl>
  );
}
