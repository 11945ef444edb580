import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";

import type SignedInHomeView from "~/components/dashboard/signed-in-home";
import { LandingPage } from "~/components/landing/landing-page";
import { toClientUserView } from "~/lib/client-user";
import type { HydrationHandle } from "~/lib/hydration";
import { getOptionalUser, requireUser } from "~/web/auth/auth.server";
import { loadDashboard } from "~/services/dashboard.server";
import { dashboardAction } from "~/web/dashboard-action.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.user ? "Scorecards | Flowmap" : "Flowmap: lifecycle email and SMS flows, planned with AI" },
  {
    name: "description",
    content: "Answer a short questionnaire, compare your email metrics with industry benchmarks and get AI-generated onboarding, lead nurture and retention flows.",
  },
];

/**
 * The landing page a visitor sees is finished HTML and CSS: it loads no JavaScript, so it paints
 * as soon as its markup arrives (docs/decisions/087). The signed-in dashboard hydrates as usual.
 */
export const handle: HydrationHandle = { hydrate: (data) => Boolean((data as { user?: unknown } | null)?.user) };

// `/` is the landing page when signed out and the dashboard when signed in.
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

type SignedInHomeModule = { default: typeof SignedInHomeView };

let signedInHome: SignedInHomeModule | undefined;
function loadSignedInHome(): Promise<SignedInHomeModule> {
  return import("~/components/dashboard/signed-in-home").then((module) => (signedInHome = module));
}
// The server loads the dashboard once, at start: every render then finds it ready (below) and
// renders it in place, so the page is whole without JavaScript and never streams a fallback.
if (typeof document === "undefined") void loadSignedInHome();

/**
 * The signed-in view, in a chunk of its own (docs/decisions/072): a visitor who is signed out
 * never downloads the dashboard. A module already loaded is handed over synchronously (a
 * thenable that resolves at once, which React.lazy reads without suspending); in the browser,
 * hydration waits for the chunk with the server's HTML on screen.
 */
const SignedInHome = lazy(() => {
  const loaded = signedInHome;
  if (!loaded) return loadSignedInHome();
  return { then: (resolve: (module: SignedInHomeModule) => void) => resolve(loaded) } as Promise<SignedInHomeModule>;
});

export default function Index() {
  const { user, dashboard } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "values" in actionData ? actionData : null;
  if (!user || !dashboard) return <LandingPage />;
  return (
    <Suspense fallback={null}>
      <SignedInHome user={user} data={dashboard} reply={reply} />
    </Suspense>
  );
}
