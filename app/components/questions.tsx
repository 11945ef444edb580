import { ChoiceField, Field, SelectField, TextareaField, type ListOfErrors } from "~/components/ui/field";
import { maxLengthFor } from "~/lib/limits";
import type { CHOICE_FIELDS, SERVICE_LIST_FIELDS } from "~/lib/questionnaire/fields";
import {
  BOOKING_TIMELINES,
  BUSINESS_TYPES,
  COMMUNICATION_CHANNELS,
  CONVERSION_GOALS,
  CUSTOMER_FREQUENCIES,
  DEMAND_SEASONALITY,
  INDUSTRIES,
  PURCHASE_DECISION_TIMELINES,
  SERVICE_INNOVATION,
  UPSELL_OPPORTUNITIES,
} from "~/lib/questionnaire/options";
import { CHOICE_LABELS, QUESTIONS, type QuestionField } from "~/lib/questionnaire/questions";

/**
 * Questions by field name, for the public questionnaire, the onboarding wizard and the answers
 * page: a field's wording (lib/questionnaire/questions), its options (lib/questionnaire/options)
 * and its control come from here; what differs from form to form (required, the focus, columns,
 * placeholders) is a prop.
 */
export interface QuestionProps {
  errors?: ListOfErrors;
  required?: boolean;
  /** Focus this question when the page loads (the first one with an error). */
  autoFocus?: boolean;
}

interface ChoiceSpec {
  options: readonly string[];
  control: "select" | "radio" | "checkbox";
  columns?: 1 | 2;
  placeholder?: string;
}

/** Every answer chosen from a list: its options, and how it is asked unless a form says otherwise. */
const CHOICE_QUESTIONS = {
  businessType: { options: BUSINESS_TYPES, control: "select", columns: 2, placeholder: "Select your business type" },
  industry: { options: INDUSTRIES, control: "select", placeholder: "Select your industry" },
  bookingTimeline: { options: BOOKING_TIMELINES, control: "checkbox" },
  customerFrequency: { options: CUSTOMER_FREQUENCIES, control: "checkbox" },
  demandSeasonality: { options: DEMAND_SEASONALITY, control: "checkbox" },
  purchaseDecisionTimeline: { options: PURCHASE_DECISION_TIMELINES, control: "radio", columns: 2 },
  communicationChannels: { options: COMMUNICATION_CHANNELS, control: "radio", columns: 2 },
  conversionGoal: { options: CONVERSION_GOALS, control: "radio", columns: 2 },
  serviceInnovation: { options: SERVICE_INNOVATION, control: "radio" },
  upsellOpportunities: { options: UPSELL_OPPORTUNITIES, control: "radio" },
} as const satisfies Record<Exclude<(typeof CHOICE_FIELDS)[number], "companyName"> | (typeof SERVICE_LIST_FIELDS)[number], ChoiceSpec>;

export type ChoiceQuestionField = keyof typeof CHOICE_QUESTIONS;

/**
 * One question answered from a list: a select, a radio group or, for the multiple-choice answers,
 * a checkbox group. A single answer given as a list takes its first item.
 */
export function ChoiceQuestion({
  field,
  defaultValue,
  display,
  options,
  columns,
  placeholder,
  ...props
}: QuestionProps & {
  field: ChoiceQuestionField;
  defaultValue?: string | readonly string[];
  /** A single-choice question as a select or as radio buttons instead of its usual control. */
  display?: "select" | "radio";
  /** Another list than the usual one (the answers page's shorter list of industries). */
  options?: readonly string[];
  columns?: 1 | 2;
  /** A select's empty option. */
  placeholder?: string;
}) {
  const spec: ChoiceSpec = CHOICE_QUESTIONS[field];
  const label = CHOICE_LABELS[field];
  const choices = options ?? spec.options;
  const single = typeof defaultValue === "string" ? defaultValue : (defaultValue?.[0] ?? "");
  const list = typeof defaultValue === "string" ? (defaultValue ? [defaultValue] : []) : (defaultValue ?? []);
  const control = spec.control === "checkbox" ? "checkbox" : (display ?? spec.control);
  const { errors, required, autoFocus } = props;
  switch (control) {
    case "select":
      return (
        <SelectField
          label={label}
          errors={errors}
          required={required}
          options={choices}
          placeholder={placeholder ?? spec.placeholder ?? "Select..."}
          selectProps={{ name: field, defaultValue: single, autoFocus, "aria-required": required || undefined }}
        />
      );
    case "checkbox":
      return (
        <ChoiceField
          type="checkbox"
          label={label}
          name={field}
          errors={errors}
          required={required}
          autoFocus={autoFocus}
          options={choices}
          defaultValue={list}
          description="Select all that apply."
          columns={columns ?? spec.columns}
        />
      );
    case "radio":
      return (
        <ChoiceField
          type="radio"
          label={label}
          name={field}
          errors={errors}
          required={required}
          autoFocus={autoFocus}
          options={choices}
          defaultValue={single}
          columns={columns ?? spec.columns}
        />
      );
  }
}

/**
 * A one-line answer, labelled and tied to its hint and error like every other question; its
 * length limit is the field's own (lib/limits).
 */
export function TextInputField({
  label,
  name,
  errors,
  hint,
  required,
  autoFocus,
  defaultValue,
  placeholder,
  type = "text",
  inputMode,
  autoComplete,
}: QuestionProps & {
  label: string;
  name: string;
  hint?: string;
  defaultValue?: string;
  placeholder?: string;
  type?: "text" | "url";
  inputMode?: "url";
  autoComplete?: string;
}) {
  return (
    <Field
      label={label}
      errors={errors}
      description={hint}
      required={required}
      inputProps={{
        name,
        type,
        defaultValue: defaultValue ?? "",
        placeholder,
        inputMode,
        autoComplete,
        autoFocus,
        maxLength: maxLengthFor(name),
        "aria-required": required || undefined,
      }}
    />
  );
}

/** Short answers get a one-line input; the rest a text area. */
const ONE_LINE = new Set<QuestionField>(["companyWebsite", "targetAudienceAge", "salesCycleLength"]);

export function isTextQuestion(field: string): field is QuestionField {
  return Object.hasOwn(QUESTIONS, field);
}

/** One free-text question, worded as everywhere else (lib/questionnaire/questions). */
export function TextQuestion({
  field,
  defaultValue,
  websiteInput = "url",
  autoComplete,
  ...props
}: QuestionProps & {
  field: QuestionField;
  defaultValue?: string;
  /** The website answer as `type="url"`, or as a text input with the URL keyboard (`inputMode="url"`) that the browser does not check. */
  websiteInput?: "url" | "text";
  /** The autocomplete of the other one-line answers (the website's is always "url"). */
  autoComplete?: string;
}) {
  const question: { label: string; placeholder?: string } = QUESTIONS[field];
  if (ONE_LINE.has(field)) {
    const website = field === "companyWebsite";
    return (
      <TextInputField
        {...props}
        label={question.label}
        name={field}
        defaultValue={defaultValue}
        placeholder={question.placeholder}
        type={website && websiteInput === "url" ? "url" : "text"}
        inputMode={website && websiteInput === "text" ? "url" : undefined}
        autoComplete={website ? "url" : autoComplete}
      />
    );
  }
  return (
    <TextareaField
      label={question.label}
      errors={props.errors}
      required={props.required}
      textareaProps={{
        name: field,
        defaultValue: defaultValue ?? "",
        placeholder: question.placeholder,
        rows: 3,
        autoFocus: props.autoFocus,
        maxLength: maxLengthFor(field),
        "aria-required": props.required || undefined,
      }}
    />
  );
}
