import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { parseForm } from "~/lib/forms/parse";
import { HoneypotField, useFailureToast } from "~/components/forms";
import { buttonClass, StatusButton } from "~/components/ui/button";
import { Field, FormError, PasswordField } from "~/components/ui/field";
import { AuthLayout } from "~/components/layout/auth-layout";
import { loginSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { FORM_STRATEGY, getAuthenticator } from "~/web/auth/authenticator.server";
import { getUserId } from "~/web/auth/auth.server";
import { getOAuthSettings } from "~/services/auth/oauth.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { isDomainError } from "~/services/domain-error";
import { pageErrorReply } from "~/web/page.server";
import { readForm } from "~/web/forms.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Sign in | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return { oauthLabel: getOAuthSettings()?.buttonLabel ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  }
  try {
    const user = await getAuthenticator().authenticate(FORM_STRATEGY, request);
    const { setCookie } = await startUserSession(user.id, request);
    return redirectWithToast(safeRedirect(submission.value.redirectTo), { title: "Welcome Back!", variant: "success" }, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (isDomainError(error)) return pageErrorReply(error, { submission, hideFields: ["password"], title: "Sign-in failed" });
    throw error;
  }
}

export default function LoginRoute() {
  const { oauthLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    defaultValue: { redirectTo },
    onValidate: ({ formData }) => parseForm(formData, { schema: loginSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(actionData?.result, "Invalid email or password.", "Sign-in failed");

  return (
    <AuthLayout
      title="Sign in to Flowmap"
      subtitle={
        <>
          New here?{" "}
          <Link to="/questionnaire" className="font-medium text-brand-700 underline">
            Take the free assessment
          </Link>{" "}
          or{" "}
          <Link to={redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register"} className="font-medium text-brand-700 underline">
            create an account
          </Link>
          .
        </>
      }
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <HoneypotField />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }} errors={fields.email.errors} />
        <PasswordField
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </p>
        <StatusButton className="w-full" pendingLabel="Signing in...">
          Sign In
        </StatusButton>
      </Form>
      {/* Only a configured provider is offered: a button that can only fail is worse than none. */}
      {oauthLabel ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs font-medium text-slate-500 uppercase">
            <span className="h-px flex-1 bg-slate-200" />
            Or continue with
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          {/* A full-page navigation: the provider's pages cannot load inside a client transition. */}
          <a href="/api/login" className={buttonClass({ variant: "secondary", className: "w-full" })}>
            <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
              <path
                d="M15 7a3 3 0 11-6 0 3 3 0 016 0zM4 20a8 8 0 0116 0M17 11l2 2 3-3"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {oauthLabel}
          </a>
        </>
      ) : null}
    </AuthLayout>
  );
}
