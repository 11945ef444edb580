import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";

import {
  type GenerationProgressView,
  PROGRESS_POLL_MS,
  PROGRESS_REFRESH_SECONDS,
  progressFailureText,
  progressHref,
  progressLine,
  regeneratedMessage,
} from "~/lib/flows/generation-progress";
import { REGENERATE_UNCHANGED_HINT, REGENERATE_UNCHANGED_MESSAGE } from "~/lib/flows/types";

import { FLOW_INTENTS } from "~/lib/flows/flow-url";

/**
 * The progress of a generation a model is writing (decision 135), or of its content (decision 173,
 * with its own resource's `hrefOf`), as the page read it, then kept current: with JavaScript by
 * reading the progress resource every PROGRESS_POLL_MS and, once it
 * has ended, loading the page again (the flow, or the failure); without JavaScript by the
 * browser's own refresh every PROGRESS_REFRESH_SECONDS. The record lives in the database, so a
 * reload, another tab or another instance shows the same steps.
 */
export function useLiveProgress<P extends { id: string; state: GenerationProgressView["state"] } = GenerationProgressView>(
  initial: P | null,
  hrefOf: (id: string) => string = progressHref,
): P | null {
  const [live, setLive] = useState(initial);
  const revalidator = useRevalidator();
  useEffect(() => setLive(initial), [initial]);
  const id = initial?.state === "running" ? initial.id : null;
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const response = await fetch(hrefOf(id), { headers: { Accept: "application/json" } });
        if (stopped) return;
        if (response.ok) {
          const progress = (await response.json()) as P;
          if (stopped) return;
          setLive(progress);
          if (progress.state !== "running") {
            revalidator.revalidate();
            return;
          }
        } else if (response.status === 404) {
          revalidator.revalidate();
          return;
        }
      } catch {
        // A dropped connection: the next poll tries again.
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // The revalidator's identity changes with its state; polling follows the record alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return live;
}

/** Work under way: a pulsing bar, and without JavaScript the page's own refresh every PROGRESS_REFRESH_SECONDS. */
export function WorkUnderWay() {
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(PROGRESS_REFRESH_SECONDS)} />
      </noscript>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full w-full animate-pulse rounded-full bg-gradient-to-r from-brand-500 to-violet-500" />
      </div>
    </>
  );
}

/** The steps written so far of a running generation, each as it arrives; a preview, never a saved version. */
export function GenerationSteps({ progress, label }: { progress: GenerationProgressView; label: string }) {
  return (
    <div className="mx-auto mt-6 max-w-lg text-left" role="status" aria-live="polite" data-testid="generation-progress">
      <WorkUnderWay />
      <p className="mt-2 text-center text-sm text-slate-600">
        {progress.kind === "regenerate" ? `Your ${label} flow is being regenerated.` : `Your ${label} flow is being generated.`} {progressLine(progress)}
      </p>
      {progress.steps.length > 0 ? (
        <ol className="mt-4 space-y-2" data-testid="streamed-steps">
          {progress.steps.map((step, index) => (
            <li key={`${index}-${step.title}`} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm" data-testid="streamed-step">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{step.stepType}</span>
              <span className="font-medium text-slate-900">
                {index + 1}. {step.title}
              </span>
              {step.timingText ? <span className="block text-xs text-slate-500">{step.timingText}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <p className="mt-3 text-center text-xs text-slate-500">The steps are checked as a whole before the flow is saved; until then nothing is stored.</p>
    </div>
  );
}

/** How a generation ended in failure, with what became of the steps shown and of the flow; dismissed with a plain form. */
export function GenerationFailed({ progress, action }: { progress: GenerationProgressView; action: string }) {
  return (
    <div className="mx-auto mt-6 max-w-md rounded-lg border border-red-200 bg-red-50 p-3 text-left text-sm text-red-800" role="alert" data-testid="generation-failed">
      <strong className="block font-semibold">{progress.kind === "regenerate" ? "Failed to Regenerate Flow" : "Error Generating Flow"}</strong>
      {progressFailureText(progress)}
      <DismissProgress progress={progress} action={action} label="Dismiss" className="text-sm font-semibold text-red-900 underline" />
    </div>
  );
}

/** A regeneration whose note nothing could be acted on: the flow is as it was, the AI's reply, and what to try. */
export function UnchangedNotice({ explanation }: { explanation: string | null }) {
  return (
    <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="regenerate-unchanged">
      <strong className="block font-semibold">Nothing was changed</strong>
      <p className="mt-1">{REGENERATE_UNCHANGED_MESSAGE}</p>
      {explanation ? <p className="mt-1">The AI said: “{explanation}”</p> : null}
      <p className="mt-1">{REGENERATE_UNCHANGED_HINT}</p>
    </div>
  );
}

/** How a model's regeneration ended well: the new flow and where the old one went, or why nothing changed; read with a plain form. */
export function RegenerationOutcome({ progress, action }: { progress: GenerationProgressView; action: string }) {
  const applied = progress.result?.applied ?? true;
  return (
    <div className="mx-auto mt-4 max-w-lg text-left" data-testid="regeneration-outcome">
      {applied ? (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
          <strong className="block font-semibold">Flow Regenerated</strong>
          {regeneratedMessage(progress.result?.versionNumber ?? null)}
        </div>
      ) : (
        <UnchangedNotice explanation={progress.result?.explanation ?? null} />
      )}
      <DismissProgress progress={progress} action={action} label="Done" className="text-sm font-semibold text-slate-900 underline" />
    </div>
  );
}

/** Forgets how a generation ended (a plain form: with or without JavaScript). */
function DismissProgress({ progress, action, label, className }: { progress: GenerationProgressView; action: string; label: string; className: string }) {
  return (
    <Form method="post" action={action} className="mt-2">
      <input type="hidden" name="progressId" value={progress.id} />
      <button type="submit" name="intent" value={FLOW_INTENTS.dismissProgress} className={className}>
        {label}
      </button>
    </Form>
  );
}
