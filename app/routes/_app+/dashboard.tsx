import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Await, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense } from "react";

import { Dashboard, DashboardSkeleton } from "~/components/dashboard/dashboard";
import { toClientUserView } from "~/lib/client-user";
import { useOptionalUser } from "~/lib/use-user";
import { requireUser } from "~/services/auth/auth.server";
import { loadDashboard } from "~/services/dashboard.server";

export const meta: MetaFunction = () => [{ title: "Scorecards | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toClientUserView(user), dashboard: await loadDashboard(user) };
}

/**
 * With JavaScript, moving to the dashboard shows it at once with skeletons (spec §4: the Business
 * Profile card's loading state) until the server's data arrives, fresh after every save. The
 * first page load, and every load without JavaScript, is rendered complete by the server.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { pending: serverLoader<typeof loader>() };
}

export default function DashboardRoute() {
  const loaded = useLoaderData<typeof loader | typeof clientLoader>();
  const user = useOptionalUser();
  if ("pending" in loaded) {
    return (
      <Suspense fallback={<DashboardSkeleton user={user ?? undefined} />}>
        <Await resolve={loaded.pending}>{({ user, dashboard }) => <Dashboard user={user} data={dashboard} />}</Await>
      </Suspense>
    );
  }
  return <Dashboard user={loaded.user} data={loaded.dashboard} />;
}
