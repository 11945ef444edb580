import * as z from "zod/mini";

import { parseForm } from "~/lib/forms/parse";
import { fullQuestionnaireSchema, WIZARD_STEPS, wizardStepErrors, type WizardStep } from "~/lib/schemas/questionnaire";

import { wizardStepShows } from "./answer-fields";

/** The wizard's buttons: one form, the pressed button's `intent` says what to do. */
export const WIZARD_INTENT = { next: "next", previous: "previous", complete: "complete" } as const;

export const STEP_INVALID = { title: "Validation Error", description: "Please fill in all required fields before proceeding." } as const;
export const SUBMIT_INVALID = { title: "Validation Error", description: "Please fill in all required fields before submitting." } as const;

export function parseStep(value: unknown): WizardStep | null {
  const step = Number(value);
  return WIZARD_STEPS.find((n) => n === step) ?? null;
}

const anyAnswers = z.record(z.string(), z.unknown());

/** Next (and typing after a refused Next): this step's fields, checked with the full rules. */
function stepSchema(step: WizardStep) {
  return anyAnswers.check(
    z.superRefine((value, ctx) => {
      for (const [path, message] of Object.entries(wizardStepErrors(step, value))) ctx.addIssue({ code: "custom", path: [path], message });
    }),
  );
}

/**
 * The browser's check before a wizard post: Previous is never held back; Next and Complete
 * check the fields on screen (Complete's full check of every step runs on the server, which
 * sends the user to the first step with a problem).
 */
export function validateWizardForm(formData: FormData, step: WizardStep) {
  const intent = formData.get("intent");
  return parseForm(formData, { schema: intent === WIZARD_INTENT.previous ? anyAnswers : stepSchema(step) });
}

/** A submission to build replies from, without checking anything. */
export function unchecked(formData: FormData) {
  return parseForm(formData, { schema: anyAnswers });
}

/** Complete Onboarding: every step's problems, and the first step that has one. */
export function completeErrors(values: unknown, businessType: string): { step: WizardStep; errors: Record<string, string[]> } | null {
  const result = fullQuestionnaireSchema.safeParse(values);
  if (result.success) return null;
  const all: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    (all[key] ??= []).push(issue.message);
  }
  for (const step of WIZARD_STEPS) {
    const shown = wizardStepShows(step, businessType);
    const errors = Object.fromEntries(Object.entries(all).filter(([key]) => (shown as readonly string[]).includes(key)));
    if (Object.keys(errors).length) return { step, errors };
  }
  // A problem with no field on any step (cannot happen with the current schema): report it on the last step.
  return { step: 5, errors: { "": Object.values(all).flat() } };
}

/** `{ field: message }` as conform's `{ field: [message] }`. */
export function asFieldErrors(errors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]]));
}
