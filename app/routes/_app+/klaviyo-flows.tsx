import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { ButtonLink, StatusButton } from "~/components/ui/button";
import { FLOW_TYPES, flowTypeLabel, type FlowType } from "~/lib/flow-types";
import { DEFAULT_IMPORT_DAYS, IMPORT_DAYS, KLAVIYO_FLOWS_PATH, NOT_MAPPED } from "~/lib/klaviyo/import";
import { requireUser } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";
import { findFlowOutlinesOfUser } from "~/models/ai-generated-flow.server";
import { getKlaviyoConnection } from "~/services/klaviyo/connection.server";
import { getKlaviyoImportView, refreshKlaviyoImport, saveKlaviyoMapping } from "~/services/klaviyo/import.server";
import { SendMissingForm } from "~/components/klaviyo/send-missing-form";
import { SEND_MISSING_INTENT } from "~/lib/klaviyo/constants";
import { sendMissingFromForm } from "~/web/klaviyo-missing.server";
import { FLOW_DESCRIPTIONS } from "~/lib/benchmarks/card";
import { klaviyoGapsOfUser } from "~/services/scorecard/scorecard.server";
import { pageErrorReply } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Klaviyo flows | Flowmap" }];

export const REFRESH_IMPORT_INTENT = "refresh-klaviyo-import";
export const SAVE_MAPPING_INTENT = "save-klaviyo-mapping";
/** The mapping select's value for "Flowmap's match" (no choice of the user's). */
const MATCH_VALUE = "match";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const connection = await getKlaviyoConnection({ userId: user.id });
  const [imported, outlines] = connection.connected ? await Promise.all([getKlaviyoImportView({ userId: user.id }), findFlowOutlinesOfUser(user.id)]) : [null, []];
  // The lacking types the user already has in Flowmap are sent as they are, not generated.
  const hasFlowmapFlow = outlines.map((outline) => outline.flowType);
  // Each lacking type says what is at stake, as the scorecard does.
  const gaps = imported ? await klaviyoGapsOfUser({ userId: user.id, lacking: imported.missing, flowTypesInFlowmap: hasFlowmapFlow }) : [];
  const stakes: Partial<Record<FlowType, string>> = Object.fromEntries(gaps.map((gap) => [gap.flowType, gap.stake]));
  return { connected: connection.connected, imported, hasFlowmapFlow, stakes };
}

/** Both forms work without JavaScript: a refresh (with its timeframe) and the mapping (one select per flow). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === REFRESH_IMPORT_INTENT) {
      const days = form.get("days");
      const view = await refreshKlaviyoImport({ userId: user.id, days: days === null ? undefined : Number(days) });
      return redirectWithToast(KLAVIYO_FLOWS_PATH, {
        title: view.problem ? "Klaviyo import incomplete" : "Klaviyo flows imported",
        description: view.problem ?? `${view.flows.length} flow${view.flows.length === 1 ? "" : "s"} read, figures from the last ${view.days} days.`,
        variant: view.problem ? "destructive" : "success",
      });
    }
    if (intent === SEND_MISSING_INTENT) return await sendMissingFromForm(user, form);
    if (intent === SAVE_MAPPING_INTENT) {
      const flows = form.getAll("flowId").map((id) => {
        const value = form.get(`choice:${String(id)}`);
        return { id: String(id), choice: value === MATCH_VALUE || value === null ? null : String(value) };
      });
      await saveKlaviyoMapping({ userId: user.id, input: { flows } });
      return redirectWithToast(KLAVIYO_FLOWS_PATH, {
        title: "Mapping saved",
        description: "The dashboard's figures and the scorecard now count each flow as you chose.",
        variant: "success",
      });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const title = intent === SAVE_MAPPING_INTENT ? "Mapping not saved" : intent === SEND_MISSING_INTENT ? "Not sent to Klaviyo" : "Klaviyo not read";
    return pageErrorReply(error, { title, extra: { intent } });
  }
  return data({ intent: null, message: "Unknown action. Please reload the page and try again." }, { status: 400 });
}

export default function KlaviyoFlowsRoute() {
  const { connected, imported, hasFlowmapFlow, stakes } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to the dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Klaviyo flows</h1>
        <p className="mt-1 text-sm text-slate-600">
          Flowmap reads your Klaviyo flows and their email figures, counts each flow as one of its five flow types, and fills the dashboard&apos;s Email Benchmark card and
          scorecard with them. Correct a flow&apos;s type below, or mark it as not one of these. Flowmap reads again once a day.
        </p>
      </header>

      {failure && "message" in failure && failure.message ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="klaviyo-import-error">
          {failure.message}
        </div>
      ) : null}

      {!connected ? (
        <section className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm">
          <p>Connect your Klaviyo account first: paste a private API key in User Settings.</p>
          <ButtonLink to="/user-settings#klaviyo" className="mt-3">
            Connect Klaviyo
          </ButtonLink>
        </section>
      ) : (
        <>
          <section aria-labelledby="refresh-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="klaviyo-import-status">
            <h2 id="refresh-heading" className="text-lg font-semibold text-slate-900">
              Figures
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {imported?.refreshedAt
                ? `Read from Klaviyo for the last ${imported.days} days, ${imported.flows.length} flow${imported.flows.length === 1 ? "" : "s"}.`
                : "Nothing read from Klaviyo yet."}
            </p>
            {imported?.problem ? (
              <p role="status" className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="klaviyo-import-problem">
                {imported.problem}
              </p>
            ) : null}
            {imported && !imported.flowsComplete ? (
              <p className="mt-2 text-xs text-slate-500">Your account has more flows than Flowmap reads (1,000): the first ones are shown.</p>
            ) : null}
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <label className="text-sm font-medium text-slate-700">
                Timeframe
                <select name="days" defaultValue={String(imported?.days ?? DEFAULT_IMPORT_DAYS)} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm">
                  {IMPORT_DAYS.map((days) => (
                    <option key={days} value={days}>{`Last ${days} days`}</option>
                  ))}
                </select>
              </label>
              <StatusButton intent={REFRESH_IMPORT_INTENT} pendingLabel="Reading Klaviyo..." data-testid="klaviyo-refresh">
                Refresh from Klaviyo
              </StatusButton>
            </Form>
          </section>

          {imported?.missing.length ? (
            <section aria-labelledby="missing-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-6" data-testid="klaviyo-missing">
              <h2 id="missing-heading" className="text-lg font-semibold text-amber-950">
                What your Klaviyo account lacks
              </h2>
              <ul className="mt-3 space-y-4">
                {imported.missing.map((type) => (
                  <li key={type} className="text-sm text-amber-950">
                    <b>{flowTypeLabel(type)}</b>: {FLOW_DESCRIPTIONS[type]}
                    {stakes[type] ? (
                      <span className="mt-1 block" data-testid={`klaviyo-missing-stake-${type}`}>
                        {stakes[type]}
                      </span>
                    ) : null}
                    <SendMissingForm flowType={type} hasFlow={hasFlowmapFlow.includes(type)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {imported && imported.flows.length ? (
            <section aria-labelledby="mapping-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="mapping-heading" className="text-lg font-semibold text-slate-900">
                Your flows and what they count as
              </h2>
              <Form method="post" className="mt-3" data-testid="klaviyo-mapping">
                <table className="w-full text-left text-sm">
                  <thead className="text-xs tracking-wide text-slate-500 uppercase">
                    <tr>
                      <th className="py-2 pr-3">Flow</th>
                      <th className="py-2 pr-3">Trigger</th>
                      <th className="py-2 pr-3">Recipients</th>
                      <th className="py-2">Counts as</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {imported.flows.map((flow) => (
                      <tr key={flow.id} data-testid={`klaviyo-flow-${flow.id}`}>
                        <td className="py-2 pr-3">
                          <span className="font-medium break-words text-slate-900">{flow.name}</span>
                          <span className="block text-xs text-slate-500">
                            {flow.status}
                            {flow.fromFlowmap ? " · sent from Flowmap" : ""}
                          </span>
                        </td>
                        <td className="py-2 pr-3 text-slate-600">{flow.triggerType}</td>
                        <td className="py-2 pr-3 text-slate-600">{flow.recipients === null ? "—" : flow.recipients.toLocaleString("en-US")}</td>
                        <td className="py-2">
                          <input type="hidden" name="flowId" value={flow.id} />
                          <select
                            name={`choice:${flow.id}`}
                            aria-label={`${flow.name} counts as`}
                            defaultValue={flow.choice ?? MATCH_VALUE}
                            className="block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                          >
                            <option value={MATCH_VALUE}>{flow.suggested ? `${flowTypeLabel(flow.suggested)} (Flowmap's match: ${flow.reason})` : `None (${flow.reason})`}</option>
                            {FLOW_TYPES.map((type) => (
                              <option key={type} value={type}>
                                {flowTypeLabel(type)}
                              </option>
                            ))}
                            <option value={NOT_MAPPED}>Not one of these</option>
                          </select>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <StatusButton intent={SAVE_MAPPING_INTENT} pendingLabel="Saving..." className="mt-4" data-testid="klaviyo-save-mapping">
                  Save mapping
                </StatusButton>
              </Form>
            </section>
          ) : null}

          {imported?.refreshedAt ? (
            <section aria-labelledby="figures-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="klaviyo-figures">
              <h2 id="figures-heading" className="text-lg font-semibold text-slate-900">
                By flow type
              </h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                {FLOW_TYPES.map((type) => (
                  <li key={type}>
                    <b>{flowTypeLabel(type)}</b>:{" "}
                    {imported.sources[type] ?? (imported.missing.includes(type) ? "no flow of this type in your account" : "no email sent in this timeframe")}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm">
                <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
                  See them on the dashboard →
                </Link>
              </p>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
