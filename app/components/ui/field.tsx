import { useId, useState } from "react";

import { useHydrated } from "~/lib/use-hydrated";

/**
 * Labelled form controls. Each one ties its control to its label (`htmlFor`/`id`), and to its
 * description and errors (`aria-describedby`, `aria-invalid`), so a screen reader hears the label,
 * the hint and the error together. They take the props conform gives a field
 * (`getInputProps(fields.email, { type: "email" })`, `getTextareaProps`, `getSelectProps`) or plain
 * `name`/`defaultValue`; the error list's id is `<id>-error`, conform's `errorId`, so conform's own
 * `aria-describedby` points at it too. Plain controls: every form posts without JavaScript.
 */

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-600";

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

/** The '*' after a required field's label; screen readers hear `aria-required` instead. */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** A field's label (or a group's legend), with the required mark when the field is required. */
export function FieldLabel({ as = "label", htmlFor, children, required }: { as?: "label" | "legend"; htmlFor?: string; children: React.ReactNode; required?: boolean }) {
  const mark = required ? <RequiredMark /> : null;
  if (as === "legend") {
    return (
      <legend className="text-sm font-medium text-slate-800">
        {children}
        {mark}
      </legend>
    );
  }
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {children}
      {mark}
    </label>
  );
}

function FieldDescription({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} className="mt-0.5 text-xs text-slate-500">
      {children}
    </p>
  );
}

/**
 * The ids and aria attributes of one field: its control's id (the one given, e.g. conform's, or
 * a generated one), the description's and the error list's ids, and what the control says about
 * them.
 */
export function useFieldIds({ id: given, errors, description }: { id?: string; errors?: ListOfErrors; description?: React.ReactNode }) {
  const fallback = useId();
  const id = given ?? fallback;
  const invalid = Boolean(errors?.some(Boolean));
  const errorId = `${id}-error`;
  const descriptionId = description ? `${id}-description` : undefined;
  return {
    id,
    errorId,
    descriptionId,
    controlProps: {
      id,
      "aria-invalid": invalid || undefined,
      "aria-describedby": [descriptionId, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined,
    },
  };
}

/** Whether props mark their control as required, by `aria-required` (the '*' shows) — `required` alone adds no mark. */
function markedRequired(props: { "aria-required"?: boolean | "true" | "false" }, required?: boolean) {
  return required ?? (props["aria-required"] === true || props["aria-required"] === "true");
}

interface FieldChrome {
  label: React.ReactNode;
  errors?: ListOfErrors;
  /** A hint under the label, read with the control. */
  description?: React.ReactNode;
  className?: string;
  /** Show the required mark (otherwise it shows when the control has `aria-required`). */
  required?: boolean;
}

/** The frame every labelled control shares: label (with its mark), description, the control, errors. */
function FieldFrame({ ids, label, required, description, errors, className, children }: FieldChrome & { ids: ReturnType<typeof useFieldIds>; children: React.ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={ids.id} required={required}>
        {label}
      </FieldLabel>
      {description ? <FieldDescription id={ids.descriptionId}>{description}</FieldDescription> : null}
      {children}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

/** Conform's `key` (a new key resets an uncontrolled control) and data attributes (`data-autofocus` for the dialog). */
type WithKey<P> = P & { key?: string } & { [data: `data-${string}`]: string | boolean | undefined };

/** A one-line input (text, email, number, url...) with its label, description and errors. */
export function Field({ label, inputProps, errors, description, className, required }: FieldChrome & { inputProps: WithKey<React.InputHTMLAttributes<HTMLInputElement>> }) {
  const { key, ...props } = inputProps;
  const ids = useFieldIds({ id: props.id, errors, description });
  const { controlProps } = ids;
  return (
    <FieldFrame ids={ids} label={label} required={markedRequired(props, required)} description={description} errors={errors} className={className}>
      <input key={key} className={`mt-1 ${controlClass}`} {...props} {...controlProps} />
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  description,
  className,
  required,
}: FieldChrome & { textareaProps: WithKey<React.TextareaHTMLAttributes<HTMLTextAreaElement>> }) {
  const { key, ...props } = textareaProps;
  const ids = useFieldIds({ id: props.id, errors, description });
  const { controlProps } = ids;
  return (
    <FieldFrame ids={ids} label={label} required={markedRequired(props, required)} description={description} errors={errors} className={className}>
      <textarea key={key} rows={3} className={`mt-1 ${controlClass}`} {...props} {...controlProps} />
    </FieldFrame>
  );
}

export type SelectOption = string | { value: string; label: string };

/**
 * A select with its options. A `placeholder` adds an empty first option; a saved value that is no
 * longer offered stays selectable (it is added at the end).
 */
export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  description,
  className,
  required,
}: FieldChrome & { selectProps: WithKey<React.SelectHTMLAttributes<HTMLSelectElement>>; options: readonly SelectOption[]; placeholder?: string }) {
  const { key, ...props } = selectProps;
  const ids = useFieldIds({ id: props.id, errors, description });
  const { controlProps } = ids;
  const normalized = options.map((option) => (typeof option === "string" ? { value: option, label: option } : option));
  const saved = typeof props.defaultValue === "string" ? props.defaultValue : undefined;
  if (saved && !normalized.some((option) => option.value === saved)) normalized.push({ value: saved, label: saved });
  return (
    <FieldFrame ids={ids} label={label} required={markedRequired(props, required)} description={description} errors={errors} className={className}>
      <select key={key} className={`mt-1 ${controlClass}`} {...props} {...controlProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {normalized.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle; the toggle appears once JavaScript runs. */
export function PasswordField({ label, inputProps, errors, description, className, required }: FieldChrome & { inputProps: WithKey<React.InputHTMLAttributes<HTMLInputElement>> }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key, ...props } = inputProps;
  const ids = useFieldIds({ id: props.id, errors, description });
  const { controlProps } = ids;
  const name = typeof label === "string" ? label.toLowerCase() : "password";
  return (
    <FieldFrame ids={ids} label={label} required={markedRequired(props, required)} description={description} errors={errors} className={className}>
      <div className="relative mt-1">
        <input key={key} className={`${controlClass} pr-16`} {...props} {...controlProps} type={visible ? "text" : "password"} />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
            aria-label={visible ? `Hide ${name}` : `Show ${name}`}
            aria-pressed={visible}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

/** One checkbox with its label beside it (an agreement, an on/off setting). */
export function CheckboxField({ label, inputProps, errors, description, className }: FieldChrome & { inputProps: WithKey<React.InputHTMLAttributes<HTMLInputElement>> }) {
  const { key, ...props } = inputProps;
  const { id, errorId, descriptionId, controlProps } = useFieldIds({ id: props.id, errors, description });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input key={key} className="mt-0.5 h-4 w-4 flex-none accent-brand-600" {...props} {...controlProps} type="checkbox" />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {description ? <FieldDescription id={descriptionId}>{description}</FieldDescription> : null}
        </div>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A group of radio buttons or checkboxes under one legend, each option a card that shows when it
 * is chosen. The fieldset is described by its errors.
 */
export function ChoiceField({
  type,
  label,
  name,
  options,
  defaultValue,
  errors,
  description,
  required,
  autoFocus,
  columns = 1,
  className,
}: FieldChrome & {
  type: "radio" | "checkbox";
  name: string;
  options: readonly SelectOption[];
  defaultValue?: string | readonly string[];
  autoFocus?: boolean;
  columns?: 1 | 2;
}) {
  // The group's accessible description is its error alone: the hint ("Select all that apply.")
  // is read with the legend's group as visible text, and would otherwise precede every error.
  const { errorId, controlProps } = useFieldIds({ errors });
  const selected = defaultValue === undefined ? [] : typeof defaultValue === "string" ? [defaultValue] : defaultValue;
  return (
    <fieldset className={className} aria-describedby={controlProps["aria-describedby"]} aria-invalid={controlProps["aria-invalid"]}>
      <FieldLabel as="legend" required={required}>
        {label}
      </FieldLabel>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <div className={`mt-2 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((option, index) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-800 hover:border-brand-200 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
            >
              <input
                type={type}
                name={name}
                value={value}
                defaultChecked={selected.includes(value)}
                autoFocus={autoFocus && index === 0}
                className="mt-0.5 h-4 w-4 accent-brand-600"
              />
              <span>{text}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
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
