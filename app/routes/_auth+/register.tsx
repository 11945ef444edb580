import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";

import { parseForm } from "~/lib/forms/parse";
import { HoneypotField, useFailureToast } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { Field, FormError, PasswordField } from "~/components/ui/field";
import { AuthLayout } from "~/components/layout/auth-layout";
import { PASSWORD_RULE, registerFormSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { registerAccount } from "~/services/auth/accounts.server";
import { clientAddress } from "~/web/client.server";
import { getUserId } from "~/web/auth/auth.server";
import { signUpRefusal } from "~/services/auth/rate-limit.server";
import { isDomainError } from "~/services/domain-error";
import { pageErrorReply } from "~/web/page.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { readForm } from "~/web/forms.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Create your account | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect("/");
  return null;
}

const hidden = ["password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, { schema: registerFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: hidden }) }, { status: 422 });
  }
  const { confirmPassword: _confirm, redirectTo, ...input } = submission.value;
  const refused = await signUpRefusal(clientAddress(request));
  if (refused)
    return data(
      { result: submission.reply({ formErrors: [refused.message], hideFields: hidden }) },
      { status: 429, headers: { "Retry-After": String(refused.retryAfterSeconds) } },
    );
  try {
    const user = await registerAccount(input, clientAddress(request));
    const { setCookie } = await startUserSession(user.id, request);
    return redirectWithToast(
      safeRedirect(redirectTo),
      { title: "Account Created Successfully!", description: "Welcome to Flowmap.", variant: "success" },
      { headers: { "Set-Cookie": setCookie } },
    );
  } catch (error) {
    if (isDomainError(error)) return pageErrorReply(error, { submission, hideFields: hidden });
    throw error;
  }
}

export default function RegisterRoute() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerFormSchema),
    defaultValue: { redirectTo },
    onValidate: ({ formData }) => parseForm(formData, { schema: registerFormSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(actionData?.result, "Failed to create account. Please try again.", "Registration failed");

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <HoneypotField />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} errors={fields.firstName.errors} />
          <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} errors={fields.lastName.errors} />
        </div>
        <Field
          label="Company (optional)"
          inputProps={{ ...getInputProps(fields.companyName, { type: "text" }), autoComplete: "organization" }}
          errors={fields.companyName.errors}
        />
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <PasswordField
          label="Password"
          description={PASSWORD_RULE}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <PasswordField
          label="Confirm password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <StatusButton className="w-full" pendingLabel="Creating account...">
          Create Account
        </StatusButton>
      </Form>
    </AuthLayout>
  );
}
