import { useLocation } from "@remix-run/react";
import { useCallback, useEffect } from "react";

import { useToast } from "~/components/ui/toaster";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "~/lib/toast";

export const UNAUTHORIZED_TOAST = { title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" } as const;

/** Sign-in, then back to this page (the server's loginPath builds the same address). */
export function loginPathFor(location: { pathname: string; search: string }) {
  const back = `${location.pathname}${location.search}`;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** Only one ending per page, however many requests find the session gone at once. */
let ending = false;

/**
 * What the page does when the session ended under it (a navigation, a form or a `fetch` got a
 * 401): the destructive 'Unauthorized' toast, then, after 500 ms, a full page load of the
 * sign-in page, which comes back to this page after. Returns a function that calls it off (for a
 * component that unmounts first).
 */
export function useSessionEnded() {
  const { toast } = useToast();
  const location = useLocation();
  const loginPath = loginPathFor(location);
  return useCallback(() => {
    if (ending) return () => undefined;
    ending = true;
    toast(UNAUTHORIZED_TOAST);
    const timer = window.setTimeout(() => window.location.assign(loginPath), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      ending = false;
    };
  }, [toast, loginPath]);
}

/** The signed-in frame's answer to a 401 from a navigation or a form. */
export function SessionEnded() {
  const endSession = useSessionEnded();
  useEffect(() => endSession(), [endSession]);
  return <LoadingScreen />;
}

export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-r-transparent" aria-hidden="true" />
      <span className="ml-3 text-sm text-slate-600">Loading...</span>
    </div>
  );
}
