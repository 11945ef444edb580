import { describe, expect, it } from "vitest";

import {
  countResponses,
  emptyAnswers,
  getResponseByUserId,
  getResponseSummaryByUserId,
  listResponsesForAdmin,
  QuestionnaireResponseModel,
  TEXT_FIELDS,
  upsertResponseForUser,
} from "~/models/questionnaire-response.server";
import { isDuplicateKeyError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

describe("questionnaire responses", () => {
  it("stores every spec field, with lists as string arrays and empty defaults", async () => {
    const { response, created } = await upsertResponseForUser("user-a", {
      companyName: "Glow Studio",
      businessType: "B2C Service/Retail",
      industry: "Healthcare & Wellness",
      bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
      customerFrequency: ["Monthly"],
      demandSeasonality: ["Steady demand with consistent patterns"],
      purchaseDecisionTimeline: "Quick (2-24 hours)",
      communicationChannels: "Email + SMS",
      serviceInnovation: "Well-known service",
      upsellOpportunities: "Service and product combinations",
      conversionGoal: "First Booking",
      businessOperationDescription: "Two-chair skincare studio",
      companyWebsite: "https://glow.example",
      guarantees_q8: "Free redo within 7 days",
      leadNurtureGoal: "Book a first facial",
    });
    expect(created).toBe(true);
    expect(response.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response).toMatchObject({
      userId: "user-a",
      bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
      guarantees_q8: "Free redo within 7 days",
      conversionGoal: "First Booking",
      businessOperationDescription: "Two-chair skincare studio",
      primaryTargetAudience: "",
    });
    for (const field of TEXT_FIELDS) expect(typeof response[field]).toBe("string");
    expect(Object.keys(emptyAnswers()).every((key) => key in response)).toBe(true);
  });

  it("updates only the given answers and keeps one document per user", async () => {
    await upsertResponseForUser("user-a", { companyName: "Glow", industry: "Fitness" });
    const { response, created } = await upsertResponseForUser("user-a", { industry: "Education", customerFrequency: ["Regular (Weekly)"] });
    expect(created).toBe(false);
    expect(response).toMatchObject({ companyName: "Glow", industry: "Education", customerFrequency: ["Regular (Weekly)"] });
    expect(await countResponses()).toBe(1);
    expect((await getResponseByUserId("user-a"))?.industry).toBe("Education");
  });

  it("accepts an empty save, creating then keeping the response", async () => {
    expect((await upsertResponseForUser("user-e", {})).created).toBe(true);
    const again = await upsertResponseForUser("user-e", {});
    expect(again.created).toBe(false);
    expect(again.response.companyName).toBe("");
    expect(await countResponses()).toBe(1);
  });

  it("ignores unknown keys", async () => {
    const answers = { companyName: "X", userId: "someone-else", isPremium: 1 };
    const { response } = await upsertResponseForUser("user-a", answers);
    expect(response.userId).toBe("user-a");
    const raw = await QuestionnaireResponseModel.findOne({ userId: "user-a" }).lean();
    expect(raw).not.toHaveProperty("isPremium");
  });

  it("is scoped to its owner", async () => {
    await upsertResponseForUser("user-a", { companyName: "A Co" });
    expect(await getResponseByUserId("user-b")).toBeNull();
    expect(await getResponseSummaryByUserId("user-b")).toBeNull();
    expect(await getResponseSummaryByUserId("user-a")).toEqual({ companyName: "A Co", businessType: "", industry: "", communicationChannels: "" });
  });

  it("keeps a single response under concurrent first saves", async () => {
    await Promise.all([
      upsertResponseForUser("user-c", { companyName: "One" }),
      upsertResponseForUser("user-c", { industry: "Fitness" }),
      upsertResponseForUser("user-c", { businessType: "Other" }),
    ]);
    expect(await QuestionnaireResponseModel.countDocuments({ userId: "user-c" })).toBe(1);
    expect(await getResponseByUserId("user-c")).toMatchObject({ companyName: "One", industry: "Fitness", businessType: "Other" });
  });

  it("enforces one response per user with a unique index", async () => {
    await upsertResponseForUser("user-a", { companyName: "A" });
    const error = await QuestionnaireResponseModel.create({ userId: "user-a" }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it("rejects over-long answers", async () => {
    await expect(upsertResponseForUser("user-a", { companyName: "x".repeat(201) })).rejects.toThrow(/companyName/);
  });

  it("lists the admin's table fields, newest first", async () => {
    await upsertResponseForUser("user-1", { companyName: "First", businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email only" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await upsertResponseForUser("user-2", { companyName: "Second", companyWebsite: "https://second.example" });
    const rows = await listResponsesForAdmin();
    expect(rows.map((row) => row.companyName)).toEqual(["Second", "First"]);
    expect(rows[1]).toMatchObject({ businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email only", userId: "user-1" });
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(rows[0]).not.toHaveProperty("companyWebsite");
  });
});
