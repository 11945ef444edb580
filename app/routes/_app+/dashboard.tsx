import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Await, useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense } from "react";

import { Dashboard, DashboardSkeleton } from "~/components/dashboard/dashboard";
import { toClientUserView } from "~/lib/client-user";
import { useOptionalUser } from "~/components/use-user";
import { requireUser } from "~/web/auth/auth.server";
import { loadDashboard } from "~/services/dashboard.server";
import { dashboardAction } from "~/web/dashboard-action.server";

export const meta: MetaFunction = () => [{ title: "Scorecards | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toClientUserView(user), dashboard: await loadDashboard(user, new URL(request.url)) };
}

// The card's forms without JavaScript: a section's Save button and the AI Research button.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return dashboardAction(request, user, "/dashboard");
}

/**
 * With JavaScript, moving to the dashboard shows it at once with skeletons (the Business
 * Profile card's loading state) until the server's data arrives, fresh after every save. The
 * first page load, and every load without JavaScript, is rendered complete by the server.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { pending: serverLoader<typeof loader>() };
}

export default function DashboardRoute() {
  const loaded = useLoaderData<typeof loader | typeof clientLoader>();
  const user = useOptionalUser();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "values" in actionData ? actionData : null;
  if ("pending" in loaded) {
    return (
      <Suspense fallback={<DashboardSkeleton user={user ?? undefined} />}>
        <Await resolve={loaded.pending}>{({ user, dashboard }) => <Dashboard user={user} data={dashboard} reply={reply} />}</Await>
      </Suspense>
    );
  }
  return <Dashboard user={loaded.user} data={loaded.dashboard} reply={reply} />;
}
