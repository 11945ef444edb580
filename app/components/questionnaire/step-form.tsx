import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type * as z from "zod/mini";

import { HoneypotField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import { parseForm } from "~/lib/forms/parse";
import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
import type { PathAnswers, QuestionnaireStep } from "~/lib/questionnaire/navigation";
import { refusedStepDescription, type QuestionnaireDraft } from "~/lib/schemas/questionnaire";

export const VALIDATION_TOAST = {
  title: QUESTIONNAIRE_MESSAGES.validationTitle,
  description: QUESTIONNAIRE_MESSAGES.fillRequired,
  variant: "destructive",
} as const;

/** What every step is given: the answers so far (the form's defaults) and the server's last reply. */
export interface StepProps {
  answers: QuestionnaireDraft;
  lastResult?: SubmissionResult<string[]> | null;
  /** A message about the whole step from the server, shown above the fields (it works without JavaScript). */
  formMessage?: string | null;
  formTitle?: string | null;
  /** Told when an answer that decides the path (business type, completion method) changes. */
  onPathChange?: (answers: PathAnswers) => void;
  hasBack: boolean;
}

/**
 * One step's form, validated on the client with the step's schema (the server runs the same
 * schema again). The form is an ordinary post: without JavaScript the server validates, saves the
 * draft and redirects to the next step.
 */
export function useStepForm<S extends z.ZodMiniObject>(step: QuestionnaireStep, schema: S, { answers, lastResult }: StepProps) {
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: `questionnaire-step-${step}`,
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  // What the controls start with: what was just posted when the server refused it (so nothing
  // typed is lost without JavaScript), else the answers saved so far.
  const values: Record<string, unknown> = lastResult?.initialValue ?? answers;
  // The toast of a refused post says whether something is missing or something given needs correcting.
  const refusedToast = (formData: FormData) => {
    const result = parseForm(formData, { schema });
    return { ...VALIDATION_TOAST, description: refusedStepDescription(result.status === "error" ? result.error : null) };
  };
  return { form, fields, values, shell: { formProps: getFormProps(form), errorId: form.errorId, errors: form.errors, refusedToast } };
}

/** The value conform holds for a field, as the plain controls take it. */
export function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
}

/** The first field, in the step's order, that the server refused: it gets the focus on load. */
export function firstErrorField(lastResult: StepProps["lastResult"], order: readonly string[]) {
  const error = lastResult?.error;
  if (!error) return null;
  return order.find((name) => error[name]?.length) ?? null;
}

const PATH_FIELDS = new Set(["businessType", "completionMethod"]);

export function StepForm({
  shell: { formProps, errorId, errors, refusedToast },
  step,
  title,
  description,
  submitLabel,
  pendingLabel,
  hasBack,
  formMessage,
  formTitle,
  onPathChange,
  footer,
  children,
}: {
  shell: {
    formProps: ReturnType<typeof getFormProps>;
    errorId: string;
    errors?: string[];
    refusedToast: (formData: FormData) => { title: string; description: string; variant: "destructive" };
  };
  step: QuestionnaireStep;
  title: string;
  description: React.ReactNode;
  submitLabel: string;
  pendingLabel: string;
  hasBack: boolean;
  formMessage?: string | null;
  formTitle?: string | null;
  onPathChange?: StepProps["onPathChange"];
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { toast } = useToast();
  const titleId = `questionnaire-step-${step}-title`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const native = event.nativeEvent;
    const submitter = "submitter" in native && native.submitter instanceof HTMLElement ? native.submitter : null;
    // Back needs no validation: what is there is kept as it is.
    if (submitter?.getAttribute("value") === "back") return;
    formProps.onSubmit(event);
    if (event.defaultPrevented) toast(refusedToast(new FormData(event.currentTarget)));
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (!onPathChange || !(target instanceof HTMLInputElement) || !PATH_FIELDS.has(target.name) || !target.checked) return;
    onPathChange({ [target.name]: target.value });
  }

  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} onChange={onChange} aria-labelledby={titleId} className="space-y-6">
      <HoneypotField />
      <input type="hidden" name="step" value={step} />
      <div>
        <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <div className="mt-2 text-sm text-slate-600 sm:text-base">{description}</div>
      </div>
      <FormError id={errorId} title={formMessage ? formTitle : null} errors={formMessage ? [formMessage] : errors} />
      <div className="space-y-6">{children}</div>
      {/* Next comes first in the document, so Enter in a field moves forward, never back. */}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row-reverse sm:items-center sm:justify-between">
        <StatusButton intent="next" pendingLabel={pendingLabel} className="w-full sm:w-auto sm:min-w-36">
          {submitLabel}
        </StatusButton>
        {hasBack ? (
          <StatusButton intent="back" variant="secondary" pendingLabel="Going back..." className="w-full sm:w-auto">
            Back
          </StatusButton>
        ) : null}
      </div>
      {footer}
    </Form>
  );
}
