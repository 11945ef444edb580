import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

import { DismissTimer, toastDurationMs, type ToastMessage, type ToastVariant } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

type ToastInput = { title: string; description?: string; variant?: ToastVariant };

interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);
/** The toast on screen, for what must repeat it where the strip cannot be seen (a dialog without JavaScript). */
const CurrentToastContext = createContext<ToastMessage | null>(null);

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
      <CurrentToastContext.Provider value={current}>
        <Toaster toast={current} onDismiss={dismiss} />
        {children}
      </CurrentToastContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside <ToastProvider>");
  return ctx;
}

export function useCurrentToast() {
  return useContext(CurrentToastContext);
}

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-700 text-white",
};

/**
 * Where toasts show: a strip at the very top of the page, in the page's flow, so a toast pushes
 * the page down instead of lying over its buttons. With JavaScript the strip stays at the top of
 * the screen while the page scrolls, and its height is published as `--toast-space`: the sticky
 * headers sit below it and dialogs open below it, so nothing is ever under a toast. (The root
 * style turns off scroll anchoring, so what is on screen moves down rather than under the strip.)
 */
function Toaster({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const publish = () => {
      const height = element.offsetHeight;
      if (height > 0) root.style.setProperty("--toast-space", `${height}px`);
      else root.style.removeProperty("--toast-space");
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-space");
    };
  }, []);

  return (
    <div
      ref={region}
      className={`${hydrated ? "sticky top-0" : "relative"} z-[100] flex justify-center ${toast ? "border-b border-slate-200 bg-slate-100 px-3 py-3 sm:px-4" : ""}`}
      aria-live={toast?.variant === "destructive" ? "assertive" : "polite"}
      role="region"
      aria-label="Notifications"
      data-testid="toast-region"
    >
      {toast ? <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
    </div>
  );
}

/** One toast. It closes by itself after a readable time, never while hovered or focused. */
function ToastCard({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const timer = useRef<DismissTimer | null>(null);

  useEffect(() => {
    const current = new DismissTimer(toastDurationMs(toast), onDismiss);
    timer.current = current;
    current.start();
    return () => current.stop();
  }, [toast, onDismiss]);

  return (
    <div
      role={toast.variant === "destructive" ? "alert" : "status"}
      data-testid="toast"
      data-variant={toast.variant}
      className={`toast pointer-events-auto relative max-h-96 w-full max-w-[420px] rounded-lg border p-4 pr-10 shadow-lg ${variantClasses[toast.variant]}`}
      onMouseEnter={() => timer.current?.hold("hover")}
      onMouseLeave={() => timer.current?.release("hover")}
      onFocus={() => timer.current?.hold("focus")}
      onBlur={(event) => {
        // Focus moving between the toast's own parts keeps it held.
        if (!event.currentTarget.contains(event.relatedTarget)) timer.current?.release("focus");
      }}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description ? <p className={`mt-1 text-sm ${toast.variant === "destructive" ? "text-red-50" : "text-slate-600"}`}>{toast.description}</p> : null}
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
  );
}
