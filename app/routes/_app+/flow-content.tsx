import { hasPremium, serviceUser } from "~/lib/user";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { ContentProgress, CONTENT_WRITTEN_TOAST, DISMISS_CONTENT_PROGRESS_INTENT } from "~/components/content/content-progress";
import { ToFillList } from "~/components/content/to-fill";
import { useLiveProgress } from "~/components/flows/generation-progress";
import { contentProgressHref } from "~/lib/content/content-progress";
import { TouchpointContentCard } from "~/components/content/touchpoint-content";
import { ExportMenu } from "~/components/flows/export-menu";
import { GENERATE_CONTENT_INTENT, GenerateContentButton } from "~/components/flows/generate-content-button";
import { ButtonLink } from "~/components/ui/button";
import { flowTypeLabel } from "~/lib/flow-types";
import { safeRedirect } from "~/lib/safe-redirect";
import { UPGRADE_PARAM } from "~/components/upgrade-dialog";
import { requireUser } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { listFlowsWithContent } from "~/services/flows/content.server";
import { dismissContentProgress, latestContentProgress, startContentWriting } from "~/services/flows/progress.server";
import { defaultEspFor } from "~/services/klaviyo/connection.server";
import { readForm } from "~/web/forms.server";
import { pageErrorReply } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Flow Content | Flowmap" }];

export { CONTENT_WRITTEN_TOAST };
export const CONTENT_FAILED_TITLE = "Error Generating Content";
export const CONTENT_FLOW_GONE_TOAST = {
  title: "Flow Not Found",
  description: "This flow no longer exists (it may have been deleted in another tab). Your other flows are listed here.",
} as const;

/** Premium only: anyone else gets the upgrade dialog (on the dashboard) instead of the page. */
const UPGRADE_HOME = `/dashboard?${UPGRADE_PARAM}=1`;

function withUpgrade(path: string) {
  const url = new URL(path, "http://flowmap.invalid");
  url.searchParams.set(UPGRADE_PARAM, "1");
  return `${url.pathname}${url.search}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!hasPremium(user)) throw redirect(UPGRADE_HOME);
  const [flows, esp] = await Promise.all([listFlowsWithContent({ user: serviceUser(user) }), defaultEspFor({ userId: user.id })]);
  const wanted = new URL(request.url).searchParams.get("flow");
  const chosen = wanted ? flows.find((item) => item.flow.id === wanted) : undefined;
  // An address naming a flow that is gone (deleted in another tab, an old link) shows the others.
  if (wanted && !chosen) throw await redirectWithToast("/flow-content", { ...CONTENT_FLOW_GONE_TOAST, variant: "destructive" });
  const selected = chosen ?? flows[0] ?? null;
  // Content a model is writing for the flow shown (or how it ended): the same progress after a reload.
  const progress = selected ? await latestContentProgress({ userId: user.id, flow: selected.flow }) : null;
  return {
    flows: flows.map(({ flow, content }) => ({
      id: flow.id,
      flowType: flow.flowType,
      touchpointCount: flow.touchpoints.length,
      written: content.written,
      outdatedCount: content.written ? content.touchpoints.filter((tp) => tp.outdated).length : 0,
    })),
    selected,
    progress,
    esp,
  };
}

/**
 * The Generate Full Email Content form (from this page and from the flow screen), and the form that
 * forgets how a followed writing ended. With a model the writing is started and the page follows
 * its progress; an instant writer has written the content when the page loads.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const flowId = String(form.get("flowId") ?? "");
  const page = `/flow-content?flow=${encodeURIComponent(flowId)}`;
  if (intent === DISMISS_CONTENT_PROGRESS_INTENT) {
    await dismissContentProgress({ userId: user.id, id: String(form.get("progressId") ?? "") });
    return redirect(flowId ? page : "/flow-content");
  }
  if (intent !== GENERATE_CONTENT_INTENT) throw new Response("Unknown action.", { status: 400 });
  const from = safeRedirect(form.get("from"), "/flow-content");
  let started: boolean;
  try {
    started = (await startContentWriting({ user: serviceUser(user), flowId })).started;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.kind === "premium_required") throw redirect(withUpgrade(from));
    return pageErrorReply(error, { title: CONTENT_FAILED_TITLE });
  }
  if (started) return redirect(page);
  return redirectWithToast(page, { ...CONTENT_WRITTEN_TOAST, variant: "success" });
}

export default function FlowContentRoute() {
  const { flows, selected, progress: initialProgress, esp } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const progress = useLiveProgress(initialProgress, contentProgressHref);
  const writing = progress?.state === "running";
  return (
    <div className="mx-auto max-w-6xl">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">Premium</p>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Flow Content</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Ready-to-send email and SMS copy for every touchpoint, written in your brand&apos;s voice from your onboarding answers.
          </p>
        </div>
        {flows.length > 0 ? <ExportMenu label="Export all flows" /> : null}
      </header>

      {failure && "message" in failure ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{CONTENT_FAILED_TITLE}</p>
          <p>{failure.message}</p>
        </div>
      ) : null}

      {flows.length === 0 ? (
        <section className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No flows yet</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">Generate a flow first; its emails and text messages can then be written here.</p>
          <ButtonLink to="/flow-mappings" className="mt-5">
            Go to Flow Mappings
          </ButtonLink>
        </section>
      ) : (
        <>
          <nav aria-label="Flows" className="mt-6 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <ul className="flex gap-2 pb-1">
              {flows.map((item) => {
                const current = item.id === selected?.flow.id;
                return (
                  <li key={item.id} className="flex-none">
                    <Link
                      to={`/flow-content?flow=${encodeURIComponent(item.id)}`}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={`flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${
                        current ? "border-brand-600 bg-brand-600 text-white shadow-sm" : "border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50"
                      }`}
                    >
                      {flowTypeLabel(item.flowType)}
                      <span
                        className={`rounded-full px-2 py-0.5 text-[11px] ${
                          current
                            ? "bg-white text-brand-700"
                            : item.written
                              ? item.outdatedCount
                                ? "bg-amber-100 text-amber-800"
                                : "bg-emerald-100 text-emerald-800"
                              : "bg-slate-100 text-slate-600"
                        }`}
                      >
                        {item.written ? (item.outdatedCount ? `${item.outdatedCount} outdated` : "Written") : "Not written"}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          {selected ? (
            <section className="mt-6" aria-labelledby="selected-flow-title">
              <div className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white shadow-sm sm:p-6">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div className="min-w-0">
                    <p className="text-xs font-semibold tracking-wider text-brand-100 uppercase">{selected.flow.companyName || "Your Company"}</p>
                    <h2 id="selected-flow-title" className="mt-1 text-xl font-bold tracking-tight">
                      {flowTypeLabel(selected.flow.flowType)} Flow
                    </h2>
                    <p className="mt-1 text-sm text-brand-100">
                      Version {selected.content.versionNumber} · {selected.flow.touchpoints.length} touchpoints ·{" "}
                      {selected.flow.touchpoints.filter((tp) => tp.stepType === "SMS").length} SMS
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {writing ? null : (
                      <GenerateContentButton
                        flowId={selected.flow.id}
                        isPremium
                        label={selected.content.written ? "Rewrite content" : "Generate Full Email Content"}
                        variant="inverse"
                      />
                    )}
                    <ExportMenu flowId={selected.flow.id} esp={esp} />
                    <ButtonLink to={`/send-to-klaviyo/${encodeURIComponent(selected.flow.id)}`} variant="secondary">
                      Send to Klaviyo
                    </ButtonLink>
                  </div>
                </div>
              </div>

              {progress ? <ContentProgress progress={progress} touchpoints={selected.flow.touchpoints} hadContent={selected.content.written} /> : null}

              {!selected.content.written ? (
                <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
                  <h3 className="text-base font-semibold text-slate-900">No content for this version yet</h3>
                  <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
                    Generate Full Email Content writes a subject line, preheader, body and call to action for every email, and a text message for every SMS step.
                  </p>
                </div>
              ) : (
                <ToFillList placeholders={selected.content.placeholders} />
              )}

              <div className="mt-6 space-y-5">
                {selected.flow.touchpoints.map((touchpoint) => (
                  <TouchpointContentCard
                    key={touchpoint.id}
                    touchpoint={touchpoint}
                    content={selected.content.touchpoints.find((item) => item.touchpointId === touchpoint.id)}
                    brand={selected.flow.companyName}
                  />
                ))}
              </div>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
