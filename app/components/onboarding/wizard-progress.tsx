import { WIZARD_STEPS, type WizardStep } from "~/lib/schemas/questionnaire";

/**
 * The wizard's five dots. The text 'Step 2 of 5' is what screen readers and everyone
 * else read; each dot also names its step and whether it is done.
 */
export function WizardProgress({ step, titles }: { step: WizardStep; titles: Record<WizardStep, string> }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm font-medium text-slate-700" data-testid="wizard-step">
        Step {step} of {WIZARD_STEPS.length}
      </p>
      <ol className="flex items-center gap-2" aria-label="Onboarding progress">
        {WIZARD_STEPS.map((n) => {
          const state = n < step ? "completed" : n === step ? "current" : "upcoming";
          return (
            <li key={n} aria-current={n === step ? "step" : undefined} data-state={state} className="flex items-center">
              <span
                aria-hidden="true"
                className={`block h-3 w-3 rounded-full ${state === "completed" ? "bg-brand-600" : state === "current" ? "bg-brand-600 ring-4 ring-brand-200" : "bg-slate-300"}`}
              />
              <span className="sr-only">
                Step {n}: {titles[n]} ({state})
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
