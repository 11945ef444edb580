import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { Dashboard } from "~/components/dashboard/dashboard";
import { LandingPage } from "~/components/landing/landing-page";
import { AppShell } from "~/components/layout/app-shell";
import { toClientUserView } from "~/lib/client-user";
import { getOptionalUser, requireUser } from "~/services/auth/auth.server";
import { dashboardAction, loadDashboard } from "~/services/dashboard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.user ? "Scorecards | Flowmap" : "Flowmap: lifecycle email and SMS flows, planned with AI" },
  {
    name: "description",
    content:
      "Answer a short questionnaire, compare your email metrics with industry benchmarks and get AI-generated onboarding, lead nurture and retention flows.",
  },
];

// `/` is the landing page when signed out and the dashboard when signed in (spec §2).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { user: null, dashboard: null };
  return { user: toClientUserView(user), dashboard: await loadDashboard(user, new URL(request.url)) };
}

// The signed-in dashboard's forms without JavaScript (posted to `/?index`).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return dashboardAction(request, user, "/");
}

export default function Index() {
  const { user, dashboard } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "values" in actionData ? actionData : null;
  if (!user || !dashboard) return <LandingPage />;
  return (
    <AppShell user={user}>
      <Dashboard user={user} data={dashboard} reply={reply} />
    </AppShell>
  );
}
