import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router-dom";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { ToastProvider } from "~/components/ui/toaster";
import { TooltipProvider } from "~/components/ui/tooltip";
import { UpgradeDialogProvider } from "~/components/upgrade-dialog";
import { toastOfActionData } from "~/lib/action-toast";
import { documentHydrates } from "~/lib/hydration";
import { useHydrated } from "~/lib/use-hydrated";
import { getPublicEnv } from "~/services/env.server";
import { getToast } from "~/web/toast.server";
import stylesheet from "~/styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Flowmap: lifecycle email and SMS flows, planned with AI" },
  {
    name: "description",
    content: "Answer a short questionnaire, compare your email metrics with industry benchmarks and get AI-generated onboarding, lead nurture and retention flows.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, setCookie } = await getToast(request);
  return data({ toast, ENV: getPublicEnv() }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

// Without JavaScript a toast cannot be closed by its button, so it fades out by itself.
const TOAST_WITHOUT_SCRIPTS = ".toast{animation:toast-hide .4s ease 6s forwards}.toast button{display:none}";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // A page may be served without scripts (the visitor's landing page, docs/decisions/087).
  const hydrates = documentHydrates(useMatches());
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b50e0" />
        <Meta />
        <Links />
        {hydrates ? (
          <noscript>
            <style>{TOAST_WITHOUT_SCRIPTS}</style>
          </noscript>
        ) : (
          <style>{TOAST_WITHOUT_SCRIPTS}</style>
        )}
      </head>
      {/* min-h, not h: the toast strip stays at the top of the screen however long the page (toaster.tsx). */}
      <body className="min-h-full">
        <UpgradeDialogProvider supportEmail={rootData?.ENV.SUPPORT_EMAIL ?? "support@flowmap.app"}>{children}</UpgradeDialogProvider>
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * A refused form's message, when the page is rendered with the action's reply (a form posted
 * without JavaScript): the server puts it in the page as a toast. Once the page runs in the
 * browser, each page shows its replies itself. Remix gives a route only its own action data; the
 * router's state, which holds every route's, is read through react-router's context
 * (docs/decisions/100).
 */
function useActionReplyToast() {
  const router = useContext(DataRouterStateContext);
  const hydrated = useHydrated();
  return hydrated ? null : toastOfActionData(router?.actionData);
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const actionToast = useActionReplyToast();
  return (
    <ToastProvider flash={actionToast ?? toast}>
      <NavigationProgress />
      <TooltipProvider>
        <Outlet />
      </TooltipProvider>
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
