import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "12", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, CookieJar, formRequest, jsonRequest, SAME_ORIGIN, setCookieOf } = await import("../../support/requests");
const { fullSubmission, LEAD_NURTURE_ANSWERS, STEP_ANSWERS, stepPost, WAITLIST_ENTRY } = await import("./helpers");
const draftRoute = await import("~/routes/api+/questionnaire.draft");
const submitRoute = await import("~/routes/api+/questionnaire.submit");
const waitlistRoute = await import("~/routes/api+/waitlist.submit");
const { action: pageAction } = await import("~/routes/questionnaire");
const { loader: apiUserLoader } = await import("~/routes/api+/auth.user");
const { QuestionnaireDraftModel, countDrafts } = await import("~/models/questionnaire-draft.server");
const { QuestionnaireResponseModel, getResponseByUserId } = await import("~/models/questionnaire-response.server");
const { countUsers, getUserByEmail } = await import("~/models/user.server");
const { countWaitlist } = await import("~/models/waitlist.server");
const { EMAIL_TAKEN_MESSAGE } = await import("~/services/auth/accounts.server");
const { B2B_NOT_SERVED, NOT_AN_OPTION, REQUIRED, SELECT_ONE, WEBSITE_INVALID, WEBSITE_REQUIRED, EMAIL_INVALID, PASSWORD_MIN_8 } = await import("~/lib/schemas/questionnaire");

await useTestDatabase({ clearBeforeEach: true });

type JsonOptions = Parameters<typeof jsonRequest>[1];
const call = {
  getDraft: (options: JsonOptions = {}) => draftRoute.loader(args(jsonRequest("/api/questionnaire/draft", { method: "GET", ...options }))),
  saveDraft: (options: JsonOptions = {}) => draftRoute.action(args(jsonRequest("/api/questionnaire/draft", { method: "POST", ...options }))),
  submit: (options: JsonOptions = {}) => submitRoute.action(args(jsonRequest("/api/questionnaire/submit", { method: "POST", ...options }))),
  waitlist: (options: JsonOptions = {}) => waitlistRoute.action(args(jsonRequest("/api/waitlist/submit", { method: "POST", ...options }))),
};

const ONE_MB = "x".repeat(1024 * 1024);

async function nothingStored() {
  expect(await countDrafts()).toBe(0);
  expect(await countUsers()).toBe(0);
  expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
  expect(await countWaitlist()).toBe(0);
}

async function expect422(response: Response, errors: Record<string, string>) {
  expect(response.status).toBe(422);
  const body = await apiBody<{ message: string; errors: Record<string, string> }>(response);
  expect(body.errors).toMatchObject(errors);
  expect(Object.values(body.errors)).toContain(body.message);
  return body;
}

describe("GET and POST /api/questionnaire/draft", () => {
  it("answers { answers: {}, step: 1 } when there is no draft", async () => {
    const response = await call.getDraft();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await apiBody(response)).toEqual({ answers: {}, step: 1 });
  });

  it("keeps a signed-out visitor's draft under a signed, httpOnly cookie", async () => {
    const jar = new CookieJar();
    const response = await call.saveDraft({ cookie: jar, body: { answers: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[2] }, step: 3 } });
    expect(response.status).toBe(200);
    expect(await apiBody(response)).toEqual({ answers: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[2] }, step: 3 });
    const cookie = setCookieOf(response, "fm_questionnaire");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    jar.apply(response);

    expect(await apiBody(await call.getDraft({ cookie: jar }))).toEqual({ answers: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[2] }, step: 3 });
    // Another browser has its own (empty) draft.
    expect(await apiBody(await call.getDraft())).toEqual({ answers: {}, step: 1 });

    // The whole draft is replaced: answers no longer sent are gone.
    jar.apply(await call.saveDraft({ cookie: jar, body: { answers: { businessType: "eCommerce", industry: "Fitness" }, step: 4 } }));
    expect(await apiBody(await call.getDraft({ cookie: jar }))).toEqual({ answers: { businessType: "eCommerce", industry: "Fitness" }, step: 4 });
    expect(await countDrafts()).toBe(1);
  });

  it("shares the draft with the page: a step posted on the page is what the API returns", async () => {
    const jar = new CookieJar();
    const posted = await pageAction(args(formRequest("/questionnaire", stepPost(1, STEP_ANSWERS[1]), { cookie: jar })));
    if (!(posted instanceof Response)) throw new Error("expected the step to redirect");
    jar.apply(posted);
    expect(await apiBody(await call.getDraft({ cookie: jar }))).toEqual({ answers: STEP_ANSWERS[1], step: 2 });
  });

  it("keys a signed-in user's draft by the user, with no draft cookie", async () => {
    const { user, cookie } = await createUser();
    const response = await call.saveDraft({ cookie, body: { answers: STEP_ANSWERS[3], step: 4 } });
    expect(response.status).toBe(200);
    expect(setCookieOf(response, "fm_questionnaire")).toBeUndefined();
    const stored = await QuestionnaireDraftModel.findOne({}).lean();
    expect(stored?.userId).toBe(user.id);
    expect(await apiBody(await call.getDraft({ cookie }))).toEqual({ answers: STEP_ANSWERS[3], step: 4 });

    // A second save updates the same draft; another user and a visitor see nothing of it.
    await call.saveDraft({ cookie, body: { answers: { ...STEP_ANSWERS[3], ...STEP_ANSWERS[4] } } });
    expect(await countDrafts()).toBe(1);
    expect(await apiBody(await call.getDraft({ cookie }))).toEqual({ answers: { ...STEP_ANSWERS[3], ...STEP_ANSWERS[4] }, step: 4 });
    const other = await createUser();
    expect(await apiBody(await call.getDraft({ cookie: other.cookie }))).toEqual({ answers: {}, step: 1 });
    expect(await apiBody(await call.getDraft())).toEqual({ answers: {}, step: 1 });
  });

  it("never stores a password, nor anything that is not an answer: such fields are a 422 naming them", async () => {
    const response = await call.saveDraft({ body: { answers: { email: "ada@example.com", password: "long-enough-1", isPremium: 1, role: "Admin" }, step: 7 } });
    await expect422(response, { "answers.password": "Unknown field: remove it.", "answers.isPremium": "Unknown field: remove it.", "answers.role": "Unknown field: remove it." });
    await nothingStored();
    const flat = await call.saveDraft({ body: { businessType: "eCommerce", step: 4 } });
    await expect422(flat, { businessType: "Unknown field: remove it." });
    await nothingStored();
  });

  it.each([
    ["an unknown option", { answers: { businessType: "Martian Trade" } }, { "answers.businessType": NOT_AN_OPTION }],
    ["an unknown list option", { answers: { bookingTimeline: ["Someday"] } }, { "answers.bookingTimeline.0": NOT_AN_OPTION }],
    ["an array where a string belongs", { answers: { companyName: ["Pulse", "Studio"] } }, { "answers.companyName": "Please enter text" }],
    ["an object where a string belongs", { answers: { firstName: { $gt: "" } } }, { "answers.firstName": "Please enter text" }],
    ["a step that does not exist", { answers: {}, step: 8 }, { step: "The step must be one of 1 to 7, or 9" }],
    ["answers that are not an object", { answers: "everything" }, { answers: expect.any(String) }],
  ])("refuses %s with 422 and stores nothing", async (_label, body, errors) => {
    await expect422(await call.saveDraft({ body }), errors);
    await nothingStored();
  });

  it("refuses a 1 MB answer with 413 and malformed JSON with 400", async () => {
    const big = await call.saveDraft({ body: { answers: { companyName: ONE_MB } } });
    expect(big.status).toBe(413);
    expect((await apiBody(big)).message).toMatch(/too large/);
    const malformed = await call.saveDraft({ raw: '{"answers": {' });
    expect(malformed.status).toBe(400);
    expect((await apiBody(malformed)).message).toMatch(/not valid JSON/);
    await nothingStored();
  });

  it("refuses a post from another site with 403", async () => {
    const response = await call.saveDraft({ origin: "https://evil.example", body: { answers: STEP_ANSWERS[1] } });
    expect(response.status).toBe(403);
    await nothingStored();
    // Its own pages may post.
    expect((await call.saveDraft({ origin: SAME_ORIGIN, body: { answers: STEP_ANSWERS[1] } })).status).toBe(200);
  });
});

describe("POST /api/questionnaire/submit", () => {
  it("creates the account, saves every answer, signs in and discards the visitor's draft", async () => {
    const jar = new CookieJar();
    jar.apply(await call.saveDraft({ cookie: jar, body: { answers: STEP_ANSWERS[1], step: 2 } }));
    expect(await countDrafts()).toBe(1);

    const response = await call.submit({ cookie: jar, body: fullSubmission({ ...LEAD_NURTURE_ANSWERS }) });
    expect(response.status).toBe(201);
    const body = await apiBody<Record<string, unknown>>(response);
    expect(body).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      companyName: "Pulse Studio",
      completionMethod: "manual",
      onboardingResponse: { companyName: "Pulse Studio", businessType: "B2C Service/Retail", industry: "Fitness", communicationChannels: "Email + SMS" },
    });
    expect(setCookieOf(response, "fm_session")).toMatch(/HttpOnly/i);
    expect(setCookieOf(response, "fm_questionnaire")).toMatch(/Max-Age=0/);
    jar.apply(response);
    expect(await countDrafts()).toBe(0);

    const user = await getUserByEmail("ada@example.com");
    expect(await getResponseByUserId(user?.id ?? "")).toMatchObject({
      ...STEP_ANSWERS[5],
      ...STEP_ANSWERS[6],
      ...LEAD_NURTURE_ANSWERS,
      bookingTimeline: [...STEP_ANSWERS[2].bookingTimeline],
      demandSeasonality: [...STEP_ANSWERS[2].demandSeasonality],
    });
    // The session works.
    const me = await apiUserLoader(args(jsonRequest("/api/auth/user", { method: "GET", cookie: jar })));
    expect(me.status).toBe(200);
    expect(await apiBody(me)).toMatchObject({ email: "ada@example.com" });
  });

  it("takes the three service lists as JSON lists only: a single value is a 422, nothing is converted", async () => {
    const response = await call.submit({ body: fullSubmission({ customerFrequency: [] }) });
    await expect422(response, { customerFrequency: SELECT_ONE });
    await expect422(await call.submit({ body: fullSubmission({ bookingTimeline: STEP_ANSWERS[2].bookingTimeline[0] }) }), { bookingTimeline: "Must be a list." });
    expect(await getUserByEmail("ada@example.com")).toBeNull();
    const ok = await call.submit({ body: fullSubmission({ bookingTimeline: [STEP_ANSWERS[2].bookingTimeline[0]] }) });
    expect(ok.status).toBe(201);
    const user = await getUserByEmail("ada@example.com");
    expect((await getResponseByUserId(user?.id ?? ""))?.bookingTimeline).toEqual([STEP_ANSWERS[2].bookingTimeline[0]]);
  });

  it("answers a taken email with 409 on the email field and writes nothing", async () => {
    await createUser({ email: "ada@example.com" });
    const jar = new CookieJar();
    jar.apply(await call.saveDraft({ cookie: jar, body: { answers: STEP_ANSWERS[1], step: 7 } }));
    const response = await call.submit({ cookie: jar, body: fullSubmission({ email: "Ada@Example.com" }) });
    expect(response.status).toBe(409);
    const body = await apiBody<{ message: string; errors: Record<string, string> }>(response);
    expect(body).toEqual({ message: EMAIL_TAKEN_MESSAGE, errors: { email: EMAIL_TAKEN_MESSAGE }, code: "EMAIL_TAKEN" });
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(await countUsers()).toBe(1);
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
    expect(await countDrafts()).toBe(1);
  });

  it("validates in full unless the method is AI", async () => {
    await expect422(await call.submit({ body: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[7], completionMethod: "manual" } }), {
      bookingTimeline: SELECT_ONE,
      purchaseDecisionTimeline: REQUIRED,
      communicationChannels: REQUIRED,
      companyWebsite: REQUIRED,
      onboardingStage: REQUIRED,
    });
    await expect422(await call.submit({ body: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[7], completionMethod: "ai" } }), { researchWebsiteUrl: WEBSITE_REQUIRED });
    await expect422(await call.submit({ body: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[7], completionMethod: "ai", researchWebsiteUrl: "http://" } }), {
      researchWebsiteUrl: WEBSITE_INVALID,
    });
    await expect422(await call.submit({ body: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[7], completionMethod: "ai", researchWebsiteUrl: "pulse.example.com:8080" } }), {
      researchWebsiteUrl:
        "This address cannot be researched: only the standard web ports 80 and 443 are fetched. Enter your website's public address, like https://www.yourcompany.com.",
    });
    await nothingStored();
    const ai = await call.submit({ body: { ...STEP_ANSWERS[1], ...STEP_ANSWERS[7], completionMethod: "ai", researchWebsiteUrl: "pulse.example.com" } });
    expect(ai.status).toBe(201);
    expect(await apiBody(ai)).toMatchObject({ completionMethod: "ai", researchWebsiteUrl: "pulse.example.com", aiResearchCompleted: false });
  });

  it("refuses a B2B business: they join the waitlist instead", async () => {
    await expect422(await call.submit({ body: fullSubmission({ businessType: "B2B (Business-to-Business)" }) }), { businessType: B2B_NOT_SERVED });
    await nothingStored();
  });

  it.each([
    ["missing fields", {}, { businessType: REQUIRED, industry: REQUIRED, companyName: REQUIRED, email: EMAIL_INVALID, password: PASSWORD_MIN_8 }],
    ["an unknown option", fullSubmission({ industry: "Space Mining" }), { industry: NOT_AN_OPTION }],
    ["an unknown list option", fullSubmission({ demandSeasonality: ["Always"] }), { "demandSeasonality.0": NOT_AN_OPTION }],
    ["an array where a string belongs", fullSubmission({ firstName: ["Ada", "Grace"] }), { firstName: REQUIRED }],
    ["a number where a string belongs", fullSubmission({ password: 12345678 }), { password: PASSWORD_MIN_8 }],
    ["an answer that is too long", fullSubmission({ customerJourney: "y".repeat(5001) }), { customerJourney: "Must be at most 5000 characters" }],
  ])("refuses %s with 422 and stores nothing", async (_label, body, errors) => {
    await expect422(await call.submit({ body }), errors);
    await nothingStored();
  });

  it("refuses a 1 MB answer (413), malformed JSON (400), a JSON array (422), GET (405) and another site (403)", async () => {
    expect((await call.submit({ body: fullSubmission({ customerFeedback: ONE_MB }) })).status).toBe(413);
    const malformed = await call.submit({ raw: "{ not json" });
    expect(malformed.status).toBe(400);
    expect((await apiBody(malformed)).message).toMatch(/not valid JSON/);
    expect((await call.submit({ body: [fullSubmission()] })).status).toBe(422);
    expect((await submitRoute.loader()).status).toBe(405);
    const crossSite = await call.submit({ origin: "https://evil.example", body: fullSubmission() });
    expect(crossSite.status).toBe(403);
    expect((await apiBody(crossSite)).message).toMatch(/another site/);
    await nothingStored();
  });
});

describe("POST /api/waitlist/submit", () => {
  it("adds the entry once and thanks every time, identically", async () => {
    const first = await call.waitlist({ body: WAITLIST_ENTRY });
    expect(first.status).toBe(200);
    const firstBody = await apiBody(first);
    expect(firstBody.message).toMatch(/^Thank you! .*B2B waitlist/);
    const second = await call.waitlist({ body: { ...WAITLIST_ENTRY, email: "GRACE@example.com", lastName: "Other" } });
    expect(second.status).toBe(200);
    expect(await apiBody(second)).toEqual(firstBody);
    expect(await countWaitlist()).toBe(1);
  });

  it("discards the visitor's draft", async () => {
    const jar = new CookieJar();
    jar.apply(await call.saveDraft({ cookie: jar, body: { answers: { businessType: WAITLIST_ENTRY.businessType }, step: 9 } }));
    const response = await call.waitlist({ cookie: jar, body: WAITLIST_ENTRY });
    expect(setCookieOf(response, "fm_questionnaire")).toMatch(/Max-Age=0/);
    expect(await countDrafts()).toBe(0);
  });

  it.each([
    ["missing fields", {}, { firstName: REQUIRED, lastName: REQUIRED, email: EMAIL_INVALID, companyName: REQUIRED, businessType: REQUIRED, industry: REQUIRED }],
    ["an invalid email", { ...WAITLIST_ENTRY, email: "grace@@example" }, { email: EMAIL_INVALID }],
    ["an unknown option", { ...WAITLIST_ENTRY, businessType: "Guild" }, { businessType: NOT_AN_OPTION }],
    ["an array where a string belongs", { ...WAITLIST_ENTRY, companyName: ["A", "B"] }, { companyName: REQUIRED }],
  ])("refuses %s with 422 and stores nothing", async (_label, body, errors) => {
    await expect422(await call.waitlist({ body }), errors);
    await nothingStored();
  });

  it("refuses a 1 MB name (413), malformed JSON (400) and another site (403)", async () => {
    expect((await call.waitlist({ body: { ...WAITLIST_ENTRY, firstName: ONE_MB } })).status).toBe(413);
    expect((await call.waitlist({ raw: "[" })).status).toBe(400);
    expect((await call.waitlist({ origin: "https://evil.example", body: WAITLIST_ENTRY })).status).toBe(403);
    await nothingStored();
  });
});
