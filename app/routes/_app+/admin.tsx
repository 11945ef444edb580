import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";

import { AccessDenied } from "~/components/access-denied";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SessionEnded } from "~/components/session-ended";
import { requireAdmin } from "~/web/auth/auth.server";

// Every /admin page: Admin role only. Each child loader checks again for itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  // A session that ended under an admin page is handled as on every signed-in page.
  return <GeneralErrorBoundary statusHandlers={{ 401: () => <SessionEnded />, 403: () => <AccessDenied /> }} />;
}
