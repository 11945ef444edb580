import { describe, expect, it } from "vitest";

import type { ContentRequest, FlowRequest } from "~/services/ai/provider.server";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, expectRedirect, formRequest, getRequest, jsonRequest, statusOf, thrownBy, toastOf } = await import("../../support/requests");
const { ecommerceAnswers, serviceAnswers } = await import("./fixtures");
const { BUSINESS_MODEL_INVALID } = await import("~/lib/business/model-choice");
const { SERVER_FIELD_MESSAGE } = await import("~/web/server-fields.server");
const { inferBusinessModel } = await import("~/lib/business/model");
const { emptyAnswers } = await import("~/lib/questionnaire/fields");
const { QuestionnaireResponseModel, upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { getOnboarding, saveOnboarding, setBusinessModel } = await import("~/services/onboarding.server");
const { offlineProvider } = await import("~/services/ai/offline.server");
const { generateFlow, regenerateFlow } = await import("~/services/flows/flows.server");
const { offlineContentProvider } = await import("~/services/ai/content.server");
const { writeFlowContent } = await import("~/services/flows/content.server");
const api = await import("~/routes/api+/onboarding");
const dashboard = await import("~/routes/_app+/dashboard");
const home = await import("~/routes/_index");
const answersPage = await import("~/routes/_app+/onboarding.answers");

await useTestDatabase({ clearBeforeEach: true });

/** A pickup bakery whose dropdown says eCommerce: the answers alone make it `pickup`. */
const BAKERY: Record<string, unknown> = ecommerceAnswers({
  companyName: "Crumb",
  productServiceDescription: "Sourdough and buns: pre-order online by Thursday, pick up on Saturday at the hatch. We don't deliver.",
});

async function onboarded(answers: Record<string, unknown> = BAKERY) {
  const created = await createUser();
  await saveOnboarding(created.user.id, answers, { validation: "full" });
  return created;
}

const storedModel = async (userId: string) => (await QuestionnaireResponseModel.findOne({ userId }).lean())?.businessModel;

describe("the stored correction", () => {
  it("is stored with the answers, alone: the answers stay as they were", async () => {
    const { user } = await onboarded();
    const before = await getOnboarding(user.id);
    expect(inferBusinessModel(before!)).toBe("pickup");
    expect(await setBusinessModel({ userId: user.id, input: "appointment" })).toEqual({ model: "appointment", source: "owner", inferred: "pickup" });
    const after = await getOnboarding(user.id);
    expect(after).toMatchObject({ ...BAKERY, businessModel: "appointment" });
    expect(await setBusinessModel({ userId: user.id, input: "" })).toEqual({ model: "pickup", source: "inferred", inferred: "pickup" });
    expect(await storedModel(user.id)).toBe("");
  });

  it("refuses a value that is no model, storing nothing", async () => {
    const { user } = await onboarded();
    await setBusinessModel({ userId: user.id, input: "shop" });
    for (const input of ["spaceship", 3, undefined, ["pickup"]]) {
      const error = await setBusinessModel({ userId: user.id, input }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "validation", message: BUSINESS_MODEL_INVALID, fieldErrors: { businessModel: BUSINESS_MODEL_INVALID } });
    }
    expect(await storedModel(user.id)).toBe("shop");
  });

  it("needs a saved profile to correct", async () => {
    const { user } = await createUser();
    expect(await setBusinessModel({ userId: user.id, input: "shop" }).catch((e: unknown) => e)).toMatchObject({ kind: "onboarding_required" });
    expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
  });

  it("is neither asked nor cleared by the questionnaire's saves (wizard, answers page, research)", async () => {
    const { user } = await onboarded();
    await setBusinessModel({ userId: user.id, input: "high-ticket" });
    await saveOnboarding(user.id, { ...BAKERY, companyName: "Crumb & Co" }, { validation: "full" });
    await saveOnboarding(user.id, { ...BAKERY, companyName: "Crumb & Co", customerJourney: "" }, { validation: "edit" });
    await upsertResponseForUser(user.id, {});
    expect(await getOnboarding(user.id)).toMatchObject({ companyName: "Crumb & Co", customerJourney: "", businessModel: "high-ticket" });
  });

  it("leaves the inference to be computed on read, so it follows the latest answers", async () => {
    const { user } = await onboarded();
    const clinic = { ...BAKERY, productServiceDescription: "Skin treatments at our clinic, booked weeks ahead after a free consultation." };
    await saveOnboarding(user.id, clinic, { validation: "full" });
    expect(await setBusinessModel({ userId: user.id, input: "" })).toMatchObject({ source: "inferred", inferred: inferBusinessModel(clinic as never) });
    expect(inferBusinessModel(clinic as never)).not.toBe("pickup");
  });
});

describe("the generators", () => {
  /** The offline generators, keeping each request they are given. */
  function recording() {
    const flows: FlowRequest[] = [];
    const contents: ContentRequest[] = [];
    return {
      flows,
      contents,
      provider: {
        ...offlineProvider,
        generateFlow: (request: FlowRequest) => (flows.push(request), offlineProvider.generateFlow(request)),
        regenerateFlow: (request: Parameters<typeof offlineProvider.regenerateFlow>[0]) => (flows.push(request), offlineProvider.regenerateFlow(request)),
      },
      writer: { ...offlineContentProvider, writeContent: (request: ContentRequest) => (contents.push(request), offlineContentProvider.writeContent(request)) },
    };
  }

  it("receive the stored correction with the answers on Generate, Regenerate and content; '' once it is withdrawn", async () => {
    const { user } = await onboarded();
    const flowUser = { id: user.id, isPremium: true };
    const seen = recording();
    await setBusinessModel({ userId: user.id, input: "appointment" });
    const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } }, { provider: seen.provider });
    await writeFlowContent({ user: flowUser, flowId: flow.id }, { provider: seen.writer });
    await setBusinessModel({ userId: user.id, input: "" });
    await regenerateFlow({ user: flowUser, flowId: flow.id, input: { feedback: "shorter" } }, { provider: seen.provider });
    expect(seen.flows.map((request) => request.business.businessModel)).toEqual(["appointment", ""]);
    expect(seen.flows[0]!.business.productServiceDescription).toBe(BAKERY.productServiceDescription);
    expect(seen.contents.map((request) => request.business.businessModel)).toEqual(["appointment"]);
  });
});

describe("/api/onboarding", () => {
  const get = (cookie?: string) => api.loader(args(jsonRequest("/api/onboarding", { method: "GET", cookie })));
  const send = (method: "POST" | "PUT" | "PATCH", body: unknown, cookie?: string) => api.action(args(jsonRequest("/api/onboarding", { method, body, cookie })));
  const model = async (cookie: string) => {
    const body = await apiBody(await get(cookie));
    return { businessModel: body.businessModel, businessModelSource: body.businessModelSource, businessModelInferred: body.businessModelInferred };
  };

  it("GET answers the effective model, where it comes from, and what the answers alone give", async () => {
    const { cookie } = await onboarded();
    expect(await model(cookie)).toEqual({ businessModel: "pickup", businessModelSource: "inferred", businessModelInferred: "pickup" });
  });

  it("PATCH sets it alone and takes null or '' back to the answers", async () => {
    const { cookie } = await onboarded();
    const patched = await send("PATCH", { businessModel: "course" }, cookie);
    expect(patched.status).toBe(200);
    expect((await apiBody<{ onboarding: Record<string, unknown> }>(patched)).onboarding).toMatchObject({
      businessModel: "course",
      businessModelSource: "owner",
      companyName: "Crumb",
    });
    expect((await send("PATCH", { businessModel: null }, cookie)).status).toBe(200);
    expect(await model(cookie)).toMatchObject({ businessModel: "pickup", businessModelSource: "inferred" });
    await send("PATCH", { businessModel: "course" }, cookie);
    await send("PATCH", { businessModel: "" }, cookie);
    expect(await model(cookie)).toMatchObject({ businessModelSource: "inferred" });
  });

  it("PUT may leave it out (kept as stored), or set or clear it with every answer", async () => {
    const { cookie } = await onboarded();
    const whole = { ...emptyAnswers(), ...BAKERY };
    await send("PATCH", { businessModel: "membership" }, cookie);
    expect((await send("PUT", whole, cookie)).status).toBe(200);
    expect(await model(cookie)).toMatchObject({ businessModel: "membership", businessModelSource: "owner" });
    expect((await send("PUT", { ...whole, businessModel: "" }, cookie)).status).toBe(200);
    expect(await model(cookie)).toMatchObject({ businessModel: "pickup", businessModelSource: "inferred" });
    expect((await send("PUT", { ...whole, businessModel: "shop" }, cookie)).status).toBe(200);
    expect(await model(cookie)).toMatchObject({ businessModel: "shop", businessModelSource: "owner", businessModelInferred: "pickup" });
  });

  it.each([
    ["an unknown model", "spaceship", BUSINESS_MODEL_INVALID],
    ["a model's label", "Appointments booked ahead", BUSINESS_MODEL_INVALID],
    ["a number", 3, BUSINESS_MODEL_INVALID],
    ["a list", ["shop"], BUSINESS_MODEL_INVALID],
  ])("refuses %s with 422 and the API's error shape, changing nothing", async (_label, value, message) => {
    const { cookie } = await onboarded();
    await send("PATCH", { businessModel: "shop" }, cookie);
    for (const method of ["PATCH", "PUT"] as const) {
      const body = method === "PUT" ? { ...emptyAnswers(), ...BAKERY, businessModel: value } : { businessModel: value };
      const response = await send(method, body, cookie);
      expect(response.status).toBe(422);
      expect(await apiBody(response)).toEqual({ message, code: "VALIDATION_FAILED", errors: { businessModel: message } });
    }
    expect(await model(cookie)).toMatchObject({ businessModel: "shop", businessModelSource: "owner" });
  });

  it("refuses the computed fields and the wizard's POST taking it (not a question)", async () => {
    const { cookie } = await onboarded();
    const computed = await send("PATCH", { businessModelSource: "owner", businessModelInferred: "shop" }, cookie);
    expect(computed.status).toBe(422);
    // Set by the server: sent back unchanged they are taken, changed they are refused by name.
    expect((await apiBody(computed)).errors).toEqual({ businessModelSource: SERVER_FIELD_MESSAGE, businessModelInferred: SERVER_FIELD_MESSAGE });
    const posted = await send("POST", { ...BAKERY, businessModel: "shop" }, cookie);
    expect(posted.status).toBe(422);
    expect((await apiBody(posted)).errors).toEqual({ businessModel: "Unknown field: remove it." });
  });

  it("answers 401 signed out; one user's correction never touches another's", async () => {
    const a = await onboarded();
    const b = await onboarded(serviceAnswers());
    expect((await send("PATCH", { businessModel: "shop" })).status).toBe(401);
    expect((await get()).status).toBe(401);
    await send("PATCH", { businessModel: "b2b-service" }, a.cookie);
    expect(await model(b.cookie)).toMatchObject({ businessModelSource: "inferred" });
    expect(await storedModel(b.user.id)).toBe("");
  });
});

describe("the pages' correction form", () => {
  const PAGES = [
    { name: "/dashboard", path: "/dashboard", action: dashboard.action },
    { name: "/ (the signed-in home)", path: "/", action: home.action, post: "/?index" },
    { name: "/onboarding/answers", path: "/onboarding/answers", action: answersPage.action },
  ];
  const post = (page: (typeof PAGES)[number], fields: Record<string, string>, options: { cookie?: string; origin?: string } = {}) =>
    page.action(args(formRequest(page.post ?? page.path, { intent: "business-model", ...fields }, options)));

  describe.each(PAGES)("on $name", (page) => {
    it("saves and comes back to the form with a toast (the page then shows it)", async () => {
      const { user, cookie } = await onboarded();
      const result = (await post(page, { businessModel: "appointment" }, { cookie })) as Response;
      expectRedirect(result, page.path);
      expect(result.headers.get("Location")).toMatch(/#business-model$/);
      expect(await toastOf(result)).toMatchObject({
        title: "Business model saved",
        description: "Flowmap plans your flows for: appointments booked ahead (chosen by you). It takes effect the next time you generate or regenerate a flow.",
        variant: "success",
      });
      expect(await storedModel(user.id)).toBe("appointment");
      expect(await toastOf((await post(page, { businessModel: "" }, { cookie })) as Response)).toMatchObject({
        description: expect.stringContaining("(worked out from your answers)"),
      });
      expect(await storedModel(user.id)).toBe("");
    });

    it("refuses a bad value with a 422 reply the form shows (message at the select and as a toast)", async () => {
      const { user, cookie } = await onboarded();
      for (const fields of [{ businessModel: "spaceship" }, {}] as Array<Record<string, string>>) {
        const result = await post(page, fields, { cookie });
        expect(statusOf(result)).toBe(422);
        expect(dataOf(result)).toMatchObject({
          intent: "business-model",
          fieldErrors: { businessModel: BUSINESS_MODEL_INVALID },
          toast: { title: "Validation Error", description: BUSINESS_MODEL_INVALID, variant: "destructive" },
        });
      }
      expect(await storedModel(user.id)).toBe("");
    });

    it("has nothing to correct before the profile is saved (409, nothing stored)", async () => {
      const { cookie } = await createUser();
      const result = await post(page, { businessModel: "shop" }, { cookie });
      expect(statusOf(result)).toBe(409);
      expect(dataOf(result)).toMatchObject({ intent: "business-model", code: "ONBOARDING_REQUIRED" });
      expect(await QuestionnaireResponseModel.countDocuments({})).toBe(0);
    });

    it("sends a signed-out visitor to sign in, and refuses a post from another site", async () => {
      const signedOut = (await thrownBy(post(page, { businessModel: "shop" }))) as Response;
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
      const { user, cookie } = await onboarded();
      const foreign = await thrownBy(post(page, { businessModel: "shop" }, { cookie, origin: "https://evil.example" }));
      expect(statusOf(foreign)).toBe(403);
      expect(await storedModel(user.id)).toBe("");
    });
  });

  it("the dashboard and the answers page show the model, its source and what the answers alone give", async () => {
    const { user, cookie } = await onboarded();
    await setBusinessModel({ userId: user.id, input: "saas-trial" });
    const board = dataOf(await dashboard.loader(args(getRequest("/dashboard", { cookie })))) as { dashboard: { profile: { businessModel: unknown } } };
    expect(board.dashboard.profile.businessModel).toEqual({ model: "saas-trial", source: "owner", inferred: "pickup" });
    const answers = dataOf(await answersPage.loader(args(getRequest("/onboarding/answers", { cookie })))) as { page: { businessModel: unknown } };
    expect(answers.page.businessModel).toEqual({ model: "saas-trial", source: "owner", inferred: "pickup" });
    // Only the model goes to the browser with the card, never the answers behind it.
    expect(JSON.stringify(board.dashboard.profile)).not.toContain("Sourdough");
  });

  it("the answers page shows no model before the profile is saved", async () => {
    const { cookie } = await createUser();
    const answers = dataOf(await answersPage.loader(args(getRequest("/onboarding/answers", { cookie })))) as { page: { businessModel: unknown } };
    expect(answers.page.businessModel).toBeNull();
  });
});
