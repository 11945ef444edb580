import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, dataOf, expectRedirect, formRequest, getRequest, settle, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { ECOMMERCE_CHOICES, ecommerceAnswers, formFields, SERVICE_CHOICES, serviceAnswers, TEXT_ANSWERS } = await import("./fixtures");
const { action, loader } = await import("~/routes/_app+/onboarding._index");
const { getOnboarding, saveOnboarding } = await import("~/services/onboarding.server");
const dashboard = await import("~/routes/_app+/dashboard");

await useTestDatabase({ clearBeforeEach: true });

interface WizardState {
  step: number;
  values: Record<string, unknown>;
  result: { status?: string; error?: Record<string, string[] | null> } | null;
  toast?: { title: string; description: string };
  message?: string;
}

function post(cookie: string, step: number, intent: string, answers: Record<string, unknown>) {
  return action(args(formRequest("/onboarding", formFields(answers, { step: String(step), intent }), { cookie })));
}

async function wizard(cookie: string, step: number, intent: string, answers: Record<string, unknown>) {
  const result = await post(cookie, step, intent, answers);
  // The test reads the same JSON the page does.
  return { status: statusOf(result), state: JSON.parse(JSON.stringify(dataOf(result))) as WizardState };
}

/**
 * A step that passes is kept on the server and the browser is sent to the next step's address:
 * follow that redirect and read what the page then shows.
 */
async function advance(cookie: string, step: number, intent: string, answers: Record<string, unknown>) {
  const result = await post(cookie, step, intent, answers);
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/onboarding\?step=[1-5]$/);
  return { location, page: await show(cookie, location) };
}

/** What the page shows at this address, following the loader's redirect to a step's own address. */
async function show(cookie: string, path: string): Promise<{ step: number; values: Record<string, unknown>; hasProfile: boolean; needed: string[] }> {
  const result = await settle(loader(args(getRequest(path, { cookie }))));
  if (result instanceof Response) {
    expect(result.status).toBe(302);
    const location = result.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/onboarding\?step=[1-5]$/);
    return show(cookie, location);
  }
  return JSON.parse(JSON.stringify(dataOf(result)));
}

const STEP_INVALID = { title: "Validation Error", description: "Please fill in all required fields before proceeding." };
const SUBMIT_INVALID = { title: "Validation Error", description: "Please fill in all required fields before submitting." };

describe("wizard loader", () => {
  it("starts from empty answers and the account's company name before onboarding", async () => {
    const { cookie } = await createUser({ companyName: "Registered Co" });
    const data = await show(cookie, "/onboarding");
    expect(data.hasProfile).toBe(false);
    expect(data.values).toMatchObject({ companyName: "Registered Co", businessType: "", bookingTimeline: [], leadNurtureGoal: "" });
  });

  it("prefills the saved answers", async () => {
    const { user, cookie } = await createUser();
    await saveOnboarding(user.id, serviceAnswers(), { validation: "full" });
    const data = await show(cookie, "/onboarding");
    expect(data.hasProfile).toBe(true);
    expect(data.values).toMatchObject({ ...SERVICE_CHOICES, ...TEXT_ANSWERS });
  });

  it("opens a saved profile at the first step that still needs an answer, with those answers named", async () => {
    const { user, cookie } = await createUser();
    // What the public questionnaire saves: no day-to-day description, no lead nurture answers.
    const answers: Record<string, unknown> = serviceAnswers({ businessOperationDescription: "" });
    for (const field of ["leadToClientJourney", "leadAcquisitionMethod", "leadNurtureGoal"]) answers[field] = "";
    await saveOnboarding(user.id, answers, { validation: "edit" });
    const first = await show(cookie, "/onboarding");
    expect(first.step).toBe(3);
    expect(first.needed).toEqual(["businessOperationDescription"]);
    // The answers already given stay filled.
    expect(first.values).toMatchObject({ ...SERVICE_CHOICES, customerJourney: TEXT_ANSWERS.customerJourney });

    await saveOnboarding(user.id, { ...answers, businessOperationDescription: "We run classes" }, { validation: "edit" });
    const later = await show(cookie, "/onboarding");
    expect(later.step).toBe(5);
    expect(later.needed).toEqual(["leadToClientJourney", "leadAcquisitionMethod", "leadNurtureGoal"]);
    // A step with nothing missing marks nothing.
    expect((await show(cookie, "/onboarding?step=4")).needed).toEqual([]);
  });

  it("starts a new account at step 1 and marks nothing", async () => {
    const { cookie } = await createUser();
    const data = await show(cookie, "/onboarding");
    expect(data.step).toBe(1);
    expect(data.needed).toEqual([]);
  });

  it("sends a signed-out visitor to sign in", async () => {
    expectRedirect((await thrownBy(loader(args(getRequest("/onboarding"))))) as Response, "/login?redirectTo=%2Fonboarding");
  });
});

describe("Next Step", () => {
  it("step 1 refuses missing business information with the spec's toast and a message per field", async () => {
    const { cookie } = await createUser();
    const { status, state } = await wizard(cookie, 1, "next", { companyName: " ", businessType: "", industry: "" });
    expect(status).toBe(422);
    expect(state.step).toBe(1);
    expect(state.toast).toEqual(STEP_INVALID);
    expect(state.result?.error).toMatchObject({
      companyName: ["This field is required"],
      businessType: ["This field is required"],
      industry: ["This field is required"],
    });
    // Only this step's fields are judged: the empty text answers of later steps are no problem yet.
    expect(Object.keys(state.result?.error ?? {}).sort()).toEqual(["businessType", "companyName", "industry"]);
  });

  it("step 1 refuses a business type that is not on the list", async () => {
    const { cookie } = await createUser();
    const { status, state } = await wizard(cookie, 1, "next", { companyName: "X", businessType: "Galactic", industry: "Fitness" });
    expect(status).toBe(422);
    expect(state.result?.error?.businessType).toEqual(["Please choose one of the listed options"]);
  });

  it("step 1 advances to step 2 and carries every answer", async () => {
    const { cookie } = await createUser();
    const { location, page } = await advance(cookie, 1, "next", { companyName: "Glow", businessType: "B2C Service/Retail", industry: "Fitness", customerJourney: "kept" });
    expect(location).toBe("/onboarding?step=2");
    expect(page.step).toBe(2);
    expect(page.values).toMatchObject({ companyName: "Glow", businessType: "B2C Service/Retail", industry: "Fitness", customerJourney: "kept", bookingTimeline: [] });
  });

  it("step 2 for B2C Service/Retail needs the service details", async () => {
    const { cookie } = await createUser();
    const { status, state } = await wizard(cookie, 2, "next", { companyName: "Glow", businessType: "B2C Service/Retail", industry: "Fitness" });
    expect(status).toBe(422);
    expect(state.step).toBe(2);
    expect(state.result?.error).toEqual({
      bookingTimeline: ["Please select at least one option"],
      customerFrequency: ["Please select at least one option"],
      demandSeasonality: ["Please select at least one option"],
      purchaseDecisionTimeline: ["This field is required"],
    });
  });

  it("step 2 for B2C Service/Retail advances once the details are chosen (several boxes per list)", async () => {
    const { cookie } = await createUser();
    const { page } = await advance(cookie, 2, "next", SERVICE_CHOICES);
    expect(page.step).toBe(3);
    expect(page.values.bookingTimeline).toEqual(["Short (0-4 days)", "Medium (5-14 days)"]);
  });

  it("step 2 for other business types asks nothing required", async () => {
    const { cookie } = await createUser();
    const { page } = await advance(cookie, 2, "next", { companyName: "Acme", businessType: "eCommerce", industry: "Fitness" });
    expect(page.step).toBe(3);
  });

  it("step 2 for B2B needs the communication channels", async () => {
    const { cookie } = await createUser();
    const { status, state } = await wizard(cookie, 2, "next", { companyName: "Biz", businessType: "B2B (Business-to-Business)", industry: "B2B Services" });
    expect(status).toBe(422);
    expect(state.result?.error).toEqual({ communicationChannels: ["This field is required"] });
  });

  it.each([
    [3, ["companyWebsite", "businessOperationDescription", "purchaseMethod"]],
    [4, ["onboardingStage", "onboardingSpecialOffers"]],
    [5, []],
  ])("step %i refuses its own blank answers only", async (step, sample) => {
    const { cookie } = await createUser();
    if (step === 5) {
      // Step 5 has no Next: its answers are checked by Complete Onboarding.
      const { status } = await wizard(cookie, 5, "next", ECOMMERCE_CHOICES);
      expect(status).toBe(400);
      return;
    }
    const { status, state } = await wizard(cookie, step, "next", ECOMMERCE_CHOICES);
    expect(status).toBe(422);
    expect(state.step).toBe(step);
    for (const field of sample) expect(state.result?.error?.[field]).toEqual(["This field is required"]);
    expect(Object.keys(state.result?.error ?? {})).toHaveLength(step === 3 ? 13 : 7);
  });

  it("steps 3 and 4 advance when their answers are given", async () => {
    const { cookie } = await createUser();
    expect((await advance(cookie, 3, "next", ecommerceAnswers())).page.step).toBe(4);
    expect((await advance(cookie, 4, "next", ecommerceAnswers())).page.step).toBe(5);
  });
});

describe("Previous", () => {
  it("goes back a step without checking anything and keeps the answers", async () => {
    const { cookie } = await createUser();
    const { page } = await advance(cookie, 3, "previous", { companyName: "Acme", customerJourney: "" });
    expect(page.step).toBe(2);
    expect(page.values).toMatchObject({ companyName: "Acme", customerJourney: "" });
    expect((await advance(cookie, 1, "previous", {})).page.step).toBe(1);
  });
});

describe("the wizard's progress is kept on the server", () => {
  it("a reload, Back and a second tab find the answers and the step again", async () => {
    const { cookie } = await createUser();
    await advance(cookie, 1, "next", { companyName: "Glow", businessType: "B2C Service/Retail", industry: "Fitness" });
    await advance(cookie, 2, "next", SERVICE_CHOICES);
    // A reload of step 3, and a second tab opening /onboarding, both show step 3 with every answer.
    for (const path of ["/onboarding?step=3", "/onboarding"]) {
      const page = await show(cookie, path);
      expect(page.step).toBe(3);
      expect(page.values).toMatchObject({ ...SERVICE_CHOICES });
    }
    // Back to step 1's address: the answers are still there.
    expect((await show(cookie, "/onboarding?step=1")).values).toMatchObject({ companyName: SERVICE_CHOICES.companyName, industry: SERVICE_CHOICES.industry });
  });

  it("is the user's own: another user starts afresh", async () => {
    const first = await createUser();
    await advance(first.cookie, 1, "next", { companyName: "Glow", businessType: "eCommerce", industry: "Fitness" });
    const second = await createUser({ companyName: "Other Co" });
    const page = await show(second.cookie, "/onboarding");
    expect(page.step).toBe(1);
    expect(page.values).toMatchObject({ companyName: "Other Co", businessType: "" });
  });

  it("ends with Complete Onboarding: the next visit starts from the saved profile at step 1", async () => {
    const { cookie } = await createUser();
    await advance(cookie, 4, "next", ecommerceAnswers());
    const done = await post(cookie, 5, "complete", ecommerceAnswers());
    expectRedirect(done as Response, "/dashboard");
    const page = await show(cookie, "/onboarding");
    expect(page.step).toBe(1);
    expect(page.hasProfile).toBe(true);
  });

  it("an unknown step in the address falls back to where the user left off", async () => {
    const { cookie } = await createUser();
    await advance(cookie, 3, "next", ecommerceAnswers());
    expect((await show(cookie, "/onboarding?step=9")).step).toBe(4);
    expect((await show(cookie, "/onboarding?step=abc")).step).toBe(4);
  });
});

describe("Complete Onboarding", () => {
  it("saves the first time: 'Onboarding completed successfully!' and the dashboard", async () => {
    const { user, cookie } = await createUser();
    const response = await post(cookie, 5, "complete", serviceAnswers());
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expectRedirect(response, "/dashboard");
    expect(await toastOf(response)).toMatchObject({ title: "Success", description: "Onboarding completed successfully!", variant: "success" });
    expect(await getOnboarding(user.id)).toMatchObject({ ...SERVICE_CHOICES, ...TEXT_ANSWERS });
  });

  it("updates after that: 'Profile updated successfully!'", async () => {
    const { user, cookie } = await createUser();
    await post(cookie, 5, "complete", serviceAnswers());
    const response = await post(cookie, 5, "complete", ecommerceAnswers({ companyName: "Renamed" }));
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expectRedirect(response, "/dashboard");
    expect(await toastOf(response)).toMatchObject({ description: "Profile updated successfully!" });
    expect(await getOnboarding(user.id)).toMatchObject({ companyName: "Renamed", businessType: "eCommerce", bookingTimeline: [] });
  });

  it("the dashboard shows the fresh profile after each save", async () => {
    const { cookie } = await createUser();
    const load = async () => dataOf(await dashboard.loader(args(getRequest("/dashboard", { cookie })))) as { dashboard: { profile: unknown } };
    expect((await load()).dashboard.profile).toBeNull();
    await post(cookie, 5, "complete", serviceAnswers());
    expect((await load()).dashboard.profile).toEqual({
      companyName: "Glow Studio",
      businessType: "B2C Service/Retail",
      industry: "Fitness",
      communicationChannels: "Email + SMS",
      businessModel: { model: expect.any(String), source: "inferred", inferred: expect.any(String) },
    });
    await post(cookie, 5, "complete", ecommerceAnswers({ companyName: "Renamed", communicationChannels: "Email only" }));
    expect((await load()).dashboard.profile).toMatchObject({ companyName: "Renamed", businessType: "eCommerce", communicationChannels: "Email only" });
  });

  it("with JavaScript the dashboard gets its data as a promise, so the card can show a skeleton meanwhile", async () => {
    const data = { user: { id: "u" }, dashboard: { profile: null } };
    const loaded = dashboard.clientLoader({ serverLoader: () => Promise.resolve(data) } as unknown as Parameters<typeof dashboard.clientLoader>[0]);
    expect(loaded.pending).toBeInstanceOf(Promise);
    expect(await loaded.pending).toBe(data);
  });

  it("refuses blank lead nurture answers on step 5, storing nothing", async () => {
    const { user, cookie } = await createUser();
    const { status, state } = await wizard(cookie, 5, "complete", ecommerceAnswers({ leadNurtureGoal: "", guarantees_q8: " " }));
    expect(status).toBe(422);
    expect(state.step).toBe(5);
    expect(state.toast).toEqual(SUBMIT_INVALID);
    expect(state.result?.error).toEqual({ guarantees_q8: ["This field is required"], leadNurtureGoal: ["This field is required"] });
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("sends the user back to the first step with a problem (a tampered earlier answer)", async () => {
    const { user, cookie } = await createUser();
    const { status, state } = await wizard(cookie, 5, "complete", serviceAnswers({ customerFrequency: [], customerJourney: "" }));
    expect(status).toBe(422);
    expect(state.step).toBe(2);
    expect(state.result?.error).toEqual({ customerFrequency: ["Please select at least one option"] });
    expect(state.values.customerJourney).toBe("");
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("is only offered on step 5", async () => {
    const { user, cookie } = await createUser();
    expect((await wizard(cookie, 3, "complete", serviceAnswers())).status).toBe(400);
    expect(await getOnboarding(user.id)).toBeNull();
  });
});

describe("refused posts", () => {
  it.each([
    ["an unknown intent", { step: "2", intent: "skip" }],
    ["no intent", { step: "2" }],
    ["an unknown step", { step: "9", intent: "next" }],
    ["no step", { intent: "next" }],
  ])("answers %s with 400", async (_label, extra) => {
    const { cookie } = await createUser();
    const result = await action(args(formRequest("/onboarding", formFields(ecommerceAnswers(), extra), { cookie })));
    expect(statusOf(result)).toBe(400);
  });

  it("sends a signed-out post to sign in, storing nothing", async () => {
    const thrown = await thrownBy(action(args(formRequest("/onboarding", formFields(serviceAnswers(), { step: "5", intent: "complete" })))));
    expectRedirect(thrown as Response, "/login?redirectTo=%2Fonboarding");
  });

  it("refuses a cross-site post with 403, storing nothing", async () => {
    const { user, cookie } = await createUser();
    const thrown = await thrownBy(
      action(args(formRequest("/onboarding", formFields(serviceAnswers(), { step: "5", intent: "complete" }), { cookie, origin: "https://evil.example" }))),
    );
    expect(statusOf(thrown)).toBe(403);
    expect(await getOnboarding(user.id)).toBeNull();
  });
});
