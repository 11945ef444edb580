import { ChoiceQuestion, TextInputField, TextQuestion, type ChoiceQuestionField } from "~/components/questions";
import { ANSWERS_PAGE_INDUSTRIES, CHANNELS_REQUIRED_FOR, isServiceRetail } from "~/lib/questionnaire/options";
import { CHOICE_LABELS, type QuestionField } from "~/lib/questionnaire/questions";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "~/lib/schemas/questionnaire";

import { listValue, firstValue, type AnswerField } from "./answer-fields";

/** What each control needs from conform: its starting value and its errors. */
export interface AnswerFieldState {
  initialValue: unknown;
  errors?: string[];
}

const SERVICE_ONLY: readonly ChoiceQuestionField[] = ["bookingTimeline", "customerFrequency", "purchaseDecisionTimeline", "demandSeasonality"];
const GENERAL: readonly QuestionField[] = [...GENERAL_FIELDS.slice(0, 3), "businessOperationDescription", ...GENERAL_FIELDS.slice(3)];

/** Every field of the page in the order it is shown, for finding the first one with a problem. */
export const ANSWERS_PAGE_ORDER: readonly AnswerField[] = [
  "companyName",
  "businessType",
  "industry",
  ...SERVICE_ONLY,
  "communicationChannels",
  "conversionGoal",
  "serviceInnovation",
  "upsellOpportunities",
  ...GENERAL,
  ...ONBOARDING_FIELDS,
  ...LEAD_NURTURE_FIELDS,
];

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5 space-y-6">{children}</div>
    </section>
  );
}

/**
 * The sections of the Onboarding Questions page. Which of Service Business Details and
 * Communication & Goals shows follows the business type: live with JavaScript, after saving
 * without. The service-only answers stay in the page while hidden, disabled so they are not
 * posted, and come back if the type is switched back before saving.
 */
export function AnswersSections({
  field,
  businessType,
  firstError,
}: {
  field: (name: AnswerField) => AnswerFieldState;
  businessType: string;
  firstError: AnswerField | undefined;
}) {
  const service = isServiceRetail(businessType);
  const props = (name: AnswerField) => ({ errors: field(name).errors, autoFocus: name === firstError });
  const choice = (name: ChoiceQuestionField, required = false) => {
    const initial = field(name).initialValue;
    const list = name === "bookingTimeline" || name === "customerFrequency" || name === "demandSeasonality";
    return <ChoiceQuestion key={name} {...props(name)} field={name} required={required} defaultValue={list ? listValue(initial) : firstValue(initial)} />;
  };
  const text = (name: QuestionField) => <TextQuestion key={name} {...props(name)} field={name} defaultValue={firstValue(field(name).initialValue)} autoComplete="off" />;

  return (
    <>
      <Section id="basic-information" title="Basic Information">
        <TextInputField
          {...props("companyName")}
          name="companyName"
          label={CHOICE_LABELS.companyName}
          required
          defaultValue={firstValue(field("companyName").initialValue)}
          autoComplete="organization"
        />
        {choice("businessType", true)}
        <ChoiceQuestion {...props("industry")} field="industry" required options={ANSWERS_PAGE_INDUSTRIES} defaultValue={firstValue(field("industry").initialValue)} />
      </Section>

      <Section
        id="business-details"
        title={service ? "Service Business Details" : "Communication & Goals"}
        description={service ? "How your customers book, return and decide." : "How you reach customers and what you want them to do."}
      >
        <fieldset disabled={!service} hidden={!service} className="space-y-6" data-testid="service-details">
          <legend className="sr-only">Service details</legend>
          {SERVICE_ONLY.map((name) => choice(name, true))}
        </fieldset>
        {choice("communicationChannels", (CHANNELS_REQUIRED_FOR as readonly string[]).includes(businessType))}
        {choice("conversionGoal")}
      </Section>

      <Section id="business-assessment" title="Business Assessment">
        {choice("serviceInnovation")}
        {choice("upsellOpportunities")}
      </Section>

      <Section id="general-information" title="General Business Information">
        {GENERAL.map(text)}
      </Section>

      <Section id="onboarding-strategy" title="Onboarding Strategy Questions">
        {ONBOARDING_FIELDS.map(text)}
      </Section>

      <Section id="lead-nurture" title="Lead Nurture Questions">
        {LEAD_NURTURE_FIELDS.map(text)}
      </Section>
    </>
  );
}
