import { useId } from "react";

import { ErrorList, type ListOfErrors } from "~/components/forms";

/**
 * A one-line answer among the questionnaire's text areas and choice groups, labelled the same way
 * (with the required mark) and tied to its error the same way.
 */
export function TextInputField({
  label,
  name,
  errors,
  hint,
  required,
  inputProps,
}: {
  label: string;
  name: string;
  errors?: ListOfErrors;
  hint?: string;
  required?: boolean;
  inputProps: Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">;
}) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <input
        type="text"
        maxLength={5000}
        {...inputProps}
        id={id}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        aria-required={required || undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
