import { useEffect } from "react";

import { useToast } from "~/components/ui/toaster";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "~/lib/toast";

/**
 * Shown when the session ended under an open page: the spec's destructive 'Unauthorized' toast,
 * then a full page load of the sign-in page after 500 ms.
 */
export function SessionEnded({ loginPath }: { loginPath: string }) {
  const { toast } = useToast();
  useEffect(() => {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    const timer = window.setTimeout(() => window.location.assign(loginPath), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [toast, loginPath]);
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
