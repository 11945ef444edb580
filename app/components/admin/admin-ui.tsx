import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";

import { ButtonLink, StatusButton } from "~/components/ui/button";
import { Field, SelectField, TextareaField, type SelectOption } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import type { ToastVariant } from "~/lib/toast";

/** The top of every admin screen: where you are, what it is for, and its main action. */
export function AdminPageHeader({ title, description, children }: { title: string; description: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link to="/admin" className="hover:text-slate-700">
            Admin Settings
          </Link>
          <span aria-hidden="true"> / </span>
          <span className="text-slate-700">{title}</span>
        </nav>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
      </div>
      {children ? <div className="flex flex-none gap-2">{children}</div> : null}
    </div>
  );
}

/** What an admin page action answers when a write is refused (pageErrorReply's shape). */
export interface AdminFailure {
  fieldErrors?: Record<string, string>;
  message?: string;
  toast?: { title: string; description?: string; variant?: ToastVariant };
}

/** Shows the server's message as a destructive toast each time a new refusal arrives. */
export function useFailureToastOf(failure: AdminFailure | null | undefined) {
  const { toast } = useToast();
  useEffect(() => {
    if (failure?.toast) toast({ title: failure.toast.title, description: failure.toast.description, variant: "destructive" });
  }, [failure, toast]);
}

/** An admin form's field errors are one message each (pageErrorReply's `fieldErrors`). */
const errorsOf = (error: string | undefined) => (error ? [error] : undefined);

interface ControlProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  className?: string;
}

export function TextControl({ label, name, error, hint, className, ...input }: ControlProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  return <Field label={label} description={hint} errors={errorsOf(error)} className={className} inputProps={{ ...input, name }} />;
}

export function TextAreaControl({ label, name, error, hint, className, ...textarea }: ControlProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  return <TextareaField label={label} description={hint} errors={errorsOf(error)} className={className} textareaProps={{ ...textarea, name }} />;
}

export function SelectControl({
  label,
  name,
  error,
  hint,
  className,
  options,
  ...select
}: ControlProps & { options: readonly SelectOption[] } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  return <SelectField label={label} description={hint} errors={errorsOf(error)} className={className} options={options} selectProps={{ ...select, name }} />;
}

export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </div>
  );
}

/** A submit button with an `intent`, showing its pending label while that intent is in flight. */
export function AdminSubmit({
  intent,
  children,
  pendingLabel,
  variant = "primary",
}: {
  intent: string;
  children: React.ReactNode;
  pendingLabel: string;
  variant?: "primary" | "destructive";
}) {
  return (
    <StatusButton intent={intent} pendingLabel={pendingLabel} variant={variant}>
      {children}
    </StatusButton>
  );
}

/** The delete confirmation: one form, so it works the same with and without JavaScript. */
export function DeleteConfirm({ id, what, closeHref, message }: { id: string; what: React.ReactNode; closeHref: string; message?: string }) {
  return (
    <Form method="post" className="space-y-5" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <FormAlert message={message} />
      <div className="text-sm text-slate-700">{what}</div>
      <p className="text-sm text-slate-600">This cannot be undone. The change is recorded in the audit trail.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to={closeHref} preventScrollReset variant="secondary">
          Cancel
        </ButtonLink>
        <AdminSubmit intent="delete" pendingLabel="Deleting..." variant="destructive">
          Delete
        </AdminSubmit>
      </div>
    </Form>
  );
}
