import { describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "12", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, CookieJar, cookiePair, dataOf, expectRedirect, formRequest, getRequest, headersOf, setCookieOf, statusOf, thrownBy, toastOf } =
  await import("../../support/requests");
const { LEAD_NURTURE_ANSWERS, STEP_ANSWERS, stepPost, WAITLIST_ENTRY } = await import("./helpers");
const { action, loader } = await import("~/routes/questionnaire");
const { loader: dashboardLoader } = await import("~/routes/_app+/dashboard");
const { QuestionnaireDraftModel, countDrafts } = await import("~/models/questionnaire-draft.server");
const { QuestionnaireResponseModel, getResponseByUserId, upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { SessionModel } = await import("~/models/session.server");
const { countUsers, getUserByEmail } = await import("~/models/user.server");
const { countWaitlist, listWaitlist } = await import("~/models/waitlist.server");
const { EMAIL_TAKEN_MESSAGE } = await import("~/services/auth/accounts.server");
const { verifyPassword } = await import("~/services/auth/password.server");
const { firstIncompleteStep, mergeStep } = await import("~/services/questionnaire/steps.server");
const { NOT_AN_OPTION, PASSWORD_MIN_8, REQUIRED, SELECT_ONE, WEBSITE_INVALID, WEBSITE_REQUIRED, EMAIL_INVALID, questionnaireDraftSchema } =
  await import("~/lib/schemas/questionnaire");

await useTestDatabase({ clearBeforeEach: true });

const VALIDATION_DESCRIPTION = "Please fill in all required fields before continuing.";
const MISSING_DESCRIPTION = "Please ensure all previous steps were completed. Some required information is missing.";

type Fields = Array<[string, string]>;

/** A browser: a cookie jar that every post and page load goes through. */
function visitor(jar = new CookieJar()) {
  return {
    jar,
    async post(fields: Fields, options: { origin?: string | null } = {}) {
      const result = await action(args(formRequest("/questionnaire", fields, { cookie: jar, ...options })));
      if (result instanceof Response) jar.apply(result);
      else jar.apply({ headers: headersOf(result) });
      return result;
    },
    async load(path = "/questionnaire") {
      return dataOf(await loader(args(getRequest(path, { cookie: jar })))) as Awaited<ReturnType<typeof loader>>;
    },
  };
}

function asResponse(result: unknown): Response {
  if (!(result instanceof Response)) throw new Error(`expected a redirect Response, got ${JSON.stringify(result)}`);
  return result;
}

/** The reply of a refused step: conform's result plus the toast the page shows. */
function replyOf(result: unknown) {
  return dataOf(result) as {
    step: number;
    result: { status: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    toast: { title: string; description: string };
  };
}

async function storedDraft() {
  return QuestionnaireDraftModel.findOne({}).lean<{ _id: string; userId?: string; answers: Record<string, unknown>; step: number; expire: Date }>();
}

/** Walks steps 1 to 6 of the manual service/retail path. */
async function answerThroughStep6(v: ReturnType<typeof visitor>) {
  for (const step of [1, 2, 3, 4, 5, 6] as const) {
    const response = asResponse(await v.post(stepPost(step, STEP_ANSWERS[step])));
    expect(response.status).toBe(302);
  }
}

describe("questionnaire page: each step", () => {
  it("step 1 saves the draft, sets the draft cookie and moves on with 'Progress Saved'", async () => {
    const v = visitor();
    const response = asResponse(await v.post(stepPost(1, { businessType: "eCommerce", industry: "E-commerce & Retail" })));
    expectRedirect(response, "/questionnaire?step=3");
    expect(await toastOf(response)).toMatchObject({ title: "Progress Saved", variant: "success" });
    const cookie = setCookieOf(response, "fm_questionnaire");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const draft = await storedDraft();
    expect(draft).toMatchObject({ answers: { businessType: "eCommerce", industry: "E-commerce & Retail" }, step: 3 });
    expect(draft?.userId).toBeUndefined();
    // The id is random and long (192 bits), and the cookie carries it signed.
    expect(draft?._id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(decodeURIComponent(cookiePair(cookie))).not.toBe(`fm_questionnaire=${draft?._id}`);
    expect(draft?.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it.each([
    ["B2C Service/Retail", "/questionnaire?step=2"],
    ["B2B (Business-to-Business)", "/questionnaire?step=9"],
    ["B2C Subscription", "/questionnaire?step=3"],
    ["Other", "/questionnaire?step=3"],
  ])("step 1 with %s goes to %s", async (businessType, target) => {
    const response = asResponse(await visitor().post(stepPost(1, { businessType, industry: "Fitness" })));
    expectRedirect(response, target);
  });

  it("refuses an incomplete step 1 with 422, the spec's messages and the 'Validation Error' toast, storing nothing", async () => {
    const result = await visitor().post(stepPost(1, { businessType: "", industry: "" }));
    expect(statusOf(result)).toBe(422);
    const reply = replyOf(result);
    expect(reply.step).toBe(1);
    expect(reply.result.error).toEqual({ businessType: [REQUIRED], industry: [REQUIRED] });
    expect(reply.toast).toEqual({ title: "Validation Error", description: VALIDATION_DESCRIPTION, variant: "destructive" });
    expect(await countDrafts()).toBe(0);
  });

  it("refuses an option that is not on the list", async () => {
    const result = await visitor().post(stepPost(1, { businessType: "Martian Trade", industry: "Fitness" }));
    expect(statusOf(result)).toBe(422);
    expect(replyOf(result).result.error).toEqual({ businessType: [NOT_AN_OPTION] });
    expect(await countDrafts()).toBe(0);
  });

  it("step 2 keeps every ticked box as a list and needs at least one per group", async () => {
    const v = visitor();
    await v.post(stepPost(1, STEP_ANSWERS[1]));
    const bad = await v.post(stepPost(2, { purchaseDecisionTimeline: STEP_ANSWERS[2].purchaseDecisionTimeline }));
    expect(statusOf(bad)).toBe(422);
    expect(replyOf(bad).result.error).toEqual({ bookingTimeline: [SELECT_ONE], customerFrequency: [SELECT_ONE], demandSeasonality: [SELECT_ONE] });

    expectRedirect(asResponse(await v.post(stepPost(2, STEP_ANSWERS[2]))), "/questionnaire?step=3");
    const draft = await storedDraft();
    expect(draft?.answers.bookingTimeline).toEqual(STEP_ANSWERS[2].bookingTimeline);
    expect(draft?.answers.customerFrequency).toEqual(STEP_ANSWERS[2].customerFrequency);
    expect(draft?.answers.businessType).toBe("B2C Service/Retail");
  });

  it("step 3 requires all three choices", async () => {
    const result = await visitor().post(stepPost(3, {}));
    expect(statusOf(result)).toBe(422);
    expect(replyOf(result).result.error).toEqual({ communicationChannels: [REQUIRED], serviceInnovation: [REQUIRED], upsellOpportunities: [REQUIRED] });
  });

  it("step 4: a method is required, AI needs a valid website and jumps to step 7, manual goes to 5", async () => {
    const v = visitor();
    await v.post(stepPost(1, { businessType: "eCommerce", industry: "Fitness" }));
    expect(replyOf(await v.post(stepPost(4, {}))).result.error).toEqual({ completionMethod: ["Please choose a completion method"] });
    expect(replyOf(await v.post(stepPost(4, { completionMethod: "ai" }))).result.error).toEqual({ researchWebsiteUrl: [WEBSITE_REQUIRED] });
    expect(replyOf(await v.post(stepPost(4, { completionMethod: "ai", researchWebsiteUrl: "not a url" }))).result.error).toEqual({
      researchWebsiteUrl: [WEBSITE_INVALID],
    });
    // An address research would refuse (its rules: ports 80 and 443, public hosts) is refused here, with research's reason.
    for (const [address, reason] of [
      ["https://pulse.example.com:8443", "only the standard web ports 80 and 443 are fetched"],
      ["http://shop.localhost/", "a loopback address (localhost)"],
      ["http://192.168.1.20", "a private address (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16)"],
    ]) {
      expect(replyOf(await v.post(stepPost(4, { completionMethod: "ai", researchWebsiteUrl: address }))).result.error).toEqual({
        researchWebsiteUrl: [`This address cannot be researched: ${reason}. Enter your website's public address, like https://www.yourcompany.com.`],
      });
    }
    expectRedirect(asResponse(await v.post(stepPost(4, { completionMethod: "ai", researchWebsiteUrl: "https://pulse.example.com" }))), "/questionnaire?step=7");
    expect((await storedDraft())?.answers).toMatchObject({ completionMethod: "ai", researchWebsiteUrl: "https://pulse.example.com" });

    // Switching to manual drops the website: it belongs to the step and was emptied there.
    expectRedirect(asResponse(await v.post(stepPost(4, { completionMethod: "manual", researchWebsiteUrl: "" }))), "/questionnaire?step=5");
    const draft = await storedDraft();
    expect(draft?.answers.completionMethod).toBe("manual");
    expect(draft?.answers).not.toHaveProperty("researchWebsiteUrl");
  });

  it("step 5 requires the twelve company and audience answers", async () => {
    const result = await visitor().post(stepPost(5, { companyWebsite: "https://x.example", primaryTargetAudience: "   " }));
    expect(statusOf(result)).toBe(422);
    const errors = replyOf(result).result.error ?? {};
    expect(Object.keys(errors)).toHaveLength(11);
    expect(errors.primaryTargetAudience).toEqual([REQUIRED]);
    expect(errors).not.toHaveProperty("companyWebsite");
  });

  it("step 6 requires the seven onboarding answers and keeps the optional lead nurture answers", async () => {
    const v = visitor();
    const bad = await v.post(stepPost(6, { ...LEAD_NURTURE_ANSWERS }));
    expect(Object.keys(replyOf(bad).result.error ?? {}).sort()).toEqual(
      [
        "availableProofMaterials",
        "keyUserKnowledgeElements",
        "onboardingBottlenecks",
        "onboardingGoal",
        "onboardingProcessSteps",
        "onboardingSpecialOffers",
        "onboardingStage",
      ].sort(),
    );
    expectRedirect(asResponse(await v.post(stepPost(6, { ...STEP_ANSWERS[6], ...LEAD_NURTURE_ANSWERS }))), "/questionnaire?step=7");
    expect((await storedDraft())?.answers).toMatchObject({ ...STEP_ANSWERS[6], ...LEAD_NURTURE_ANSWERS });
  });

  it("refuses an unknown intent with 400, a filled honeypot with 400 and a post from another site with 403", async () => {
    expect(
      statusOf(
        await thrownBy(
          visitor().post([
            ["step", "1"],
            ["intent", "jump"],
          ]),
        ),
      ),
    ).toBe(400);
    expect(statusOf(await thrownBy(visitor().post([...stepPost(1, STEP_ANSWERS[1]), ["website_address", "http://spam.example"]])))).toBe(400);
    expect(statusOf(await thrownBy(visitor().post(stepPost(1, STEP_ANSWERS[1]), { origin: "https://evil.example" })))).toBe(403);
    expect(await countDrafts()).toBe(0);
  });
});

describe("questionnaire page: back", () => {
  it("goes back without validation and keeps what was typed", async () => {
    const v = visitor();
    await v.post(stepPost(1, { businessType: "eCommerce", industry: "Fitness" }));
    // Nothing chosen on step 3 and one answer picked: back still works, and keeps that answer.
    const response = asResponse(await v.post(stepPost(3, { serviceInnovation: STEP_ANSWERS[3].serviceInnovation }, "back")));
    expectRedirect(response, "/questionnaire?step=1");
    expect(await toastOf(response)).toBeNull();
    expect((await storedDraft())?.answers).toMatchObject({ businessType: "eCommerce", serviceInnovation: STEP_ANSWERS[3].serviceInnovation });
    expect((await v.load("/questionnaire?step=3")).answers.serviceInnovation).toBe(STEP_ANSWERS[3].serviceInnovation);
  });

  it("goes from 3 back to 2 for service/retail, and from 7 back to 4 with AI (6 when manual)", async () => {
    const v = visitor();
    await v.post(stepPost(1, STEP_ANSWERS[1]));
    expectRedirect(asResponse(await v.post(stepPost(3, {}, "back"))), "/questionnaire?step=2");
    await v.post(stepPost(4, { completionMethod: "ai", researchWebsiteUrl: "pulse.example.com" }));
    expectRedirect(asResponse(await v.post(stepPost(7, { firstName: "Ada" }, "back"))), "/questionnaire?step=4");
    await v.post(stepPost(4, { completionMethod: "manual" }));
    expectRedirect(asResponse(await v.post(stepPost(7, {}, "back"))), "/questionnaire?step=6");
    expectRedirect(asResponse(await v.post(stepPost(9, {}, "back"))), "/questionnaire?step=1");
  });

  it("never keeps a password, not even on the way back", async () => {
    const v = visitor();
    await v.post(stepPost(7, { email: "ada@example.com", password: "long-enough-1" }, "back"));
    const draft = await storedDraft();
    expect(draft?.answers).toMatchObject({ email: "ada@example.com" });
    expect(JSON.stringify(draft)).not.toContain("long-enough-1");
  });
});

describe("questionnaire page: loading", () => {
  it("starts empty at step 1, and at ?step= (1 to 9) when given", async () => {
    const v = visitor();
    expect(await v.load()).toMatchObject({ step: 1, answers: {} });
    for (const [param, step] of [
      ["4", 4],
      ["9", 9],
      ["8", 1],
      ["0", 1],
      ["10", 1],
      ["abc", 1],
      ["", 1],
    ] as const) {
      expect((await v.load(`/questionnaire?step=${param}`)).step).toBe(step);
    }
  });

  it("restores the draft at its saved step; ?step wins over the saved step", async () => {
    const v = visitor();
    await v.post(stepPost(1, STEP_ANSWERS[1]));
    await v.post(stepPost(2, STEP_ANSWERS[2]));
    const restored = await v.load();
    expect(restored.step).toBe(3);
    expect(restored.answers).toMatchObject({ ...STEP_ANSWERS[1], ...STEP_ANSWERS[2] });
    expect((await v.load("/questionnaire?step=1")).step).toBe(1);
    // Another browser sees none of it.
    expect((await visitor().load()).answers).toEqual(questionnaireDraftSchema.parse({}));
  });

  it("ignores a forged draft cookie", async () => {
    const v = visitor();
    await v.post(stepPost(1, STEP_ANSWERS[1]));
    const draft = await storedDraft();
    const forged = visitor(new CookieJar(`fm_questionnaire=${encodeURIComponent(Buffer.from(JSON.stringify(draft?._id)).toString("base64"))}`));
    expect((await forged.load()).answers.businessType).toBeUndefined();
  });

  it("sends a signed-in user to the onboarding wizard, or to their answers once they have some", async () => {
    const { user, cookie } = await createUser();
    const first = asResponse(await thrownBy(loader(args(getRequest("/questionnaire", { cookie })))));
    expectRedirect(first, "/onboarding");
    expect(await toastOf(first)).toMatchObject({ title: "You're already signed in" });

    await upsertResponseForUser(user.id, { companyName: "Pulse Studio", businessType: "eCommerce" });
    expectRedirect(asResponse(await thrownBy(loader(args(getRequest("/questionnaire?step=3", { cookie }))))), "/onboarding/answers");
    const posted = await thrownBy(action(args(formRequest("/questionnaire", stepPost(1, STEP_ANSWERS[1]), { cookie }))));
    expectRedirect(asResponse(posted), "/onboarding/answers");
    expect(await countDrafts()).toBe(0);
  });
});

describe("questionnaire page: the whole manual path, as a browser without JavaScript walks it", () => {
  it("posts every step, follows every redirect, creates the account and lands on the dashboard", async () => {
    const v = visitor();
    let location = "/questionnaire";
    const seen: number[] = [];
    for (const step of [1, 2, 3, 4, 5, 6] as const) {
      const page = await v.load(location);
      expect(page.step).toBe(step);
      seen.push(page.step);
      const response = asResponse(await v.post(stepPost(step, STEP_ANSWERS[step])));
      expect(await toastOf(response)).toMatchObject({ title: "Progress Saved" });
      location = response.headers.get("Location") ?? "";
    }
    const last = await v.load(location);
    expect(last.step).toBe(7);
    // Everything answered so far is there to pre-fill the forms.
    expect(last.answers).toMatchObject({ ...STEP_ANSWERS[1], ...STEP_ANSWERS[5] });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);

    const done = asResponse(await v.post(stepPost(7, STEP_ANSWERS[7])));
    expectRedirect(done, "/dashboard");
    expect(await toastOf(done)).toMatchObject({ title: "Success!", variant: "success" });
    expect(setCookieOf(done, "fm_session")).toMatch(/HttpOnly/i);
    expect(setCookieOf(done, "fm_questionnaire")).toMatch(/Max-Age=0/);
    expect(v.jar.has("fm_questionnaire")).toBe(false);

    const user = await getUserByEmail("ada@example.com");
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", companyName: "Pulse Studio", completionMethod: "manual", researchWebsiteUrl: "" });
    expect(await verifyPassword("long-enough-1", user?.passwordHash)).toBe(true);
    const response = await getResponseByUserId(user?.id ?? "");
    expect(response).toMatchObject({
      ...STEP_ANSWERS[1],
      ...STEP_ANSWERS[3],
      ...STEP_ANSWERS[5],
      ...STEP_ANSWERS[6],
      companyName: "Pulse Studio",
      bookingTimeline: [...STEP_ANSWERS[2].bookingTimeline],
      customerFrequency: [...STEP_ANSWERS[2].customerFrequency],
      demandSeasonality: [...STEP_ANSWERS[2].demandSeasonality],
      purchaseDecisionTimeline: STEP_ANSWERS[2].purchaseDecisionTimeline,
    });
    expect(await countDrafts()).toBe(0);

    // Signed in: the session cookie opens the dashboard.
    const dashboard = dataOf(await dashboardLoader(args(getRequest("/dashboard", { cookie: v.jar }))));
    expect(dashboard).toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("creates an AI Quick Pass account from steps 1, 3, 4 and 7 only", async () => {
    const v = visitor();
    await v.post(stepPost(1, { businessType: "B2C Transactional", industry: "Food & Beverage" }));
    await v.post(stepPost(3, STEP_ANSWERS[3]));
    expectRedirect(asResponse(await v.post(stepPost(4, { completionMethod: "ai", researchWebsiteUrl: "https://pulse.example.com" }))), "/questionnaire?step=7");
    const done = asResponse(await v.post(stepPost(7, { ...STEP_ANSWERS[7], email: "ai@example.com" })));
    expectRedirect(done, "/dashboard");
    const user = await getUserByEmail("ai@example.com");
    expect(user).toMatchObject({ completionMethod: "ai", researchWebsiteUrl: "https://pulse.example.com", aiResearchCompleted: 0 });
    expect(await getResponseByUserId(user?.id ?? "")).toMatchObject({
      businessType: "B2C Transactional",
      companyWebsite: "https://pulse.example.com",
      primaryTargetAudience: "",
      bookingTimeline: [],
    });
  });

  it("drops step-2 answers left behind by a change away from B2C Service/Retail", async () => {
    const v = visitor();
    await answerThroughStep6(v);
    await v.post(stepPost(1, { businessType: "eCommerce", industry: "Fitness" }));
    asResponse(await v.post(stepPost(7, STEP_ANSWERS[7])));
    const user = await getUserByEmail("ada@example.com");
    expect(await getResponseByUserId(user?.id ?? "")).toMatchObject({ businessType: "eCommerce", bookingTimeline: [], purchaseDecisionTimeline: "" });
  });
});

describe("questionnaire page: the account step", () => {
  it("refuses bad account fields with the spec's messages and never echoes the password", async () => {
    const v = visitor();
    await answerThroughStep6(v);
    const result = await v.post(stepPost(7, { companyName: "", firstName: "", lastName: "Lovelace", email: "nope", password: "short" }));
    expect(statusOf(result)).toBe(422);
    const reply = replyOf(result);
    expect(reply.result.error).toEqual({ companyName: [REQUIRED], firstName: [REQUIRED], email: [EMAIL_INVALID], password: [PASSWORD_MIN_8] });
    expect(reply.result.initialValue).not.toHaveProperty("password");
    expect(reply.toast.title).toBe("Validation Error");
    expect(await countUsers()).toBe(0);
  });

  it("tells a visitor who filled in every field to correct the invalid ones, not to fill anything in", async () => {
    const v = visitor();
    await answerThroughStep6(v);
    const result = await v.post(stepPost(7, { ...STEP_ANSWERS[7], email: "nope", password: "short" }));
    expect(statusOf(result)).toBe(422);
    const reply = replyOf(result);
    expect(reply.result.error).toEqual({ email: [EMAIL_INVALID], password: [PASSWORD_MIN_8] });
    expect(reply.toast).toEqual({ title: "Validation Error", description: "Please correct the answers marked below before continuing.", variant: "destructive" });
    // Something left empty is still told with the spec's text.
    const empty = replyOf(await v.post(stepPost(7, { ...STEP_ANSWERS[7], firstName: "", email: "nope" })));
    expect(empty.toast.description).toBe(VALIDATION_DESCRIPTION);
  });

  it("answers a taken email with 409 on the email field, keeps every answer and writes nothing", async () => {
    await createUser({ email: "ada@example.com" });
    const v = visitor();
    await answerThroughStep6(v);
    const result = await v.post(stepPost(7, { ...STEP_ANSWERS[7], email: "ADA@example.com" }));
    expect(statusOf(result)).toBe(409);
    const reply = replyOf(result);
    expect(reply.result.error).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
    expect(reply.result.initialValue).toMatchObject({ companyName: "Pulse Studio", firstName: "Ada", lastName: "Lovelace", email: "ADA@example.com" });
    expect(reply.result.initialValue).not.toHaveProperty("password");
    expect(reply.toast.description).toBe(EMAIL_TAKEN_MESSAGE);

    expect(await countUsers()).toBe(1);
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
    // The draft keeps everything, the account details included (the password never).
    const draft = await storedDraft();
    expect(draft?.step).toBe(7);
    expect(draft?.answers).toMatchObject({ ...STEP_ANSWERS[1], ...STEP_ANSWERS[6], companyName: "Pulse Studio", firstName: "Ada", email: "ada@example.com" });
    expect(JSON.stringify(draft)).not.toContain("long-enough-1");
    const page = await v.load("/questionnaire?step=7");
    expect(page.answers).toMatchObject({ companyName: "Pulse Studio", firstName: "Ada" });
  });

  it("sends a visitor with missing earlier answers to the first incomplete step", async () => {
    const fresh = visitor();
    const response = asResponse(await fresh.post(stepPost(7, STEP_ANSWERS[7])));
    expectRedirect(response, "/questionnaire?step=1");
    expect(await toastOf(response)).toMatchObject({ title: "Validation Error", description: MISSING_DESCRIPTION, variant: "destructive" });
    expect(await countUsers()).toBe(0);
    // The account details typed are kept for when the visitor comes back to step 7.
    expect((await fresh.load("/questionnaire?step=7")).answers).toMatchObject({ firstName: "Ada", email: "ada@example.com" });

    const v = visitor();
    for (const step of [1, 2, 3, 4] as const) await v.post(stepPost(step, STEP_ANSWERS[step]));
    const skipped = asResponse(await v.post(stepPost(7, STEP_ANSWERS[7])));
    expectRedirect(skipped, "/questionnaire?step=5");
    expect(await countUsers()).toBe(0);
  });

  it("leaves nothing half-written when saving the answers fails after the account was made", async () => {
    const v = visitor();
    await answerThroughStep6(v);
    const failure = vi.spyOn(QuestionnaireResponseModel, "findOneAndUpdate").mockImplementation(() => {
      throw new Error("disk full");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await v.post(stepPost(7, STEP_ANSWERS[7]));
      expect(statusOf(result)).toBe(500);
      const reply = replyOf(result);
      expect(reply.toast.description).toBe("Failed to complete questionnaire. Please try again.");
      expect(reply.result.error).toEqual({ "": ["Failed to complete questionnaire. Please try again."] });
      expect(errors).toHaveBeenCalled();
    } finally {
      failure.mockRestore();
      errors.mockReset();
    }
    expect(await countUsers()).toBe(0);
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
    expect(await SessionModel.countDocuments({})).toBe(0);
    expect((await storedDraft())?.answers).toMatchObject(STEP_ANSWERS[5]);

    // The same email works on the next try.
    expectRedirect(asResponse(await v.post(stepPost(7, STEP_ANSWERS[7]))), "/dashboard");
    expect(await countUsers()).toBe(1);
  });
});

describe("questionnaire page: the B2B waitlist", () => {
  it("pre-fills from the draft, joins once per email, thanks every time and goes home", async () => {
    const v = visitor();
    expectRedirect(asResponse(await v.post(stepPost(1, { businessType: WAITLIST_ENTRY.businessType, industry: WAITLIST_ENTRY.industry }))), "/questionnaire?step=9");
    const page = await v.load("/questionnaire?step=9");
    expect(page.answers).toMatchObject({ businessType: WAITLIST_ENTRY.businessType, industry: WAITLIST_ENTRY.industry });

    const joined = asResponse(await v.post(stepPost(9, WAITLIST_ENTRY)));
    expectRedirect(joined, "/");
    expect(await toastOf(joined)).toMatchObject({ title: "Thank you!", description: expect.stringContaining("B2B waitlist"), variant: "success" });
    expect(setCookieOf(joined, "fm_questionnaire")).toMatch(/Max-Age=0/);
    expect(await countDrafts()).toBe(0);

    const again = asResponse(await visitor().post(stepPost(9, { ...WAITLIST_ENTRY, email: " GRACE@example.com ", firstName: "Someone" })));
    expectRedirect(again, "/");
    expect(await toastOf(again)).toMatchObject({ title: "Thank you!" });
    expect(await countWaitlist()).toBe(1);
    expect(await listWaitlist()).toMatchObject([{ ...WAITLIST_ENTRY }]);
  });

  it("requires all six fields and a valid email", async () => {
    const result = await visitor().post(stepPost(9, { firstName: " ", email: "grace@" }));
    expect(statusOf(result)).toBe(422);
    expect(replyOf(result).result.error).toEqual({
      firstName: [REQUIRED],
      lastName: [REQUIRED],
      email: [EMAIL_INVALID],
      companyName: [REQUIRED],
      businessType: [REQUIRED],
      industry: [REQUIRED],
    });
    expect(replyOf(result).toast.title).toBe("Validation Error");
    expect(await countWaitlist()).toBe(0);
  });

  it("says 'Failed to join waitlist' when the entry cannot be stored", async () => {
    const { WaitlistModel } = await import("~/models/waitlist.server");
    const failure = vi.spyOn(WaitlistModel, "create").mockImplementation(() => {
      throw new Error("disk full");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await visitor().post(stepPost(9, WAITLIST_ENTRY));
      expect(statusOf(result)).toBe(500);
      expect(replyOf(result).toast.description).toBe("Failed to join waitlist. Please try again.");
    } finally {
      failure.mockRestore();
      errors.mockReset();
    }
  });
});

describe("questionnaire service helpers", () => {
  it("mergeStep replaces only the step's own answers and never takes a password", () => {
    const before = questionnaireDraftSchema.parse({ businessType: "eCommerce", completionMethod: "ai", researchWebsiteUrl: "x.example", firstName: "Ada" });
    expect(mergeStep(before, 4, { completionMethod: "manual" })).toMatchObject({ businessType: "eCommerce", completionMethod: "manual", firstName: "Ada" });
    expect(mergeStep(before, 4, { completionMethod: "manual" })).not.toHaveProperty("researchWebsiteUrl");
    expect(mergeStep(before, 7, { email: "a@b.co", password: "long-enough-1" })).not.toHaveProperty("password");
  });

  it("firstIncompleteStep follows the visitor's path", () => {
    expect(firstIncompleteStep({ businessType: "B2C Service/Retail" }, ["upsellOpportunities", "bookingTimeline.0"])).toBe(2);
    expect(firstIncompleteStep({ businessType: "eCommerce" }, ["purchaseMethod", "onboardingGoal"])).toBe(5);
    expect(firstIncompleteStep({ businessType: "eCommerce", completionMethod: "ai" }, ["researchWebsiteUrl"])).toBe(4);
    expect(firstIncompleteStep({}, ["businessType", "industry"])).toBe(1);
    expect(firstIncompleteStep({ businessType: "B2B (Business-to-Business)" }, ["businessType"])).toBe(1);
    expect(firstIncompleteStep({ businessType: "eCommerce" }, ["email"])).toBe(7);
  });
});
