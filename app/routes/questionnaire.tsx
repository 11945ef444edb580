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
import { parseStepParam, previousStep, questionnaireProgress, type PathAnswers, type QuestionnaireStep } from "~/lib/questionnaire/navigation";
import { QUESTIONNAIRE_MESSAGES as MESSAGES } from "~/lib/questionnaire/messages";
import { questionnaireDraftSchema, questionnaireStepSchemas, refusedStepDescription, waitlistSchema } from "~/lib/schemas/questionnaire";
import type { ToastVariant } from "~/lib/toast";
import { getUserId } from "~/web/auth/auth.server";
import { claimRegistration } from "~/services/auth/rate-limit.server";
import { clientAddress } from "~/web/client.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { isDomainError, validationError, type DomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";
import { pageErrorReply, runForPage } from "~/web/page.server";
import { clearedDraftCookieHeader, draftCookieHeader, draftOwnerOf } from "~/web/draft-cookie.server";
import { loadDraft, saveQuestionnaireDraft, type DraftOwner, type SaveDraftOptions } from "~/services/questionnaire/drafts.server";
import { answerStep, firstIncompleteStep, leaveStep, mergeStep, stepBefore, type AnswerStep } from "~/services/questionnaire/steps.server";
import { hasBusinessProfile, submitQuestionnaire } from "~/services/questionnaire/submission.server";
import { joinWaitlist } from "~/services/questionnaire/waitlist.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [
  { title: "Free assessment | Flowmap" },
  { name: "description", content: "Answer a few questions about your business and get lifecycle email and SMS flows planned for you." },
];

// The page carries the visitor's answers: never kept by a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function questionnaireUrl(step: QuestionnaireStep) {
  return `/questionnaire?step=${step}`;
}

/**
 * The questionnaire creates an account, so a signed-in user has no use for it: their answers
 * are edited on the Onboarding Questions page, or first given in the onboarding wizard
 * (docs/decisions/006). Thrown as a redirect; nothing for a visitor.
 */
async function sendSignedInUsersOn(request: Request) {
  const userId = await getUserId(request);
  if (!userId) return;
  throw (await hasBusinessProfile(userId))
    ? await redirectWithToast("/onboarding/answers", {
        title: "You're already signed in",
        description: "Your business answers are on your Onboarding Questions page, ready to edit.",
      })
    : await redirectWithToast("/onboarding", {
        title: "You're already signed in",
        description: "Complete your business profile in the onboarding wizard.",
      });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await sendSignedInUsersOn(request);
  const draft = await loadDraft(await draftOwnerOf(request));
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
  // A refusal for answers that are there but wrong does not ask to fill anything in.
  const told = toast === VALIDATION ? { ...toast, description: refusedStepDescription(result.error) } : toast;
  return data({ step, result, toast: told }, { status, headers });
}

function failure(description: string): StepToast {
  return { title: "Error", description, variant: "destructive" };
}

/**
 * A service's DomainError as this page answers it: the field messages at the fields and a
 * destructive toast with the same status; a wrong or missing answer is told with the
 * questionnaire's own "fill in all required fields" toast.
 */
function stepErrorReply(
  error: DomainError,
  step: QuestionnaireStep,
  options: { submission: NonNullable<Parameters<typeof pageErrorReply>[1]>["submission"]; hideFields?: string[]; headers?: Headers },
) {
  const validation = error.kind === "validation";
  return pageErrorReply(
    validation
      ? validationError(refusedStepDescription(Object.fromEntries(Object.entries(error.fieldErrors ?? {}).map(([field, message]) => [field, [message]]))), error.fieldErrors)
      : error,
    {
      ...options,
      title: validation ? MESSAGES.validationTitle : undefined,
      extra: { step },
    },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await sendSignedInUsersOn(request);
  const step = parseStepParam(String(form.get("step") ?? ""));
  const intent = form.get("intent");
  const owner = await draftOwnerOf(request);
  // A visitor without a draft starts one: counted against the address's sign-up limit.
  const newDraft = { beforeNewVisitorDraft: () => claimRegistration(clientAddress(request), "draft") };
  switch (intent) {
    case "back":
      return goBack(form, step, owner, newDraft);
    case "next":
      if (step === 9) return waitlistStep(request, form, owner);
      if (step === 7) return accountStep(request, form, owner, newDraft);
      return nextFrom(form, step, owner, newDraft);
    default:
      throw new Response(JSON.stringify({ message: "Unknown form action." }), { status: 400, headers: { "Content-Type": "application/json" } });
  }
}

async function withDraftCookie(draftId: string | null, headers = new Headers()) {
  const setCookie = await draftCookieHeader(draftId);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return headers;
}

/** Steps 1 to 6: validate the step, keep it in the draft, go on. */
async function nextFrom(form: FormData, step: AnswerStep, owner: DraftOwner | null, newDraft: SaveDraftOptions) {
  const submission = parseForm(form, { schema: questionnaireStepSchemas[step] });
  if (submission.status !== "success") return reply(step, submission.reply(), VALIDATION, 422);
  try {
    const saved = await answerStep({ owner, step, input: submission.value, ...newDraft });
    return redirectWithToast(
      questionnaireUrl(saved.step),
      { title: MESSAGES.progressSaved, description: MESSAGES.progressSavedDescription, variant: "success" },
      { headers: await withDraftCookie(saved.draftId) },
    );
  } catch (error) {
    if (isDomainError(error)) return stepErrorReply(error, step, { submission });
    console.error("Could not save a questionnaire draft", error);
    return reply(step, submission.reply({ formErrors: [MESSAGES.saveFailed] }), failure(MESSAGES.saveFailed), 500);
  }
}

/** Back needs no valid answers: whatever is well formed on this step is kept, the rest left as it was. */
async function goBack(form: FormData, step: QuestionnaireStep, owner: DraftOwner | null, newDraft: SaveDraftOptions) {
  const loose = parseForm(form, { schema: questionnaireDraftSchema });
  try {
    const saved = await leaveStep({ owner, step, input: loose.status === "success" ? loose.value : null, ...newDraft });
    return redirect(questionnaireUrl(saved.step), { headers: await withDraftCookie(saved.draftId) });
  } catch (error) {
    // Too many new drafts from this address, or answers too long in all: said on this step.
    if (isDomainError(error)) return stepErrorReply(error, step, { submission: loose });
    console.error("Could not save a questionnaire draft", error);
    const previous = await stepBefore(owner, step).catch(() => 1 as const);
    return redirectWithToast(questionnaireUrl(previous), failure(MESSAGES.saveFailed));
  }
}

/** Step 7: create the account with every answer, sign in, on to the dashboard. */
async function accountStep(request: Request, form: FormData, owner: DraftOwner | null, newDraft: SaveDraftOptions) {
  const hideFields = ["password"];
  const submission = parseForm(form, { schema: questionnaireStepSchemas[7] });
  if (submission.status !== "success") return reply(7, submission.reply({ hideFields }), VALIDATION, 422);
  const { password, ...account } = submission.value;
  const draft = await loadDraft(owner);
  const answers = mergeStep(draft.answers, 7, account);

  /** Whatever goes wrong, the account details typed here stay in the draft with the rest. */
  async function keepInDraft(step: QuestionnaireStep) {
    try {
      return await withDraftCookie((await saveQuestionnaireDraft({ owner, input: { answers, step }, ...newDraft })).draftId);
    } catch (error) {
      // A draft refused by a limit is not a fault: the form still says what went wrong.
      if (!isDomainError(error)) console.error("Could not save a questionnaire draft", error);
      return new Headers();
    }
  }

  const refused = await runForPage(() => claimRegistration(clientAddress(request), "account"), { submission, hideFields, extra: { step: 7 } });
  if (!refused.ok) return refused.response;
  try {
    const { session } = await submitQuestionnaire({
      draftOwner: owner,
      input: { ...answers, password },
      signIn: async (userId) => (await startUserSession(userId, request)).setCookie,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", session);
    const clearDraft = await clearedDraftCookieHeader(request);
    if (clearDraft) headers.append("Set-Cookie", clearDraft);
    return redirectWithToast("/dashboard", { title: MESSAGES.success, description: MESSAGES.successDescription, variant: "success" }, { headers });
  } catch (error) {
    if (isDomainError(error) && error.kind === "validation") {
      // An answer of an earlier step is missing or wrong: back to the first such step.
      const errors = error.fieldErrors ?? {};
      const first = firstIncompleteStep(questionnaireDraftSchema.parse(answers), Object.keys(errors));
      const headers = await keepInDraft(first);
      if (first === 7) return stepErrorReply(error, 7, { submission, hideFields, headers });
      return redirectWithToast(questionnaireUrl(first), { title: MESSAGES.validationTitle, description: MESSAGES.previousStepsMissing, variant: "destructive" }, { headers });
    }
    if (isDomainError(error)) return stepErrorReply(error, 7, { submission, hideFields, headers: await keepInDraft(7) });
    console.error("Could not complete a questionnaire", error);
    const headers = await keepInDraft(7);
    return reply(7, submission.reply({ formErrors: [MESSAGES.submitFailed], hideFields }), failure(MESSAGES.submitFailed), 500, headers);
  }
}

/** Step 9: the B2B waitlist, then home. */
async function waitlistStep(request: Request, form: FormData, owner: DraftOwner | null) {
  const submission = parseForm(form, { schema: waitlistSchema });
  if (submission.status !== "success") return reply(9, submission.reply(), VALIDATION, 422);
  const refused = await runForPage(() => claimRegistration(clientAddress(request), "waitlist"), { submission, extra: { step: 9 } });
  if (!refused.ok) return refused.response;
  try {
    await joinWaitlist({ draftOwner: owner, input: submission.value });
    const headers = new Headers();
    const clearDraft = await clearedDraftCookieHeader(request);
    if (clearDraft) headers.append("Set-Cookie", clearDraft);
    return redirectWithToast("/", { title: MESSAGES.thankYou, description: MESSAGES.waitlistJoined, variant: "success" }, { headers });
  } catch (error) {
    if (isDomainError(error)) return stepErrorReply(error, 9, { submission });
    console.error("Could not add a waitlist entry", error);
    return reply(9, submission.reply({ formErrors: [MESSAGES.waitlistFailed] }), failure(MESSAGES.waitlistFailed), 500);
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
