import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/layout/app-shell";
import { SessionEnded } from "~/components/session-ended";
import { toClientUserView } from "~/lib/client-user";
import { requireUser } from "~/web/auth/auth.server";

// The frame of every signed-in screen. Every child still checks access in its own loader.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toClientUserView(user) };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 401: () => <SessionEnded /> }} />;
}
