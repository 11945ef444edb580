import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";

import { useFailureToast } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { FormError, PasswordField } from "~/components/ui/field";
import { parseForm } from "~/lib/forms/parse";
import { KLAVIYO_SCOPES } from "~/lib/klaviyo/constants";
import { KLAVIYO_FLOWS_PATH } from "~/lib/klaviyo/import";
import { klaviyoConnectSchema } from "~/lib/klaviyo/schema";

export const KLAVIYO_CONNECT_INTENT = "connect-klaviyo";
export const KLAVIYO_DISCONNECT_INTENT = "disconnect-klaviyo";

export interface KlaviyoConnectionProps {
  connection:
    | { connected: false }
    | {
        connected: true;
        keyHint: string;
        connectedAt: string;
        account: { listCount: number; segmentCount: number | null; metricCount: number; listNames: string[]; moreLists: boolean };
      };
  lastResult?: SubmissionResult<string[]> | null;
}

function count(n: number, what: string, more = false) {
  return `${n}${more ? "+" : ""} ${what}${n === 1 ? "" : "s"}`;
}

/**
 * User Settings' Klaviyo block: paste a private key to connect (Flowmap checks it against the
 * account first), see which account it reaches, disconnect. Plain forms: works without JavaScript.
 */
export function KlaviyoConnectionSection({ connection, lastResult }: KlaviyoConnectionProps) {
  const [form, fields] = useForm({
    id: "klaviyo-form",
    lastResult,
    constraint: getZodConstraint(klaviyoConnectSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: klaviyoConnectSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useFailureToast(lastResult, "Failed to connect Klaviyo", "Klaviyo not connected");
  return (
    <section id="klaviyo" aria-labelledby="klaviyo-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="klaviyo-section">
      <h2 id="klaviyo-heading" className="text-lg font-semibold text-slate-900">
        Klaviyo
      </h2>
      {connection.connected ? (
        <>
          <p className="mt-1 text-sm text-slate-600">Flows you send from Flowmap arrive in this Klaviyo account as drafts.</p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="klaviyo-account">
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Status</dt>
              <dd className="mt-1 text-sm font-medium text-emerald-700">Connected</dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Private key</dt>
              <dd className="mt-1 font-mono text-sm text-slate-900">pk_{connection.keyHint}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Account</dt>
              <dd className="mt-1 text-sm text-slate-900">
                {count(connection.account.listCount, "list", connection.account.moreLists)}
                {connection.account.segmentCount === null ? "" : `, ${count(connection.account.segmentCount, "segment")}`}, {count(connection.account.metricCount, "metric")}
                {connection.account.listNames.length ? <span className="text-slate-600"> · lists: {connection.account.listNames.join(", ")}</span> : null}
              </dd>
              {connection.account.segmentCount === null ? (
                <dd className="mt-1 text-xs text-amber-800">
                  This key cannot read segments (segments:read): sunset flows cannot start from a segment until you add that scope and connect again.
                </dd>
              ) : null}
            </div>
          </dl>
          <p className="mt-4 text-sm">
            <a href={KLAVIYO_FLOWS_PATH} className="font-medium text-brand-700 hover:underline" data-testid="klaviyo-flows-link">
              Your Klaviyo flows and their figures →
            </a>
          </p>
          <Form method="post" action="/user-settings" className="mt-4">
            <StatusButton intent={KLAVIYO_DISCONNECT_INTENT} variant="secondary" pendingLabel="Disconnecting...">
              Disconnect Klaviyo
            </StatusButton>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Connect your Klaviyo account to send flows to it as drafts (nothing sends until you turn it on in Klaviyo) and to fill your dashboard and scorecard with your own
            flows&apos; figures. In Klaviyo, open Settings → API keys → Create Private API Key and allow:
          </p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-600">
            {KLAVIYO_SCOPES.map((item) => (
              <li key={item.scope}>
                <code className="font-mono text-slate-900">{item.scope}</code> {item.why}
              </li>
            ))}
          </ul>
          <Form method="post" action="/user-settings" className="mt-4 space-y-4" {...getFormProps(form)}>
            <FormError id={form.errorId} errors={form.errors} />
            <PasswordField
              label="Private API key"
              description="Flowmap checks it with Klaviyo, stores it encrypted and never shows it again."
              inputProps={{ ...getInputProps(fields.apiKey, { type: "password" }), autoComplete: "off", spellCheck: false, placeholder: "pk_..." }}
              errors={fields.apiKey.errors}
            />
            <StatusButton intent={KLAVIYO_CONNECT_INTENT} pendingLabel="Checking the key...">
              Connect Klaviyo
            </StatusButton>
          </Form>
        </>
      )}
    </section>
  );
}
