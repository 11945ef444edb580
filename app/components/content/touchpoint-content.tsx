import { CopyButton } from "~/components/content/copy-button";
import { EmailPreview, SmsPreview } from "~/components/content/previews";
import { touchpointAnchor } from "~/components/content/to-fill";
import { placeholderPage } from "~/lib/content/links";
import { PREHEADER_MAX, SUBJECT_MAX, visibleLength } from "~/lib/content/rules";
import type { TouchpointContentView } from "~/lib/content/types";
import type { TouchpointView } from "~/lib/flows/types";
import { timingText } from "~/lib/timing";

function Field({ label, value, max, multiline = false }: { label: string; value: string; max?: number; multiline?: boolean }) {
  const length = visibleLength(value);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</h4>
        <div className="flex items-center gap-2">
          {max ? (
            <span className={`text-xs tabular-nums ${length > max ? "font-semibold text-red-700" : "text-slate-500"}`}>
              {length}/{max}
            </span>
          ) : null}
          <CopyButton text={value} label={label.toLowerCase()} />
        </div>
      </div>
      {multiline ? (
        // Long bodies scroll inside the card: focusable, so the keyboard can scroll them too.
        <div tabIndex={0} role="region" aria-label={label} className="mt-2 max-h-72 overflow-auto rounded text-sm leading-relaxed whitespace-pre-wrap text-slate-800">
          {value}
        </div>
      ) : (
        <p className="mt-1 text-sm font-medium break-words text-slate-900">{value}</p>
      )}
    </div>
  );
}

/** Where the button goes, under the call to action: the owner's address, or the page still to link, marked. */
function ButtonLinkField({ value }: { value: string }) {
  const page = placeholderPage(value);
  return (
    <div className={`rounded-lg border p-3 ${page ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`} data-testid="button-link">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Button link</h4>
        <CopyButton text={value} label="button link" />
      </div>
      <p className="mt-1 text-sm font-medium break-all text-slate-900">{value}</p>
      {page ? <p className="mt-1 text-xs text-amber-900">To fill: put the address of {page} behind the button before you send.</p> : null}
    </div>
  );
}

export function TouchpointContentCard({ touchpoint, content, brand }: { touchpoint: TouchpointView; content: TouchpointContentView | undefined; brand: string }) {
  const isEmail = touchpoint.stepType === "Email";
  const written = Boolean(content && (content.sms !== null || content.subject !== null));
  return (
    <article
      id={touchpointAnchor(touchpoint.id)}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby={`tp-${touchpoint.id}-title`}
      data-testid="touchpoint-content"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className={`flex h-9 w-9 flex-none items-center justify-center rounded-full text-sm font-bold ${isEmail ? "bg-blue-100 text-blue-800" : "bg-emerald-100 text-emerald-800"}`}
            aria-hidden="true"
          >
            {touchpoint.stepNumber}
          </span>
          <div className="min-w-0">
            <h3 id={`tp-${touchpoint.id}-title`} className="text-base font-semibold text-slate-900">
              <span className="sr-only">Step {touchpoint.stepNumber}: </span>
              {touchpoint.title}
            </h3>
            <p className="mt-0.5 text-sm text-slate-600">
              <span className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${isEmail ? "bg-blue-50 text-blue-700" : "bg-emerald-50 text-emerald-700"}`}>
                {isEmail ? "Email" : "SMS"}
              </span>
              {timingText(touchpoint.timing, touchpoint.delayDays)}
              {touchpoint.sendWindow ? ` · sends ${touchpoint.sendWindow.start}–${touchpoint.sendWindow.end} local time` : ""}
            </p>
          </div>
        </div>
        {written && content?.outdated ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800" data-testid="outdated-badge">
            Outdated: the touchpoint changed since this was written
          </span>
        ) : null}
      </header>

      {!written || !content ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-600">No content written for this touchpoint yet.</p>
      ) : isEmail ? (
        <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
          <div className="space-y-3">
            <Field label="Subject" value={content.subject ?? ""} max={SUBJECT_MAX} />
            <Field label="Preheader" value={content.preheader ?? ""} max={PREHEADER_MAX} />
            <Field label="Call to action" value={content.callToAction ?? ""} />
            {content.buttonUrl ? <ButtonLinkField value={content.buttonUrl} /> : null}
            <Field label="Body (plain text)" value={content.bodyText ?? ""} multiline />
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <span>Body HTML for your email platform:</span>
              <CopyButton text={content.bodyHtml ?? ""} label="body HTML" />
            </div>
          </div>
          <EmailPreview html={content.bodyHtml ?? ""} subject={content.subject ?? ""} preheader={content.preheader ?? ""} brand={brand} />
        </div>
      ) : (
        <div className="mt-5 grid gap-5 md:grid-cols-2 md:items-start">
          <Field label="SMS" value={content.sms ?? ""} multiline />
          <SmsPreview text={content.sms ?? ""} brand={brand} />
        </div>
      )}
    </article>
  );
}
