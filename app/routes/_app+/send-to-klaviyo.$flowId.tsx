import { serviceUser } from "~/lib/user";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { flowHref } from "~/lib/flows/flow-url";
import { LocalDate, plural } from "~/components/flows/format";
import { ButtonLink, StatusButton } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { flowTypeLabel } from "~/lib/flow-types";
import { KLAVIYO_TRIGGER_TYPES, klaviyoFlowName, parseTriggerValue, triggerValue } from "~/lib/klaviyo/constants";
import { dateSteps, flowOutline, outlineSteps } from "~/lib/klaviyo/flow-body";
import { requireUser } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";
import { getKlaviyoConnection } from "~/services/klaviyo/connection.server";
import { klaviyoPlanInput, listFlowSends, listLeftoverTemplates, sendFlowToKlaviyo } from "~/services/klaviyo/send.server";
import { listKlaviyoTriggers } from "~/services/klaviyo/triggers.server";
import { pageErrorReply, pageErrorResponse } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Send to Klaviyo | Flowmap" }];

export const SEND_TO_KLAVIYO_INTENT = "send-to-klaviyo";

const TYPE_LABELS = { list: "List", segment: "Segment", metric: "Metric" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flowUser = serviceUser(user);
  let plan;
  try {
    plan = await klaviyoPlanInput({ user: flowUser, flowId: params.flowId ?? "" });
  } catch (error) {
    if (isDomainError(error)) throw pageErrorResponse(error);
    throw error;
  }
  const { flow } = plan;
  const connection = await getKlaviyoConnection({ userId: user.id });
  let triggers = null;
  let triggerError: string | null = null;
  if (connection.connected) {
    try {
      triggers = await listKlaviyoTriggers({ userId: user.id, flowType: flow.flowType });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      triggerError = error.message;
    }
  }
  const sends = await listFlowSends({ userId: user.id, flowId: flow.id });
  const leftovers = await listLeftoverTemplates({ userId: user.id, flowId: flow.id });
  return {
    flow: {
      id: flow.id,
      flowType: flow.flowType,
      name: klaviyoFlowName(flow.companyName, flow.flowType),
      versionNumber: plan.versionNumber,
      emails: flow.touchpoints.filter((tp) => tp.stepType === "Email").length,
      sms: flow.touchpoints.filter((tp) => tp.stepType === "SMS").length,
      steps: flow.touchpoints.length,
    },
    isPremium: flowUser.isPremium,
    outlineSteps: outlineSteps(plan),
    parts: flowOutline(plan),
    dateSteps: dateSteps(plan),
    connected: connection.connected,
    triggers,
    triggerError,
    sends,
    leftovers,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const noFieldErrors: Record<string, string> = {};
  if (intent !== SEND_TO_KLAVIYO_INTENT)
    return data({ intent: null, message: "Unknown action. Please reload the page and try again.", fieldErrors: noFieldErrors }, { status: 400 });
  const flowId = params.flowId ?? "";
  const trigger = parseTriggerValue(String(form.get("trigger") ?? ""));
  const sequence = Number(form.get("sequence"));
  try {
    const result = await sendFlowToKlaviyo({
      user: serviceUser(user),
      flowId,
      input: { trigger },
      sequence: Number.isInteger(sequence) ? sequence : null,
    });
    const description = result.replayed
      ? "This was sent already: here is the draft it made."
      : result.previous
        ? "A new draft flow was made in Klaviyo; the one sent before is unchanged."
        : "Review it in Klaviyo, then turn it on there.";
    return redirectWithToast(`/send-to-klaviyo/${encodeURIComponent(flowId)}`, {
      title: result.replayed ? "Already sent to Klaviyo" : "Sent to Klaviyo as a draft",
      description,
      variant: "success",
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.kind === "not_found") throw pageErrorResponse(error);
    return pageErrorReply(error, { title: "Not sent to Klaviyo", extra: { intent } });
  }
}

export default function SendToKlaviyoRoute() {
  const { flow, isPremium, outlineSteps: outlines, parts, dateSteps: datedSteps, connected, triggers, triggerError, sends, leftovers } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const latest = sends[0] ?? null;
  const triggerFieldError: string | undefined = failure && "fieldErrors" in failure ? failure.fieldErrors.trigger : undefined;
  const options = triggers
    ? KLAVIYO_TRIGGER_TYPES.flatMap((type) => triggers.options[type].map((item) => ({ value: triggerValue({ type, id: item.id }), label: `${TYPE_LABELS[type]}: ${item.name}` })))
    : [];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <Link to={flowHref(flow.flowType)} className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to the {flowTypeLabel(flow.flowType)} flow
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Send to Klaviyo</h1>
        {parts.length > 1 || parts[0]?.startsFrom !== "trigger" ? (
          <div className="mt-1 text-sm text-slate-600" data-testid="klaviyo-parts">
            <p>
              Creates {plural(flow.emails, "email template")} and {plural(parts.length, "draft flow")} in your Klaviyo account from version {flow.versionNumber} of this flow: one
              Klaviyo flow has one trigger, and only a flow started by a date can wait for that date.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {parts.map((part) => (
                <li key={part.name}>
                  <strong className="font-semibold text-slate-900">{part.name}</strong>: {plural(part.steps.length, "step")} ({part.steps.join(", ")}),{" "}
                  {part.dateProperty ? `started by each contact's ${part.dateProperty}` : "started by the trigger you pick below"}.
                </li>
              ))}
            </ul>
            <p className="mt-1">Every message is a draft: nothing sends until you turn it on in Klaviyo.</p>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            Creates <strong className="font-semibold text-slate-900">{flow.name}</strong> in your Klaviyo account from version {flow.versionNumber} of this flow:{" "}
            {plural(flow.emails, "email template")} and a flow of {plural(flow.steps, "message")} with the waits between them. Every message is a draft: nothing sends until you
            turn it on in Klaviyo.
          </p>
        )}
      </header>

      {datedSteps.length ? <DateSteps lines={datedSteps.map((step) => step.line)} testId="klaviyo-date-steps" title="Dates Klaviyo needs" /> : null}

      {outlines.length ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="klaviyo-outline-note">
          {outlines.length === flow.steps ? "Every step" : `${plural(outlines.length, "step")} (${outlines.join(", ")})`} will arrive as an outline from the plan, marked [Outline],
          to be written in Klaviyo. {isPremium ? "Generate Full Email Content first to send written copy." : "With premium, Flowmap writes the copy and sends it instead."}
        </p>
      ) : null}

      {leftovers.map((left) => (
        <p key={left.at} className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="klaviyo-leftovers">
          A send of this flow stopped before it finished (the server restarted) and Flowmap could not remove what it had made in Klaviyo: {left.leftovers.join(", ")}. Delete them
          under Content → Templates in Klaviyo. Nothing else was left behind.
        </p>
      ))}

      {failure && "message" in failure && failure.message ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="klaviyo-send-error">
          <p className="font-semibold">Not sent to Klaviyo</p>
          <p className="mt-1">{failure.message}</p>
        </div>
      ) : null}

      {latest ? (
        <section aria-labelledby="sent-heading" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="klaviyo-latest-send">
          <h2 id="sent-heading" className="text-base font-semibold text-emerald-900">
            Sent as a draft on <LocalDate iso={latest.sentAt} locale="en-US" withTime />
          </h2>
          <p className="mt-1 text-sm text-emerald-900">
            Version {latest.versionNumber}, Klaviyo flow {latest.klaviyoFlowId}.{" "}
            <a href={latest.url} target="_blank" rel="noreferrer noopener" className="font-semibold underline">
              Open it in Klaviyo
            </a>
          </p>
          {latest.flows.length > 1 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-emerald-900" data-testid="klaviyo-sent-flows">
              {latest.flows.map((sent) => (
                <li key={sent.klaviyoFlowId}>
                  <a href={sent.url} target="_blank" rel="noreferrer noopener" className="font-semibold underline">
                    {sent.name}
                  </a>{" "}
                  (steps {sent.steps.join(", ")}){sent.dateProperty ? `, started by ${sent.dateProperty}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {latest.dateSteps.length ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-emerald-900">Dates Klaviyo needs</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-emerald-900" data-testid="klaviyo-sent-date-steps">
                {latest.dateSteps.map((step) => (
                  <li key={step.stepNumber}>{step.line}</li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 className="mt-4 text-sm font-semibold text-emerald-900">Before you turn it on in Klaviyo</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-emerald-900">
            {latest.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="send-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="send-heading" className="text-lg font-semibold text-slate-900">
          {latest ? "Send again" : "What starts the flow"}
        </h2>
        {!connected ? (
          <div className="mt-2 space-y-3 text-sm text-slate-600">
            <p>Connect your Klaviyo account first: paste a private API key in User Settings.</p>
            <ButtonLink to="/user-settings#klaviyo">Connect Klaviyo</ButtonLink>
          </div>
        ) : triggerError ? (
          <div role="alert" className="mt-2 space-y-3 text-sm text-red-800">
            <p>{triggerError}</p>
            <ButtonLink to={`/send-to-klaviyo/${encodeURIComponent(flow.id)}`} variant="secondary">
              Try again
            </ButtonLink>
          </div>
        ) : triggers ? (
          <Form method="post" className="mt-3 space-y-4">
            {latest ? <p className="text-sm text-slate-600">Sending again makes a new draft flow in Klaviyo; the one sent before is left as it is.</p> : null}
            <SelectField
              label="Trigger"
              description={`In Klaviyo's terms. Suggested for ${flowTypeLabel(flow.flowType).toLowerCase()} flows: ${triggers.suggestionHint}.`}
              selectProps={{ name: "trigger", defaultValue: triggers.suggested ? triggerValue(triggers.suggested) : "", required: true }}
              options={options}
              placeholder={triggers.suggested ? undefined : "Choose a list, segment or metric"}
              errors={triggerFieldError ? [triggerFieldError] : undefined}
            />
            {triggers.unreadable.map((item) => (
              <p key={item.scope} className="text-xs text-amber-800">
                Your key cannot read {item.type}s ({item.scope}, needed {item.why}).
              </p>
            ))}
            <input type="hidden" name="sequence" value={sends.length} />
            <StatusButton intent={SEND_TO_KLAVIYO_INTENT} pendingLabel="Sending to Klaviyo..." data-testid="send-to-klaviyo">
              {latest ? "Send again as a new draft" : "Send to Klaviyo as a draft"}
            </StatusButton>
          </Form>
        ) : null}
      </section>

      {sends.length > 1 ? (
        <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
            Sent before
          </h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {sends.slice(1).map((send) => (
              <li key={send.klaviyoFlowId} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  Version {send.versionNumber} · <LocalDate iso={send.sentAt} locale="en-US" withTime />
                </span>
                <a href={send.url} target="_blank" rel="noreferrer noopener" className="font-medium text-brand-700 hover:underline">
                  Klaviyo flow {send.klaviyoFlowId}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The profile property each step timed from a date needs, one line per step. */
function DateSteps({ lines, title, testId }: { lines: string[]; title: string; testId: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1">Steps timed from your customers&apos; dates need each date on the contact&apos;s Klaviyo profile:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
