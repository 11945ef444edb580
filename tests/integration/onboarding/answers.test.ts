import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, dataOf, expectRedirect, formRequest, getRequest, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { ecommerceAnswers, formFields, SERVICE_CHOICES, serviceAnswers } = await import("./fixtures");
const { action, clientLoader, loader } = await import("~/routes/_app+/onboarding.answers");
const { getOnboarding, saveOnboarding } = await import("~/services/onboarding.server");

await useTestDatabase({ clearBeforeEach: true });

const PATH = "/onboarding/answers";
const post = (cookie: string, intent: string, answers: Record<string, unknown>) => action(args(formRequest(PATH, formFields(answers, intent ? { intent } : {}), { cookie })));

interface PageData {
  page: { saved: boolean; values: Record<string, unknown>; updatedAt: string | null };
}

async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expectRedirect(result, PATH);
  return toastOf(result);
}

describe("answers page loader", () => {
  it("starts from defaults (the account's company name) when nothing is saved", async () => {
    const { cookie } = await createUser({ companyName: "Registered Co" });
    const { page } = dataOf(await loader(args(getRequest(PATH, { cookie })))) as PageData;
    expect(page).toMatchObject({ saved: false, updatedAt: null, values: { companyName: "Registered Co", businessType: "", serviceInnovation: "" } });
  });

  it("shows the saved answers", async () => {
    const { user, cookie } = await createUser();
    await saveOnboarding(user.id, serviceAnswers(), { validation: "full" });
    const { page } = dataOf(await loader(args(getRequest(PATH, { cookie })))) as PageData;
    expect(page.saved).toBe(true);
    expect(page.updatedAt).toEqual(expect.stringMatching(/Z$/));
    expect(page.values).toMatchObject({ ...SERVICE_CHOICES, serviceInnovation: "Well-known service" });
  });

  it("with JavaScript, hands the page its data as a promise so it can show skeletons meanwhile", async () => {
    const page = { saved: false, values: {}, updatedAt: null };
    const loaded = clientLoader({ serverLoader: () => Promise.resolve({ page }) } as unknown as Parameters<typeof clientLoader>[0]);
    expect(loaded.page).toBeInstanceOf(Promise);
    expect(await loaded.page).toBe(page);
  });

  it("sends a signed-out visitor to sign in", async () => {
    expectRedirect((await thrownBy(loader(args(getRequest(PATH))))) as Response, "/login?redirectTo=%2Fonboarding%2Fanswers");
  });
});

describe("Save Changes", () => {
  it("saves the first time ('saved') and updates after ('updated')", async () => {
    const { user, cookie } = await createUser();
    expect(await redirected(await post(cookie, "save", { companyName: "Acme", businessType: "eCommerce", industry: "Media & Content" }))).toMatchObject({
      title: "Success",
      description: "Onboarding answers saved successfully!",
      variant: "success",
    });
    expect(await redirected(await post(cookie, "save", ecommerceAnswers({ serviceInnovation: "Brand new category" })))).toMatchObject({
      description: "Onboarding answers updated successfully!",
    });
    expect(await getOnboarding(user.id)).toMatchObject({ companyName: "Acme Goods", serviceInnovation: "Brand new category", customerJourney: "Answer to customerJourney" });
  });

  it("leaves every text answer optional and stores a cleared answer as empty", async () => {
    const { user, cookie } = await createUser();
    await saveOnboarding(user.id, ecommerceAnswers(), { validation: "full" });
    await redirected(await post(cookie, "save", { ...ecommerceAnswers(), customerJourney: "", leadNurtureGoal: "   " }));
    expect(await getOnboarding(user.id)).toMatchObject({ customerJourney: "", leadNurtureGoal: "", companyWebsite: "Answer to companyWebsite" });
  });

  it("still requires the company name, business type and industry", async () => {
    const { user, cookie } = await createUser();
    const result = await post(cookie, "save", { companyName: "", businessType: "", industry: "" });
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({
      toast: { title: "Validation Error", description: "Please fill in all required fields before submitting." },
      result: {
        status: "error",
        error: { companyName: ["This field is required"], businessType: ["This field is required"], industry: ["This field is required"] },
      },
    });
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("keeps the B2C Service/Retail rules, reported together with other problems", async () => {
    const { cookie } = await createUser();
    const result = await post(cookie, "save", { companyName: "", businessType: "B2C Service/Retail", industry: "Fitness", bookingTimeline: ["Short (0-4 days)"] });
    expect(statusOf(result)).toBe(422);
    const error = (dataOf(result) as { result: { error: Record<string, string[]> } }).result.error;
    expect(error).toEqual({
      companyName: ["This field is required"],
      customerFrequency: ["Please select at least one option"],
      demandSeasonality: ["Please select at least one option"],
      purchaseDecisionTimeline: ["This field is required"],
    });
  });

  it("saves the service details of a B2C Service/Retail business", async () => {
    const { user, cookie } = await createUser();
    await redirected(await post(cookie, "save", { ...SERVICE_CHOICES, upsellOpportunities: "Service and product combinations" }));
    expect(await getOnboarding(user.id)).toMatchObject({ ...SERVICE_CHOICES, upsellOpportunities: "Service and product combinations" });
  });

  it("drops the service details once the business type changes (they are no longer shown)", async () => {
    const { user, cookie } = await createUser();
    await saveOnboarding(user.id, serviceAnswers(), { validation: "full" });
    await redirected(await post(cookie, "save", { ...ecommerceAnswers(), communicationChannels: "Email + SMS" }));
    expect(await getOnboarding(user.id)).toMatchObject({ businessType: "eCommerce", bookingTimeline: [], purchaseDecisionTimeline: "", communicationChannels: "Email + SMS" });
  });

  it("keeps a saved industry that the page's shorter list lacks", async () => {
    const { user, cookie } = await createUser();
    await redirected(await post(cookie, "save", { companyName: "Gym", businessType: "Other", industry: "Fitness" }));
    expect((await getOnboarding(user.id))?.industry).toBe("Fitness");
  });

  it.each([
    ["industry", "Alchemy"],
    ["upsellOpportunities", "Everything"],
    ["conversionGoal", "World domination"],
  ])("refuses an unknown %s", async (field, value) => {
    const { user, cookie } = await createUser();
    const result = await post(cookie, "save", ecommerceAnswers({ [field]: value }));
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({ result: { error: { [field]: ["Please choose one of the listed options"] } } });
    expect(await getOnboarding(user.id)).toBeNull();
  });
});

describe("Reset (without JavaScript)", () => {
  it("reloads the last saved values, changing nothing", async () => {
    const { user, cookie } = await createUser();
    await saveOnboarding(user.id, ecommerceAnswers(), { validation: "full" });
    const toast = await redirected(await post(cookie, "reset", { ...ecommerceAnswers(), companyName: "Unsaved edit" }));
    expect(toast).toMatchObject({ title: "Form Reset", description: "Form has been reset to last saved values" });
    expect((await getOnboarding(user.id))?.companyName).toBe("Acme Goods");
  });

  it("reloads the defaults when nothing is saved", async () => {
    const { user, cookie } = await createUser();
    const toast = await redirected(await post(cookie, "reset", { companyName: "Unsaved" }));
    expect(toast).toMatchObject({ description: "Form has been reset to default values" });
    expect(await getOnboarding(user.id)).toBeNull();
  });
});

describe("refused posts", () => {
  it.each([["delete"], [""]])("answers the intent %j with 400", async (intent) => {
    const { user, cookie } = await createUser();
    const result = await post(cookie, intent, ecommerceAnswers());
    expect(statusOf(result)).toBe(400);
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("sends a signed-out post to sign in", async () => {
    const thrown = await thrownBy(action(args(formRequest(PATH, formFields(ecommerceAnswers(), { intent: "save" })))));
    expectRedirect(thrown as Response, "/login?redirectTo=%2Fonboarding%2Fanswers");
  });

  it("refuses a cross-site post with 403, storing nothing", async () => {
    const { user, cookie } = await createUser();
    const thrown = await thrownBy(action(args(formRequest(PATH, formFields(ecommerceAnswers(), { intent: "save" }), { cookie, origin: "https://evil.example" }))));
    expect(statusOf(thrown)).toBe(403);
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("refuses a post that filled the honeypot", async () => {
    const { user, cookie } = await createUser();
    const { HONEYPOT_FIELD } = await import("~/lib/schemas/auth");
    const thrown = await thrownBy(post(cookie, "save", { ...ecommerceAnswers(), [HONEYPOT_FIELD]: "bot" }));
    expect(statusOf(thrown)).toBe(400);
    expect(await getOnboarding(user.id)).toBeNull();
  });
});
