import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";

import { useToast } from "~/components/ui/toaster";

import { UpgradeLink } from "~/components/upgrade-dialog";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

/** Where the content form posts: the Flow Content page's action writes and then shows the content. */
export const CONTENT_ACTION = "/flow-content";
export const GENERATE_CONTENT_INTENT = "generate-content";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold shadow-sm transition focus-visible:outline-2 disabled:cursor-wait disabled:opacity-80";
const gradient = `${base} bg-gradient-to-r from-brand-600 to-violet-600 text-white hover:from-brand-700 hover:to-violet-700`;

/**
 * The flow screen's and the content page's "Generate Full Email Content". Without premium it
 * opens the upgrade dialog. With premium it is a real form post (works without JavaScript) that
 * writes the content and lands on the Flow Content page; with JavaScript a fetcher sends it and
 * the button shows its progress.
 */
export function GenerateContentButton({
  flowId,
  isPremium,
  label = "Generate Full Email Content",
  className = gradient,
}: {
  flowId: string;
  isPremium: boolean;
  label?: string;
  className?: string;
}) {
  const location = useLocation();
  const fetcher = useFetcher<{ toast?: { title: string; description?: string } }>({ key: `generate-content-${flowId}` });
  const { toast } = useToast();
  const failure = fetcher.state === "idle" ? fetcher.data?.toast : undefined;
  useEffect(() => {
    if (failure) toast({ title: failure.title, description: failure.description, variant: "destructive" });
  }, [failure, toast]);
  if (!isPremium) {
    return (
      <UpgradeLink className={className} data-testid="generate-content">
        <MailIcon />
        {label}
      </UpgradeLink>
    );
  }
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={CONTENT_ACTION} className="inline-flex">
      <input type="hidden" name="intent" value={GENERATE_CONTENT_INTENT} />
      <input type="hidden" name="flowId" value={flowId} />
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" className="hidden" aria-hidden="true" />
      <button type="submit" className={className} disabled={pending} aria-busy={pending} data-testid="generate-content">
        {pending ? <Spinner /> : <MailIcon />}
        {pending ? "Writing content…" : label}
      </button>
    </fetcher.Form>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 flex-none" aria-hidden="true" focusable="false">
      <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Spinner() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 flex-none animate-spin" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity=".3" strokeWidth="3" />
      <path d="M21 12a9 9 0 00-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
