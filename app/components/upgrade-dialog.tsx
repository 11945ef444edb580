import { Link, useLocation, useNavigate } from "@remix-run/react";
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from "react";

import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/** The search parameter that opens the dialog as real route state, so it works without JavaScript. */
export const UPGRADE_PARAM = "upgrade";

export const PREMIUM_BENEFITS = [
  "Custom performance scoring and recommendations based on your existing automations",
  "Access to all flow mappings: abandoned cart, upsell and sunset",
  "Fully written email and SMS content for your flows",
] as const;

interface UpgradeContextValue {
  open: () => void;
}
const UpgradeContext = createContext<UpgradeContextValue>({ open: () => {} });

export function useUpgradeDialog() {
  return useContext(UpgradeContext);
}

function withParam(search: string, present: boolean) {
  const params = new URLSearchParams(search);
  if (present) params.set(UPGRADE_PARAM, "1");
  else params.delete(UPGRADE_PARAM);
  const next = params.toString();
  return next ? `?${next}` : "";
}

const UpgradeDialogPanel = lazy(() => import("~/components/upgrade-dialog-panel"));

export function UpgradeDialogProvider({ supportEmail, children }: { supportEmail: string; children: React.ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [localOpen, setLocalOpen] = useState(false);
  const paramOpen = new URLSearchParams(location.search).has(UPGRADE_PARAM);
  const isOpen = localOpen || paramOpen;
  const closeHref = `${location.pathname}${withParam(location.search, false)}`;

  const open = useCallback(() => setLocalOpen(true), []);
  const close = useCallback(() => {
    setLocalOpen(false);
    if (paramOpen) navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [paramOpen, navigate, closeHref]);
  const value = useMemo(() => ({ open }), [open]);

  return (
    <UpgradeContext.Provider value={value}>
      {children}
      {isOpen && hydrated ? (
        // The modal's code loads when it first opens; meanwhile the plain dialog below shows.
        <Suspense fallback={<PlainUpgradeDialog supportEmail={supportEmail} closeHref={closeHref} />}>
          <UpgradeDialogPanel open={isOpen} onClose={close}>
            {(Title) => <UpgradeContent supportEmail={supportEmail} Title={Title} onClose={close} closeHref={closeHref} />}
          </UpgradeDialogPanel>
        </Suspense>
      ) : isOpen ? (
        // Before JavaScript runs (or without it) the same dialog is plain server-rendered markup.
        <PlainUpgradeDialog supportEmail={supportEmail} closeHref={closeHref} />
      ) : null}
    </UpgradeContext.Provider>
  );
}

function PlainUpgradeDialog({ supportEmail, closeHref }: { supportEmail: string; closeHref: string }) {
  return (
    <div className="relative z-50" role="dialog" aria-modal="true" aria-labelledby="upgrade-title">
      <Link to={closeHref} replace preventScrollReset className="fixed inset-0 bg-slate-900/50" aria-label="Close" tabIndex={-1} />
      <div className="pointer-events-none fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 flex items-center justify-center p-4">
        <div className="pointer-events-auto w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <UpgradeContent supportEmail={supportEmail} Title="h2" closeHref={closeHref} />
        </div>
      </div>
    </div>
  );
}

function UpgradeContent({ supportEmail, Title, onClose, closeHref }: { supportEmail: string; Title: React.ElementType; onClose?: () => void; closeHref: string }) {
  return (
    <>
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <CrownIcon />
        </span>
        <Title id="upgrade-title" className="text-lg font-semibold text-slate-900">
          Upgrade to Premium
        </Title>
      </div>
      <p className="mt-3 text-sm text-slate-600">Unlock everything Flowmap can do for your lifecycle marketing:</p>
      <PremiumBenefitList className="mt-3 space-y-2" />
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        To upgrade, send us a message at{" "}
        <a href={`mailto:${supportEmail}?subject=Flowmap%20Premium`} className="font-medium text-brand-700 underline">
          {supportEmail}
        </a>{" "}
        and we will set up your premium plan.
      </p>
      <div className="mt-5 flex justify-end">
        {onClose ? (
          <Button onClick={onClose} variant="secondary">
            Maybe Later
          </Button>
        ) : (
          <ButtonLink to={closeHref} replace preventScrollReset variant="secondary">
            Maybe Later
          </ButtonLink>
        )}
      </div>
    </>
  );
}

/**
 * Anything that opens the upgrade dialog: a real link to the same page with `?upgrade=1`
 * (works without JavaScript), opened in place when JavaScript runs.
 */
export function UpgradeLink({ children, className, ...rest }: { children: React.ReactNode; className?: string } & Omit<React.ComponentProps<typeof Link>, "to">) {
  const location = useLocation();
  const { open } = useUpgradeDialog();
  return (
    <Link
      {...rest}
      to={`${location.pathname}${withParam(location.search, true)}`}
      preventScrollReset
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        open();
      }}
    >
      {children}
    </Link>
  );
}

export function CrownIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z" fill="currentColor" />
    </svg>
  );
}

/** What premium includes, one ticked line each: the upgrade dialog's list and the premium plan card's. */
export function PremiumBenefitList({ className }: { className: string }) {
  return (
    <ul className={className}>
      {PREMIUM_BENEFITS.map((benefit) => (
        <li key={benefit} className="flex gap-2 text-sm text-slate-700">
          <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 flex-none text-emerald-600" aria-hidden="true">
            <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {benefit}
        </li>
      ))}
    </ul>
  );
}
