import { useId } from "react";

import { CheckboxGroupField, RadioGroupField, SelectField, TextAreaField } from "~/components/choice-fields";
import { ErrorList, type ListOfErrors } from "~/components/forms";
import {
  BOOKING_TIMELINES,
  BUSINESS_TYPES,
  COMMUNICATION_CHANNELS,
  CONVERSION_GOALS,
  CUSTOMER_FREQUENCIES,
  DEMAND_SEASONALITY,
  PURCHASE_DECISION_TIMELINES,
  SERVICE_INNOVATION,
  UPSELL_OPPORTUNITIES,
} from "~/lib/questionnaire/options";
import { CHOICE_LABELS, QUESTIONS, type QuestionField } from "~/lib/questionnaire/questions";
import { TEXT_ANSWER_MAX } from "~/lib/schemas/questionnaire";

import type { ChoiceQuestionField, ListAnswerField } from "./answer-fields";

/** Short answers get a one-line input; the rest a text area. */
const SHORT_ANSWERS = new Set<string>(["companyWebsite", "targetAudienceAge", "salesCycleLength"]);

export function TextField({
  label,
  name,
  errors,
  required,
  autoFocus,
  defaultValue,
  placeholder,
  type = "text",
  autoComplete,
}: {
  label: string;
  name: string;
  errors?: ListOfErrors;
  required?: boolean;
  autoFocus?: boolean;
  defaultValue?: string;
  placeholder?: string;
  type?: "text" | "url";
  autoComplete?: string;
}) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
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
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue ?? ""}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        aria-required={required || undefined}
        maxLength={TEXT_ANSWER_MAX}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export interface QuestionProps {
  errors?: ListOfErrors;
  required?: boolean;
  autoFocus?: boolean;
}

export function isTextQuestion(field: string): field is QuestionField {
  return Object.hasOwn(QUESTIONS, field);
}

/** One free-text question, worded as everywhere else (lib/questionnaire/questions). */
export function TextQuestion({ field, defaultValue, ...props }: QuestionProps & { field: QuestionField; defaultValue: string }) {
  const question = QUESTIONS[field];
  const placeholder = "placeholder" in question ? question.placeholder : undefined;
  if (SHORT_ANSWERS.has(field)) {
    return (
      <TextField
        {...props}
        label={question.label}
        name={field}
        defaultValue={defaultValue}
        placeholder={placeholder}
        type={field === "companyWebsite" ? "url" : "text"}
        autoComplete={field === "companyWebsite" ? "url" : "off"}
      />
    );
  }
  return <TextAreaField {...props} label={question.label} name={field} defaultValue={defaultValue} placeholder={placeholder} rows={3} />;
}

/** The choice questions shared by the wizard's step 2 and the answers page. */
export function ChoiceQuestion({
  field,
  defaultValue,
  ...props
}: QuestionProps & { field: ChoiceQuestionField; defaultValue: string | string[] }) {
  const single = typeof defaultValue === "string" ? defaultValue : (defaultValue[0] ?? "");
  const list = Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : [];
  const label = CHOICE_LABELS[field];
  switch (field) {
    case "businessType":
      return <SelectField {...props} label={label} name={field} options={BUSINESS_TYPES} defaultValue={single} placeholder="Select your business type" />;
    case "bookingTimeline":
    case "customerFrequency":
    case "demandSeasonality":
      return <CheckboxGroupField {...props} label={label} name={field} options={LIST_OPTIONS[field]} defaultValue={list} hint="Select all that apply." />;
    case "purchaseDecisionTimeline":
      return <RadioGroupField {...props} label={label} name={field} options={PURCHASE_DECISION_TIMELINES} defaultValue={single} columns={2} />;
    case "communicationChannels":
      return <RadioGroupField {...props} label={label} name={field} options={COMMUNICATION_CHANNELS} defaultValue={single} columns={2} />;
    case "conversionGoal":
      return <RadioGroupField {...props} label={label} name={field} options={CONVERSION_GOALS} defaultValue={single} columns={2} />;
    case "serviceInnovation":
      return <RadioGroupField {...props} label={label} name={field} options={SERVICE_INNOVATION} defaultValue={single} />;
    case "upsellOpportunities":
      return <RadioGroupField {...props} label={label} name={field} options={UPSELL_OPPORTUNITIES} defaultValue={single} />;
  }
}

const LIST_OPTIONS: Record<ListAnswerField, readonly string[]> = {
  bookingTimeline: BOOKING_TIMELINES,
  customerFrequency: CUSTOMER_FREQUENCIES,
  demandSeasonality: DEMAND_SEASONALITY,
};

/** Hidden inputs carrying answers that are not on screen, so a form post keeps them (works without JavaScript). */
export function HiddenAnswers({ values, fields }: { values: Record<string, string | string[]>; fields: readonly string[] }) {
  return (
    <>
      {fields.map((field) => {
        const value = values[field];
        if (Array.isArray(value)) return value.map((item) => <input key={`${field}:${item}`} type="hidden" name={field} value={item} />);
        return <input key={field} type="hidden" name={field} value={value ?? ""} />;
      })}
    </>
  );
}
