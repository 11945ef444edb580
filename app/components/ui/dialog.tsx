import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useId } from "react";

import { Button, ButtonLink } from "~/components/ui/button";
import { useCurrentToast } from "~/components/ui/toaster";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * An accessible modal dialog whose open state can live in the URL (`?dialog=…`), so it works
 * without JavaScript: then it is plain server-rendered markup with a real close link and real
 * forms. Once JavaScript runs it is a Headless UI dialog: focus moves inside and is trapped,
 * Escape and a click outside close it, and focus returns to whatever opened it.
 *
 * Give either `onClose` (state held in the component) or `closeHref` (state held in the URL;
 * closing navigates there), or both (onClose runs instead of the navigation).
 */
export interface DialogProps {
  open: boolean;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Where "close" goes when the state is in the URL. */
  closeHref?: string;
  onClose?: () => void;
  size?: "sm" | "md" | "lg" | "xl";
  /** An icon or badge left of the title. */
  icon?: React.ReactNode;
  children: React.ReactNode;
  /** Hides the × button (a confirm dialog closes with its Cancel). */
  hideCloseButton?: boolean;
  "data-testid"?: string;
}

const SIZES = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-5xl" } as const;

export function Dialog({ open, title, description, closeHref, onClose, size = "md", icon, children, hideCloseButton, ...rest }: DialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const pageToast = useCurrentToast();
  const close = useCallback(() => {
    if (onClose) onClose();
    else if (closeHref) navigate(closeHref, { preventScrollReset: true });
  }, [onClose, closeHref, navigate]);

  const header = (Title: React.ElementType, titleProps: Record<string, unknown>) => (
    <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
      {icon ? <div className="mt-0.5 flex-none">{icon}</div> : null}
      <div className="min-w-0 flex-1">
        <Title {...titleProps} className="text-lg font-semibold text-slate-900">
          {title}
        </Title>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      {hideCloseButton ? null : hydrated ? (
        <Button onClick={close} variant="subtle" size="icon" className="-mr-2 flex-none" aria-label="Close dialog">
          <CloseIcon />
        </Button>
      ) : closeHref ? (
        <ButtonLink to={closeHref} preventScrollReset variant="subtle" size="icon" className="-mr-2 flex-none" aria-label="Close dialog">
          <CloseIcon />
        </ButtonLink>
      ) : null}
    </div>
  );

  const panelClass = `flex max-h-[calc(100dvh-2rem-var(--toast-space,0px))] w-full ${SIZES[size]} flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5`;

  if (hydrated) {
    return (
      // The dialog element itself covers the viewport, so it has a size (and is "visible") while open.
      <HeadlessDialog
        open={open}
        onClose={close}
        className="fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 z-50 flex items-center justify-center p-4"
        aria-describedby={description ? descriptionId : undefined}
        data-testid={rest["data-testid"]}
      >
        <DialogBackdrop className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px]" />
        <DialogPanel className={`relative ${panelClass}`}>
          {header(DialogTitle, {})}
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        </DialogPanel>
      </HeadlessDialog>
    );
  }
  if (!open) return null;
  // Server-rendered (no JavaScript, or before it runs): the same dialog as plain markup. Without
  // JavaScript the toast strip cannot make room for it (its height is never published), so the
  // dialog lies above the strip and says the page's message itself, at the top of its body:
  // nothing covers its title or its close link.
  return (
    <div
      className="fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 z-[110] flex items-center justify-center p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={rest["data-testid"]}
    >
      {closeHref ? (
        // A click beside the dialog closes it; keyboard users have the × link and Cancel.
        <Link to={closeHref} preventScrollReset className="fixed inset-0 bg-slate-900/50" aria-hidden="true" tabIndex={-1} />
      ) : (
        <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      )}
      <div className={`relative ${panelClass}`}>
        {header("h2", { id: titleId })}
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
          {pageToast ? (
            <div
              data-testid="dialog-page-message"
              className={`mb-4 rounded-lg border p-3 text-sm ${pageToast.variant === "destructive" ? "border-red-200 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50 text-slate-800"}`}
            >
              <p className="font-semibold">{pageToast.title}</p>
              {pageToast.description ? <p className="mt-0.5">{pageToast.description}</p> : null}
            </div>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`}>{children}</div>;
}

/**
 * A dialog's Cancel: a button with JavaScript, a link to `closeHref` without it.
 */
export function DialogCancel({ closeHref, onClose, children = "Cancel" }: { closeHref?: string; onClose?: () => void; children?: React.ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated || !closeHref) {
    return (
      <Button variant="secondary" onClick={() => (onClose ? onClose() : closeHref ? navigate(closeHref, { preventScrollReset: true }) : undefined)}>
        {children}
      </Button>
    );
  }
  return (
    <ButtonLink to={closeHref} preventScrollReset variant="secondary">
      {children}
    </ButtonLink>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
      <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
