import { countSms, SMS_GSM7_MAX, SMS_UNICODE_MAX } from "~/lib/content/rules";
import { asReaderSees, FIRST_NAME_TAG, hasFirstNameTag, PREVIEW_FIRST_NAME } from "~/lib/content/merge-tags";
import type { EmailCopy } from "~/lib/content/types";

/**
 * The email as a recipient sees it: the stored HTML in a sandboxed frame (no scripts, no same
 * origin, no forms, no popups), fed through srcdoc so it never loads anything from our origin.
 */
export function EmailPreview({ html, subject, preheader, brand }: Pick<EmailCopy, "subject" | "preheader"> & { html: string; brand: string }) {
  // The first-name tag as a reader sees it: a name, marked in the body (dotted underline).
  const tagged = hasFirstNameTag(html) || hasFirstNameTag(subject) || hasFirstNameTag(preheader);
  const shownHtml = asReaderSees(html, PREVIEW_FIRST_NAME, (name) => `<span style="border-bottom:2px dotted #6366f1" title="The reader's first name">${name}</span>`);
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-inner">
      <figcaption className="flex items-start gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <span className="flex h-9 w-9 flex-none items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" aria-hidden="true">
          {(brand.trim().charAt(0) || "F").toUpperCase()}
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-slate-900">{brand || "Your Company"}</span>
          <span className="block truncate text-sm text-slate-800">{asReaderSees(subject)}</span>
          <span className="block truncate text-xs text-slate-500">{asReaderSees(preheader)}</span>
        </span>
      </figcaption>
      <iframe
        title={`Email preview: ${subject}`}
        srcDoc={shownHtml}
        sandbox=""
        referrerPolicy="no-referrer"
        className="block h-[520px] w-full bg-[#f3f4f6]"
        data-testid="email-preview"
      />
      {tagged ? <MergeTagNote /> : null}
    </figure>
  );
}

/** Beside a preview that fills in a name: what the copy itself holds there, and why. */
function MergeTagNote() {
  return (
    <p className="border-t border-slate-200 bg-white px-4 py-2 text-xs text-slate-600" data-testid="merge-tag-note">
      “{PREVIEW_FIRST_NAME}” stands for each reader&apos;s first name. The copy holds the tag <code className="rounded bg-slate-100 px-1 text-slate-800">{FIRST_NAME_TAG}</code>,
      which Klaviyo fills in when it sends; a contact without a first name reads “there”.
    </p>
  );
}

/** One text message in a phone-style bubble, with the count a carrier bills. */
export function SmsPreview({ text, brand }: { text: string; brand: string }) {
  const count = countSms(text);
  const over = count.characters > count.limit;
  return (
    <figure className="mx-auto w-full max-w-sm rounded-[2rem] border border-slate-200 bg-gradient-to-b from-slate-50 to-white p-4 shadow-sm">
      <figcaption className="mb-3 text-center">
        <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">Text message</span>
        <span className="block text-sm font-semibold text-slate-900">{brand || "Your Company"}</span>
      </figcaption>
      <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md bg-slate-200 px-4 py-2.5 text-[15px] leading-snug whitespace-pre-wrap text-slate-900" data-testid="sms-bubble">
        {asReaderSees(text)}
      </p>
      {hasFirstNameTag(text) ? <MergeTagNote /> : null}
      <p className={`mt-3 text-xs ${over ? "font-semibold text-red-700" : "text-slate-600"}`} data-testid="sms-count">
        {count.characters} / {count.encoding === "GSM-7" ? SMS_GSM7_MAX : SMS_UNICODE_MAX} characters · {count.encoding === "GSM-7" ? "GSM-7" : "Unicode"} · {count.segments}{" "}
        {count.segments === 1 ? "segment" : "segments"}
      </p>
    </figure>
  );
}
