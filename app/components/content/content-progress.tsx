import { Form } from "@remix-run/react";

import { contentFailureText, contentProgressLine, type ContentProgressView, type StreamedMessageView } from "~/lib/content/content-progress";
import { WorkUnderWay } from "~/components/flows/generation-progress";
import type { TouchpointView } from "~/lib/flows/types";

/** Said when content is written: the toast of a writing that answered at once, the notice of one that was followed. */
export const CONTENT_WRITTEN_TOAST = {
  title: "Content Generated",
  description: "Ready-to-send email and SMS copy is written for every touchpoint of this flow.",
} as const;

/** The content page's form intent that forgets how a content writing ended, once it has been read. */
export const DISMISS_CONTENT_PROGRESS_INTENT = "dismiss-content-progress";

/**
 * Content a model is writing (decision 173), as the content page shows it: while it runs, each
 * touchpoint's message as it arrives (kept current by polling with JavaScript, by the page's own
 * refresh without), then how it ended. The messages are a preview: nothing is stored until the
 * whole answer is checked.
 */
export function ContentProgress({ progress, touchpoints, hadContent }: { progress: ContentProgressView; touchpoints: TouchpointView[]; hadContent: boolean }) {
  if (progress.state === "running") return <ContentMessages progress={progress} touchpoints={touchpoints} />;
  if (progress.state === "failed") {
    return (
      <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert" data-testid="content-failed">
        <p className="font-semibold">Error Generating Content</p>
        <p>{contentFailureText(progress, hadContent)}</p>
        <DismissContentProgress progress={progress} label="Dismiss" className="mt-2 text-sm font-semibold text-red-900 underline" />
      </div>
    );
  }
  return (
    <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status" data-testid="content-written">
      <p className="font-semibold">{CONTENT_WRITTEN_TOAST.title}</p>
      <p>{CONTENT_WRITTEN_TOAST.description}</p>
      <DismissContentProgress progress={progress} label="Done" className="mt-2 text-sm font-semibold text-emerald-950 underline" />
    </div>
  );
}

function ContentMessages({ progress, touchpoints }: { progress: ContentProgressView; touchpoints: TouchpointView[] }) {
  const byId = new Map(touchpoints.map((tp) => [tp.id, tp]));
  return (
    <section className="mt-6 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm" role="status" aria-live="polite" data-testid="content-progress">
      <WorkUnderWay />
      <p className="mt-2 text-sm text-slate-700">The content of this flow is being written. {contentProgressLine(progress, touchpoints.length)}</p>
      {progress.messages.length > 0 ? (
        <ol className="mt-4 space-y-3" aria-label="Messages written so far">
          {progress.messages.map((message) => (
            <StreamedMessageItem key={message.touchpointId} message={message} touchpoint={byId.get(message.touchpointId)} />
          ))}
        </ol>
      ) : null}
      <p className="mt-3 text-xs text-slate-500">
        The messages are checked as a whole before they are saved; until then nothing is stored and your current content stays as it is.
      </p>
    </section>
  );
}

function StreamedMessageItem({ message, touchpoint }: { message: StreamedMessageView; touchpoint: TouchpointView | undefined }) {
  const step = message.stepNumber ?? touchpoint?.stepNumber;
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="streamed-message" aria-busy={message.complete ? undefined : true}>
      <p className="font-medium text-slate-900">
        <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{message.sms !== null ? "SMS" : "Email"}</span>
        {step ? `${step}. ` : null}
        {touchpoint?.title ?? "A step of this flow"}
        {message.complete ? null : <span className="ml-2 text-xs font-normal italic text-slate-500">Writing…</span>}
      </p>
      {message.sms !== null ? (
        <p className="mt-1 whitespace-pre-line text-slate-700">{message.sms}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
          {message.subject ? <MessageField label="Subject" value={message.subject} /> : null}
          {message.preheader ? <MessageField label="Preheader" value={message.preheader} /> : null}
          {message.bodyText ? <MessageField label="Body" value={message.bodyText} /> : null}
          {message.callToAction ? <MessageField label="Button" value={message.callToAction} /> : null}
        </dl>
      )}
    </li>
  );
}

function MessageField({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="whitespace-pre-line">{value}</dd>
    </>
  );
}

/** Forgets how a content writing ended (a plain form: with or without JavaScript). */
function DismissContentProgress({ progress, label, className }: { progress: ContentProgressView; label: string; className: string }) {
  return (
    <Form method="post" action={`/flow-content?flow=${encodeURIComponent(progress.flowId)}`}>
      <input type="hidden" name="progressId" value={progress.id} />
      <input type="hidden" name="flowId" value={progress.flowId} />
      <button type="submit" name="intent" value={DISMISS_CONTENT_PROGRESS_INTENT} className={className}>
        {label}
      </button>
    </Form>
  );
}
