import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
import { LogoMark } from "~/components/brand/logo";

type StatusHandler = (info: { status: number; data: unknown }) => React.ReactNode;

function messageOf(data: unknown): string | undefined {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return undefined;
}

/**
 * One boundary for expected failures (thrown Responses: 403, 404 …) and unexpected ones. An
 * unexpected error never shows its stack in production: the user gets a way back instead.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler({ status: error.status, data: error.data })}</>;
    if (error.status === 404) return <NotFound />;
    return (
      <ErrorPage
        status={error.status}
        title={error.status === 403 ? "Access Denied" : error.statusText || "Something went wrong"}
        message={messageOf(error.data) ?? "The request could not be completed."}
      />
    );
  }

  const detail =
    process.env.NODE_ENV === "development" && error instanceof Error ? (
      <pre className="mt-6 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-left text-xs text-slate-700">{error.stack}</pre>
    ) : null;
  return (
    <ErrorPage status={500} title="Something went wrong on our side" message="We could not load this page. Please try again in a moment; if it keeps happening, contact support.">
      {detail}
    </ErrorPage>
  );
}

export function NotFound() {
  return (
    <ErrorPage status={404} title="404 Page Not Found" message="Did you forget to add the page to the router?">
      <p className="mt-2 text-sm text-slate-600">The address may be mistyped, or the page may have moved.</p>
    </ErrorPage>
  );
}

export function ErrorPage({
  status,
  title,
  message,
  children,
  insideShell = false,
}: {
  status: number;
  title: string;
  message: string;
  children?: React.ReactNode;
  /** Inside the signed-in shell, which already has the page's <main>. */
  insideShell?: boolean;
}) {
  const Frame = insideShell ? "div" : "main";
  return (
    <Frame id={insideShell ? undefined : "main"} className={`flex items-center justify-center px-4 ${insideShell ? "py-10" : "min-h-screen bg-slate-50 py-16"}`}>
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <LogoMark className="mx-auto h-10 w-10" />
        <p className="mt-6 text-sm font-semibold text-brand-700">Error {status}</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-base text-slate-600">{message}</p>
        {children}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Go to the home page</ButtonLink>
        </div>
      </div>
    </Frame>
  );
}
