import { useId } from "react";

import { ErrorList, type ListOfErrors } from "~/components/forms";

/**
 * Question fields for the questionnaire, the onboarding wizard and the answers page. Plain
 * controls with `name`/`defaultValue`, so every form posts without JavaScript; they take the
 * name, value and errors conform gives each field.
 */

interface BaseProps {
  label: string;
  name: string;
  errors?: ListOfErrors;
  hint?: string;
  required?: boolean;
  /** Focus this field when the page loads (the first field with an error, so it works without JavaScript). */
  autoFocus?: boolean;
}

function Label({ htmlFor, label, required }: { htmlFor?: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

export function TextAreaField({ label, name, errors, hint, required, autoFocus, defaultValue, rows = 3, placeholder }: BaseProps & { defaultValue?: string; rows?: number; placeholder?: string }) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <Label htmlFor={id} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue ?? ""}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        aria-required={required || undefined}
        maxLength={5000}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  required,
  autoFocus,
  options,
  defaultValue,
  placeholder = "Select...",
}: BaseProps & { options: readonly string[]; defaultValue?: string; placeholder?: string }) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  // A saved value that is no longer offered (e.g. an industry missing from the shorter list) stays selectable.
  const all = defaultValue && !options.includes(defaultValue) ? [...options, defaultValue] : options;
  return (
    <div>
      <Label htmlFor={id} label={label} required={required} />
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        autoFocus={autoFocus}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        aria-required={required || undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
      >
        <option value="">{placeholder}</option>
        {all.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function ChoiceGroup({
  type,
  label,
  name,
  errors,
  hint,
  required,
  autoFocus,
  options,
  selected,
  columns = 1,
}: BaseProps & { type: "radio" | "checkbox"; options: readonly string[]; selected: readonly string[]; columns?: 1 | 2 }) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <div className={`mt-2 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((option, index) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-800 hover:border-brand-200 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type={type}
              name={name}
              value={option}
              defaultChecked={selected.includes(option)}
              autoFocus={autoFocus && index === 0}
              className="mt-0.5 h-4 w-4 accent-brand-600"
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function RadioGroupField(props: BaseProps & { options: readonly string[]; defaultValue?: string; columns?: 1 | 2 }) {
  return <ChoiceGroup {...props} type="radio" selected={props.defaultValue ? [props.defaultValue] : []} />;
}

export function CheckboxGroupField(props: BaseProps & { options: readonly string[]; defaultValue?: readonly string[]; columns?: 1 | 2 }) {
  return <ChoiceGroup {...props} type="checkbox" selected={props.defaultValue ?? []} />;
}
