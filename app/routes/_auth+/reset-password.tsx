import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { useFailureToast } from "~/components/forms";
import { AuthLayout } from "~/components/layout/auth-layout";
import { StatusButton } from "~/components/ui/button";
import { FormError, PasswordField } from "~/components/ui/field";
import { parseForm } from "~/lib/forms/parse";
import { PASSWORD_RULE, resetPasswordFormSchema } from "~/lib/schemas/auth";
import { PASSWORD_RESET_DONE_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "~/lib/password-reset-messages";
import { resetLinkIsLive, resetPassword } from "~/services/auth/password-reset.server";
import { clientAddress } from "~/web/client.server";
import { readForm } from "~/web/forms.server";
import { runForPage } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password | Flowmap" }];

const HIDE = ["newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Looking does not use the link up: only setting the password does.
  return data({ token, live: await resetLinkIsLive(token) }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, { schema: resetPasswordFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDE }) }, { status: 422 });
  const { token, newPassword } = submission.value;
  const reset = await runForPage(() => resetPassword({ client: clientAddress(request), input: { token, newPassword } }), { submission, hideFields: HIDE });
  if (!reset.ok) return reset.response;
  return redirectWithToast("/login", { title: "Password changed", description: PASSWORD_RESET_DONE_MESSAGE, variant: "success" });
}

export default function ResetPasswordRoute() {
  const { token, live } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordFormSchema),
    defaultValue: { token },
    onValidate: ({ formData }) => parseForm(formData, { schema: resetPasswordFormSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(actionData?.result, "Please check the new password.", "Password not changed");
  if (!live && !actionData) {
    return (
      <AuthLayout title="This link does not work any more">
        <p className="text-sm text-slate-700" data-testid="reset-link-invalid">
          {RESET_LINK_INVALID_MESSAGE}
        </p>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password" subtitle="Setting it signs you out everywhere and revokes your API access tokens.">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        <PasswordField
          label="New password"
          description={PASSWORD_RULE}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
          errors={fields.newPassword.errors}
        />
        <PasswordField
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <StatusButton className="w-full" pendingLabel="Saving...">
          Set new password
        </StatusButton>
      </Form>
      <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
        {fields.token.errors?.length ? (
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        ) : null}
      </p>
    </AuthLayout>
  );
}
