import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Await, Form, useActionData, useLoaderData, useNavigation, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense, useEffect, useMemo, useState } from "react";

import { parseForm } from "~/lib/forms/parse";
import { Button, StatusButton } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { firstValue, type AnswerField, type OnboardingValues } from "~/components/onboarding/answer-fields";
import { ANSWERS_PAGE_ORDER, AnswersSections } from "~/components/onboarding/answers-sections";
import { AnswersFormSkeleton } from "~/components/onboarding/skeletons";
import { useToast } from "~/components/ui/toaster";
import { BUSINESS_MODEL_INTENT, isBusinessModelReply } from "~/lib/business/model-choice";
import { BusinessModelSection } from "~/components/onboarding/business-model";
import { editAnswersSchema, type QuestionnaireAnswersInput } from "~/lib/schemas/questionnaire";
import { requireUser } from "~/web/auth/auth.server";
import { businessModelFormAction } from "~/web/business-model-form.server";
import { readForm } from "~/web/forms.server";
import { getOnboarding, getOnboardingFormValues, saveOnboarding } from "~/services/onboarding.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Onboarding Questions | Flowmap" }];

const FORM_ID = "onboarding-answers-form";
const PATH = "/onboarding/answers";

const ANSWERS_INTENT = { save: "save", reset: "reset" } as const;
const SAVE_INVALID = { title: "Validation Error", description: "Please fill in all required fields before submitting." } as const;
const RESET_TOASTS = {
  saved: { title: "Form Reset", description: "Form has been reset to last saved values" },
  defaults: { title: "Form Reset", description: "Form has been reset to default values" },
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { page: await getOnboardingFormValues(user) };
}

/**
 * With JavaScript, moving to this page shows it at once with skeletons where the answers go,
 * until the server's answer arrives. A first page load (and every load without JavaScript) is
 * rendered by the server with the answers in place.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { page: serverLoader<typeof loader>().then((loaded) => loaded.page) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case ANSWERS_INTENT.save: {
      const submission = parseForm(form, { schema: editAnswersSchema });
      if (submission.status !== "success") return data({ result: submission.reply(), toast: SAVE_INVALID }, { status: 422 });
      let created: boolean;
      try {
        ({ created } = await saveOnboarding(user.id, submission.value, { validation: "edit" }));
      } catch (error) {
        console.error(error);
        const message = "Failed to save your answers. Please try again.";
        return data({ result: submission.reply({ formErrors: [message] }), toast: { title: "Error", description: message } }, { status: 500 });
      }
      return redirectWithToast(PATH, {
        title: "Success",
        description: created ? "Onboarding answers saved successfully!" : "Onboarding answers updated successfully!",
        variant: "success",
      });
    }
    case BUSINESS_MODEL_INTENT:
      return businessModelFormAction({ userId: user.id, form, path: PATH });
    // Reset without JavaScript: reload the saved answers (with JavaScript the page resets itself).
    case ANSWERS_INTENT.reset: {
      const saved = await getOnboarding(user.id);
      return redirectWithToast(PATH, saved ? RESET_TOASTS.saved : RESET_TOASTS.defaults);
    }
    default:
      return data({ result: null, toast: { title: "Error", description: "Unknown action. Please reload the page and try again." } }, { status: 400 });
  }
}

type PageData = Awaited<ReturnType<typeof getOnboardingFormValues>>;

export default function OnboardingAnswersRoute() {
  const { page } = useLoaderData<typeof loader | typeof clientLoader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Suspense
        fallback={
          <>
            <AnswersHeader saving={false} loading />
            <AnswersFormSkeleton />
          </>
        }
      >
        <Await resolve={page}>{(loaded) => <AnswersEditor page={loaded} />}</Await>
      </Suspense>
    </div>
  );
}

function AnswersHeader({ saving, loading = false }: { saving: boolean; loading?: boolean }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm font-semibold text-brand-700">Edit Profile</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Onboarding Questions</h1>
        <p className="mt-1 text-sm text-slate-600">Review and update the answers behind your benchmarks and flows.</p>
      </div>
      {/* Outside the form, yet it submits it: the `form` attribute. */}
      <SaveButton saving={saving} disabled={loading} />
    </div>
  );
}

function SaveButton({ saving, disabled = false }: { saving: boolean; disabled?: boolean }) {
  return (
    <StatusButton form={FORM_ID} intent={ANSWERS_INTENT.save} status={saving ? "pending" : "idle"} disabled={disabled} pendingLabel="Saving...">
      Save Changes
    </StatusButton>
  );
}

/**
 * Holds what survives a reset: a reset draws the form afresh from the saved answers and sets
 * aside the last refused save, whose values and errors would otherwise come back.
 */
function AnswersEditor({ page }: { page: PageData }) {
  const replied = useActionData<typeof action>();
  // The business model's form has its own reply (components/onboarding/business-model.tsx).
  const actionData = replied && !isBusinessModelReply(replied) ? replied : undefined;
  const [reset, setReset] = useState<{ count: number; ignored: unknown }>({ count: 0, ignored: null });
  const result = actionData?.result && actionData.result !== reset.ignored ? actionData.result : undefined;
  // Drawn afresh when the saved answers change (a save), not when only the business model does:
  // correcting the model keeps the answers being edited.
  const saved = useMemo(() => (page.saved ? JSON.stringify(page.values) : "new"), [page.saved, page.values]);
  return (
    <AnswersForm
      key={`${saved}:${reset.count}`}
      page={page}
      lastResult={result}
      serverToast={actionData && actionData.result === result ? actionData.toast : undefined}
      onReset={() => setReset((current) => ({ count: current.count + 1, ignored: actionData?.result ?? null }))}
    />
  );
}

function AnswersForm({
  page,
  lastResult,
  serverToast,
  onReset,
}: {
  page: PageData;
  lastResult: SubmissionResult<string[]> | undefined;
  serverToast: { title: string; description: string } | undefined;
  onReset: () => void;
}) {
  const { toast } = useToast();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === ANSWERS_INTENT.save;

  const [form, fields] = useForm<OnboardingValues, QuestionnaireAnswersInput>({
    id: FORM_ID,
    lastResult,
    defaultValue: page.values,
    onValidate: ({ formData }) => parseForm(formData, { schema: editAnswersSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (serverToast) toast({ ...serverToast, variant: "destructive" });
  }, [serverToast, toast]);

  const fieldState = (name: AnswerField) => ({ initialValue: fields[name].initialValue, errors: fields[name].errors });
  const firstError = ANSWERS_PAGE_ORDER.find((name) => fields[name].errors?.length);
  // The live value: the sections follow the business type as it is picked.
  const businessType = firstValue(fields.businessType.value ?? fields.businessType.initialValue);
  const formProps = getFormProps(form);

  return (
    <>
      <AnswersHeader saving={saving} />
      {page.businessModel ? <BusinessModelSection view={page.businessModel} heading="h2" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" /> : null}
      <Form
        method="post"
        action={PATH}
        {...formProps}
        noValidate
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Refused in the browser (conform's own validation-while-typing submits carry no intent).
          const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
          const saving = submitter?.getAttribute("name") === "intent" && submitter.getAttribute("value") === ANSWERS_INTENT.save;
          if (event.defaultPrevented && saving) toast({ ...SAVE_INVALID, variant: "destructive" });
        }}
        className="space-y-6"
        aria-label="Onboarding answers"
      >
        <FormError id={form.errorId} title={serverToast?.title} errors={serverToast ? [serverToast.description] : form.errors} />
        <AnswersSections field={fieldState} businessType={businessType} firstError={firstError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            type="submit"
            name="intent"
            value={ANSWERS_INTENT.reset}
            formNoValidate
            onClick={(event) => {
              // With JavaScript the form resets in place; without, the server reloads the saved answers.
              event.preventDefault();
              onReset();
              toast(page.saved ? RESET_TOASTS.saved : RESET_TOASTS.defaults);
            }}
            variant="secondary"
          >
            Reset
          </Button>
          <SaveButton saving={saving} />
        </div>
      </Form>
    </>
  );
}
