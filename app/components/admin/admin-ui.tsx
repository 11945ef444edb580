import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId } from "react";

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

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-500";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50";
export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-wait disabled:bg-red-500";
export const rowLink = "rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50";
export const rowDangerLink = "rounded-md px-1.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50";

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

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600";

interface ControlProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  className?: string;
}

function Wrapper({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint && !error ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextControl({
  label,
  name,
  error,
  hint,
  className,
  ...input
}: ControlProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={control} {...input} />
    </Wrapper>
  );
}

export function TextAreaControl({
  label,
  name,
  error,
  hint,
  className,
  ...input
}: ControlProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={control} rows={3} {...input} />
    </Wrapper>
  );
}

export function SelectControl({
  label,
  name,
  error,
  hint,
  className,
  options,
  ...select
}: ControlProps & { options: ReadonlyArray<string | { value: string; label: string }> } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={control} {...select}>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Wrapper>
  );
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
  variant?: "primary" | "danger";
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={pending} aria-disabled={pending} className={variant === "danger" ? dangerButton : primaryButton}>
      {pending ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" /> : null}
      {pending ? pendingLabel : children}
    </button>
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
        <Link to={closeHref} preventScrollReset className={secondaryButton}>
          Cancel
        </Link>
        <AdminSubmit intent="delete" pendingLabel="Deleting..." variant="danger">
          Delete
        </AdminSubmit>
      </div>
    </Form>
  );
}
