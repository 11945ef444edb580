import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Dashboard } from "~/components/dashboard/dashboard";
import { toClientUserView } from "~/lib/client-user";
import { requireUser } from "~/services/auth/auth.server";
import { loadDashboard } from "~/services/dashboard.server";

export const meta: MetaFunction = () => [{ title: "Scorecards | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: toClientUserView(user), dashboard: await loadDashboard(user) };
}

export default function DashboardRoute() {
  const { user, dashboard } = useLoaderData<typeof loader>();
  return <Dashboard user={user} data={dashboard} />;
}
