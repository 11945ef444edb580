/**
 * Through the request boundary, as the server runs it: every answer carries an X-Request-Id (the
 * request's own when well-formed, else a new one), an API error body carries it as requestId, and
 * a refused write names only the fields that are wrong.
 */
import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin } = await import("../../support/factories");
const { sendToApp } = await import("../../support/in-process-app");
const { getRequest, jsonRequest } = await import("../../support/requests");
const { createBenchmarkAsAdmin } = await import("~/services/admin/benchmarks.server");
const { UNKNOWN_FIELD_MESSAGE } = await import("~/services/domain-error");
const { NO_BODY_MESSAGE } = await import("~/web/no-body.server");

await useTestDatabase();

describe("X-Request-Id", () => {
  it("answers the request's own id when it is well-formed, on a success and in an error body", async () => {
    const ok = await sendToApp(getRequest("/api/openapi.json", { headers: { "X-Request-Id": "trace-4f1c:9" } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-Request-Id")).toBe("trace-4f1c:9");

    const refused = await sendToApp(getRequest("/api/auth/user", { headers: { "X-Request-Id": "abc.123" } }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("X-Request-Id")).toBe("abc.123");
    expect(await refused.json()).toMatchObject({ code: "UNAUTHENTICATED", requestId: "abc.123" });
  });

  it("makes a new id for a request without one or with a malformed one, also for answers given before the app (404, 405, 400)", async () => {
    const answers = [
      await sendToApp(getRequest("/api/auth/user")),
      await sendToApp(getRequest("/api/auth/user", { headers: { "X-Request-Id": "has spaces and <tags>" } })),
      await sendToApp(getRequest("/api/auth/user", { headers: { "X-Request-Id": "x".repeat(129) } })),
      await sendToApp(getRequest("/api/no-such-thing")),
      await sendToApp(jsonRequest("/api/auth/user", { method: "DELETE", body: {} })),
      await sendToApp(getRequest("/api/ai-flows/%ff")),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 404, 405, 400]);
    const ids = await Promise.all(
      answers.map(async (answer) => {
        const id = answer.headers.get("X-Request-Id");
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(((await answer.json()) as { requestId?: string }).requestId).toBe(id);
        return id;
      }),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is carried by page answers too, with their bodies untouched", async () => {
    const page = await sendToApp(getRequest("/login", { headers: { "X-Request-Id": "page-1" } }));
    expect(page.headers.get("X-Request-Id")).toBe("page-1");
    expect(await page.text()).toContain("<html");
  });
});

describe("a refused write names only the fields that are wrong", () => {
  it("PATCH a benchmark with one wrong field: that field alone", async () => {
    const admin = await createAdmin();
    const created = await createBenchmarkAsAdmin({
      actor: admin.user,
      input: { benchmarkType: "Lead Nurture", performanceIndicator: "Open Rate (Email)", industryMedian: "31%" },
    });
    const refused = await sendToApp(jsonRequest(`/api/benchmarks/${created.id}`, { method: "PATCH", body: { openRate: "high" }, cookie: admin.cookie }));
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { errors: Record<string, string>; message: string };
    expect(Object.keys(body.errors)).toEqual(["openRate"]);
    expect(body.message).toBe(body.errors.openRate);

    const outOfRange = await sendToApp(jsonRequest(`/api/benchmarks/${created.id}`, { method: "PATCH", body: { clickRate: 140 }, cookie: admin.cookie }));
    expect(outOfRange.status).toBe(422);
    expect(Object.keys(((await outOfRange.json()) as { errors: Record<string, string> }).errors)).toEqual(["clickRate"]);
  });
});

describe("what an operation does not take is refused, never ignored", () => {
  it("a query parameter the route does not take is a 422 naming it, on every API route", async () => {
    const admin = await createAdmin();
    const unknown = await sendToApp(getRequest("/api/auth/user?expand=all&verbose=1", { cookie: admin.cookie }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: Record<string, string> }).errors).toEqual({ expand: UNKNOWN_FIELD_MESSAGE, verbose: UNKNOWN_FIELD_MESSAGE });
    expect((await sendToApp(getRequest("/api/admin/users?page=1&pageSize=5", { cookie: admin.cookie }))).status).toBe(200);
    expect((await sendToApp(getRequest("/api/ai-flows?flowType=onboarding", { cookie: admin.cookie }))).status).toBe(200);
    expect((await sendToApp(getRequest("/api/ai-flows?sort=name", { cookie: admin.cookie }))).status).toBe(422);
  });

  it("a body sent to a write that takes none is a 422", async () => {
    const admin = await createAdmin();
    for (const [method, path] of [
      ["POST", "/api/ai-flows/000000000000000000000000/content"],
      ["DELETE", "/api/ai-flows/000000000000000000000000"],
      ["DELETE", "/api/benchmarks/000000000000000000000000"],
    ] as const) {
      const refused = await sendToApp(jsonRequest(path, { method, body: { force: true }, cookie: admin.cookie }));
      expect(refused.status, `${method} ${path}`).toBe(422);
      expect(await refused.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: { _body: NO_BODY_MESSAGE } });
    }
    // Without a body the same call runs (and finds nothing).
    expect((await sendToApp(jsonRequest("/api/ai-flows/000000000000000000000000", { method: "DELETE", cookie: admin.cookie }))).status).toBe(404);
  });
});
