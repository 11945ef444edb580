import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
import { withServiceOnlyAnswersCleared } from "~/lib/questionnaire/fields";
import { questionnaireSubmitSchema, type QuestionnaireSubmission } from "~/lib/schemas/questionnaire";
import {
  CHOICE_FIELDS,
  deleteResponseForUser,
  getResponseSummaryByUserId,
  LIST_FIELDS,
  TEXT_FIELDS,
  upsertResponseForUser,
  type QuestionnaireAnswers,
} from "~/models/questionnaire-response.server";
import { deleteSessionsOfUser } from "~/models/session.server";
import { deleteUser, updateUserDetails, type UserRecord } from "~/models/user.server";
import { registerAccount } from "~/services/auth/accounts.server";
import { fieldErrorsOf, validationError } from "~/services/domain-error";
import { hasCompletedOnboarding } from "~/services/onboarding.server";
import { discardDraft, type DraftOwner } from "~/services/questionnaire/drafts.server";

/**
 * The questionnaire's end: every answer checked, the account created, the answers stored, the
 * user signed in and the draft discarded, as one step that is undone should any part fail.
 */

/** The stored response: the answers the visitor's path asked for. */
function responseAnswers(value: QuestionnaireSubmission): Partial<QuestionnaireAnswers> {
  let answers: Partial<QuestionnaireAnswers> = {};
  for (const field of CHOICE_FIELDS) {
    const answer = value[field];
    if (typeof answer === "string") answers[field] = answer;
  }
  for (const field of TEXT_FIELDS) {
    const answer = value[field];
    if (typeof answer === "string") answers[field] = answer;
  }
  for (const field of LIST_FIELDS) answers[field] = [...value[field]];
  answers = withServiceOnlyAnswersCleared(answers);
  // AI Quick Pass researches this website; it is the company's website as well.
  if (value.completionMethod === "ai" && !answers.companyWebsite && value.researchWebsiteUrl) {
    answers.companyWebsite = value.researchWebsiteUrl;
  }
  return answers;
}

/** Checks a whole submission: a validation error with a message per field (the first as the message) when it fails. */
export function validateSubmission(input: unknown): QuestionnaireSubmission {
  const parsed = questionnaireSubmitSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors = fieldErrorsOf(parsed.error);
  throw validationError(Object.values(fieldErrors)[0] ?? QUESTIONNAIRE_MESSAGES.fillRequired, fieldErrors);
}

/**
 * Undoes a submission that failed after its account was created. MongoDB gives no transaction
 * across the user, the response and the session here (no feature may depend on
 * multi-document transactions), so the steps run in an order that can be taken back: the
 * account first (its unique email is the one check that can refuse the visitor), then the
 * response and the user's details, then the session; should any later step fail, everything made
 * for the new account is deleted again and the visitor can simply submit once more with the same
 * email, their draft untouched. Without this, a retry would meet 'email taken' for an account
 * whose answers were never saved.
 */
async function undoAccount(userId: string) {
  const steps: Array<[string, () => Promise<unknown>]> = [
    ["sessions", () => deleteSessionsOfUser(userId)],
    ["questionnaire response", () => deleteResponseForUser(userId)],
    ["user", () => deleteUser(userId)],
  ];
  for (const [what, run] of steps) {
    try {
      await run();
    } catch (error) {
      console.error(`Could not undo the ${what} of a failed questionnaire submission (user ${userId})`, error);
    }
  }
}

export interface SubmitQuestionnaireInput<S> {
  /** The draft this submission completes (read before the new session exists); discarded on success. */
  draftOwner: DraftOwner | null;
  input: unknown;
  /**
   * Starts the new user's session (the route's part: it owns cookies). It runs inside the
   * submission, so a failure to sign in undoes the account like any other failure.
   */
  signIn: (userId: string) => Promise<S>;
}

/**
 * `POST /api/questionnaire/submit` and the questionnaire's last step: validates every answer (in
 * full unless the method is AI), creates the account, stores the answers and the user's
 * completion method, website and company, signs the user in and discards the draft. Throws a
 * validation DomainError (a message per field) for bad answers and a conflict on the email field
 * when the email is already registered, having written nothing; unexpected failures are thrown
 * after whatever was written is undone.
 */
export async function submitQuestionnaire<S>({ draftOwner, input, signIn }: SubmitQuestionnaireInput<S>): Promise<{ user: UserRecord; session: S }> {
  const value = validateSubmission(input);
  let user = await registerAccount({
    firstName: value.firstName,
    lastName: value.lastName,
    companyName: value.companyName,
    email: value.email,
    password: value.password,
  });

  let session: S;
  try {
    await upsertResponseForUser(user.id, responseAnswers(value));
    const updated = await updateUserDetails({
      id: user.id,
      companyName: value.companyName,
      completionMethod: value.completionMethod,
      researchWebsiteUrl: value.completionMethod === "ai" ? (value.researchWebsiteUrl ?? "") : "",
    });
    if (!updated) throw new Error("The new account disappeared before its answers were saved");
    user = updated;
    session = await signIn(user.id);
  } catch (error) {
    await undoAccount(user.id);
    throw error;
  }

  await discardDraft(draftOwner);
  return { user, session };
}

/**
 * The questionnaire creates an account, so a signed-in user has no use for it: whether they
 * already have business answers to edit (else they are sent to the onboarding wizard).
 */
export async function hasBusinessProfile(userId: string): Promise<boolean> {
  return hasCompletedOnboarding(await getResponseSummaryByUserId(userId));
}
