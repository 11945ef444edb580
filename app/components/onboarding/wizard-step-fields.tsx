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
export function WizardStepFields({ step, values, errors }: { step: WizardStep; values: OnboardingValues; errors: Record<string, string[] | undefined> }) {
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
        if (field === "companyName") {
          return <TextInputField key={field} {...common(field)} name={field} label={CHOICE_LABELS.companyName} defaultValue={values.companyName} autoComplete="organization" />;
        }
        if (isTextQuestion(field)) return <TextQuestion key={field} {...common(field)} field={field} defaultValue={values[field]} autoComplete="off" />;
        return <ChoiceQuestion key={field} {...common(field)} field={field} defaultValue={values[field]} />;
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
