import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

import { TOAST_DURATION_MS, type ToastMessage, type ToastVariant } from "~/lib/toast";

type ToastInput = { title: string; description?: string; variant?: ToastVariant };

interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** Shows one toast at a time: a new toast replaces the one on screen. */
export function ToastProvider({ children, flash }: { children: React.ReactNode; flash: ToastMessage | null }) {
  const [current, setCurrent] = useState<ToastMessage | null>(flash);
  const lastFlashId = useRef(flash?.id);

  // A flash toast that arrives with a client-side navigation replaces the current one.
  useEffect(() => {
    if (flash && flash.id !== lastFlashId.current) {
      lastFlashId.current = flash.id;
      setCurrent(flash);
    }
  }, [flash]);

  const toast = useCallback((input: ToastInput) => {
    setCurrent({ id: crypto.randomUUID(), variant: "default", ...input });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toast={current} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside <ToastProvider>");
  return ctx;
}

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-700 text-white",
};

function Toaster({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-stretch p-4 sm:inset-x-auto sm:right-0 sm:w-full sm:max-w-[420px]"
      aria-live={toast?.variant === "destructive" ? "assertive" : "polite"}
      role="region"
      aria-label="Notifications"
    >
      {toast ? (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
          data-variant={toast.variant}
          className={`toast pointer-events-auto relative w-full rounded-lg border p-4 pr-10 shadow-lg ${variantClasses[toast.variant]}`}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className={`mt-1 text-sm ${toast.variant === "destructive" ? "text-red-50" : "text-slate-600"}`}>
              {toast.description}
            </p>
          ) : null}
          <button
            type="button"
            onClick={onDismiss}
            className={`absolute top-2 right-2 rounded p-1 ${toast.variant === "destructive" ? "text-red-50 hover:bg-red-800" : "text-slate-500 hover:bg-slate-100"}`}
            aria-label="Dismiss notification"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
