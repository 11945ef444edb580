import { ChoiceQuestion, isTextQuestion, TextInputField, TextQuestion } from "~/components/questions";
import { CHANNELS_REQUIRED_FOR } from "~/lib/questionnaire/options";
import { CHOICE_LABELS } from "~/lib/questionnaire/questions";
import { WIZARD_STEP_FIELDS, type WizardStep } from "~/lib/schemas/questionnaire";

import { LIST_ANSWER_FIELDS, SINGLE_ANSWER_FIELDS, wizardStepShows, type AnswerField, type OnboardingValues } from "./answer-fields";

const ALL_FIELDS: readonly AnswerField[] = [...SINGLE_ANSWER_FIELDS, ...LIST_ANSWER_FIELDS];

/** Which of a step's fields the full rules may require (the asterisk); the server decides in the end. */
function isRequired(field: AnswerField, step: WizardStep, businessType: string) {
  if (step !== 2) return (WIZARD_STEP_FIELDS[step] as readonly string[]).includes(field);
  if (field === "communicationChannels") return (CHANNELS_REQUIRED_FOR as readonly string[]).includes(businessType);
  if (field === "conversionGoal") return false;
  return true;
}

/**
 * The fields of one wizard step, plus every other answer as hidden inputs: each post carries
 * the whole questionnaire, so no answer is lost between steps, with or without JavaScript.
 */
export function WizardStepFields({
  step,
  values,
  errors,
  needed = [],
}: {
  step: WizardStep;
  values: OnboardingValues;
  errors: Record<string, string[] | undefined>;
  /** Answers a saved profile still lacks: marked, so they stand out among those already given. */
  needed?: readonly string[];
}) {
  const shown = wizardStepShows(step, values.businessType);
  const hidden = ALL_FIELDS.filter((field) => !shown.includes(field));
  const firstError = shown.find((field) => errors[field]?.length);
  const common = (field: AnswerField) => ({
    errors: errors[field],
    required: isRequired(field, step, values.businessType),
    autoFocus: field === firstError,
  });

  return (
    <div className="space-y-6">
      <HiddenAnswers values={values} fields={hidden} />
      {shown.map((field) => {
        const question =
          field === "companyName" ? (
            <TextInputField {...common(field)} name={field} label={CHOICE_LABELS.companyName} defaultValue={values.companyName} autoComplete="organization" />
          ) : isTextQuestion(field) ? (
            <TextQuestion {...common(field)} field={field} defaultValue={values[field]} autoComplete="off" />
          ) : (
            <ChoiceQuestion {...common(field)} field={field} defaultValue={values[field]} />
          );
        if (!needed.includes(field)) return <div key={field}>{question}</div>;
        return (
          <div key={field} data-needed="true" className="rounded-r-lg border-l-4 border-amber-400 bg-amber-50/60 py-2 pl-3 pr-2">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-amber-800">Still needed</p>
            {question}
          </div>
        );
      })}
    </div>
  );
}

/** Hidden inputs carrying answers that are not on screen, so a form post keeps them (works without JavaScript). */
function HiddenAnswers({ values, fields }: { values: Record<string, string | string[]>; fields: readonly string[] }) {
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
