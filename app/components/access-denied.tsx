import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

import { ErrorPage } from "~/components/error-boundary";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "~/lib/toast";

/** A refresh counts whole seconds: the delay rounded up, so the message is on screen at least that long. */
const REFRESH_SECONDS = Math.max(1, Math.ceil(UNAUTHORIZED_REDIRECT_DELAY_MS / 1000));

/**
 * A non-admin on an admin page: told so, then taken home after 0.5 s (with JavaScript), or by the
 * browser's own refresh a second later (without it).
 */
export function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/", { replace: true }), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=/`} />
      </noscript>
      <ErrorPage status={403} title="Access Denied" message="Admin access required" insideShell />
    </>
  );
}
