import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";

import { CopyButton } from "~/components/content/copy-button";
import { useFailureToast } from "~/components/forms";
import { ButtonLink, StatusButton } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { controlClass, Field, FormError, PasswordField, SelectField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import { API_TOKEN_LIMITS, apiTokenFormSchema, CREATE_TOKEN_INTENT, REVOKE_TOKEN_INTENT } from "~/lib/api/tokens";
import { parseForm } from "~/lib/forms/parse";

export interface ApiTokenRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  scope: "full" | "read";
  expiresAt: string | null;
}

/** The lifetimes offered on the page (the API takes any whole number of days up to the limit). */
const EXPIRY_OPTIONS = [
  { value: "", label: "Never (until revoked)" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: String(API_TOKEN_LIMITS.maxExpiryDays), label: "1 year" },
];
const SCOPE_OPTIONS = [
  { value: "full", label: "Full access (acts as you)" },
  { value: "read", label: "Read only (reporting scripts)" },
];

export interface ApiTokenReply {
  intent: string | null;
  result?: SubmissionResult<string[]> | null;
  created?: { id: string; name: string; token: string; createdAt: string } | null;
  /** A refused revoke's message. */
  message?: string;
}

/** The address that asks whether to revoke a token (`?revoke=<id>`). */
const REVOKE_PARAM = "revoke";
const SETTINGS_PATH = "/user-settings";
function revokeHref(id: string) {
  return `${SETTINGS_PATH}?${REVOKE_PARAM}=${encodeURIComponent(id)}`;
}

/** "Revoke this token?": Cancel goes back to the page, Revoke Token posts the revoke. */
function RevokeTokenDialog({ token }: { token: ApiTokenRow | null }) {
  return (
    <Dialog open={token !== null} closeHref={SETTINGS_PATH} title="Revoke Access Token" size="sm" hideCloseButton data-testid="revoke-token-dialog">
      {token ? (
        <>
          <p className="text-sm text-slate-700">Revoke “{token.name}”? Programs using it can no longer call the API. This cannot be undone.</p>
          <Form method="post" action={SETTINGS_PATH}>
            <input type="hidden" name="tokenId" value={token.id} />
            <DialogActions>
              <DialogCancel closeHref={SETTINGS_PATH} />
              <StatusButton intent={REVOKE_TOKEN_INTENT} variant="destructive" pendingLabel="Revoking..." data-autofocus>
                Revoke Token
              </StatusButton>
            </DialogActions>
          </Form>
        </>
      ) : null}
    </Dialog>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const shortDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * "API access tokens" on User Settings: create a token (its secret is shown once, in the answer to
 * the form), see each token's name, creation and last use, and revoke one. Plain form posts, so it
 * works without JavaScript; the copy button appears only with it (the token can be selected).
 */
export function ApiTokensSection({ tokens, reply, needsPassword }: { tokens: ApiTokenRow[]; reply: ApiTokenReply | undefined; needsPassword: boolean }) {
  const lastResult = reply?.intent === CREATE_TOKEN_INTENT ? reply.result : undefined;
  const created = reply?.intent === CREATE_TOKEN_INTENT ? reply.created : null;
  const [form, fields] = useForm({
    id: "api-token-form",
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: apiTokenFormSchema }),
    shouldValidate: "onSubmit",
  });
  useFailureToast(lastResult, "Failed to create the access token");
  const revokeFailure = reply?.intent === REVOKE_TOKEN_INTENT ? (reply.message ?? null) : null;
  const { toast } = useToast();
  useEffect(() => {
    if (revokeFailure) toast({ title: "Failed to revoke the access token", description: revokeFailure, variant: "destructive" });
  }, [reply, revokeFailure, toast]);
  const atLimit = tokens.length >= API_TOKEN_LIMITS.perUser;
  const asked = useSearchParams()[0].get(REVOKE_PARAM);
  const confirming = tokens.find((token) => token.id === asked) ?? null;

  return (
    <section aria-labelledby="tokens-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
        API access tokens
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Scripts and integrations call the{" "}
        <a className="font-medium text-brand-700 underline" href="/api/docs">
          Flowmap API
        </a>{" "}
        with a token instead of your password. Send it as <code className="rounded bg-slate-100 px-1 text-xs">Authorization: Bearer &lt;token&gt;</code>. A token acts as you, with
        your role and plan, until it expires or you revoke it; a read-only token can only read. Changing your password or signing out everywhere revokes every token.
      </p>

      {created ? (
        <div role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="new-token">
          <p className="text-sm font-semibold text-emerald-900">Token &ldquo;{created.name}&rdquo; created. Copy it now: you won&rsquo;t be able to see it again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor="new-token-value" className="sr-only">
              Your new access token
            </label>
            <input id="new-token-value" readOnly value={created.token} className={`${controlClass} font-mono sm:flex-1`} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={created.token} label="the access token" />
          </div>
        </div>
      ) : null}

      <Form method="post" action="/user-settings" className="mt-4 space-y-3" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <Field
              label="Token name"
              description="What will use it, e.g. “Reporting script”."
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: API_TOKEN_LIMITS.nameLength, autoComplete: "off" }}
              errors={fields.name.errors}
            />
          </div>
          <StatusButton intent={CREATE_TOKEN_INTENT} pendingLabel="Creating..." disabled={atLimit}>
            Create token
          </StatusButton>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Expires" selectProps={{ ...getSelectProps(fields.expiresInDays), defaultValue: "" }} options={EXPIRY_OPTIONS} errors={fields.expiresInDays.errors} />
          <SelectField label="Access" selectProps={{ ...getSelectProps(fields.scope), defaultValue: "full" }} options={SCOPE_OPTIONS} errors={fields.scope.errors} />
        </div>
        {needsPassword || fields.currentPassword.errors?.length ? (
          <PasswordField
            label="Current password"
            description="You signed in more than 10 minutes ago: confirm it is you."
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.currentPassword.errors}
          />
        ) : null}
        {atLimit ? <p className="text-sm text-slate-600">You have {API_TOKEN_LIMITS.perUser} tokens, the most an account may hold. Revoke one to create another.</p> : null}
      </Form>

      {revokeFailure ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {revokeFailure}
        </p>
      ) : null}

      {tokens.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">You have no access tokens.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm" data-testid="token-list">
          <caption className="sr-only">Your access tokens</caption>
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Created
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Last used
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Access
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Expires
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tokens.map((token) => (
              <tr key={token.id}>
                <td className="py-2 pr-3 break-all text-slate-900">{token.name}</td>
                <td className="py-2 pr-3 text-slate-700">{shortDate(token.createdAt)}</td>
                <td className="py-2 pr-3 text-slate-700">{token.lastUsedAt ? shortDate(token.lastUsedAt) : "Never"}</td>
                <td className="py-2 pr-3 text-slate-700">{token.scope === "read" ? "Read only" : "Full"}</td>
                <td className="py-2 pr-3 text-slate-700">{token.expiresAt ? shortDate(token.expiresAt) : "No expiry"}</td>
                <td className="py-2 text-right">
                  {/* Revoking asks first, as deleting a flow does: the question is the page's address, so it works without JavaScript. */}
                  <ButtonLink to={revokeHref(token.id)} preventScrollReset variant="danger" size="sm" aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </ButtonLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RevokeTokenDialog token={confirming} />
    </section>
  );
}
