import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { StatusButton } from "~/components/ui/button";
import { FLOW_TYPE_INFO, flowTypeLabel, type FlowType } from "~/lib/flow-types";
import type { FlowView, MessageView, VersionView } from "~/lib/flows/types";
import type { GenerationProgressView } from "~/lib/flows/generation-progress";
import { useHydrated } from "~/lib/use-hydrated";

import { CompareDialog } from "./compare-dialog";
import { ConversationDialog, DeleteFlowDialog, DeleteTouchpointDialog, EditTouchpointDialog, RegenerateDialog, VersionsDialog } from "./flow-dialogs";
import { FlowTimeline } from "./flow-timeline";
import type { Esp } from "~/lib/content/esp";

import { FlowTypeSelector } from "./flow-type-selector";
import { GenerationFailed, GenerationSteps, RegenerationOutcome, useLiveProgress } from "./generation-progress";
import { FLOW_INTENTS, flowHref, type FlowDialog } from "~/lib/flows/flow-url";
import { FlowActions, FlowSummaryCard, Icon, TouchpointList } from "./flow-view";
import { OnboardingRequired, PremiumBanner } from "./notices";
import { useFlowForm } from "./use-flow-form";

export interface FlowScreenData {
  flowType: FlowType;
  companyName: string;
  isPremium: boolean;
  locale: string;
  onboarded: boolean;
  flow: FlowView | null;
  /** The email platform the HTML export's footers are written for unless the user picks another. */
  esp: Esp;
  generating: boolean;
  versions: VersionView[] | null;
  messages: MessageView[] | null;
  compareVersion: VersionView | null;
  /** With a model, what the wait usually is ("Usually about 40 seconds with your model"); null offline. */
  wait: { generate: string | null; regenerate: string | null };
  /** A model's generation of this flow type under way (its steps so far), or how the last one ended; null when there is none. */
  progress: GenerationProgressView | null;
}

/** How often an open page checks whether a generation started elsewhere has finished. */
export const GENERATION_POLL_MS = 3000;

/** The whole /flow-mappings screen; the dialogs are URL state (see flow-url.ts). */
export function FlowScreen({
  data,
  dialog,
  touchpointId,
  versionId,
  dataIsCurrent,
}: {
  data: FlowScreenData;
  dialog: FlowDialog | null;
  touchpointId: string | null;
  versionId: string | null;
  /** False while the loader for a just-opened dialog is still on its way. */
  dataIsCurrent: boolean;
}) {
  const { flow, flowType } = data;
  const info = FLOW_TYPE_INFO[flowType];
  const closeHref = flowHref(flowType);
  const touchpoint = flow?.touchpoints.find((tp) => tp.id === touchpointId) ?? null;
  const progress = useLiveProgress(data.progress);
  // A regeneration's progress shows in its dialog when that is open, else on the page.
  const regenerating = progress?.kind === "regenerate" ? progress : null;
  const onPage = dialog === "regenerate" && regenerating ? null : progress;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand-700">Lifecycle flows</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{data.companyName} Flow mappings</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          AI-planned email and SMS sequences for each stage of your customer&apos;s journey. Pick a flow type, generate it, then refine it with feedback, edits and versions.
        </p>
      </header>

      <FlowTypeSelector current={flowType} isPremium={data.isPremium} />

      {info.premium && !data.isPremium ? <PremiumBanner label={info.label} /> : null}

      {!data.onboarded ? (
        <OnboardingRequired />
      ) : flow ? (
        <>
          <section aria-label={`${info.label} flow`} className="space-y-6">
            {onPage?.state === "running" ? <GenerationSteps progress={onPage} label={info.label} /> : null}
            {onPage?.state === "failed" ? <GenerationFailed progress={onPage} action={closeHref} /> : null}
            {onPage?.state === "succeeded" ? <RegenerationOutcome progress={onPage} action={closeHref} /> : null}
            <FlowActions flow={flow} isPremium={data.isPremium} esp={data.esp} />
            <FlowSummaryCard flow={flow} locale={data.locale} />
            <FlowTimeline touchpoints={flow.touchpoints} flowLabel={info.label} quickNotes={flow.quickNotes} />
            <section aria-labelledby="touchpoints-heading">
              <h2 id="touchpoints-heading" className="mb-3 text-lg font-semibold text-slate-900">
                Touchpoints
              </h2>
              <TouchpointList flow={flow} />
            </section>
          </section>

          <RegenerateDialog open={dialog === "regenerate"} flow={flow} closeHref={closeHref} wait={data.wait.regenerate} progress={regenerating} />
          <VersionsDialog open={dialog === "versions"} flow={flow} versions={dataIsCurrent ? data.versions : null} closeHref={closeHref} locale={data.locale} />
          <CompareDialog
            open={dialog === "compare"}
            flow={flow}
            version={dataIsCurrent && data.compareVersion?.id === versionId ? data.compareVersion : null}
            closeHref={flowHref(flowType, { dialog: "versions" })}
            locale={data.locale}
          />
          <ConversationDialog open={dialog === "conversation"} messages={dataIsCurrent ? data.messages : null} closeHref={closeHref} locale={data.locale} />
          <EditTouchpointDialog open={dialog === "edit"} flow={flow} touchpoint={touchpoint} closeHref={closeHref} />
          <DeleteTouchpointDialog open={dialog === "delete-touchpoint"} flow={flow} touchpoint={touchpoint} closeHref={closeHref} />
          <DeleteFlowDialog open={dialog === "delete-flow"} flow={flow} closeHref={closeHref} />
        </>
      ) : (
        <GenerateFirstFlow flowType={flowType} generating={data.generating} wait={data.wait.generate} progress={progress} />
      )}
    </div>
  );
}

function GenerateFirstFlow({ flowType, generating, wait, progress }: { flowType: FlowType; generating: boolean; wait: string | null; progress: GenerationProgressView | null }) {
  const { fetcher, reply, pending } = useFlowForm(FLOW_INTENTS.generate);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const streaming = progress?.state === "running";
  const busy = pending || generating || streaming;
  const label = flowTypeLabel(flowType);

  // Generation started in another tab (or before a reload) without a progress record: look again until the flow is there.
  useEffect(() => {
    if (!generating || pending || streaming) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, GENERATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [generating, pending, streaming, revalidator]);

  const error = !pending && reply && !reply.ok ? reply.toast : undefined;
  return (
    <section
      aria-labelledby="generate-title"
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-10"
      data-testid="generate-first-flow"
    >
      <div className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-[36rem] max-w-full rounded-full bg-brand-100/60 blur-3xl" aria-hidden="true" />
      <div className="relative">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-violet-500 text-white shadow-lg shadow-brand-500/30">
          <Icon d="M5 6h4v4H5zM15 14h4v4h-4zM9 8h3a2 2 0 012 2v4a2 2 0 002 2" className="h-7 w-7" />
        </span>
        <h2 id="generate-title" className="mt-5 text-xl font-semibold text-slate-900 sm:text-2xl">
          Generate Your First {label} Flow
        </h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-slate-600">
          Flowmap plans the touchpoints, timing, channels and messages from your business profile and lifecycle best practice. You can refine everything afterwards.
        </p>
        <fetcher.Form method="post" action={flowHref(flowType)} className="mt-6">
          <StatusButton intent={FLOW_INTENTS.generate} status={busy ? "pending" : "idle"} size="lg" pendingLabel="Generating…">
            Generate Flow
          </StatusButton>
        </fetcher.Form>
        <p className="mt-3 text-xs text-slate-500" data-testid="generate-wait">
          {wait ?? "This may take 1-3 minutes"}
        </p>
        {streaming ? <GenerationSteps progress={progress} label={label} /> : null}
        {progress?.state === "failed" && !pending ? <GenerationFailed progress={progress} action={flowHref(flowType)} /> : null}
        {busy && !streaming ? (
          <div className="mx-auto mt-6 max-w-sm" role="status" data-testid="generating">
            <div className="h-2 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full w-full animate-pulse rounded-full bg-gradient-to-r from-brand-500 to-violet-500" />
            </div>
            <p className="mt-2 text-sm text-slate-600">Your {label} flow is being generated…</p>
            {generating && !hydrated ? (
              <Link to={flowHref(flowType)} className="mt-1 inline-block text-sm font-semibold text-brand-700 underline">
                Check again
              </Link>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <div className="mx-auto mt-6 max-w-md rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
            <strong className="block font-semibold">{error.title}</strong>
            {error.description}
          </div>
        ) : null}
      </div>
    </section>
  );
}
