import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { parseForm } from "~/lib/forms/parse";
import { useFailureToast } from "~/components/forms";
import { Button, ButtonLink, buttonClass, StatusButton } from "~/components/ui/button";
import { Field, FormError, PasswordField } from "~/components/ui/field";
import { CrownIcon, PremiumBenefitList, UpgradeLink } from "~/components/upgrade-dialog";
import { KLAVIYO_CONNECT_INTENT, KLAVIYO_DISCONNECT_INTENT, KlaviyoConnectionSection } from "~/components/klaviyo/connection-section";
import { klaviyoConnectSchema } from "~/lib/klaviyo/schema";
import { ApiTokensSection, type ApiTokenReply } from "~/components/api-tokens-section";
import { PASSWORD_RULE, changePasswordFormSchema, deleteAccountFormSchema, profileNameSchema } from "~/lib/schemas/auth";
import { API_TOKEN_LIMITS } from "~/lib/api/tokens";
import { deleteOwnAccount } from "~/services/auth/account-deletion.server";
import { DEFAULT_ROLE, planLabel } from "~/lib/user";
import { getPasswordHashById } from "~/models/user.server";
import { changePassword, renameUser, signOutEverywhere } from "~/services/auth/accounts.server";
import { clientAddress } from "~/web/client.server";
import { apiTokenFormAction, isApiTokenIntent } from "~/web/auth/api-token-forms.server";
import { listApiTokens } from "~/services/auth/api-tokens.server";
import { requireUserWithSession } from "~/web/auth/auth.server";
import { sessionCookie } from "~/web/auth/session-cookie.server";
import { startProviderConnect } from "~/web/auth/oauth-flow.server";
import { getOAuthSettings } from "~/services/auth/oauth.server";
import { readForm } from "~/web/forms.server";
import { connectKlaviyo, disconnectKlaviyo, getKlaviyoConnection } from "~/services/klaviyo/connection.server";
import { importAfterConnecting } from "~/services/klaviyo/import.server";
import { KLAVIYO_FLOWS_PATH } from "~/lib/klaviyo/import";
import { runForPage } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "User Settings | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, signedInAt } = await requireUserWithSession(request);
  const provider = getOAuthSettings();
  return {
    // Third-party sign-in, when configured: whether this account is connected to it.
    provider: provider ? { name: provider.displayName, connected: user.authProvider === provider.providerName } : null,
    account: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role || DEFAULT_ROLE,
      isPremium: user.isPremium,
      hasPassword: Boolean((await getPasswordHashById(user.id))?.passwordHash),
      createdAt: user.createdAt.toISOString(),
    },
    klaviyo: await getKlaviyoConnection({ userId: user.id }),
    tokens: await listApiTokens(user.id),
    // Creating a token asks for the password again once the sign-in is older than this.
    tokenNeedsPassword: Date.now() - signedInAt.getTime() >= API_TOKEN_LIMITS.recentSignInMs,
  };
}

const NAME_INTENT = "update-name";
const PASSWORD_INTENT = "change-password";
const CONNECT_INTENT = "connect-provider";
const SIGN_OUT_EVERYWHERE_INTENT = "sign-out-everywhere";
const DELETE_ACCOUNT_INTENT = "delete-account";

export async function action({ request }: ActionFunctionArgs) {
  const { user, sessionId, signedInAt } = await requireUserWithSession(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isApiTokenIntent(intent)) return apiTokenFormAction({ creator: { userId: user.id, client: clientAddress(request), signedInAt }, intent, form });
  switch (intent) {
    case NAME_INTENT: {
      const submission = parseForm(form, { schema: profileNameSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
      const renamed = await runForPage(() => renameUser(user.id, submission.value), { submission, extra: { intent } });
      if (!renamed.ok) return renamed.response;
      return redirectWithToast("/user-settings", { title: "Success", description: "Your name has been updated successfully!", variant: "success" });
    }
    case PASSWORD_INTENT: {
      const hide = ["currentPassword", "newPassword", "confirmPassword"];
      const submission = parseForm(form, { schema: changePasswordFormSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 422 });
      // Every other device signs in again with the new password.
      const changed = await runForPage(() => changePassword({ client: clientAddress(request), userId: user.id, keepSessionId: sessionId, input: submission.value }), {
        submission,
        hideFields: hide,
        extra: { intent },
      });
      if (!changed.ok) return changed.response;
      return redirectWithToast("/user-settings", {
        title: "Success",
        description: "Your password has been changed successfully!",
        variant: "success",
      });
    }
    case SIGN_OUT_EVERYWHERE_INTENT: {
      const { sessions, tokens } = await signOutEverywhere({ userId: user.id, keepSessionId: sessionId });
      return redirectWithToast("/user-settings", {
        title: "Signed out everywhere else",
        description: `${sessions} other ${sessions === 1 ? "session" : "sessions"} signed out and ${tokens} access ${tokens === 1 ? "token" : "tokens"} revoked. This device stays signed in.`,
        variant: "success",
      });
    }
    case DELETE_ACCOUNT_INTENT: {
      const submission = parseForm(form, { schema: deleteAccountFormSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
      const deleted = await runForPage(() => deleteOwnAccount({ userId: user.id, client: clientAddress(request), signedInAt, input: submission.value }), {
        submission,
        hideFields: ["password"],
        extra: { intent },
      });
      if (!deleted.ok) return deleted.response;
      const clearCookie = await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
      return redirectWithToast(
        "/",
        { title: "Account deleted", description: "Your account and everything in it have been deleted.", variant: "success" },
        { headers: { "Set-Cookie": clearCookie } },
      );
    }
    case CONNECT_INTENT:
      // To the provider and back; the callback connects it to this session's account only.
      return startProviderConnect(request, { userId: user.id, sessionId });
    case KLAVIYO_CONNECT_INTENT: {
      const submission = parseForm(form, { schema: klaviyoConnectSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["apiKey"] }) }, { status: 422 });
      const connected = await runForPage(() => connectKlaviyo({ userId: user.id, input: submission.value }), { submission, hideFields: ["apiKey"], extra: { intent } });
      if (!connected.ok) return connected.response;
      await importAfterConnecting({ userId: user.id });
      return redirectWithToast(KLAVIYO_FLOWS_PATH, {
        title: "Klaviyo connected",
        description: "Here are your Klaviyo flows and the flow type each counts for. Send a flow from its Flow Mappings screen: it arrives in Klaviyo as a draft.",
        variant: "success",
      });
    }
    case KLAVIYO_DISCONNECT_INTENT:
      await disconnectKlaviyo({ userId: user.id });
      return redirectWithToast("/user-settings#klaviyo", {
        title: "Klaviyo disconnected",
        description: "Flowmap no longer holds your key. Flows already sent stay in Klaviyo.",
        variant: "success",
      });
    default:
      return data({ intent: null, result: null, message: "Unknown action. Please reload the page and try again." }, { status: 400 });
  }
}

export default function UserSettingsRoute() {
  const { account, provider, klaviyo, tokens, tokenNeedsPassword } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const created = new Date(account.createdAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">User Settings</h1>

      <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Account
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Email</dt>
            <dd className="mt-1 text-sm break-all text-slate-900">{account.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Role</dt>
            <dd className="mt-1 text-sm text-slate-900" data-testid="role">
              {account.role}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Account created</dt>
            <dd className="mt-1 text-sm text-slate-900">{created}</dd>
          </div>
        </dl>
        <NameSection firstName={account.firstName} lastName={account.lastName} />
      </section>

      <PasswordSection hasPassword={account.hasPassword} />

      {provider ? <ProviderSection name={provider.name} connected={provider.connected} /> : null}

      <section aria-labelledby="plan-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
          Subscription
        </h2>
        {account.isPremium ? (
          <div className="mt-3 rounded-lg bg-amber-50 p-4" data-testid="plan">
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <CrownIcon className="h-4 w-4 text-amber-600" />
              {planLabel(account)}
            </p>
            <p className="mt-1 text-sm text-slate-700">Your plan includes:</p>
            <PremiumBenefitList className="mt-2 space-y-1.5" />
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-4 rounded-lg bg-slate-50 p-4" data-testid="plan">
            <div>
              <p className="font-medium text-slate-900">{planLabel(account)}</p>
              <p className="text-sm text-slate-600">Limited access to premium features</p>
            </div>
            <UpgradeLink className={buttonClass({ variant: "premium" })}>Upgrade to Premium</UpgradeLink>
          </div>
        )}
      </section>

      <KlaviyoConnectionSection connection={klaviyo} lastResult={actionData?.intent === KLAVIYO_CONNECT_INTENT ? actionData.result : undefined} />
      <ApiTokensSection tokens={tokens} reply={actionData as ApiTokenReply | undefined} needsPassword={tokenNeedsPassword} />

      <section aria-labelledby="session-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="session-heading" className="text-lg font-semibold text-slate-900">
          Session
        </h2>
        <p className="mt-1 text-sm text-slate-600">Sign out of Flowmap on this device.</p>
        <Form method="post" action="/api/logout" reloadDocument className="mt-4">
          <Button type="submit" variant="danger">
            Logout
          </Button>
        </Form>
        <div className="mt-6 border-t border-slate-100 pt-6">
          <h3 className="text-sm font-semibold text-slate-900">Sign out everywhere</h3>
          <p className="mt-1 text-sm text-slate-600">Signs out every other browser and device, and revokes every API access token. This device stays signed in.</p>
          <Form method="post" action="/user-settings" className="mt-3">
            <StatusButton intent={SIGN_OUT_EVERYWHERE_INTENT} variant="secondary" pendingLabel="Signing out...">
              Sign out everywhere else
            </StatusButton>
          </Form>
        </div>
      </section>

      <DeleteAccountSection hasPassword={account.hasPassword} />
    </div>
  );
}

function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === DELETE_ACCOUNT_INTENT ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "delete-account-form",
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: deleteAccountFormSchema }),
    shouldValidate: "onSubmit",
  });
  useFailureToast(lastResult, "Your account was not deleted");
  return (
    <section aria-labelledby="delete-account-heading" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="delete-account-heading" className="text-lg font-semibold text-red-800">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deletes your account and everything in it for good: your flows and their versions, written content, business answers, metrics, drafts, access tokens and your Klaviyo
        connection. This cannot be undone.
      </p>
      <Form method="post" action="/user-settings" className="mt-4 space-y-4" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        {hasPassword ? (
          <PasswordField
            label="Your password"
            description="Confirm it is you."
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
        ) : (
          <p className="text-sm text-slate-600">Your account has no password: it can be deleted within {API_TOKEN_LIMITS.recentSignInMs / 60_000} minutes of signing in.</p>
        )}
        <StatusButton intent={DELETE_ACCOUNT_INTENT} variant="danger" pendingLabel="Deleting...">
          Delete my account
        </StatusButton>
      </Form>
    </section>
  );
}

function NameSection({ firstName, lastName }: { firstName: string; lastName: string }) {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const lastResult = actionData?.intent === NAME_INTENT ? actionData.result : undefined;
  // Edit mode is route state (?edit=name), so the toggle works without JavaScript too.
  const editing = new URLSearchParams(location.search).get("edit") === "name" || (lastResult != null && lastResult.status === "error");
  const [form, fields] = useForm({
    id: "name-form",
    lastResult,
    constraint: getZodConstraint(profileNameSchema),
    defaultValue: { firstName, lastName },
    onValidate: ({ formData }) => parseForm(formData, { schema: profileNameSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(lastResult, "Failed to update name");
  const fullName = [firstName, lastName].filter(Boolean).join(" ");

  if (!editing) {
    return (
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-100 pt-6">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Name</p>
          <p className="mt-1 text-sm text-slate-900" data-testid="full-name">
            {fullName || "Not set"}
          </p>
        </div>
        <ButtonLink to="?edit=name" preventScrollReset variant="secondary" size="sm">
          Edit Name
        </ButtonLink>
      </div>
    );
  }
  return (
    <Form method="post" action="/user-settings" className="mt-6 space-y-4 border-t border-slate-100 pt-6" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} errors={fields.firstName.errors} />
        <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} errors={fields.lastName.errors} />
      </div>
      <div className="flex gap-3">
        <StatusButton intent={NAME_INTENT} pendingLabel="Saving...">
          Save Name
        </StatusButton>
        <ButtonLink to="/user-settings" preventScrollReset variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

function ProviderSection({ name, connected }: { name: string; connected: boolean }) {
  return (
    <section aria-labelledby="provider-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="provider-heading" className="text-lg font-semibold text-slate-900">
        Third-party sign-in
      </h2>
      {connected ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="provider-status">
          Connected: you can sign in with {name}.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600" data-testid="provider-status">
            Connect {name} to sign in with it as well. You will confirm it is you at {name}.
          </p>
          {/* A full-page post: the provider's pages cannot load inside a client transition. */}
          <Form method="post" action="/user-settings" reloadDocument className="mt-4">
            <Button type="submit" name="intent" value={CONNECT_INTENT} variant="secondary">
              Connect {name}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === PASSWORD_INTENT ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "password-form",
    lastResult,
    constraint: getZodConstraint(changePasswordFormSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: changePasswordFormSchema }),
    shouldRevalidate: "onInput",
  });
  const clearStaleToast = useFailureToast(lastResult, "Failed to change password");
  const formRef = useRef<HTMLFormElement>(null);
  useClearAfterSuccess(formRef, PASSWORD_INTENT, lastResult);
  const formProps = getFormProps(form);
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      {hasPassword ? null : <p className="mt-1 text-sm text-slate-600">You sign in through a third-party provider, so your account has no password to change.</p>}
      <Form
        ref={formRef}
        method="post"
        action="/user-settings"
        className="mt-4 space-y-4"
        {...formProps}
        onSubmit={(event) => {
          clearStaleToast();
          formProps.onSubmit(event);
        }}
      >
        <FormError id={form.errorId} errors={form.errors} />
        <PasswordField
          label="Current password"
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
        <PasswordField
          label="New password"
          description={PASSWORD_RULE}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.newPassword.errors}
        />
        <PasswordField
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <StatusButton intent={PASSWORD_INTENT} pendingLabel="Changing...">
          Change Password
        </StatusButton>
      </Form>
    </section>
  );
}

/**
 * With JavaScript the page stays mounted after a successful change (the action redirects back
 * here), so the typed passwords would stay in the fields: empty them once the submission of this
 * form has finished without an error. Without JavaScript the page reloads empty anyway.
 */
function useClearAfterSuccess(formRef: React.RefObject<HTMLFormElement>, intent: string, lastResult: unknown) {
  const navigation = useNavigation();
  const submitting = navigation.formData?.get("intent") === intent;
  const pending = useRef(false);
  useEffect(() => {
    if (submitting) {
      pending.current = true;
      return;
    }
    if (navigation.state !== "idle" || !pending.current) return;
    pending.current = false;
    // The action redirected (success) when no reply for this form came back.
    if (!lastResult) formRef.current?.reset();
  }, [submitting, navigation.state, lastResult, formRef]);
}
