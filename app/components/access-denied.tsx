import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

import { ErrorPage } from "~/components/error-boundary";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "~/lib/toast";

/** A non-admin on an admin page: told so, then taken home after 0.5 s (spec §4). */
export function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/", { replace: true }), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return <ErrorPage status={403} title="Access Denied" message="Admin access required" insideShell />;
}
