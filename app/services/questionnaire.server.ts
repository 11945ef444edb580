import { createCookie, type Cookie } from "@remix-run/node";
import { z } from "zod";

import { QUESTIONNAIRE_MESSAGES } from "~/lib/questionnaire/messages";
import { withServiceOnlyAnswersCleared } from "~/lib/questionnaire/fields";
import {
  ACCOUNT_STEP,
  isQuestionnaireStep,
  questionnairePath,
  type QuestionnaireStep,
} from "~/lib/questionnaire/navigation";
import {
  questionnaireDraftSchema,
  questionnaireStepSchemas,
  questionnaireSubmitSchema,
  waitlistSchema,
  type QuestionnaireDraft,
  type QuestionnaireSubmission,
} from "~/lib/schemas/questionnaire";
import { deleteDraft, DRAFT_TTL_DAYS, getDraft, saveDraft, type DraftAnswers, type DraftOwner } from "~/models/questionnaire-draft.server";
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
import { addToWaitlist } from "~/models/waitlist.server";
import { fieldErrorsOf, isDomainError } from "~/services/domain-error";
import { registerAccount } from "~/services/auth/accounts.server";
import { getUserId } from "~/services/auth/auth.server";
import { startUserSession } from "~/services/auth/session.server";
import { getSessionSecret, isProduction } from "~/services/secret.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * The public questionnaire's server side: drafts, the final submission (account + answers) and the
 * B2B waitlist. The page (`/questionnaire`) and its `/api` twins call these same functions.
 */

/** The spec's messages, re-exported for server code. */
export const MESSAGES = QUESTIONNAIRE_MESSAGES;

// ---------------------------------------------------------------------------------------------
// The draft cookie

const DRAFT_COOKIE = "fm_questionnaire";
const DRAFT_ID_LENGTH = 32; // 24 random bytes in base64url

let cookie: Cookie | undefined;

/** Holds only the draft's random id, signed; the answers stay in the database. */
export function draftCookie() {
  cookie ??= createCookie(DRAFT_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(),
    secrets: [getSessionSecret()],
    maxAge: DRAFT_TTL_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

async function draftIdOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await draftCookie().parse(header);
  return typeof value === "string" && value.length === DRAFT_ID_LENGTH ? value : null;
}

function clearDraftCookie() {
  return draftCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Whose draft this request reads and writes: a signed-in user's is keyed by the user id, a
 * visitor's by the id in the cookie (none yet: null).
 */
async function draftOwnerOf(request: Request): Promise<DraftOwner | null> {
  const userId = await getUserId(request);
  if (userId) return { userId };
  const draftId = await draftIdOf(request);
  return draftId ? { draftId } : null;
}

// ---------------------------------------------------------------------------------------------
// Signed-in visitors

/**
 * The questionnaire creates an account, so a signed-in user has no use for it: their answers
 * are edited on the Onboarding Questions page, or first given in the onboarding wizard
 * (docs/decisions/006). Null for a visitor.
 */
export async function signedInRedirect(request: Request): Promise<Response | null> {
  const userId = await getUserId(request);
  if (!userId) return null;
  const profile = await getResponseSummaryByUserId(userId);
  return profile?.companyName
    ? redirectWithToast("/onboarding/answers", {
        title: "You're already signed in",
        description: "Your business answers are on your Onboarding Questions page, ready to edit.",
      })
    : redirectWithToast("/onboarding", {
        title: "You're already signed in",
        description: "Complete your business profile in the onboarding wizard.",
      });
}

// ---------------------------------------------------------------------------------------------
// Drafts

export interface LoadedDraft {
  answers: QuestionnaireDraft;
  step: QuestionnaireStep;
}

/** Drops empty answers, so that a draft holds only what was actually answered. */
function compact(answers: QuestionnaireDraft): DraftAnswers {
  const result: DraftAnswers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) result[key] = [...value];
    } else if (typeof value === "string" && value !== "") {
      result[key] = value;
    }
  }
  return result;
}

/**
 * Stored answers are read back through the draft schema, so that whatever a draft holds (an
 * answer a later release no longer offers, say) can never reach a form or a save unchecked:
 * an answer that fails is dropped, the rest are kept.
 */
function readAnswers(stored: DraftAnswers): QuestionnaireDraft {
  const parsed = questionnaireDraftSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !bad.has(key)));
  return questionnaireDraftSchema.safeParse(kept).data ?? questionnaireDraftSchema.parse({});
}

export const EMPTY_DRAFT = { answers: {}, step: 1 } as const;

/** The answers so far and the step to resume at; a visitor without a draft starts empty at step 1. */
export async function loadDraft(request: Request): Promise<LoadedDraft> {
  const owner = await draftOwnerOf(request);
  const draft = owner ? await getDraft(owner) : null;
  if (!draft) return { answers: questionnaireDraftSchema.parse({}), step: 1 };
  return { answers: readAnswers(draft.answers), step: isQuestionnaireStep(draft.step) ? draft.step : 1 };
}

/** The draft as `GET /api/questionnaire/draft` shows it: only the answers given, and the step. */
export async function draftPayload(request: Request): Promise<{ answers: DraftAnswers; step: QuestionnaireStep }> {
  const { answers, step } = await loadDraft(request);
  return { answers: compact(answers), step };
}

const stepSchema = z
  .number({ error: "The step must be a number from 1 to 9" })
  .int({ error: "The step must be a number from 1 to 9" })
  .refine(isQuestionnaireStep, { error: "The step must be one of 1 to 7, or 9" });

/**
 * `POST /api/questionnaire/draft` and every page step: the answers so far (only the draft
 * schema's fields: anything else, the password above all, is dropped) and the step to resume at.
 * The answers may come wrapped (`{ answers, step }`) or as the body itself (`{ ...answers, step }`).
 */
export const draftInputSchema = z.preprocess(
  (body) => {
    if (typeof body !== "object" || body === null || Array.isArray(body) || "answers" in body) return body;
    const { step, ...answers } = body as Record<string, unknown>;
    return { answers, step };
  },
  z.object({
    answers: questionnaireDraftSchema,
    step: stepSchema.optional(),
  }),
);
export type DraftInput = z.infer<typeof draftInputSchema>;

/**
 * Replaces the draft of this request's visitor or user. Returns what was stored and, for a
 * visitor, the Set-Cookie that carries (and renews) the draft id.
 */
export async function saveQuestionnaireDraft(
  request: Request,
  input: { answers: unknown; step?: number },
): Promise<{ answers: DraftAnswers; step: QuestionnaireStep; setCookie: string | null }> {
  // Parsed again here, whoever the caller: only draft fields are ever stored, never a password.
  const answers = compact(questionnaireDraftSchema.parse(input.answers));
  const owner = await draftOwnerOf(request);
  const previous = input.step === undefined && owner ? await getDraft(owner) : null;
  const wanted = input.step ?? previous?.step ?? 1;
  const step: QuestionnaireStep = isQuestionnaireStep(wanted) ? wanted : 1;
  const saved = await saveDraft(owner, { answers, step });
  const setCookie = owner && "userId" in owner ? null : await draftCookie().serialize(saved.id);
  return { answers: saved.answers, step, setCookie };
}

/** Removes this request's draft; for a visitor, the Set-Cookie that clears the cookie too. */
async function discardDraft(request: Request, owner: DraftOwner | null): Promise<string | null> {
  try {
    if (owner) await deleteDraft(owner);
  } catch (error) {
    // The work is done; a leftover draft only waits for its TTL.
    console.error("Could not delete a questionnaire draft", error);
  }
  return (await draftIdOf(request)) ? clearDraftCookie() : null;
}

// ---------------------------------------------------------------------------------------------
// Steps

/** The fields each step asks for, straight from its schema. */
export function fieldsOfStep(step: QuestionnaireStep): string[] {
  return Object.keys(questionnaireStepSchemas[step].shape);
}

/**
 * The draft after a step: the step's own fields replaced by what was posted (an answer emptied on
 * the step is emptied in the draft), everything else kept. The password never enters a draft.
 */
export function mergeStep(answers: QuestionnaireDraft, step: QuestionnaireStep, values: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...answers };
  for (const field of fieldsOfStep(step)) {
    if (field === "password") continue;
    if (values[field] === undefined) delete merged[field];
    else merged[field] = values[field];
  }
  return merged;
}

/** The first step on the visitor's path that holds one of these problem fields (else the account step). */
export function firstIncompleteStep(answers: { businessType?: string | null; completionMethod?: string | null }, errorFields: string[]): QuestionnaireStep {
  const fields = new Set(errorFields.map((key) => key.split(".")[0]));
  for (const step of questionnairePath(answers)) {
    if (fieldsOfStep(step).some((field) => fields.has(field))) return step;
  }
  return fields.has("businessType") ? 1 : ACCOUNT_STEP;
}

// ---------------------------------------------------------------------------------------------
// Submission: the account and the answers

export type SubmitResult =
  | { ok: true; user: UserRecord; setCookies: string[] }
  | { ok: false; status: 422; message: string; errors: Record<string, string> }
  | { ok: false; status: 409; message: string; errors: Record<string, string> };

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
  // Step 2 is asked of B2C Service/Retail only.
  answers = withServiceOnlyAnswersCleared(answers);
  // AI Quick Pass researches this website; it is the company's website as well.
  if (value.completionMethod === "ai" && !answers.companyWebsite && value.researchWebsiteUrl) {
    answers.companyWebsite = value.researchWebsiteUrl;
  }
  return answers;
}

/**
 * Undoes a submission that failed after its account was created. MongoDB gives no transaction
 * across the user, the response and the session here (architecture §3: no feature may depend on
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

/**
 * `POST /api/questionnaire/submit` and the questionnaire's last step: validates every answer (in
 * full unless the method is AI), creates the account, stores the answers and the user's
 * completion method, website and company, signs the user in and discards the draft. An email
 * already registered is a 409 on the email field, and nothing is written. Unexpected failures
 * throw, after undoing whatever was written.
 */
export async function submitQuestionnaire(request: Request, input: unknown): Promise<SubmitResult> {
  const parsed = questionnaireSubmitSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return { ok: false, status: 422, message: Object.values(errors)[0] ?? MESSAGES.fillRequired, errors };
  }
  const value = parsed.data;
  // Read before the new session exists: the draft belongs to whoever sent this request.
  const owner = await draftOwnerOf(request);

  let user: UserRecord;
  try {
    user = await registerAccount({
      firstName: value.firstName,
      lastName: value.lastName,
      companyName: value.companyName,
      email: value.email,
      password: value.password,
    });
  } catch (error) {
    if (isDomainError(error) && error.fieldErrors?.email) {
      return { ok: false, status: 409, message: error.message, errors: { email: error.message } };
    }
    throw error;
  }

  let sessionCookie: string;
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
    ({ setCookie: sessionCookie } = await startUserSession(user.id, request));
  } catch (error) {
    await undoAccount(user.id);
    throw error;
  }

  const clearDraft = await discardDraft(request, owner);
  return { ok: true, user, setCookies: clearDraft ? [sessionCookie, clearDraft] : [sessionCookie] };
}

// ---------------------------------------------------------------------------------------------
// The B2B waitlist

export type WaitlistResult =
  | { ok: true; created: boolean; setCookies: string[] }
  | { ok: false; status: 422; message: string; errors: Record<string, string> };

/**
 * `POST /api/waitlist/submit` and step 9: one entry per email. A second sign-up with the same
 * email changes nothing and is thanked all the same (and answered the same, so the response
 * does not tell whether an address is on the list). The visitor's draft is done with.
 */
export async function joinWaitlist(request: Request, input: unknown): Promise<WaitlistResult> {
  const parsed = waitlistSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return { ok: false, status: 422, message: Object.values(errors)[0] ?? MESSAGES.fillRequired, errors };
  }
  const owner = await draftOwnerOf(request);
  const { created } = await addToWaitlist(parsed.data);
  const clearDraft = await discardDraft(request, owner);
  return { ok: true, created, setCookies: clearDraft ? [clearDraft] : [] };
}
