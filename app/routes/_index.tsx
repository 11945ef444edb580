import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Dashboard } from "~/components/dashboard/dashboard";
import { LandingPage } from "~/components/landing/landing-page";
import { AppShell } from "~/components/layout/app-shell";
import { toClientUserView } from "~/lib/client-user";
import { getOptionalUser } from "~/services/auth/auth.server";
import { loadDashboard } from "~/services/dashboard.server";

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
  return { user: toClientUserView(user), dashboard: await loadDashboard(user) };
}

export default function Index() {
  const { user, dashboard } = useLoaderData<typeof loader>();
  if (!user || !dashboard) return <LandingPage />;
  return (
    <AppShell user={user}>
      <Dashboard user={user} data={dashboard} />
    </AppShell>
  );
}
