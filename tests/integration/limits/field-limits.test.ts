import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, jsonRequest, statusOf } = await import("../../support/requests");
const { ecommerceAnswers, formFields } = await import("../onboarding/fixtures");
const { fullSubmission, WAITLIST_ENTRY } = await import("../questionnaire/helpers");
const submitRoute = await import("~/routes/api+/questionnaire.submit");
const waitlistRoute = await import("~/routes/api+/waitlist.submit");
const draftRoute = await import("~/routes/api+/questionnaire.draft");
const onboardingApi = await import("~/routes/api+/onboarding");
const wizard = await import("~/routes/_app+/onboarding._index");
const answersPage = await import("~/routes/_app+/onboarding.answers");
const { FIELD_LIMITS } = await import("~/lib/limits");
const { countUsers } = await import("~/models/user.server");
const { countWaitlist } = await import("~/models/waitlist.server");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");

await useTestDatabase({ clearBeforeEach: true });

const TOO_LONG_COMPANY = "C".repeat(FIELD_LIMITS.companyName + 1);
const MUCH_TOO_LONG_COMPANY = "C".repeat(FIELD_LIMITS.textAnswer);
const COMPANY_MESSAGE = `Must be at most ${FIELD_LIMITS.companyName} characters`;

async function expectFieldError(response: Response, field: string, message: string) {
  expect(response.status).toBe(422);
  const body = await apiBody<{ errors: Record<string, string> }>(response);
  expect(body.errors[field]).toBe(message);
}

async function nothingStored() {
  expect(await countUsers()).toBe(0);
  expect(await countWaitlist()).toBe(0);
  expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
}

describe("a company name over its limit is a 422 at the field everywhere, never a 500", () => {
  it.each([TOO_LONG_COMPANY, MUCH_TOO_LONG_COMPANY])("POST /api/questionnaire/submit (%#)", async (companyName) => {
    const response = await submitRoute.action(args(jsonRequest("/api/questionnaire/submit", { body: fullSubmission({ companyName }) })));
    await expectFieldError(response, "companyName", COMPANY_MESSAGE);
    await nothingStored();
  });

  it.each([TOO_LONG_COMPANY, MUCH_TOO_LONG_COMPANY])("POST /api/waitlist/submit (%#)", async (companyName) => {
    const response = await waitlistRoute.action(args(jsonRequest("/api/waitlist/submit", { body: { ...WAITLIST_ENTRY, companyName } })));
    await expectFieldError(response, "companyName", COMPANY_MESSAGE);
    await nothingStored();
  });

  it("POST and PUT /api/onboarding", async () => {
    const { cookie } = await createUser();
    for (const method of ["POST", "PUT"] as const) {
      const response = await onboardingApi.action(args(jsonRequest("/api/onboarding", { method, cookie, body: ecommerceAnswers({ companyName: MUCH_TOO_LONG_COMPANY }) })));
      await expectFieldError(response, "companyName", COMPANY_MESSAGE);
    }
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
  });

  it("the questionnaire draft refuses over-long contact details the same way", async () => {
    const response = await draftRoute.action(args(jsonRequest("/api/questionnaire/draft", { body: { answers: { firstName: "F".repeat(FIELD_LIMITS.personName + 1) }, step: 7 } })));
    expect(response.status).toBe(422);
    expect(JSON.stringify(await apiBody(response))).toContain(`Must be at most ${FIELD_LIMITS.personName} characters`);
  });

  it("the wizard's first step and the answers page answer at the field", async () => {
    const { cookie } = await createUser();
    const step = await wizard.action(
      args(formRequest("/onboarding", formFields({ companyName: TOO_LONG_COMPANY, businessType: "eCommerce", industry: "Fitness" }, { step: "1", intent: "next" }), { cookie })),
    );
    expect(statusOf(step)).toBe(422);
    expect(JSON.parse(JSON.stringify(dataOf(step)))).toMatchObject({ result: { error: { companyName: [COMPANY_MESSAGE] } } });

    const save = await answersPage.action(
      args(formRequest("/onboarding/answers", formFields(ecommerceAnswers({ companyName: TOO_LONG_COMPANY }), { intent: "save" }), { cookie })),
    );
    expect(statusOf(save)).toBe(422);
    expect(JSON.parse(JSON.stringify(dataOf(save)))).toMatchObject({ result: { error: { companyName: [COMPANY_MESSAGE] } } });
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
  });

  it("a company name of exactly the limit is stored whole", async () => {
    const companyName = "C".repeat(FIELD_LIMITS.companyName);
    const response = await waitlistRoute.action(args(jsonRequest("/api/waitlist/submit", { body: { ...WAITLIST_ENTRY, companyName } })));
    expect(response.status).toBeLessThan(300);
    expect(await countWaitlist()).toBe(1);
  });
});
