import { describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

// The questionnaire services called with plain inputs: no Request, no cookie, no Response.
useEnv({ FLOWMAP_SCRYPT_LOG_N: "12", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { fullSubmission, LEAD_NURTURE_ANSWERS, STEP_ANSWERS, WAITLIST_ENTRY } = await import("./helpers");
const { DomainError } = await import("~/services/domain-error");
const { STEP_MESSAGE } = await import("~/lib/api/questionnaire-draft");
const { draftPayload, discardDraft, loadDraft, saveQuestionnaireDraft } = await import("~/services/questionnaire/drafts.server");
const { answerStep, firstIncompleteStep, leaveStep, mergeStep, stepBefore } = await import("~/services/questionnaire/steps.server");
const { hasBusinessProfile, submitQuestionnaire } = await import("~/services/questionnaire/submission.server");
const { joinWaitlist } = await import("~/services/questionnaire/waitlist.server");
const { QuestionnaireDraftModel, countDrafts, getDraft } = await import("~/models/questionnaire-draft.server");
const { getResponseByUserId, upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { SessionModel } = await import("~/models/session.server");
const { countUsers, getUserByEmail } = await import("~/models/user.server");
const { countWaitlist } = await import("~/models/waitlist.server");
const { EMAIL_TAKEN_MESSAGE } = await import("~/services/auth/accounts.server");
const { EMAIL_INVALID, NOT_AN_OPTION, PASSWORD_MIN_8, REQUIRED, SELECT_ONE, WEBSITE_REQUIRED, questionnaireDraftSchema } = await import("~/lib/schemas/questionnaire");

await useTestDatabase({ clearBeforeEach: true });

const FILL_REQUIRED = "Please fill in all required fields before continuing.";

/** The DomainError a call threw (fails the test if it threw something else or nothing). */
async function domainErrorOf(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

/** A sign-in stand-in that records whom it signed in: the route's part of a submission. */
function recordingSignIn() {
  const signedIn: string[] = [];
  return { signedIn, signIn: async (userId: string) => (signedIn.push(userId), `session-of-${userId}`) };
}

describe("drafts", () => {
  it("a visitor without a draft starts empty at step 1", async () => {
    expect(await draftPayload(null)).toEqual({ answers: {}, step: 1 });
    expect((await loadDraft({ draftId: "x".repeat(32) })).step).toBe(1);
  });

  it("a visitor's first save creates a draft and hands back its id; saving again under that id keeps one draft", async () => {
    const first = await saveQuestionnaireDraft({ owner: null, input: { answers: { businessType: "eCommerce", industry: "" }, step: 3 } });
    expect(first).toMatchObject({ answers: { businessType: "eCommerce" }, step: 3 });
    expect(first.draftId).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const owner = { draftId: first.draftId ?? "" };
    const second = await saveQuestionnaireDraft({ owner, input: { answers: { businessType: "Other" } } });
    // No step given: the draft keeps the one it had.
    expect(second).toEqual({ answers: { businessType: "Other" }, step: 3, draftId: first.draftId });
    expect(await countDrafts()).toBe(1);
    expect(await draftPayload(owner)).toEqual({ answers: { businessType: "Other" }, step: 3 });
  });

  it("a signed-in user's draft is keyed by the user and gives no draft id", async () => {
    const { user } = await createUser();
    const saved = await saveQuestionnaireDraft({ owner: { userId: user.id }, input: { answers: { industry: "Fitness" }, step: 2 } });
    expect(saved.draftId).toBeNull();
    expect(await getDraft({ userId: user.id })).toMatchObject({ answers: { industry: "Fitness" }, step: 2 });
  });

  it("never stores a password or an unknown field, and refuses a badly shaped answer with a field error", async () => {
    const saved = await saveQuestionnaireDraft({ owner: null, input: { answers: { businessType: "eCommerce", password: "secret-123", admin: true }, step: 1 } });
    expect(saved.answers).toEqual({ businessType: "eCommerce" });
    expect(JSON.stringify(await QuestionnaireDraftModel.findOne({}).lean())).not.toContain("secret-123");

    const error = await domainErrorOf(saveQuestionnaireDraft({ owner: null, input: { answers: { businessType: "Spaceships" } } }));
    expect(error.kind).toBe("validation");
    expect(error.fieldErrors).toEqual({ businessType: NOT_AN_OPTION });
    expect(await countDrafts()).toBe(1);
  });

  it.each([
    [8, STEP_MESSAGE],
    [0, STEP_MESSAGE],
    [2.5, "The step must be a number from 1 to 9"],
  ])("refuses to resume at step %j, the same rule as the API's, and stores nothing", async (step, message) => {
    const error = await domainErrorOf(saveQuestionnaireDraft({ owner: null, input: { answers: { industry: "Fitness" }, step } }));
    expect(error.kind).toBe("validation");
    expect(error.message).toBe(message);
    expect(error.fieldErrors).toEqual({ step: message });
    expect(await countDrafts()).toBe(0);
  });

  it("reads back a stored answer that no longer fits as dropped, keeping the rest", async () => {
    const { draftId } = await saveQuestionnaireDraft({ owner: null, input: { answers: { industry: "Fitness" }, step: 2 } });
    await QuestionnaireDraftModel.updateOne({ _id: draftId }, { $set: { "answers.businessType": "Retired option", step: 8 } });
    const loaded = await loadDraft({ draftId: draftId ?? "" });
    expect(loaded.step).toBe(1);
    expect(loaded.answers.industry).toBe("Fitness");
    expect(loaded.answers.businessType).toBeUndefined();
  });

  it("discarding removes the draft; with no owner it does nothing", async () => {
    const { draftId } = await saveQuestionnaireDraft({ owner: null, input: { answers: {}, step: 1 } });
    await discardDraft(null);
    expect(await countDrafts()).toBe(1);
    await discardDraft({ draftId: draftId ?? "" });
    expect(await countDrafts()).toBe(0);
  });
});

describe("steps", () => {
  it("a step's answers replace that step's part of the draft only; a password never enters", () => {
    const draft = questionnaireDraftSchema.parse({ ...STEP_ANSWERS[1], ...STEP_ANSWERS[3] });
    const merged = mergeStep(draft, 3, { communicationChannels: "Email only" });
    expect(merged).toMatchObject({ ...STEP_ANSWERS[1], communicationChannels: "Email only" });
    expect(merged).not.toHaveProperty("serviceInnovation");
    expect(mergeStep(draft, 7, { email: "a@example.com", password: "long-enough-1" })).not.toHaveProperty("password");
  });

  it("finds the first step on the path that holds a problem field", () => {
    const service = { businessType: "B2C Service/Retail", completionMethod: "manual" };
    expect(firstIncompleteStep(service, ["bookingTimeline"])).toBe(2);
    expect(firstIncompleteStep(service, ["leadNurtureGoal", "industry"])).toBe(1);
    expect(firstIncompleteStep(service, ["email"])).toBe(7);
    expect(firstIncompleteStep({ businessType: "eCommerce", completionMethod: "manual" }, ["onboardingGoal"])).toBe(6);
    expect(firstIncompleteStep({}, ["businessType"])).toBe(1);
  });

  it("Next refuses a step's wrong answers with a message per field and saves nothing", async () => {
    const error = await domainErrorOf(answerStep({ owner: null, step: 1, input: { businessType: "Spaceships" } }));
    expect(error.kind).toBe("validation");
    expect(error.message).toBe(FILL_REQUIRED);
    expect(error.fieldErrors).toEqual({ businessType: NOT_AN_OPTION, industry: REQUIRED });
    const service = await domainErrorOf(answerStep({ owner: null, step: 2, input: {} }));
    expect(service.fieldErrors).toMatchObject({ bookingTimeline: SELECT_ONE });
    expect(await countDrafts()).toBe(0);
  });

  it("Next follows the visitor's path: service/retail to step 2, others past it, B2B to the waitlist", async () => {
    const service = await answerStep({ owner: null, step: 1, input: STEP_ANSWERS[1] });
    expect(service.step).toBe(2);
    const owner = { draftId: service.draftId ?? "" };
    expect((await answerStep({ owner, step: 1, input: { businessType: "eCommerce", industry: "Fitness" } })).step).toBe(3);
    expect((await answerStep({ owner, step: 1, input: { businessType: "B2B (Business-to-Business)", industry: "Fitness" } })).step).toBe(9);
    expect(await countDrafts()).toBe(1);
  });

  it("walks the manual path to the account step, then the AI path skips the manual steps", async () => {
    const { user } = await createUser();
    const owner = { userId: user.id };
    const visited: number[] = [];
    for (const step of [1, 2, 3, 4, 5, 6] as const) visited.push((await answerStep({ owner, step, input: STEP_ANSWERS[step] })).step);
    expect(visited).toEqual([2, 3, 4, 5, 6, 7]);
    const ai = await answerStep({ owner, step: 4, input: { completionMethod: "ai", researchWebsiteUrl: "https://pulse.example" } });
    expect(ai.step).toBe(7);
    const draft = await loadDraft(owner);
    expect(draft.answers).toMatchObject({ ...STEP_ANSWERS[1], completionMethod: "ai", researchWebsiteUrl: "https://pulse.example" });
    expect(await domainErrorOf(answerStep({ owner, step: 4, input: { completionMethod: "ai" } }))).toMatchObject({
      fieldErrors: { researchWebsiteUrl: WEBSITE_REQUIRED },
    });
  });

  it("Back keeps whatever is well formed, needs nothing valid, and goes to the previous step on the path", async () => {
    const first = await answerStep({ owner: null, step: 1, input: { businessType: "eCommerce", industry: "Fitness" } });
    const owner = { draftId: first.draftId ?? "" };
    const back = await leaveStep({ owner, step: 3, input: { communicationChannels: "Email only" } });
    expect(back.step).toBe(1);
    expect(back.answers).toMatchObject({ businessType: "eCommerce", communicationChannels: "Email only" });
    // Nothing well formed (or nothing at all): the draft is kept as it was.
    const bad = await leaveStep({ owner, step: 3, input: { communicationChannels: "Carrier pigeon" } });
    expect(bad.answers).toEqual(back.answers);
    const again = await leaveStep({ owner, step: 3, input: null });
    expect(again.answers).toEqual(back.answers);
    expect(await stepBefore(owner, 3)).toBe(1);
    expect(await stepBefore(owner, 1)).toBe(1);
  });
});

describe("submitQuestionnaire", () => {
  it("creates the account, stores the answers, signs in through the route's callback and discards the draft", async () => {
    const { draftId } = await saveQuestionnaireDraft({ owner: null, input: { answers: STEP_ANSWERS[1], step: 7 } });
    const { signIn, signedIn } = recordingSignIn();
    const { user, session } = await submitQuestionnaire({ draftOwner: { draftId: draftId ?? "" }, input: fullSubmission(LEAD_NURTURE_ANSWERS), signIn });
    expect(signedIn).toEqual([user.id]);
    expect(session).toBe(`session-of-${user.id}`);
    expect(user).toMatchObject({ email: "ada@example.com", companyName: "Pulse Studio", completionMethod: "manual" });
    expect(await getResponseByUserId(user.id)).toMatchObject({ businessType: "B2C Service/Retail", bookingTimeline: STEP_ANSWERS[2].bookingTimeline });
    expect(await countDrafts()).toBe(0);
    expect(await hasBusinessProfile(user.id)).toBe(true);
  });

  it("clears the service-only answers of a business that is not B2C Service/Retail", async () => {
    const { user } = await submitQuestionnaire({
      draftOwner: null,
      input: fullSubmission({ businessType: "eCommerce", industry: "E-commerce & Retail", ...LEAD_NURTURE_ANSWERS }),
      signIn: async () => null,
    });
    expect(await getResponseByUserId(user.id)).toMatchObject({ businessType: "eCommerce", bookingTimeline: [], purchaseDecisionTimeline: "" });
  });

  it("refuses wrong answers with a message per field (the first as its message) and writes nothing", async () => {
    const { signIn, signedIn } = recordingSignIn();
    const error = await domainErrorOf(submitQuestionnaire({ draftOwner: null, input: fullSubmission({ email: "nope", password: "short", bookingTimeline: [] }), signIn }));
    expect(error.kind).toBe("validation");
    expect(error.fieldErrors).toMatchObject({ email: EMAIL_INVALID, password: PASSWORD_MIN_8, bookingTimeline: SELECT_ONE });
    expect(Object.values(error.fieldErrors ?? {})).toContain(error.message);
    expect(signedIn).toEqual([]);
    expect(await countUsers()).toBe(0);
  });

  it("an email already registered is a conflict on the email field; nothing is written and the draft stays", async () => {
    await createUser({ email: "ada@example.com" });
    const { draftId } = await saveQuestionnaireDraft({ owner: null, input: { answers: STEP_ANSWERS[1], step: 7 } });
    const { signIn, signedIn } = recordingSignIn();
    const error = await domainErrorOf(submitQuestionnaire({ draftOwner: { draftId: draftId ?? "" }, input: fullSubmission({ email: "ADA@example.com" }), signIn }));
    expect(error).toMatchObject({ kind: "conflict", message: EMAIL_TAKEN_MESSAGE, fieldErrors: { email: EMAIL_TAKEN_MESSAGE } });
    expect(signedIn).toEqual([]);
    expect(await countUsers()).toBe(1);
    expect(await countDrafts()).toBe(1);
  });

  it("a sign-in that fails undoes the account and its answers, so the same email can submit again", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = submitQuestionnaire({
        draftOwner: null,
        input: fullSubmission(),
        signIn: async () => {
          throw new Error("session store down");
        },
      });
      await expect(failed).rejects.toThrow("session store down");
      expect(await getUserByEmail("ada@example.com")).toBeNull();
      expect(await SessionModel.countDocuments({})).toBe(0);
    } finally {
      errors.mockRestore();
    }
    const { user } = await submitQuestionnaire({ draftOwner: null, input: fullSubmission(), signIn: async () => null });
    expect(user.email).toBe("ada@example.com");
  });

  it("hasBusinessProfile is false until the answers name a company", async () => {
    const { user } = await createUser();
    expect(await hasBusinessProfile(user.id)).toBe(false);
    await upsertResponseForUser(user.id, { businessType: "eCommerce" });
    expect(await hasBusinessProfile(user.id)).toBe(false);
    await upsertResponseForUser(user.id, { companyName: "Named Co" });
    expect(await hasBusinessProfile(user.id)).toBe(true);
  });
});

describe("joinWaitlist", () => {
  it("adds an entry once per email, answers a repeat the same way, and discards the draft", async () => {
    const { draftId } = await saveQuestionnaireDraft({ owner: null, input: { answers: { businessType: WAITLIST_ENTRY.businessType }, step: 9 } });
    expect(await joinWaitlist({ draftOwner: { draftId: draftId ?? "" }, input: WAITLIST_ENTRY })).toEqual({ created: true });
    expect(await countDrafts()).toBe(0);
    expect(await joinWaitlist({ draftOwner: null, input: { ...WAITLIST_ENTRY, email: "GRACE@example.com" } })).toEqual({ created: false });
    expect(await countWaitlist()).toBe(1);
  });

  it("refuses a bad entry with a message per field and adds nothing", async () => {
    const error = await domainErrorOf(joinWaitlist({ draftOwner: null, input: { ...WAITLIST_ENTRY, email: "nope", firstName: "" } }));
    expect(error.kind).toBe("validation");
    expect(error.fieldErrors).toMatchObject({ email: EMAIL_INVALID, firstName: REQUIRED });
    expect(await countWaitlist()).toBe(0);
  });
});
