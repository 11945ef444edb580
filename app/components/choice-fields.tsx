import { useId } from "react";

import { ErrorList, RequiredMark, type ListOfErrors } from "~/components/forms";
import { maxLengthFor } from "~/lib/limits";

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

/** A field's label (or a group's legend) with the required mark, the same for every field here. */
function FieldLabel({ as = "label", htmlFor, label, required }: { as?: "label" | "legend"; htmlFor?: string; label: string; required?: boolean }) {
  const mark = required ? <RequiredMark /> : null;
  if (as === "legend") {
    return (
      <legend className="text-sm font-medium text-slate-800">
        {label}
        {mark}
      </legend>
    );
  }
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {mark}
    </label>
  );
}

/** What a typed answer's control takes from its field: the name, the focus, and the links to its label, hint and error. */
type TypedControlProps = Pick<BaseProps, "name" | "autoFocus"> & {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
  maxLength: number;
};

/** The label, hint and error around a typed answer (a one-line input or a text area), tied to its control. */
function TypedField({ label, name, errors, hint, required, autoFocus, control }: BaseProps & { control: (props: TypedControlProps) => React.ReactNode }) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {control({
        id,
        name,
        autoFocus,
        "aria-invalid": errorId ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        "aria-required": required || undefined,
        maxLength: maxLengthFor(name),
      })}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A one-line answer among the text areas and choice groups, labelled and tied to its hint and error the same way. */
export function TextInputField({
  defaultValue,
  placeholder,
  type = "text",
  inputMode,
  autoComplete,
  ...field
}: BaseProps & { defaultValue?: string; placeholder?: string; type?: "text" | "url"; inputMode?: "url"; autoComplete?: string }) {
  return (
    <TypedField
      {...field}
      control={(props) => (
        <input
          {...props}
          type={type}
          defaultValue={defaultValue ?? ""}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete={autoComplete}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
        />
      )}
    />
  );
}

export function TextAreaField({ defaultValue, rows = 3, placeholder, ...field }: BaseProps & { defaultValue?: string; rows?: number; placeholder?: string }) {
  return (
    <TypedField
      {...field}
      control={(props) => (
        <textarea
          {...props}
          rows={rows}
          defaultValue={defaultValue ?? ""}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
        />
      )}
    />
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
      <FieldLabel htmlFor={id} label={label} required={required} />
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
      <FieldLabel as="legend" label={label} required={required} />
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
