import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { ecommerceAnswers, serviceAnswers } = await import("./fixtures");
const { getOnboarding, getOnboardingFormValues, saveOnboarding, toApiOnboarding } = await import("~/services/onboarding.server");
const { DomainError } = await import("~/services/domain-error");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");

await useTestDatabase({ clearBeforeEach: true });

describe("getOnboarding", () => {
  it("is null before anything is saved, and the form starts from the account's company name", async () => {
    const { user } = await createUser({ companyName: "Registered Co" });
    expect(await getOnboarding(user.id)).toBeNull();
    const form = await getOnboardingFormValues(user);
    expect(form.saved).toBe(false);
    expect(form.updatedAt).toBeNull();
    expect(form.values.companyName).toBe("Registered Co");
    expect(form.values.bookingTimeline).toEqual([]);
  });
});

describe("saveOnboarding", () => {
  it("creates on the first save and updates after, trimming answers", async () => {
    const { user } = await createUser();
    const first = await saveOnboarding(user.id, serviceAnswers({ companyName: "  Glow Studio  " }), { validation: "full" });
    expect(first.created).toBe(true);
    expect(first.response).toMatchObject({
      userId: user.id,
      companyName: "Glow Studio",
      businessType: "B2C Service/Retail",
      bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
      purchaseDecisionTimeline: "Quick (2-24 hours)",
      conversionGoal: "First Booking",
      businessOperationDescription: "Answer to businessOperationDescription",
    });

    const second = await saveOnboarding(user.id, serviceAnswers({ companyName: "Glow Studio Two" }), { validation: "full" });
    expect(second.created).toBe(false);
    expect(second.response.id).toBe(first.response.id);
    expect(await QuestionnaireResponseModel.countDocuments({ userId: user.id })).toBe(1);
    expect((await getOnboarding(user.id))?.companyName).toBe("Glow Studio Two");
  });

  it("counts a response without a company name (left by the questionnaire) as not yet completed", async () => {
    const { user } = await createUser();
    await QuestionnaireResponseModel.create({ userId: user.id, businessType: "eCommerce" });
    const { created } = await saveOnboarding(user.id, ecommerceAnswers(), { validation: "full" });
    expect(created).toBe(true);
    expect(await QuestionnaireResponseModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("refuses incomplete answers under the full rules and stores nothing", async () => {
    const { user } = await createUser();
    const error = await saveOnboarding(user.id, ecommerceAnswers({ leadNurtureGoal: "  " }), { validation: "full" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "validation", fieldErrors: { leadNurtureGoal: "This field is required" }, message: "This field is required" });
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("accepts the same incomplete answers under the edit-answers rules, storing blanks as empty", async () => {
    const { user } = await createUser();
    const { response, created } = await saveOnboarding(
      user.id,
      { companyName: "Acme", businessType: "eCommerce", industry: "Fitness", leadNurtureGoal: "" },
      { validation: "edit" },
    );
    expect(created).toBe(true);
    expect(response).toMatchObject({ companyName: "Acme", leadNurtureGoal: "", companyWebsite: "", communicationChannels: "" });
  });

  it("keeps the service/retail rules under the edit-answers rules", async () => {
    const { user } = await createUser();
    const error = await saveOnboarding(user.id, { companyName: "Glow", businessType: "B2C Service/Retail", industry: "Fitness" }, { validation: "edit" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      fieldErrors: {
        bookingTimeline: "Please select at least one option",
        customerFrequency: "Please select at least one option",
        demandSeasonality: "Please select at least one option",
        purchaseDecisionTimeline: "This field is required",
      },
    });
    expect(await getOnboarding(user.id)).toBeNull();
  });

  it("requires communication channels from B2B businesses", async () => {
    const { user } = await createUser();
    const error = await saveOnboarding(user.id, { companyName: "Biz", businessType: "B2B (Business-to-Business)", industry: "B2B Services" }, { validation: "edit" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ fieldErrors: { communicationChannels: "This field is required" } });
  });

  it("drops the service details when the business is not B2C Service/Retail", async () => {
    const { user } = await createUser();
    await saveOnboarding(user.id, serviceAnswers(), { validation: "full" });
    const { response } = await saveOnboarding(
      user.id,
      serviceAnswers({ businessType: "eCommerce" }), // the service answers are still posted
      { validation: "full" },
    );
    expect(response).toMatchObject({ businessType: "eCommerce", bookingTimeline: [], customerFrequency: [], demandSeasonality: [], purchaseDecisionTimeline: "" });
    expect(response.communicationChannels).toBe("Email + SMS");
  });

  it("only ever touches the caller's own questionnaire", async () => {
    const a = await createUser();
    const b = await createUser();
    await saveOnboarding(a.user.id, serviceAnswers({ companyName: "A's company" }), { validation: "full" });
    await saveOnboarding(b.user.id, ecommerceAnswers({ companyName: "B's company" }), { validation: "full" });
    expect((await getOnboarding(a.user.id))?.companyName).toBe("A's company");
    expect((await getOnboarding(b.user.id))?.companyName).toBe("B's company");
  });

  it("presents the saved questionnaire with every stored field and ISO dates", async () => {
    const { user } = await createUser();
    const { response } = await saveOnboarding(user.id, serviceAnswers(), { validation: "full" });
    const api = toApiOnboarding(response);
    expect(api).toMatchObject({ id: response.id, userId: user.id, companyName: "Glow Studio", guarantees_q8: "Answer to guarantees_q8", businessModelSource: "inferred" });
    expect(api.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // 40 answers, the business model's three fields, ids and dates.
    expect(Object.keys(api)).toHaveLength(40 + 3 + 4);
  });
});
