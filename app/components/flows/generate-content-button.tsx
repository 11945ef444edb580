import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";

import { buttonClass, StatusButton } from "~/components/ui/button";
import { useToast } from "~/components/ui/toaster";

import { UpgradeLink } from "~/components/upgrade-dialog";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

/** Where the content form posts: the Flow Content page's action writes and then shows the content. */
export const CONTENT_ACTION = "/flow-content";
export const GENERATE_CONTENT_INTENT = "generate-content";

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
  variant = "ai",
}: {
  flowId: string;
  isPremium: boolean;
  label?: string;
  /** "inverse" on the content page's brand-coloured header. */
  variant?: "ai" | "inverse";
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
      <UpgradeLink className={buttonClass({ variant })} data-testid="generate-content">
        <MailIcon />
        {label}
      </UpgradeLink>
    );
  }
  return (
    <fetcher.Form method="post" action={CONTENT_ACTION} className="inline-flex">
      <input type="hidden" name="intent" value={GENERATE_CONTENT_INTENT} />
      <input type="hidden" name="flowId" value={flowId} />
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" className="hidden" aria-hidden="true" />
      <StatusButton variant={variant} status={fetcher.state !== "idle" ? "pending" : "idle"} icon={<MailIcon />} pendingLabel="Writing content…" data-testid="generate-content">
        {label}
      </StatusButton>
    </fetcher.Form>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 flex-none" aria-hidden="true">
      <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
