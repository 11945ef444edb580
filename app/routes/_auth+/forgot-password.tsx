import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";

import { useFailureToast } from "~/components/forms";
import { AuthLayout } from "~/components/layout/auth-layout";
import { StatusButton } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { parseForm } from "~/lib/forms/parse";
import { forgotPasswordFormSchema } from "~/lib/schemas/auth";
import { requestPasswordReset } from "~/services/auth/password-reset.server";
import { clientAddress } from "~/web/client.server";
import { readForm } from "~/web/forms.server";
import { runForPage } from "~/web/page.server";

export const meta: MetaFunction = () => [{ title: "Forgot password | Flowmap" }];

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, { schema: forgotPasswordFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 422 });
  const requested = await runForPage(() => requestPasswordReset({ client: clientAddress(request), input: submission.value }), { submission, extra: { sent: null } });
  if (!requested.ok) return requested.response;
  const { message, mailConfigured } = requested.value;
  return data({ result: submission.reply({ resetForm: true }), sent: { message, mailConfigured } }, { headers: { "Cache-Control": "no-store" } });
}

export default function ForgotPasswordRoute() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordFormSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: forgotPasswordFormSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(actionData?.result, "Please check the email address.", "Not sent");
  const sent = actionData?.sent ?? null;
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={
        <>
          Type the email you sign in with and we will send a link to choose a new password. Remembered it?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      {sent ? (
        <div role="status" className="mb-4 space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="reset-requested">
          <p>{sent.message}</p>
          {sent.mailConfigured ? null : (
            <p className="text-slate-700" data-testid="reset-log-note">
              For the people who run this Flowmap server: no mail transport is set up (SMTP_URL), so the link was written to the server log instead of being emailed.
            </p>
          )}
        </div>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }} errors={fields.email.errors} />
        <StatusButton className="w-full" pendingLabel="Sending...">
          Send reset link
        </StatusButton>
      </Form>
    </AuthLayout>
  );
}
