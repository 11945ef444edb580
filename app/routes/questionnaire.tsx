import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { parseForm } from "~/lib/forms/parse";
import { QuestionnaireFrame } from "~/components/questionnaire/questionnaire-frame";
import type { StepProps } from "~/components/questionnaire/step-form";
import { AccountStep, AssessmentStep, BusinessStep, CompanyStep, MethodStep, NurtureStep, ServiceStep, WaitlistStep } from "~/components/questionnaire/steps";
import { useToast } from "~/components/ui/toaster";
import {
  nextStep,
  parseStepParam,
  previousStep,
  questionnaireProgress,
  type PathAnswers,
  type QuestionnaireStep,
} from "~/lib/questionnaire/navigation";
import { QUESTIONNAIRE_MESSAGES as MESSAGES } from "~/lib/questionnaire/messages";
import { questionnaireDraftSchema, questionnaireStepSchemas, waitlistSchema } from "~/lib/schemas/questionnaire";
import type { ToastVariant } from "~/lib/toast";
import { signUpRefusal } from "~/services/auth/rate-limit.server";
import { readForm } from "~/services/forms.server";
import {
  firstIncompleteStep,
  joinWaitlist,
  loadDraft,
  mergeStep,
  saveQuestionnaireDraft,
  signedInRedirect,
  submitQuestionnaire,
  type LoadedDraft,
} from "~/services/questionnaire.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [
  { title: "Free assessment | Flowmap" },
  { name: "description", content: "Answer a few questions about your business and get lifecycle email and SMS flows planned for you." },
];

// The page carries the visitor's answers: never kept by a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function questionnaireUrl(step: QuestionnaireStep) {
  return `/questionnaire?step=${step}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await signedInRedirect(request);
  if (signedIn) throw signedIn;
  const draft = await loadDraft(request);
  const params = new URL(request.url).searchParams;
  // `?step=` wins over the saved step; anything but 1 to 7 or 9 starts at 1.
  const step = params.has("step") ? parseStepParam(params.get("step")) : draft.step;
  return { step, answers: draft.answers };
}

interface StepToast {
  title: string;
  description: string;
  variant: ToastVariant;
}

const VALIDATION: StepToast = { title: MESSAGES.validationTitle, description: MESSAGES.fillRequired, variant: "destructive" };

function reply(step: QuestionnaireStep, result: SubmissionResult<string[]>, toast: StepToast, status: number, headers?: Headers) {
  return data({ step, result, toast }, { status, headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const signedIn = await signedInRedirect(request);
  if (signedIn) throw signedIn;
  const step = parseStepParam(String(form.get("step") ?? ""));
  const intent = form.get("intent");
  const draft = await loadDraft(request);
  switch (intent) {
    case "back":
      return goBack(request, form, step, draft);
    case "next":
      if (step === 9) return waitlistStep(request, form);
      if (step === 7) return accountStep(request, form, draft);
      return answerStep(request, form, step, draft);
    default:
      throw new Response(JSON.stringify({ message: "Unknown form action." }), { status: 400, headers: { "Content-Type": "application/json" } });
  }
}

function withCookie(setCookie: string | null, headers = new Headers()) {
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return headers;
}

/** Steps 1 to 6: validate the step, keep it in the draft, go on. */
async function answerStep(request: Request, form: FormData, step: Exclude<QuestionnaireStep, 7 | 9>, draft: LoadedDraft) {
  const submission = parseForm(form, { schema: questionnaireStepSchemas[step] });
  if (submission.status !== "success") return reply(step, submission.reply(), VALIDATION, 422);
  const answers = mergeStep(draft.answers, step, submission.value);
  const next = nextStep(step, questionnaireDraftSchema.parse(answers)) ?? 1;
  try {
    const { setCookie } = await saveQuestionnaireDraft(request, { answers, step: next });
    return redirectWithToast(
      questionnaireUrl(next),
      { title: MESSAGES.progressSaved, description: MESSAGES.progressSavedDescription, variant: "success" },
      { headers: withCookie(setCookie) },
    );
  } catch (error) {
    console.error("Could not save a questionnaire draft", error);
    return reply(step, submission.reply({ formErrors: [MESSAGES.saveFailed] }), { title: "Error", description: MESSAGES.saveFailed, variant: "destructive" }, 500);
  }
}

/** Back needs no valid answers: whatever is well formed on this step is kept, the rest left as it was. */
async function goBack(request: Request, form: FormData, step: QuestionnaireStep, draft: LoadedDraft) {
  const loose = parseForm(form, { schema: questionnaireDraftSchema });
  const answers = loose.status === "success" ? mergeStep(draft.answers, step, loose.value) : draft.answers;
  const previous = previousStep(step, questionnaireDraftSchema.parse(answers)) ?? 1;
  try {
    const { setCookie } = await saveQuestionnaireDraft(request, { answers, step: previous });
    return redirect(questionnaireUrl(previous), { headers: withCookie(setCookie) });
  } catch (error) {
    console.error("Could not save a questionnaire draft", error);
    return redirectWithToast(questionnaireUrl(previous), { title: "Error", description: MESSAGES.saveFailed, variant: "destructive" });
  }
}

/** Step 7: create the account with every answer, sign in, on to the dashboard. */
async function accountStep(request: Request, form: FormData, draft: LoadedDraft) {
  const hideFields = ["password"];
  const submission = parseForm(form, { schema: questionnaireStepSchemas[7] });
  if (submission.status !== "success") return reply(7, submission.reply({ hideFields }), VALIDATION, 422);
  const { password, ...account } = submission.value;
  const answers = mergeStep(draft.answers, 7, account);

  /** Whatever goes wrong, the account details typed here stay in the draft with the rest. */
  async function keepInDraft(step: QuestionnaireStep) {
    try {
      return withCookie((await saveQuestionnaireDraft(request, { answers, step })).setCookie);
    } catch (error) {
      console.error("Could not save a questionnaire draft", error);
      return new Headers();
    }
  }

  const refused = await signUpRefusal(request, "account");
  if (refused) {
    return reply(7, submission.reply({ formErrors: [refused.message], hideFields }), { title: "Error", description: refused.message, variant: "destructive" }, 429, refused.headers);
  }
  try {
    const result = await submitQuestionnaire(request, { ...answers, password });
    if (result.ok) {
      const headers = new Headers();
      for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
      return redirectWithToast(
        "/dashboard",
        { title: MESSAGES.success, description: MESSAGES.successDescription, variant: "success" },
        { headers },
      );
    }
    if (result.status === 409) {
      const headers = await keepInDraft(7);
      return reply(7, submission.reply({ fieldErrors: { email: [result.message] }, hideFields }), { title: "Error", description: result.message, variant: "destructive" }, 409, headers);
    }
    const first = firstIncompleteStep(questionnaireDraftSchema.parse(answers), Object.keys(result.errors));
    const headers = await keepInDraft(first);
    if (first === 7) {
      const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([key, message]) => [key, [message]]));
      return reply(7, submission.reply({ fieldErrors, hideFields }), VALIDATION, 422, headers);
    }
    return redirectWithToast(
      questionnaireUrl(first),
      { title: MESSAGES.validationTitle, description: MESSAGES.previousStepsMissing, variant: "destructive" },
      { headers },
    );
  } catch (error) {
    console.error("Could not complete a questionnaire", error);
    const headers = await keepInDraft(7);
    return reply(
      7,
      submission.reply({ formErrors: [MESSAGES.submitFailed], hideFields }),
      { title: "Error", description: MESSAGES.submitFailed, variant: "destructive" },
      500,
      headers,
    );
  }
}

/** Step 9: the B2B waitlist, then home. */
async function waitlistStep(request: Request, form: FormData) {
  const submission = parseForm(form, { schema: waitlistSchema });
  if (submission.status !== "success") return reply(9, submission.reply(), VALIDATION, 422);
  const refused = await signUpRefusal(request, "waitlist");
  if (refused) return reply(9, submission.reply({ formErrors: [refused.message] }), { title: "Error", description: refused.message, variant: "destructive" }, 429, refused.headers);
  try {
    const result = await joinWaitlist(request, submission.value);
    if (!result.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([key, message]) => [key, [message]]));
      return reply(9, submission.reply({ fieldErrors }), VALIDATION, 422);
    }
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return redirectWithToast("/", { title: MESSAGES.thankYou, description: MESSAGES.waitlistJoined, variant: "success" }, { headers });
  } catch (error) {
    console.error("Could not add a waitlist entry", error);
    return reply(
      9,
      submission.reply({ formErrors: [MESSAGES.waitlistFailed] }),
      { title: "Error", description: MESSAGES.waitlistFailed, variant: "destructive" },
      500,
    );
  }
}

const STEP_COMPONENTS: Record<QuestionnaireStep, (props: StepProps) => React.ReactElement> = {
  1: BusinessStep,
  2: ServiceStep,
  3: AssessmentStep,
  4: MethodStep,
  5: CompanyStep,
  6: NurtureStep,
  7: AccountStep,
  9: WaitlistStep,
};

export default function QuestionnaireRoute() {
  const { step, answers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { toast } = useToast();
  // A choice that changes the path (business type, completion method) updates the header at once.
  const [live, setLive] = useState<{ step: QuestionnaireStep; answers: PathAnswers } | null>(null);

  const result = actionData?.step === step ? actionData : undefined;
  useEffect(() => {
    if (result?.toast) toast(result.toast);
  }, [result, toast]);

  const pathAnswers: PathAnswers = { businessType: answers.businessType, completionMethod: answers.completionMethod, ...(live?.step === step ? live.answers : {}) };
  const progress = questionnaireProgress(step, pathAnswers);
  const Step = STEP_COMPONENTS[step];

  return (
    <QuestionnaireFrame progress={progress}>
      <Step
        key={step}
        answers={answers}
        lastResult={result?.result}
        formMessage={result?.toast.description}
        formTitle={result?.toast.title}
        hasBack={previousStep(step, answers) !== null}
        onPathChange={(changed) => setLive((current) => ({ step, answers: { ...(current?.step === step ? current.answers : {}), ...changed } }))}
      />
    </QuestionnaireFrame>
  );
}
