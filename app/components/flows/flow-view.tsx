import { Link } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
import type { Esp } from "~/lib/content/esp";
import { flowTypeLabel } from "~/lib/flow-types";
import type { FlowView, TouchpointView } from "~/lib/flows/types";
import { buildTimeline, timingText } from "~/lib/timing";

import { ExportMenu } from "./export-menu";
import { flowHref } from "~/lib/flows/flow-url";
import { GenerateContentButton } from "./generate-content-button";
import { LocalDate, plural } from "./format";

/** The flow's actions: Versions (with count), Regenerate, Conversation, Generate Full Email Content, Delete. */
export function FlowActions({ flow, isPremium, esp }: { flow: FlowView; isPremium: boolean; esp: Esp }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Flow actions">
      <ButtonLink to={flowHref(flow.flowType, { dialog: "versions" })} preventScrollReset variant="secondary">
        <Icon d="M12 8v4l3 2m6-2a9 9 0 11-18 0 9 9 0 0118 0z" />
        Versions
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700" data-testid="version-count">
          {flow.versionCount}
        </span>
      </ButtonLink>
      <ButtonLink to={flowHref(flow.flowType, { dialog: "regenerate" })} preventScrollReset variant="secondary">
        <Icon d="M4 4v6h6M20 20v-6h-6M5.5 15a7 7 0 0012 2.5M18.5 9a7 7 0 00-12-2.5" />
        Regenerate
      </ButtonLink>
      <ButtonLink to={flowHref(flow.flowType, { dialog: "conversation" })} preventScrollReset variant="secondary">
        <Icon d="M7 8h10M7 12h6m-9 8l3-3h11a2 2 0 002-2V6a2 2 0 00-2-2H5a2 2 0 00-2 2v14z" />
        Conversation
      </ButtonLink>
      {/* Without premium: the upgrade dialog. With it: writes the content and opens Flow Content. */}
      <GenerateContentButton flowId={flow.id} isPremium={isPremium} />
      <ExportMenu flowId={flow.id} esp={esp} />
      <ButtonLink to={`/send-to-klaviyo/${encodeURIComponent(flow.id)}`} variant="secondary" data-testid="send-to-klaviyo-link">
        <Icon d="M4 12l16-8-6 16-3-7-7-1z" />
        Send to Klaviyo
      </ButtonLink>
      <ButtonLink to={flowHref(flow.flowType, { dialog: "delete-flow" })} preventScrollReset variant="danger">
        <Icon d="M5 7h14M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        Delete
      </ButtonLink>
    </div>
  );
}

export function FlowSummaryCard({ flow, locale }: { flow: FlowView; locale: string }) {
  const type = flowTypeLabel(flow.flowType);
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="flow-card" aria-labelledby="flow-card-title">
      <div className="bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-5 py-5 text-white sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wider text-brand-100 uppercase">{flow.companyName || "Your Company"}</p>
            <h2 id="flow-card-title" className="mt-1 text-xl font-bold tracking-tight">
              {type} Flow
            </h2>
            <p className="mt-1 text-sm text-brand-100">
              Generated <LocalDate iso={flow.createdAt} locale={locale} />
            </p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold ring-1 ring-white/30">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-300" aria-hidden="true" />
            Current Version
          </span>
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-3 text-center sm:max-w-md">
          <Stat label="Touchpoints" value={String(flow.touchpoints.length)} testId="touchpoint-count" />
          <Stat label="Previous versions" value={String(flow.versionCount)} testId="previous-versions" />
          <Stat label="Updated" value={<LocalDate iso={flow.updatedAt} locale={locale} />} />
        </dl>
      </div>
      <div className="grid gap-6 px-5 py-5 sm:px-6 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby="overview-title">
          <h3 id="overview-title" className="text-sm font-semibold text-slate-900">
            Flow overview
          </h3>
          <p className="mt-1.5 text-sm leading-6 whitespace-pre-line text-slate-700">{flow.flowOverview || "No overview."}</p>
        </section>
        <section aria-labelledby="notes-title" className="rounded-xl bg-amber-50/70 p-4 ring-1 ring-amber-100">
          <h3 id="notes-title" className="flex items-center gap-1.5 text-sm font-semibold text-amber-900">
            <Icon d="M9 12h6m-6 4h6M7 3h7l5 5v13H7z" />
            Quick notes
          </h3>
          <p className="mt-1.5 text-sm leading-6 whitespace-pre-line text-amber-950">{flow.quickNotes || "No notes."}</p>
        </section>
      </div>
    </article>
  );
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-white/10 px-2 py-2 ring-1 ring-white/15">
      <dt className="text-[11px] font-medium tracking-wide text-brand-100 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Touchpoints in step order with an orange wait card wherever the next one is sent later. */
export function TouchpointList({ flow }: { flow: FlowView }) {
  const items = buildTimeline(flow.touchpoints);
  if (flow.touchpoints.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        This flow has no touchpoints left. Regenerate it to get a new sequence.
      </p>
    );
  }
  return (
    <ol className="relative space-y-3" aria-label="Touchpoints" data-testid="touchpoints">
      {items.map((item) =>
        item.kind === "delay" ? (
          <li key={item.key} className="flex justify-center" data-testid="wait-card">
            <div className="flex items-center gap-2 rounded-full border border-orange-200 bg-orange-50 px-4 py-1.5 text-sm font-semibold text-orange-800">
              <Icon d="M12 7v5l3 2m6-2a9 9 0 11-18 0 9 9 0 0118 0z" />
              {item.title}
            </div>
          </li>
        ) : item.kind === "anchor" ? (
          // Timed from a date (or back to the trigger after one): when it goes, not how long the wait is.
          <li key={item.key} className="flex justify-center" data-testid="anchor-card">
            <div className="flex items-center gap-2 rounded-full border border-dashed border-orange-300 bg-white px-4 py-1.5 text-sm font-semibold text-orange-800">
              <Icon d="M8 7V3m8 4V3M4 11h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z" />
              {item.title}
            </div>
          </li>
        ) : (
          <li key={item.touchpoint.id}>
            <TouchpointCard touchpoint={item.touchpoint} flow={flow} />
          </li>
        ),
      )}
    </ol>
  );
}

function TouchpointCard({ touchpoint, flow }: { touchpoint: TouchpointView; flow: FlowView }) {
  const email = touchpoint.stepType === "Email";
  const accent = email ? "border-l-blue-600" : "border-l-emerald-600";
  const badge = email ? "bg-blue-50 text-blue-800 ring-blue-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200";
  const titleId = `touchpoint-${touchpoint.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="touchpoint-card"
      data-step-type={touchpoint.stepType}
      className={`rounded-2xl border border-l-4 border-slate-200 ${accent} bg-white p-5 shadow-sm`}
    >
      <div className="flex flex-wrap items-start gap-3">
        <span
          className={`flex h-9 w-9 flex-none items-center justify-center rounded-full text-sm font-bold text-white ${email ? "bg-blue-600" : "bg-emerald-600"}`}
          aria-hidden="true"
        >
          {touchpoint.stepNumber}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge}`} data-testid="step-type">
              {touchpoint.stepType}
            </span>
            <span className="text-xs font-medium text-slate-500">Step {touchpoint.stepNumber}</span>
            <span className="text-xs text-slate-400" aria-hidden="true">
              •
            </span>
            <span className="text-xs font-medium text-slate-600">{timingText(touchpoint.timing, touchpoint.delayDays)}</span>
          </div>
          <h3 id={titleId} className="mt-1.5 text-base font-semibold break-words text-slate-900">
            {touchpoint.title}
          </h3>
        </div>
        <div className="flex gap-1">
          <Link
            to={flowHref(flow.flowType, { dialog: "edit", touchpoint: touchpoint.id })}
            preventScrollReset
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={`Edit ${touchpoint.title}`}
          >
            <Icon d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
          </Link>
          <Link
            to={flowHref(flow.flowType, { dialog: "delete-touchpoint", touchpoint: touchpoint.id })}
            preventScrollReset
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
            aria-label={`Delete ${touchpoint.title}`}
          >
            <Icon d="M5 7h14M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </Link>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <Detail label="Primary goal">{touchpoint.primaryGoal}</Detail>
        <Detail label="Call to action">
          <span className="inline-flex rounded-md bg-slate-100 px-2 py-0.5 font-medium text-slate-800">{touchpoint.callToAction}</span>
        </Detail>
        <Detail label="Key messages" wide>
          {touchpoint.keyMessages}
        </Detail>
        {touchpoint.sendWindow ? (
          <Detail label="SMS send window">
            {touchpoint.sendWindow.start}–{touchpoint.sendWindow.end} (recipient&apos;s local time)
          </Detail>
        ) : null}
      </dl>
    </article>
  );
}

function Detail({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 leading-6 whitespace-pre-line text-slate-700">{children}</dd>
    </div>
  );
}

export function Icon({ d, className = "h-4 w-4" }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`${className} flex-none`} aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export { plural };
