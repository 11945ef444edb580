import { describe, expect, it } from "vitest";

import { apiRoute } from "~/web/api.server";
import { conflict, type DomainError, notFound, onboardingRequired, premiumRequired, rateLimited, upstreamFailed, validationError } from "~/services/domain-error";
import { pageErrorReply, runForPage } from "~/web/page.server";

const args = { request: new Request("http://localhost/api/x"), params: {}, context: {} };

async function apiAnswerTo(error: DomainError) {
  const route = apiRoute(async () => {
    throw error;
  });
  const response = await route(args);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("DomainError → API answer (one mapping for every resource route)", () => {
  it.each([
    [validationError("Please fix the fields.", { title: "Title is required" }), 422, { message: "Please fix the fields.", errors: { title: "Title is required" } }],
    [notFound("Flow not found."), 404, { message: "Flow not found." }],
    [conflict("A flow of this type exists already.", "FLOW_EXISTS"), 409, { message: "A flow of this type exists already.", code: "FLOW_EXISTS" }],
    [premiumRequired(), 402, { message: "This feature needs a premium subscription.", code: "PREMIUM_REQUIRED" }],
    [onboardingRequired(), 409, { code: "ONBOARDING_REQUIRED" }],
    [upstreamFailed("Failed to generate AI flow. Please try again."), 502, { message: "Failed to generate AI flow. Please try again." }],
  ])("%s → %i", async (error, status, body) => {
    const answer = await apiAnswerTo(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject(body);
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("a rate limit carries Retry-After in whole seconds", async () => {
    const answer = await apiAnswerTo(rateLimited("Too many attempts.", 12.2));
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("13");
  });

  it("any other error is a 500 that gives nothing away", async () => {
    const route = apiRoute(async () => {
      throw new Error("database password is hunter2");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await route(args);
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).not.toContain("hunter2");
    } finally {
      console.error = original;
    }
  });
});

describe("DomainError → page answer", () => {
  it("puts field messages at the fields and the message in a destructive toast", async () => {
    const reply = pageErrorReply(validationError("All touchpoint fields are required.", { title: "Title is required" }));
    expect(reply.init?.status).toBe(422);
    expect(reply.data.fieldErrors).toEqual({ title: "Title is required" });
    expect(reply.data.toast).toMatchObject({ title: "Validation Error", description: "All touchpoint fields are required.", variant: "destructive" });
  });

  it("runForPage passes values through and rethrows what is not a DomainError", async () => {
    await expect(runForPage(async () => 42)).resolves.toEqual({ ok: true, value: 42 });
    const failed = await runForPage(async () => {
      throw premiumRequired();
    });
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.response.init?.status).toBe(402);
    await expect(runForPage(async () => Promise.reject(new TypeError("bug")))).rejects.toThrow("bug");
  });
});
