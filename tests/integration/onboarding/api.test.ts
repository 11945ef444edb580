import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, jsonRequest, SAME_ORIGIN } = await import("../../support/requests");
const { ecommerceAnswers, serviceAnswers } = await import("./fixtures");
const api = await import("~/routes/api+/onboarding");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");
const { emptyAnswers } = await import("~/lib/questionnaire/fields");

/** A PUT body: every answer, the ones not given empty. */
const whole = (answers: Record<string, unknown>) => ({ ...emptyAnswers(), ...answers });

await useTestDatabase({ clearBeforeEach: true });

type JsonOptions = NonNullable<Parameters<typeof jsonRequest>[1]>;
const get = (options: JsonOptions = {}) => api.loader(args(jsonRequest("/api/onboarding", { method: "GET", ...options })));
const send = (method: "POST" | "PUT" | "DELETE" | "PATCH", options: JsonOptions = {}) => api.action(args(jsonRequest("/api/onboarding", { method, ...options })));

const ONE_MB = "x".repeat(1024 * 1024);

async function expectNothingStored() {
  expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
}

async function expect422(response: Response, errors: Record<string, string>) {
  expect(response.status).toBe(422);
  const body = await apiBody(response);
  expect(body.errors).toMatchObject(errors);
  expect(Object.values(body.errors as Record<string, string>)).toContain(body.message);
  return body;
}

describe("GET /api/onboarding", () => {
  it("answers 401 when signed out", async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(await apiBody(response)).toEqual({ message: "You are not signed in. Sign in and try again.", code: "UNAUTHENTICATED" });
  });

  it("answers null before anything is saved", async () => {
    const { cookie } = await createUser();
    const response = await get({ cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await apiBody(response)).toBeNull();
  });

  it("returns the saved questionnaire with every stored field", async () => {
    const { user, cookie } = await createUser();
    expect((await send("POST", { cookie, body: serviceAnswers() })).status).toBe(201);
    const body = await apiBody(await get({ cookie }));
    expect(body).toMatchObject({
      userId: user.id,
      companyName: "Glow Studio",
      businessType: "B2C Service/Retail",
      industry: "Fitness",
      bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
      customerFrequency: ["Regular (Weekly)"],
      demandSeasonality: ["Steady demand with consistent patterns"],
      purchaseDecisionTimeline: "Quick (2-24 hours)",
      communicationChannels: "Email + SMS",
      serviceInnovation: "Well-known service",
      upsellOpportunities: "Primarily service packages",
      conversionGoal: "First Booking",
      companyWebsite: "Answer to companyWebsite",
      guarantees_q8: "Answer to guarantees_q8",
      leadNurtureGoal: "Answer to leadNurtureGoal",
    });
    expect(typeof body.id).toBe("string");
    expect(body.createdAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/));
  });

  it("never shows one user another user's answers", async () => {
    const a = await createUser();
    const b = await createUser();
    await send("POST", { cookie: a.cookie, body: serviceAnswers({ companyName: "Alpha" }) });
    expect(await apiBody(await get({ cookie: b.cookie }))).toBeNull();
    await send("PUT", { cookie: b.cookie, body: whole(ecommerceAnswers({ companyName: "Beta" })) });
    expect(await apiBody(await get({ cookie: a.cookie }))).toMatchObject({ companyName: "Alpha", userId: a.user.id });
    expect(await apiBody(await get({ cookie: b.cookie }))).toMatchObject({ companyName: "Beta", userId: b.user.id });
  });
});

describe("POST /api/onboarding (create, the full questionnaire)", () => {
  it("creates: 201 with the questionnaire; a second POST updates it with 200", async () => {
    const { user, cookie } = await createUser();
    const created = await send("POST", { cookie, body: ecommerceAnswers() });
    expect(created.status).toBe(201);
    expect(await apiBody(created)).toMatchObject({ created: true, onboarding: { userId: user.id, companyName: "Acme Goods" } });

    const again = await send("POST", { cookie, body: ecommerceAnswers({ companyName: "Acme Two" }) });
    expect(again.status).toBe(200);
    expect(await apiBody(again)).toMatchObject({ created: false, onboarding: { companyName: "Acme Two" } });
    expect(await QuestionnaireResponseModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("parallel first saves: exactly one 201, the others 200, one questionnaire stored", async () => {
    const { user, cookie } = await createUser();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send("POST", { cookie, body: ecommerceAnswers({ companyName: `Acme ${i}` }) })));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map((response) => apiBody(response)));
    expect(bodies.filter((body) => body.created === true)).toHaveLength(1);
    expect(await QuestionnaireResponseModel.countDocuments({ userId: user.id })).toBe(1);
  });

  it("refuses missing answers with 422 and a message per field, storing nothing", async () => {
    const { cookie } = await createUser();
    const rest: Record<string, unknown> = ecommerceAnswers();
    delete rest.companyName;
    delete rest.leadNurtureGoal;
    await expect422(await send("POST", { cookie, body: rest }), { companyName: "This field is required", leadNurtureGoal: "This field is required" });
    await expect422(await send("POST", { cookie, body: {} }), {
      companyName: "This field is required",
      businessType: "This field is required",
      industry: "This field is required",
      companyWebsite: "This field is required",
    });
    await expectNothingStored();
  });

  it("applies the service/retail rules", async () => {
    const { cookie } = await createUser();
    await expect422(await send("POST", { cookie, body: serviceAnswers({ bookingTimeline: [], purchaseDecisionTimeline: "" }) }), {
      bookingTimeline: "Please select at least one option",
      purchaseDecisionTimeline: "This field is required",
    });
    await expectNothingStored();
  });

  it.each([
    ["an unknown business type", { businessType: "Galactic" }, "businessType"],
    ["an unknown industry", { industry: "Alchemy" }, "industry"],
    ["an unknown channel", { communicationChannels: "Carrier pigeon" }, "communicationChannels"],
    ["an unknown list option", { bookingTimeline: ["Short (0-4 days)", "Next century"] }, "bookingTimeline.1"],
  ])("refuses %s with 422, storing nothing", async (_label, override, field) => {
    const { cookie } = await createUser();
    await expect422(await send("POST", { cookie, body: serviceAnswers(override) }), { [field]: "Please choose one of the listed options" });
    await expectNothingStored();
  });

  it("refuses an array where a string belongs, and a string where a list belongs with a wrong option", async () => {
    const { cookie } = await createUser();
    const response = await send("POST", { cookie, body: ecommerceAnswers({ companyName: ["Acme", "Other"], leadNurtureGoal: { goal: "x" } }) });
    expect(response.status).toBe(422);
    const body = await apiBody<{ errors: Record<string, string> }>(response);
    expect(Object.keys(body.errors).sort()).toEqual(["companyName", "leadNurtureGoal"]);
    await expectNothingStored();
  });

  it("refuses an answer over 5000 characters with 422", async () => {
    const { cookie } = await createUser();
    await expect422(await send("POST", { cookie, body: ecommerceAnswers({ customerJourney: "y".repeat(5001) }) }), {
      customerJourney: "Must be at most 5000 characters",
    });
    await expectNothingStored();
  });

  it("refuses a 1 MB string with 413", async () => {
    const { cookie } = await createUser();
    const response = await send("POST", { cookie, body: ecommerceAnswers({ customerJourney: ONE_MB }) });
    expect(response.status).toBe(413);
    expect(await apiBody(response)).toEqual({ message: "The request body is too large.", code: "PAYLOAD_TOO_LARGE" });
    await expectNothingStored();
  });

  it.each([
    ["malformed JSON", '{"companyName": "Acme",', 400, "The request body is not valid JSON."],
    ["a JSON array", "[1, 2]", 422, "The request body must be a JSON object."],
    ["a JSON string", '"hello"', 422, "The request body must be a JSON object."],
  ])("refuses %s", async (_label, raw, status, message) => {
    const { cookie } = await createUser();
    const response = await send("POST", { cookie, raw });
    expect(response.status).toBe(status);
    expect(await apiBody(response)).toMatchObject({ message });
    await expectNothingStored();
  });

  it("answers 401 when signed out, storing nothing", async () => {
    const response = await send("POST", { body: ecommerceAnswers() });
    expect(response.status).toBe(401);
    await expectNothingStored();
  });

  it("refuses a cross-site request with 403, storing nothing", async () => {
    const { cookie } = await createUser();
    const response = await send("POST", { cookie, body: ecommerceAnswers(), origin: "https://evil.example" });
    expect(response.status).toBe(403);
    await expectNothingStored();
  });

  it("accepts the app's own pages (same origin)", async () => {
    const { cookie } = await createUser();
    expect((await send("POST", { cookie, body: ecommerceAnswers(), origin: SAME_ORIGIN })).status).toBe(201);
  });

  it("refuses keys that are not answers with 422 naming them (no writing another user's questionnaire)", async () => {
    const a = await createUser();
    const b = await createUser();
    const response = await send("POST", { cookie: a.cookie, body: ecommerceAnswers({ userId: b.user.id, id: "forged", role: "Admin" }) });
    expect(response.status).toBe(422);
    const body = await apiBody(response);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", errors: { userId: "Unknown field: remove it.", id: "Unknown field: remove it.", role: "Unknown field: remove it." } });
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
  });
});

describe("PUT /api/onboarding (update, the edit-answers rules)", () => {
  it("refuses a body that leaves answers out with 422 listing them, and empties nothing", async () => {
    const { cookie } = await createUser();
    await send("POST", { cookie, body: serviceAnswers() });
    const response = await send("PUT", { cookie, body: { companyName: "Renamed", businessType: "B2C Service/Retail", industry: "Fitness" } });
    expect(response.status).toBe(422);
    const body = await apiBody<{ code: string; errors: Record<string, string> }>(response);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.errors)).toHaveLength(Object.keys(emptyAnswers()).length - 3);
    expect(body.errors.customerJourney).toMatch(/^Required: PUT replaces the whole resource/);
    expect(await apiBody(await get({ cookie }))).toMatchObject({ companyName: "Glow Studio", customerJourney: "Answer to customerJourney" });
  });

  it("updates the saved questionnaire with 200, replacing every answer", async () => {
    const { cookie } = await createUser();
    await send("POST", { cookie, body: serviceAnswers() });
    const response = await send("PUT", {
      cookie,
      body: whole({ companyName: "Renamed", businessType: "eCommerce", industry: "Other/General", companyWebsite: "https://renamed.example" }),
    });
    expect(response.status).toBe(200);
    const body = await apiBody<{ created: boolean; onboarding: Record<string, unknown> }>(response);
    expect(body.created).toBe(false);
    expect(body.onboarding).toMatchObject({
      companyName: "Renamed",
      businessType: "eCommerce",
      companyWebsite: "https://renamed.example",
      customerJourney: "",
      bookingTimeline: [],
      purchaseDecisionTimeline: "",
    });
  });

  it("creates with 201 when nothing is saved yet (the answers page's first save)", async () => {
    const { cookie } = await createUser();
    const response = await send("PUT", { cookie, body: whole({ companyName: "First", businessType: "Other", industry: "Media & Content" }) });
    expect(response.status).toBe(201);
    expect(await apiBody(response)).toMatchObject({ created: true, onboarding: { companyName: "First" } });
  });

  it("still needs the company, business type and industry, and keeps the service/retail rules", async () => {
    const { cookie } = await createUser();
    await expect422(await send("PUT", { cookie, body: whole({ businessType: "B2C Service/Retail" }) }), {
      companyName: "This field is required",
      industry: "This field is required",
      bookingTimeline: "Please select at least one option",
      customerFrequency: "Please select at least one option",
      demandSeasonality: "Please select at least one option",
      purchaseDecisionTimeline: "This field is required",
    });
    await expectNothingStored();
  });

  it("keeps the saved answers when an update is refused", async () => {
    const { cookie } = await createUser();
    await send("POST", { cookie, body: ecommerceAnswers() });
    expect((await send("PUT", { cookie, body: whole({ companyName: "", businessType: "eCommerce", industry: "Fitness" }) })).status).toBe(422);
    expect((await send("PUT", { cookie, raw: "{nope" })).status).toBe(400);
    expect((await send("PUT", { cookie, body: ecommerceAnswers({ customerJourney: ONE_MB }) })).status).toBe(413);
    expect(await apiBody(await get({ cookie }))).toMatchObject({ companyName: "Acme Goods", customerJourney: "Answer to customerJourney" });
  });

  it("answers 401 when signed out", async () => {
    expect((await send("PUT", { body: ecommerceAnswers() })).status).toBe(401);
    await expectNothingStored();
  });
});

describe("PATCH /api/onboarding (the answers sent, over the saved ones)", () => {
  it("changes only the answers sent; the rest stay", async () => {
    const { cookie } = await createUser();
    await send("POST", { cookie, body: serviceAnswers() });
    const response = await send("PATCH", { cookie, body: { brandVoicePositioning: "Warm and expert" } });
    expect(response.status).toBe(200);
    expect((await apiBody<{ onboarding: Record<string, unknown> }>(response)).onboarding).toMatchObject({
      companyName: "Glow Studio",
      brandVoicePositioning: "Warm and expert",
      customerJourney: "Answer to customerJourney",
      bookingTimeline: ["Short (0-4 days)", "Medium (5-14 days)"],
    });
  });

  it("checks the result whole and refuses unknown fields, changing nothing", async () => {
    const { cookie } = await createUser();
    await send("POST", { cookie, body: serviceAnswers() });
    await expect422(await send("PATCH", { cookie, body: { companyName: "" } }), { companyName: "This field is required" });
    await expect422(await send("PATCH", { cookie, body: { nickname: "x" } }), { nickname: "Unknown field: remove it." });
    expect(await apiBody(await get({ cookie }))).toMatchObject({ companyName: "Glow Studio" });
  });
});

describe("other methods", () => {
  it("answers DELETE with 405 and the allowed methods", async () => {
    const { cookie } = await createUser();
    const response = await send("DELETE", { cookie, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST, PUT, PATCH");
  });
});
