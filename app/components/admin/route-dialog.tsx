import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";

import { useHydrated } from "~/lib/use-hydrated";

/** The form of a dialog with `fixedFooter`: fills the panel, its body scrolls, its footer stays. */
export const DIALOG_FORM_CLASS = "flex min-h-0 flex-1 flex-col";

/** The part of a `fixedFooter` dialog's form that scrolls. */
export function DialogScrollBody({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6 ${className}`}>{children}</div>;
}

/** The Cancel and Save row of a `fixedFooter` dialog: always on screen, below the fields, never over them. */
export function DialogFooter({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-none flex-col-reverse gap-2 rounded-b-xl border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end sm:px-6" data-testid="dialog-footer">
      {children}
    </div>
  );
}

/**
 * A dialog that is route state (`?dialog=edit&id=…`): the server renders it as part of the page,
 * so it opens, submits and closes without JavaScript; with JavaScript it is a focus-trapped
 * Headless UI dialog and closing it is a client-side navigation back to the table.
 */
export function RouteDialog({
  title,
  description,
  closeHref,
  size = "md",
  fixedFooter = false,
  children,
}: {
  title: string;
  description?: string;
  closeHref: string;
  size?: "md" | "lg" | "xl";
  /**
   * The children are a form (class DIALOG_FORM_CLASS) made of a DialogScrollBody and a
   * DialogFooter: the panel never grows past the screen, the fields scroll and the buttons stay.
   */
  fixedFooter?: boolean;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const width = size === "xl" ? "max-w-4xl" : size === "lg" ? "max-w-2xl" : "max-w-lg";
  const close = () => navigate(closeHref, { preventScrollReset: true });
  const header = (Title: React.ElementType) => (
    <div className="flex flex-none items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
      <div>
        <Title id="route-dialog-title" className="text-lg font-semibold text-slate-900">
          {title}
        </Title>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      <Link to={closeHref} preventScrollReset className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700" aria-label="Close">
        <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
    </div>
  );
  const body = fixedFooter ? children : <DialogScrollBody>{children}</DialogScrollBody>;
  // The panel is at most the screen's height (less the margin around it and a toast's strip).
  const panel = `flex max-h-[calc(100dvh-1rem-var(--toast-space,0px))] w-full flex-col ${width} rounded-xl bg-white shadow-xl sm:max-h-[calc(100dvh-2rem-var(--toast-space,0px))]`;

  if (hydrated) {
    return (
      <Dialog open onClose={close} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
        <div className="fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 flex items-start justify-center overflow-y-auto p-2 sm:items-center sm:p-4">
          <DialogPanel className={panel}>
            {header(DialogTitle)}
            {body}
          </DialogPanel>
        </div>
      </Dialog>
    );
  }
  return (
    <div className="relative z-50">
      <Link to={closeHref} preventScrollReset className="fixed inset-0 bg-slate-900/50" aria-label="Close dialog" tabIndex={-1} />
      <div className="pointer-events-none fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 flex items-start justify-center overflow-y-auto p-2 sm:items-center sm:p-4">
        <div role="dialog" aria-modal="true" aria-labelledby="route-dialog-title" className={`pointer-events-auto ${panel}`}>
          {header("h2")}
          {body}
        </div>
      </div>
    </div>
  );
}
