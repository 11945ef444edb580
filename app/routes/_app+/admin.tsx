import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";

import { AccessDenied } from "~/components/access-denied";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/services/auth/auth.server";

// Every /admin page: Admin role only. Each child loader checks again for itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <AccessDenied /> }} />;
}
