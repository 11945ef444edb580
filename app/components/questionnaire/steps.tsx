import { getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useId } from "react";

import { ErrorList, Field, PasswordField, RequiredMark, type ListOfErrors } from "~/components/ui/field";
import { ChoiceQuestion, TextInputField, TextQuestion } from "~/components/questions";
import { maxLengthFor } from "~/lib/limits";
import { CHOICE_LABELS } from "~/lib/questionnaire/questions";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS, questionnaireStepSchemas, WEBSITE_EXAMPLE_HOST } from "~/lib/schemas/questionnaire";

import { firstErrorField, listOf, StepForm, textOf, useStepForm, type StepProps } from "./step-form";

/** The steps of the public questionnaire: 1 to 7, and 9 for the B2B waitlist. */

/** A question by its conform field: its name, its errors, and the focus when it is the first refused one. */
function ask<N extends string>(fields: Record<N, { errors?: string[] }>, name: N, focus: string | null) {
  return { field: name, errors: fields[name].errors, autoFocus: focus === name };
}

type ContactField = "companyName" | "firstName" | "lastName" | "email";

/** The input props of a required contact answer (the account step and the waitlist share them). */
function contactInput(
  field: Parameters<typeof getInputProps>[0],
  value: unknown,
  { autoComplete, type, autoFocus }: { autoComplete: string; type: "text" | "email"; autoFocus: boolean },
) {
  return {
    ...getInputProps(field, { type }),
    defaultValue: textOf(value) ?? "",
    autoComplete,
    autoFocus,
    maxLength: maxLengthFor(field.name),
    "aria-required": true as const,
  };
}

export function BusinessStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(1, questionnaireStepSchemas[1], props);
  const focus = firstErrorField(props.lastResult, ["businessType", "industry"]);
  return (
    <StepForm
      shell={shell}
      step={1}
      title="Tell us about your business"
      description="Two quick choices shape everything that follows: the questions we ask and the flows we recommend."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
      onPathChange={props.onPathChange}
    >
      <ChoiceQuestion {...ask(fields, "businessType", focus)} display="radio" defaultValue={textOf(values.businessType)} required />
      <ChoiceQuestion {...ask(fields, "industry", focus)} defaultValue={textOf(values.industry)} placeholder="Select your industry..." required />
    </StepForm>
  );
}

export function ServiceStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(2, questionnaireStepSchemas[2], props);
  const focus = firstErrorField(props.lastResult, ["bookingTimeline", "customerFrequency", "demandSeasonality", "purchaseDecisionTimeline"]);
  return (
    <StepForm
      shell={shell}
      step={2}
      title="Your service business"
      description="How your customers book, how often they come back and how they decide. Tick every option that applies."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
    >
      <ChoiceQuestion {...ask(fields, "bookingTimeline", focus)} defaultValue={listOf(values.bookingTimeline)} required />
      <ChoiceQuestion {...ask(fields, "customerFrequency", focus)} defaultValue={listOf(values.customerFrequency)} columns={2} required />
      <ChoiceQuestion {...ask(fields, "demandSeasonality", focus)} defaultValue={listOf(values.demandSeasonality)} required />
      <ChoiceQuestion {...ask(fields, "purchaseDecisionTimeline", focus)} defaultValue={textOf(values.purchaseDecisionTimeline)} required />
    </StepForm>
  );
}

export function AssessmentStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(3, questionnaireStepSchemas[3], props);
  const focus = firstErrorField(props.lastResult, ["communicationChannels", "serviceInnovation", "upsellOpportunities"]);
  return (
    <StepForm
      shell={shell}
      step={3}
      title="Communication and business assessment"
      description="How you reach customers today, and where your growth opportunities are."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
    >
      <ChoiceQuestion {...ask(fields, "communicationChannels", focus)} defaultValue={textOf(values.communicationChannels)} required />
      <ChoiceQuestion {...ask(fields, "serviceInnovation", focus)} defaultValue={textOf(values.serviceInnovation)} required />
      <ChoiceQuestion {...ask(fields, "upsellOpportunities", focus)} defaultValue={textOf(values.upsellOpportunities)} required />
    </StepForm>
  );
}

const METHODS = [
  {
    value: "manual",
    title: "Manual",
    time: "About 10 minutes",
    detail: "Answer 20 detailed questions about your company, audience and onboarding.",
  },
  {
    value: "ai",
    title: "AI Quick Pass",
    time: "About 2 minutes",
    detail: "We research your website and fill in the answers for you to review.",
  },
] as const;

function MethodChoice({ name, defaultValue, errors, autoFocus }: { name: string; defaultValue?: string; errors?: ListOfErrors; autoFocus?: boolean }) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {CHOICE_LABELS.completionMethod}
        <RequiredMark />
      </legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {METHODS.map((method, index) => (
          <label
            key={method.value}
            className="flex cursor-pointer flex-col rounded-xl border-2 border-slate-200 bg-white p-4 transition-colors hover:border-brand-200 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name={name}
                value={method.value}
                defaultChecked={defaultValue === method.value}
                autoFocus={autoFocus && index === 0}
                className="h-4 w-4 accent-brand-600 focus-visible:outline-none"
              />
              <span className="text-base font-semibold text-slate-900">{method.title}</span>
              <span className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-700 ring-1 ring-brand-200">{method.time}</span>
            </span>
            <span className="mt-2 pl-7 text-sm text-slate-600">{method.detail}</span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function MethodStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(4, questionnaireStepSchemas[4], props);
  const focus = firstErrorField(props.lastResult, ["completionMethod", "researchWebsiteUrl"]);
  const website = fields.researchWebsiteUrl;
  return (
    <StepForm
      shell={shell}
      step={4}
      title="Choose how to complete your assessment"
      description="Answer the questions yourself, or let AI Quick Pass research your website and draft the answers."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
      onPathChange={props.onPathChange}
    >
      {/* The website field shows once AI Quick Pass is chosen: plain CSS, so it works without JavaScript too. */}
      <div className="group space-y-6">
        <MethodChoice
          name={fields.completionMethod.name}
          errors={fields.completionMethod.errors}
          defaultValue={textOf(values.completionMethod)}
          autoFocus={focus === "completionMethod"}
        />
        <div className="hidden group-has-[input[value=ai]:checked]:block">
          <TextInputField
            label={CHOICE_LABELS.researchWebsiteUrl}
            name={website.name}
            errors={website.errors}
            hint="AI Quick Pass reads your public website to draft your answers."
            required
            defaultValue={textOf(values.researchWebsiteUrl)}
            inputMode="url"
            autoComplete="url"
            placeholder={WEBSITE_EXAMPLE_HOST}
            autoFocus={focus === "researchWebsiteUrl"}
          />
        </div>
      </div>
    </StepForm>
  );
}

export function CompanyStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(5, questionnaireStepSchemas[5], props);
  const focus = firstErrorField(props.lastResult, GENERAL_FIELDS);
  return (
    <StepForm
      shell={shell}
      step={5}
      title="Your company and audience"
      description="What you sell, who buys it and how. Plain sentences are perfect: these answers shape the voice and content of your flows."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
    >
      {GENERAL_FIELDS.map((name) => (
        <TextQuestion key={name} {...ask(fields, name, focus)} defaultValue={textOf(values[name])} required websiteInput="text" />
      ))}
    </StepForm>
  );
}

export function NurtureStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(6, questionnaireStepSchemas[6], props);
  const focus = firstErrorField(props.lastResult, [...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS]);
  const leadNurtureOpen = LEAD_NURTURE_FIELDS.some((name) => textOf(values[name]) || fields[name].errors?.length);
  return (
    <StepForm
      shell={shell}
      step={6}
      title="Onboarding and lead nurture"
      description="How new customers get started with you, and how leads become customers."
      submitLabel="Next"
      pendingLabel="Saving..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
    >
      <section aria-labelledby="onboarding-questions" className="space-y-6">
        <h2 id="onboarding-questions" className="text-lg font-semibold text-slate-900">
          Onboarding
        </h2>
        {ONBOARDING_FIELDS.map((name) => (
          <TextQuestion key={name} {...ask(fields, name, focus)} defaultValue={textOf(values[name])} required websiteInput="text" />
        ))}
      </section>
      <details open={leadNurtureOpen} className="group/details rounded-xl border border-slate-200 bg-slate-50/60 p-4 open:bg-white">
        <summary className="cursor-pointer list-none text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center justify-between gap-3">
            <span>
              Lead nurture <span className="text-sm font-normal text-slate-600">(optional)</span>
            </span>
            <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open/details:rotate-180" aria-hidden="true">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <span className="mt-1 block text-sm font-normal text-slate-600">
            Nine questions about turning leads into customers. Answer them now or later on your Onboarding Questions page.
          </span>
        </summary>
        <div className="mt-6 space-y-6">
          {LEAD_NURTURE_FIELDS.map((name) => (
            <TextQuestion key={name} {...ask(fields, name, focus)} defaultValue={textOf(values[name])} websiteInput="text" />
          ))}
        </div>
      </details>
    </StepForm>
  );
}

export function AccountStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(7, questionnaireStepSchemas[7], props);
  const focus = firstErrorField(props.lastResult, ["companyName", "firstName", "lastName", "email", "password"]);
  const text = (name: ContactField, autoComplete: string, type: "text" | "email" = "text") =>
    contactInput(fields[name], values[name], { autoComplete, type, autoFocus: focus === name });
  return (
    <StepForm
      shell={shell}
      step={7}
      title="Create your account"
      description="Last step: your account keeps your assessment and opens your dashboard. All fields are required."
      submitLabel="Create Account"
      pendingLabel="Creating account..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
      footer={
        <p className="text-center text-sm text-slate-600">
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </p>
      }
    >
      <Field label="Company name" inputProps={text("companyName", "organization")} errors={fields.companyName.errors} />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name" inputProps={text("firstName", "given-name")} errors={fields.firstName.errors} />
        <Field label="Last name" inputProps={text("lastName", "family-name")} errors={fields.lastName.errors} />
      </div>
      <Field label="Email" inputProps={text("email", "email", "email")} errors={fields.email.errors} />
      <PasswordField
        label="Password"
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          defaultValue: "",
          autoComplete: "new-password",
          autoFocus: focus === "password",
          "aria-required": true,
        }}
        errors={fields.password.errors}
        description="At least 8 characters."
      />
    </StepForm>
  );
}

export function WaitlistStep(props: StepProps) {
  const { fields, values, shell } = useStepForm(9, questionnaireStepSchemas[9], props);
  const focus = firstErrorField(props.lastResult, ["firstName", "lastName", "email", "companyName", "businessType", "industry"]);
  const text = (name: ContactField, autoComplete: string, type: "text" | "email" = "text") =>
    contactInput(fields[name], values[name], { autoComplete, type, autoFocus: focus === name });
  return (
    <StepForm
      shell={shell}
      step={9}
      title="Join the B2B waitlist"
      description={<>Flowmap is built for B2C businesses today. Leave your details and we&apos;ll let you know as soon as we support B2B businesses. All fields are required.</>}
      submitLabel="Join Waitlist"
      pendingLabel="Joining..."
      hasBack={props.hasBack}
      formMessage={props.formMessage}
      formTitle={props.formTitle}
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name" inputProps={text("firstName", "given-name")} errors={fields.firstName.errors} />
        <Field label="Last name" inputProps={text("lastName", "family-name")} errors={fields.lastName.errors} />
      </div>
      <Field label="Email" inputProps={text("email", "email", "email")} errors={fields.email.errors} />
      <Field label="Company name" inputProps={text("companyName", "organization")} errors={fields.companyName.errors} />
      <div className="grid gap-6 sm:grid-cols-2">
        <ChoiceQuestion {...ask(fields, "businessType", focus)} defaultValue={textOf(values.businessType)} placeholder="Select..." required />
        <ChoiceQuestion {...ask(fields, "industry", focus)} defaultValue={textOf(values.industry)} placeholder="Select your industry..." required />
      </div>
    </StepForm>
  );
}
