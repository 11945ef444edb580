import { describe, expect, it } from "vitest";

import { useEnv, withEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined, REGISTRATION_RATE_LIMIT: undefined, VISITOR_DRAFT_LIMIT: undefined });

const { useTestDatabase } = await import("../../support/db");
const { apiBody, args, cookiePair, dataOf, formRequest, headersOf, jsonRequest, setCookieOf, statusOf } = await import("../../support/requests");
const { stepPost, STEP_ANSWERS } = await import("./helpers");
const draftRoute = await import("~/routes/api+/questionnaire.draft");
const { action: pageAction } = await import("~/routes/questionnaire");
const { QuestionnaireDraftModel, countVisitorDrafts, getDraft, saveDraft } = await import("~/models/questionnaire-draft.server");
const { ANSWER_SET_MAX_CHARS, FIELD_LIMITS } = await import("~/lib/limits");
const { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } = await import("~/lib/schemas/questionnaire");
const { registrationLimit } = await import("~/services/auth/rate-limit.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

await useTestDatabase({ clearBeforeEach: true });

const DRAFT_COOKIE = "fm_questionnaire";
const TEXT_FIELDS = [...GENERAL_FIELDS, ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS];
const peer = (address: string) => ({ [PEER_ADDRESS_HEADER]: address });
const postDraft = (address: string, body: unknown, cookie?: string) => draftRoute.action(args(jsonRequest("/api/questionnaire/draft", { body, cookie, headers: peer(address) })));
const small = { answers: { businessType: "eCommerce", industry: "Fitness" }, step: 2 };
/** The attack's body: every free-text answer at its own limit (about 140 KB, under the 256 KiB body limit). */
const everyFieldFull = { answers: Object.fromEntries(TEXT_FIELDS.map((field) => [field, "x".repeat(FIELD_LIMITS.textAnswer)])), step: 5 };

describe("visitors' drafts are limited per client address", () => {
  it("a flood of cookie-less posts from one address stores at most the sign-up limit of drafts; the rest get 429 with Retry-After", async () => {
    const limit = registrationLimit();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < limit + 15; i++) {
      const response = await postDraft("198.51.100.10", small);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
      else expect(setCookieOf(response, DRAFT_COOKIE), `post ${i}`).toBeTruthy();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(await countVisitorDrafts()).toBe(limit);

    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await apiBody(refused!)).toEqual({
      message: expect.stringMatching(/^Too many new questionnaires from your network\. Please wait \d+ minutes? and try again, or continue the one you started in this browser\.$/),
      code: "RATE_LIMITED",
    });
    // Another address is not held up by this one.
    expect((await postDraft("198.51.100.11", small)).status).toBe(200);
  });

  it("a visitor with the cookie updates one draft in place, however often they save; saves are not counted", async () => {
    const first = await postDraft("198.51.100.12", small);
    const cookie = cookiePair(setCookieOf(first, DRAFT_COOKIE));
    for (let i = 0; i < registrationLimit() + 5; i++) {
      const response = await postDraft("198.51.100.12", { answers: { ...small.answers, companyName: `Save ${i}` }, step: 3 }, cookie);
      expect(response.status, `save ${i}`).toBe(200);
    }
    expect(await QuestionnaireDraftModel.countDocuments({})).toBe(1);
    expect(await apiBody(await draftRoute.loader(args(jsonRequest("/api/questionnaire/draft", { method: "GET", cookie }))))).toMatchObject({
      answers: { companyName: `Save ${registrationLimit() + 4}` },
    });
  });

  it("a cookie whose draft is gone starts a new draft each time, and each is counted: an old cookie is no way round the limit", async () => {
    await withEnv({ REGISTRATION_RATE_LIMIT: "3" }, async () => {
      const first = await postDraft("198.51.100.13", small);
      const stale = cookiePair(setCookieOf(first, DRAFT_COOKIE));
      await QuestionnaireDraftModel.deleteMany({});
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await postDraft("198.51.100.13", small, stale)).status);
      // One draft was already counted: two more fit, then 429.
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      expect(await countVisitorDrafts()).toBe(2);
    });
  });

  it("the page form (no JavaScript) is held to the same limit: 429 with Retry-After and the message in a toast", async () => {
    await withEnv({ REGISTRATION_RATE_LIMIT: "2" }, async () => {
      const post = () => pageAction(args(formRequest("/questionnaire", stepPost(1, STEP_ANSWERS[1]), { headers: peer("198.51.100.14") })));
      expect(statusOf(await post())).toBe(302);
      expect(statusOf(await post())).toBe(302);
      const refused = await post();
      expect(statusOf(refused)).toBe(429);
      expect(Number(headersOf(refused).get("Retry-After"))).toBeGreaterThan(0);
      expect(dataOf(refused)).toMatchObject({ step: 1, toast: { description: expect.stringMatching(/^Too many new questionnaires from your network/) } });
      // Back without a draft starts one too: refused the same way, not a 500.
      const back = await pageAction(args(formRequest("/questionnaire", stepPost(2, {}, "back"), { headers: peer("198.51.100.14") })));
      expect(statusOf(back)).toBe(429);
      expect(await countVisitorDrafts()).toBe(2);
    });
  });
});

describe("drafts are limited in size", () => {
  it("answers within every field's limit but too long together are refused with 413 and a clear message; nothing is stored", async () => {
    const body = JSON.stringify(everyFieldFull);
    expect(body.length).toBeGreaterThan(130_000);
    const response = await postDraft("198.51.100.20", everyFieldFull);
    expect(response.status).toBe(413);
    const { message } = await apiBody<{ message: string }>(response);
    expect(message).toBe(
      `Your answers are ${(TEXT_FIELDS.length * FIELD_LIMITS.textAnswer).toLocaleString("en-US")} characters long in all; at most ${ANSWER_SET_MAX_CHARS.toLocaleString("en-US")} can be saved. Shorten some answers and try again.`,
    );
    expect(await QuestionnaireDraftModel.countDocuments({})).toBe(0);
  });

  it("takes a set right at the limit, and one over a field's own limit is a 422 at that field", async () => {
    const share = Math.floor(ANSWER_SET_MAX_CHARS / 5);
    const atLimit = { answers: Object.fromEntries(TEXT_FIELDS.slice(0, 5).map((field) => [field, "y".repeat(share)])), step: 5 };
    expect((await postDraft("198.51.100.21", atLimit)).status).toBe(200);
    const oneOver = { answers: { ...atLimit.answers, companyName: "Z" }, step: 5 };
    expect((await postDraft("198.51.100.21", oneOver)).status).toBe(413);
    const overField = await postDraft("198.51.100.21", { answers: { [TEXT_FIELDS[0]!]: "z".repeat(FIELD_LIMITS.textAnswer + 1) } });
    expect(overField.status).toBe(422);
    expect(await apiBody(overField)).toMatchObject({ errors: { [`answers.${TEXT_FIELDS[0]!}`]: `Must be at most ${FIELD_LIMITS.textAnswer} characters` } });
  });

  it("the page form refuses a step whose answers make the draft too long in all (413, nothing stored)", async () => {
    const longStep = Object.fromEntries(GENERAL_FIELDS.map((field) => [field, "w".repeat(FIELD_LIMITS.textAnswer)]));
    const refused = await pageAction(args(formRequest("/questionnaire", stepPost(5, longStep), { headers: peer("198.51.100.22") })));
    expect(statusOf(refused)).toBe(413);
    expect(dataOf(refused)).toMatchObject({ step: 5, toast: { description: expect.stringMatching(/^Your answers are [\d,]+ characters long in all/) } });
    expect(await QuestionnaireDraftModel.countDocuments({})).toBe(0);
  });
});

describe("the number of visitors' drafts is capped, the least recently saved dropped first", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const start = new Date("2026-03-01T00:00:00Z").getTime();

  it("keeps VISITOR_DRAFT_LIMIT drafts: a new one drops the one saved longest ago, and a recent save keeps a draft", async () => {
    await withEnv({ VISITOR_DRAFT_LIMIT: "3" }, async () => {
      const at = (day: number) => new Date(start + day * DAY);
      const a = await saveDraft(null, { answers: { industry: "A" }, step: 1 }, at(0));
      const b = await saveDraft(null, { answers: { industry: "B" }, step: 1 }, at(1));
      const c = await saveDraft(null, { answers: { industry: "C" }, step: 1 }, at(2));
      // A is saved again: now B is the one saved longest ago.
      await saveDraft({ draftId: a.id }, { answers: { industry: "A2" }, step: 2 }, at(3));
      const d = await saveDraft(null, { answers: { industry: "D" }, step: 1 }, at(4));
      expect(await countVisitorDrafts()).toBe(3);
      expect(await getDraft({ draftId: b.id }, at(4))).toBeNull();
      for (const kept of [a, c, d]) expect(await getDraft({ draftId: kept.id }, at(4))).not.toBeNull();

      const e = await saveDraft(null, { answers: { industry: "E" }, step: 1 }, at(5));
      expect(await getDraft({ draftId: c.id }, at(5))).toBeNull();
      expect((await QuestionnaireDraftModel.find({}, { _id: 1 }).lean()).map((doc) => doc._id).sort()).toEqual([a.id, d.id, e.id].sort());
    });
  });

  it("signed-in users' drafts are neither counted nor dropped", async () => {
    await withEnv({ VISITOR_DRAFT_LIMIT: "2" }, async () => {
      await saveDraft({ userId: "user-1" }, { answers: { industry: "U" }, step: 1 }, new Date(start));
      for (let day = 1; day <= 4; day++) await saveDraft(null, { answers: { industry: `V${day}` }, step: 1 }, new Date(start + day * DAY));
      expect(await countVisitorDrafts()).toBe(2);
      expect(await getDraft({ userId: "user-1" }, new Date(start + 4 * DAY))).not.toBeNull();
    });
  });

  it("under a flood from many addresses the total stays at the cap", async () => {
    await withEnv({ VISITOR_DRAFT_LIMIT: "5" }, async () => {
      for (let i = 0; i < 12; i++) expect((await postDraft(`192.0.2.${i + 1}`, small)).status).toBe(200);
      expect(await countVisitorDrafts()).toBe(5);
    });
  });
});
