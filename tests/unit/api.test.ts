import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { apiError, apiJson, apiRoute, MAX_JSON_BYTES, readJson } from "~/web/api.server";

const schema = z.object({ name: z.string().min(1, "Name is required"), age: z.number().int() });

function post(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
}

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a thrown Response");
}

describe("JSON API helpers", () => {
  it("answers JSON with the security headers", async () => {
    const response = apiJson({ ok: true }, { status: 201 });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.json()).toEqual({ ok: true });
    expect(await apiError(404, "Not found").json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
  });

  it("parses a valid body", async () => {
    await expect(readJson(post('{"name":"Ada","age":36}'), schema)).resolves.toEqual({ name: "Ada", age: 36 });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await thrownBy(readJson(post("{not json"), schema));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON.", code: "INVALID_JSON" });
  });

  it("answers a failed schema with 422 and a message per field", async () => {
    const response = await thrownBy(readJson(post('{"name":"","age":"x"}'), schema));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.name).toBe("Name is required");
    expect(body.errors.age).toBeTruthy();
    expect(body.message).toBe("Name is required");
  });

  it("refuses an oversized body with 413 before parsing", async () => {
    const big = JSON.stringify({ name: "x".repeat(MAX_JSON_BYTES), age: 1 });
    expect((await thrownBy(readJson(post(big), schema))).status).toBe(413);
  });

  it("turns an unexpected error into a JSON 500 without details", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = apiRoute(async () => {
      throw new Error("secret internals");
    });
    const response = await handler({ request: post("{}"), params: {}, context: {} });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain("secret internals");
    expect(body.message).toMatch(/try again/);
    spy.mockRestore();
  });

  it("returns thrown Responses as they are", async () => {
    const handler = apiRoute(async () => {
      throw apiError(403, "Admin access required");
    });
    const response = await handler({ request: post("{}"), params: {}, context: {} });
    expect(response.status).toBe(403);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
