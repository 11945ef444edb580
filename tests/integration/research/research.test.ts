import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { setEnv, useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, getRequest, jsonRequest, statusOf, toastOf, expectRedirect } = await import("../../support/requests");
const { html, loopbackOnlyConnector, startFixtureSite, tableResolver } = await import("../../support/fixture-site");
const { EMPTY_PAGE, RICH_PAGE } = await import("./pages");
const { startOpenAiStub } = await import("../../support/openai-stub");
const api = await import("~/routes/api+/ai-research.perform");
const dashboardRoute = await import("~/routes/_app+/dashboard");
const { performResearch } = await import("~/services/research/research.server");
const { answersFromFacts, extractSiteFacts } = await import("~/services/research/extract");
const { getResponseByUserId, upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { getResearchFailure, getUserById, updateUserDetails } = await import("~/models/user.server");

await useTestDatabase({ clearBeforeEach: true });

type Site = Awaited<ReturnType<typeof startFixtureSite>>;
let site: Site;
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  site = await startFixtureSite({
    "/": html(RICH_PAGE),
    "/empty": html(EMPTY_PAGE),
    "/wait": (_request, response) => {
      releaseSlow = () => response.writeHead(200, { "Content-Type": "text/html" }).end(RICH_PAGE);
    },
  });
});
afterAll(async () => {
  await site.close();
});

/** The service's fetch options for tests: loopback fixture only, no DNS. */
function fetchOptions() {
  const guard = loopbackOnlyConnector();
  return { guard, fetch: { connect: guard.connect, resolve: tableResolver({}).resolve, allowedHosts: new Set([site.host]) } };
}

async function aiUser(website: string) {
  const created = await createUser();
  await updateUserDetails({ id: created.user.id, completionMethod: "ai", researchWebsiteUrl: website });
  return created;
}

describe("reading a page (htmlparser2)", () => {
  it("turns a rich page into the answers it supports", () => {
    const facts = extractSiteFacts(RICH_PAGE, "https://harbor.example/");
    expect(facts.title).toBe("Harbor Goods | Handmade ceramics for everyday tables");
    expect(facts.headings).not.toContain("not a heading");
    expect(facts.paragraphs.join(" ")).not.toContain("Footer text");
    const answers = answersFromFacts(facts);
    expect(answers).toMatchObject({
      companyName: "Harbor Goods",
      companyWebsite: "https://harbor.example",
      productServiceDescription: expect.stringContaining("small-batch stoneware"),
      primaryProblemSolved: "Tableware that makes weeknight dinners feel special",
      businessOperationDescription: expect.stringContaining("two-person studio in Portland"),
      frequentQuestionsConcerns: "Do you ship internationally? Can I return a piece?",
      purchaseMethod: "Mugs from $28; Dinner sets from $180",
      customerFeedback: expect.stringContaining("keep coffee hot"),
      socialProofCredentials: expect.stringContaining("Trusted by 12,000 customers"),
      guarantees_q8: expect.stringContaining("30-day money-back guarantee"),
      specificLeadOffer: expect.stringContaining("10% off your first order"),
      competitiveDifferentiation: expect.stringContaining("Fired twice for strength"),
    });
  });

  it("fills nothing but the website from an empty page", () => {
    expect(answersFromFacts(extractSiteFacts(EMPTY_PAGE, "https://empty.example/path"))).toEqual({ companyWebsite: "https://empty.example" });
  });
});

describe("performResearch", () => {
  it("fills the empty answers, never the ones the user typed, and marks research done", async () => {
    const { user } = await aiUser(`${site.origin}/`);
    await upsertResponseForUser(user.id, { companyName: "Harbor Goods Co.", productServiceDescription: "My own words", guarantees_q8: "" });
    const { guard, fetch } = fetchOptions();
    const result = await performResearch({ userId: user.id, options: { fetch, model: null } });
    expect(result.user).toMatchObject({ id: user.id, aiResearchCompleted: true, completionMethod: "ai" });
    expect(result.filledFields).toContain("guarantees_q8");
    expect(result.filledFields).not.toContain("companyName");
    expect(result.filledFields).not.toContain("productServiceDescription");
    const saved = await getResponseByUserId(user.id);
    expect(saved).toMatchObject({ companyName: "Harbor Goods Co.", productServiceDescription: "My own words", guarantees_q8: expect.stringContaining("money-back") });
    expect(guard.refused).toEqual([]);
  });

  it("creates the questionnaire when the user has none, and completes on an empty site", async () => {
    const { user } = await aiUser(`${site.origin}/empty`);
    const { fetch } = fetchOptions();
    const result = await performResearch({ userId: user.id, options: { fetch, model: null } });
    expect(result.filledFields).toEqual(["companyWebsite"]);
    expect((await getUserById(user.id))?.aiResearchCompleted).toBe(1);
  });

  it("runs once at a time per user: a second call while one runs is a conflict", async () => {
    const { user } = await aiUser(`${site.origin}/wait`);
    const { fetch } = fetchOptions();
    const first = performResearch({ userId: user.id, options: { fetch, model: null } });
    await expect.poll(() => site.requests.some((request) => request.path === "/wait")).toBe(true);
    await expect(performResearch({ userId: user.id, options: { fetch, model: null } })).rejects.toMatchObject({ kind: "conflict", code: "RESEARCH_RUNNING" });
    releaseSlow();
    await expect(first).resolves.toMatchObject({ user: { aiResearchCompleted: true } });
    // Once it has finished, another run may start.
    await updateUserDetails({ id: user.id, researchWebsiteUrl: `${site.origin}/` });
    await expect(performResearch({ userId: user.id, options: { fetch, model: null } })).resolves.toBeTruthy();
  });

  it("refuses a private website with a validation error and leaves research not done", async () => {
    const { user } = await aiUser("http://192.168.0.10/");
    const { guard, fetch } = fetchOptions();
    await expect(performResearch({ userId: user.id, options: { fetch, model: null } })).rejects.toMatchObject({
      kind: "validation",
      message: expect.stringContaining("private address"),
    });
    expect(guard.calls).toEqual([]);
    expect((await getUserById(user.id))?.aiResearchCompleted).toBe(0);
  });

  it("asks for a website when there is none", async () => {
    const { user } = await createUser();
    await expect(performResearch({ userId: user.id, options: { model: null } })).rejects.toMatchObject({ kind: "validation", message: expect.stringContaining("website") });
  });
});

describe("the model path (OPENAI_API_KEY), against a loopback OpenAI-compatible stub", () => {
  let stub: http.Server;
  let baseURL = "";
  let reply: () => string = () => "{}";
  const prompts: string[] = [];

  beforeAll(async () => {
    stub = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        prompts.push(body);
        response.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            created: 0,
            model: "stub",
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: reply(), refusal: null } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    baseURL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => stub.close(resolve));
  });

  it("stores the model's validated answers and drops anything off-schema", async () => {
    reply = () =>
      JSON.stringify({
        productServiceDescription: "Hand-thrown stoneware for daily use.",
        primaryTargetAudience: "Home cooks who care about craft.",
        guarantees_q8: 42,
        customerFeedback: "x".repeat(5000),
      });
    const { user } = await aiUser(`${site.origin}/`);
    const { fetch } = fetchOptions();
    const result = await performResearch({ userId: user.id, options: { fetch, model: { apiKey: "test-key", baseURL, model: "stub" } } });
    expect(prompts.at(-1)).toContain("Harbor Goods");
    const saved = await getResponseByUserId(user.id);
    expect(saved).toMatchObject({
      productServiceDescription: "Hand-thrown stoneware for daily use.",
      primaryTargetAudience: "Home cooks who care about craft.",
      // Not a string from the model: the page's own fact fills it.
      guarantees_q8: expect.stringContaining("money-back"),
    });
    expect(saved?.customerFeedback.length).toBeLessThanOrEqual(1000);
    expect(result.user.aiResearchCompleted).toBe(true);
  });

  it("falls back to the page's facts when the model's answer is not JSON", async () => {
    reply = () => "Sorry, I cannot help with that.";
    const { user } = await aiUser(`${site.origin}/`);
    const { fetch } = fetchOptions();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...items: unknown[]) => void errors.push(items);
    try {
      await performResearch({ userId: user.id, options: { fetch, model: { apiKey: "test-key", baseURL, model: "stub" } } });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect((await getResponseByUserId(user.id))?.productServiceDescription).toContain("small-batch stoneware");
  });
});

describe("the model path shares the app's OpenAI client: its timeout, one retry and faults", () => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(() => stub.close());

  const FAULTS: Array<[string, Parameters<typeof stub.script>[0], number]> = [
    ["a model that never answers (the timeout ends it, then one retry)", { kind: "hang" }, 2],
    ["a 5xx (retried once)", { kind: "status", status: 503 }, 2],
    ["a refusal", { kind: "refusal", refusal: "I can't help with that." }, 1],
    ["an answer cut short", { kind: "content", content: '{"productServiceDescription": "Hand-thr', finishReason: "length" }, 1],
  ];

  it.each(FAULTS)(
    "falls back to the page's facts on %s",
    async (_name, answer, calls) => {
      stub.script(answer);
      const { user } = await aiUser(`${site.origin}/`);
      const { fetch } = fetchOptions();
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        await performResearch({ userId: user.id, options: { fetch, model: { apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 } } });
        expect(errors).toHaveBeenCalledTimes(1);
        expect(String(errors.mock.calls[0]?.[1])).toMatch(/^ProviderError/);
      } finally {
        errors.mockRestore();
      }
      expect(stub.requests).toHaveLength(calls);
      expect(stub.requests[0]).toMatchObject({ model: "stub-model", temperature: 0.2, response_format: { type: "json_schema", json_schema: { name: "website_research" } } });
      expect((await getResponseByUserId(user.id))?.productServiceDescription).toContain("small-batch stoneware");
    },
    15_000,
  );
});

describe("POST /api/ai-research/perform and the no-JavaScript form", () => {
  const post = (cookie?: string) => api.action(args(jsonRequest("/api/ai-research/perform", { method: "POST", cookie })));

  it("answers 401 signed out and 405 to other methods", async () => {
    expect((await post()).status).toBe(401);
    const { cookie } = await createUser();
    expect((await api.action(args(jsonRequest("/api/ai-research/perform", { method: "PUT", cookie })))).status).toBe(405);
  });

  it("researches the allowed fixture site and answers with the updated user", async () => {
    const previous = setEnv({ RESEARCH_ALLOWED_HOSTS: site.host });
    try {
      const { cookie } = await aiUser(`${site.origin}/`);
      const response = await post(cookie);
      expect(response.status).toBe(200);
      const body = await apiBody<{ user: Record<string, unknown>; filledFields: string[] }>(response);
      expect(body.user).toMatchObject({ aiResearchCompleted: true, completionMethod: "ai" });
      expect(body.filledFields).toContain("productServiceDescription");
    } finally {
      setEnv(previous);
    }
  });

  it("refuses a loopback site without the allow list with a 422 and a plain message", async () => {
    const { cookie } = await aiUser(`${site.origin}/`);
    const response = await post(cookie);
    expect(response.status).toBe(422);
    expect((await apiBody(response)).message).toBe("This address cannot be researched: only the standard web ports 80 and 443 are fetched.");
  });

  it("without JavaScript posts the form and comes back with the spec's toasts", async () => {
    const previous = setEnv({ RESEARCH_ALLOWED_HOSTS: site.host });
    try {
      const { cookie } = await aiUser(`${site.origin}/`);
      const done = await dashboardRoute.action(args(formRequest("/dashboard", { intent: "research" }, { cookie })));
      expectRedirect(done as Response, "/dashboard");
      expect(await toastOf(done as Response)).toMatchObject({
        title: "AI Research Complete!",
        description: "Your profile has been automatically filled with AI-researched information. You can now edit and customize the responses.",
      });
    } finally {
      setEnv(previous);
    }
    const { cookie } = await aiUser("http://[::1]/");
    const failed = await dashboardRoute.action(args(formRequest("/dashboard", { intent: "research" }, { cookie })));
    expect(await toastOf(failed as Response)).toMatchObject({ title: "AI Research Failed", description: expect.stringContaining("loopback"), variant: "destructive" });
  });
});

describe("the research card's address (a refused or failing website can be changed and researched again)", () => {
  const post = (cookie: string, fields: Record<string, string>) => dashboardRoute.action(args(formRequest("/dashboard", fields, { cookie })));
  const loadCard = async (cookie: string) => {
    const loaded = (await dashboardRoute.loader(args(getRequest("/dashboard", { cookie })))) as {
      dashboard: { research: { website: string; problem: string | null; lastFailure: { reason: string; advice: string } | null } | null };
    };
    return loaded.dashboard.research;
  };

  it("the card says why a saved address cannot be researched, by the fetch's own rules", async () => {
    const { cookie } = await aiUser("https://pulse.example:8080");
    expect(await loadCard(cookie)).toEqual({
      website: "https://pulse.example:8080",
      problem: "This address cannot be researched: only the standard web ports 80 and 443 are fetched. Enter your website's public address, like https://www.yourcompany.com.",
      lastFailure: null,
    });
    const fine = await aiUser("https://pulse.example");
    expect((await loadCard(fine.cookie))?.problem).toBeNull();
  });

  it("a failed research keeps its reason and what to do on the card, after a reload, until the next try", async () => {
    const { cookie } = await aiUser("http://[::1]/");
    await dashboardRoute.action(args(formRequest("/dashboard", { intent: "research" }, { cookie })));
    const card = await loadCard(cookie);
    expect(card?.lastFailure?.reason).toContain("loopback");
    expect(card?.lastFailure?.advice).toBe("Correct the website address below and start the research again, or answer the questions yourself on Onboarding Questions.");
    // Read again (a reload): still there.
    expect((await loadCard(cookie))?.lastFailure?.reason).toContain("loopback");
    // The next try clears it: a try that succeeds leaves nothing behind.
    const previous = setEnv({ RESEARCH_ALLOWED_HOSTS: site.host });
    try {
      const { cookie: other, user } = await aiUser(`${site.origin}/`);
      await updateUserDetails({ id: user.id, researchWebsiteUrl: "http://[::1]/" });
      await dashboardRoute.action(args(formRequest("/dashboard", { intent: "research" }, { cookie: other })));
      expect((await loadCard(other))?.lastFailure).not.toBeNull();
      await post(other, { intent: "research-address", researchWebsiteUrl: `${site.origin}/` });
      expect(await getResearchFailure(user.id)).toBeNull();
    } finally {
      setEnv(previous);
    }
  });

  it("a new address is checked, saved and researched at once, ending with the spec's toast", async () => {
    const previous = setEnv({ RESEARCH_ALLOWED_HOSTS: site.host });
    try {
      const { cookie, user } = await aiUser("https://pulse.example:8080");
      const done = await post(cookie, { intent: "research-address", researchWebsiteUrl: ` ${site.origin}/ ` });
      expectRedirect(done as Response, "/dashboard");
      expect(await toastOf(done as Response)).toMatchObject({ title: "AI Research Complete!", variant: "success" });
      expect(await getUserById(user.id)).toMatchObject({ researchWebsiteUrl: `${site.origin}/`, aiResearchCompleted: 1 });
      // Research is done: the card is gone, and its address can no longer be changed.
      expect(await loadCard(cookie)).toBeNull();
      const late = await post(cookie, { intent: "research-address", researchWebsiteUrl: "https://other.example" });
      expect(await toastOf(late as Response)).toMatchObject({ title: "AI Research Failed", description: expect.stringContaining("already filled in your profile") });
      expect((await getUserById(user.id))?.researchWebsiteUrl).toBe(`${site.origin}/`);
    } finally {
      setEnv(previous);
    }
  });

  it.each([
    ["", "Website URL is required for AI research"],
    ["not a url", "Please enter a valid website URL (e.g., https://www.yourcompany.com)"],
    [
      "https://pulse.example:8443",
      "This address cannot be researched: only the standard web ports 80 and 443 are fetched. Enter your website's public address, like https://www.yourcompany.com.",
    ],
    [
      "http://10.0.0.8",
      "This address cannot be researched: a private address (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16). Enter your website's public address, like https://www.yourcompany.com.",
    ],
  ])("refuses %j at the field (422), keeping what was typed and the saved address", async (typed, message) => {
    const { cookie, user } = await aiUser("https://pulse.example:8080");
    const refused = await post(cookie, { intent: "research-address", researchWebsiteUrl: typed });
    expect(statusOf(refused)).toBe(422);
    expect(dataOf(refused)).toEqual({ intent: "research-address", flowType: "", values: { researchWebsiteUrl: typed }, fieldErrors: { researchWebsiteUrl: message }, message });
    expect(await getUserById(user.id)).toMatchObject({ researchWebsiteUrl: "https://pulse.example:8080", aiResearchCompleted: 0 });
  });
});
