import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { answersFromForm, SINGLE_ANSWER_FIELDS, LIST_ANSWER_FIELDS, wizardStepTitle, WIZARD_STEP_REASONS, WIZARD_STEP_TITLES } from "~/components/onboarding/answer-fields";
import { WizardStepFields } from "~/components/onboarding/wizard-step-fields";
import { WizardProgress } from "~/components/onboarding/wizard-progress";
import { asFieldErrors, completeErrors, parseStep, STEP_INVALID, SUBMIT_INVALID, unchecked, validateWizardForm, WIZARD_INTENT } from "~/components/onboarding/wizard-validation";
import { StatusButton } from "~/components/ui/button";
import { useToast } from "~/components/ui/toaster";
import { wizardStepErrors, type WizardStep } from "~/lib/schemas/questionnaire";
import { requireUser } from "~/web/auth/auth.server";
import { readForm } from "~/web/forms.server";
import { clearWizardProgress, getWizardState, saveOnboarding, saveWizardProgress } from "~/services/onboarding.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Onboarding | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const requested = parseStep(new URL(request.url).searchParams.get("step"));
  const state = await getWizardState(user, requested);
  const { values, hasProfile } = state;
  // Without a step in the address, go to the step's own address, so the browser's history holds
  // one entry per step and Back walks through them: where the user left off, or, for a saved
  // profile, the first step that still needs an answer.
  if (!requested) throw redirect(stepUrl(state.resumed || !hasProfile ? (parseStep(state.step) ?? 1) : (completeErrors(values, values.businessType)?.step ?? 1)));
  const step = parseStep(state.step) ?? 1;
  // A saved profile: the answers this step still needs are marked, with why they are asked.
  const needed = hasProfile ? Object.keys(wizardStepErrors(step, values)) : [];
  return { values, step, hasProfile, needed };
}

/** Each step has its own address, so reload, Back and a shared tab land on the same step. */
function stepUrl(step: WizardStep) {
  return `/onboarding?step=${step}`;
}

const SAVE_FAILED = "Failed to save your answers. Please try again.";

/**
 * One form for all five steps. Each post carries every answer (the other steps' as hidden
 * inputs). A step that passes is kept as the user's wizard draft on the server and the browser
 * is sent to the next step's address (post, redirect, get): a reload never re-sends a form, and
 * Back, a reload or a second tab find the answers again. See docs/decisions/007-onboarding-api.md.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const step = parseStep(form.get("step"));
  if (!step) return data({ message: "Unknown step. Please reload the page and try again." }, { status: 400 });
  const values = answersFromForm(form);
  const submission = unchecked(form);

  switch (intent) {
    case WIZARD_INTENT.previous: {
      const previous = parseStep(step - 1) ?? step;
      await saveWizardProgress(user.id, values, previous);
      return redirect(stepUrl(previous));
    }

    case WIZARD_INTENT.next: {
      if (step === 5) return data({ message: "This is the last step: use Complete Onboarding." }, { status: 400 });
      const errors = wizardStepErrors(step, values);
      if (Object.keys(errors).length) {
        return data({ step, values, result: submission.reply({ fieldErrors: asFieldErrors(errors) }), toast: STEP_INVALID }, { status: 422 });
      }
      const next = parseStep(step + 1) ?? step;
      await saveWizardProgress(user.id, values, next);
      return redirect(stepUrl(next));
    }

    case WIZARD_INTENT.complete: {
      if (step !== 5) return data({ message: "Complete Onboarding is on the last step." }, { status: 400 });
      const problems = completeErrors(values, values.businessType);
      if (problems) {
        return data({ step: problems.step, values, result: submission.reply({ fieldErrors: problems.errors }), toast: SUBMIT_INVALID }, { status: 422 });
      }
      let created: boolean;
      try {
        ({ created } = await saveOnboarding(user.id, values, { validation: "full" }));
      } catch (error) {
        console.error(error);
        return data({ step, values, result: null, toast: { title: "Error", description: SAVE_FAILED } }, { status: 500 });
      }
      await clearWizardProgress(user.id);
      // POST when no saved questionnaire with a company name existed, else PUT.
      return redirectWithToast("/dashboard", {
        title: "Success",
        description: created ? "Onboarding completed successfully!" : "Profile updated successfully!",
        variant: "success",
      });
    }

    default:
      return data({ message: "Unknown action. Please reload the page and try again." }, { status: 400 });
  }
}

export default function OnboardingWizard() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const wizard = actionData && "step" in actionData ? actionData : null;
  const step: WizardStep = wizard?.step ?? parseStep(loaderData.step) ?? 1;
  const values = wizard?.values ?? loaderData.values;
  // The step-2 title follows the business type as it is chosen, before any post.
  const [liveBusinessType, setLiveBusinessType] = useState<{ step: WizardStep; value: string } | null>(null);
  const businessType = liveBusinessType?.step === step ? liveBusinessType.value : values.businessType;
  const serverMessage = actionData && "toast" in actionData ? actionData.toast : null;
  const requestError = actionData && "message" in actionData ? actionData.message : null;

  const { toast } = useToast();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const completing = busyIntent === WIZARD_INTENT.complete;

  const [form, fields] = useForm({
    id: "onboarding-wizard",
    lastResult: wizard?.result,
    onValidate: ({ formData }) => validateWizardForm(formData, step),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // The server's verdict (a step refused there, a failed save) as a toast; the form shows it too.
  useEffect(() => {
    if (serverMessage) toast({ ...serverMessage, variant: "destructive" });
    else if (requestError) toast({ title: "Error", description: requestError, variant: "destructive" });
  }, [actionData, serverMessage, requestError, toast]);

  // A new step takes focus to its heading, so keyboard and screen-reader users start at the top of it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasErrorsRef = useRef(false);
  hasErrorsRef.current = wizard?.result?.status === "error";
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // After a refused Complete the first field with a problem has the focus instead.
    if (!hasErrorsRef.current) headingRef.current?.focus();
  }, [step]);

  const errors: Record<string, string[] | undefined> = {};
  for (const name of [...SINGLE_ANSWER_FIELDS, ...LIST_ANSWER_FIELDS]) errors[name] = fields[name]?.errors;
  const titles = { ...WIZARD_STEP_TITLES, 2: wizardStepTitle(2, businessType) };
  const title = titles[step];
  const formProps = getFormProps(form);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{loaderData.hasProfile ? "Update your business profile" : "Complete your business profile"}</h1>
        <p className="mt-1 text-sm text-slate-600">Five short steps. Your answers shape your benchmarks and AI-generated flows.</p>
      </div>

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Conform holds the post back when the fields on screen fail. (It also validates while
          // typing through submit events of its own, which carry no `intent` button: no toast then.)
          const intent = submittedIntent(event);
          if (event.defaultPrevented && (intent === WIZARD_INTENT.next || intent === WIZARD_INTENT.complete)) {
            toast({ ...(intent === WIZARD_INTENT.complete ? SUBMIT_INVALID : STEP_INVALID), variant: "destructive" });
          }
        }}
        onChange={(event) => {
          const target = event.target as HTMLInputElement | HTMLSelectElement;
          if (target.name === "businessType") setLiveBusinessType({ step, value: target.value });
        }}
        noValidate
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-labelledby="wizard-step-heading"
      >
        <WizardProgress step={step} titles={titles} />
        <input type="hidden" name="step" value={step} />

        <div>
          <h2 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
        </div>

        {serverMessage || requestError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{serverMessage?.title ?? "Error"}</p>
            <p className="mt-0.5">{serverMessage?.description ?? requestError}</p>
          </div>
        ) : null}

        {loaderData.hasProfile ? <ProfileNotice needed={step === loaderData.step ? loaderData.needed : []} step={step} /> : null}

        {/* Keyed by step: a step's fields start from the answers carried so far. */}
        <WizardStepFields key={step} step={step} values={values} errors={errors} needed={step === loaderData.step ? loaderData.needed : []} />

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row-reverse sm:justify-between">
          {/* The first button in the form is what Enter presses: always the way forward. */}
          {step < 5 ? (
            <WizardButton intent={WIZARD_INTENT.next} busy={busyIntent === WIZARD_INTENT.next} disabled={busyIntent != null} primary>
              Next Step
            </WizardButton>
          ) : (
            <WizardButton intent={WIZARD_INTENT.complete} busy={completing} disabled={busyIntent != null} primary>
              {completing ? "Saving..." : "Complete Onboarding"}
            </WizardButton>
          )}
          {step > 1 ? (
            <WizardButton intent={WIZARD_INTENT.previous} busy={busyIntent === WIZARD_INTENT.previous} disabled={busyIntent != null}>
              Previous
            </WizardButton>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

/**
 * For a saved profile: flows can already be generated (the wizard never stands in the way), and
 * what this step still needs, with why it is asked.
 */
function ProfileNotice({ needed, step }: { needed: readonly string[]; step: WizardStep }) {
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800" data-testid="wizard-profile-notice">
      {needed.length > 0 ? (
        <p>
          <span className="font-semibold">{needed.length === 1 ? "1 answer on this step is still needed" : `${needed.length} answers on this step are still needed`}</span> (marked
          below): {WIZARD_STEP_REASONS[step]}
        </p>
      ) : null}
      <p>
        Your saved profile is already enough to generate flows: you can{" "}
        <Link to="/flow-mappings" className="font-medium text-brand-700 underline">
          generate them now on Flow Mappings
        </Link>{" "}
        and finish these answers later.
      </p>
    </div>
  );
}

/** The `intent` of the button that submitted the form, if a button did. */
function submittedIntent(event: React.FormEvent<HTMLFormElement>) {
  const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
  return submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
}

function WizardButton({ intent, busy, disabled, primary = false, children }: { intent: string; busy: boolean; disabled: boolean; primary?: boolean; children: React.ReactNode }) {
  // While any step is being sent every button is aria-disabled (not `disabled`: a disabled button
  // would drop its intent from a post already under way); the one that was pressed spins.
  return (
    <StatusButton
      intent={intent}
      status={busy ? "pending" : "idle"}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) event.preventDefault();
      }}
      variant={primary ? "primary" : "secondary"}
    >
      {children}
    </StatusButton>
  );
}
