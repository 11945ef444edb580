import { useNavigation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";

import { useToast } from "~/components/ui/toaster";

import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { useHydrated } from "~/lib/use-hydrated";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {list.map((e) => (
        <li key={e} className="text-sm text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600";

/** The '*' after a required field's label; screen readers hear `aria-required` instead. */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: string };
  errors?: ListOfErrors;
  hint?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, ...props } = inputProps;
  // Forms that mark their required fields say so with aria-required (the questionnaire's contact
  // steps); the sign-in forms, where every field is required, carry no marks.
  const required = props["aria-required"] === true || props["aria-required"] === "true";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="mt-1">
        <input key={key} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={inputClass} {...props} />
      </div>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password input with a show/hide toggle; the toggle appears once JavaScript runs. */
export function PasswordField({
  label,
  inputProps,
  errors,
}: {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: string };
  errors?: ListOfErrors;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, ...props } = inputProps;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          key={key}
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={`${inputClass} pr-16`}
          {...props}
          type={visible ? "text" : "password"}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Invisible to people (and to assistive technology); bots that fill every field give themselves away. */
export function HoneypotField() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A submit button that shows its pending label while this form's submission is in flight. */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  className = "",
  variant = "primary",
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  intent?: string;
  className?: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  const styles =
    variant === "primary"
      ? "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-500"
      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
      aria-disabled={pending}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm disabled:cursor-wait ${styles} ${className}`}
    >
      {pending ? (
        <>
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * A refused form's message above the form. With a title ('Validation Error') it reads like the
 * toast that JavaScript shows, so a page without JavaScript says the same thing.
 */
export function FormError({ errors, id, title }: { errors?: ListOfErrors; id?: string; title?: string | null }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {title ? <p className="font-semibold">{title}</p> : null}
      <p className={title ? "mt-0.5" : undefined}>{list.join(" ")}</p>
    </div>
  );
}

interface ReplyLike {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}

/**
 * The spec's failure toast for a form the server refused: its message (the form's error, else
 * the first field error), else the fallback. The same text also stays on the form.
 */
export function useFailureToast(result: ReplyLike | null | undefined, fallback: string, title = "Error") {
  const { toast } = useToast();
  useEffect(() => {
    if (result?.status !== "error") return;
    const messages = Object.entries(result.error ?? {});
    const formMessage = messages.find(([key]) => key === "")?.[1]?.[0];
    const fieldMessage = messages.find(([, list]) => list?.length)?.[1]?.[0];
    toast({ title, description: formMessage ?? fieldMessage ?? fallback, variant: "destructive" });
  }, [result, fallback, title, toast]);
}
