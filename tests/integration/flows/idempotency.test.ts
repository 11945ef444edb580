/**
 * Idempotency-Key on the costly POSTs: a replay within 24 hours gets the first answer and no work
 * is done again; the same key with a different body is a 422; a bad key is a 422 naming it.
 */
import { describe, expect, it } from "vitest";

import { AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { IdempotencyKeyModel } from "~/models/idempotency-key.server";
import * as contentRoute from "~/routes/api+/ai-flows.$id.content";
import * as regenerateRoute from "~/routes/api+/ai-flows.$id.regenerate";
import * as generateRoute from "~/routes/api+/ai-flows.generate";
import { apiJson } from "~/web/api.server";
import { IDEMPOTENCY_TTL_MS, idempotent } from "~/web/idempotency.server";
import type { FlowView } from "~/lib/flows/types";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { args, jsonRequest } from "../../support/requests";
import { onboardedUser, seedRules } from "./helpers";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });
await useTestDatabase({ clearBeforeEach: true });

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;

async function post(handler: Handler, path: string, { cookie, body, key, params = {} }: { cookie: string; body?: unknown; key?: string; params?: Record<string, string> }) {
  const request = jsonRequest(path, { method: "POST", cookie, body, headers: key === undefined ? {} : { "Idempotency-Key": key } });
  const response = await handler(args(request, params));
  const text = await response.text();
  return { status: response.status, replayed: response.headers.get("Idempotency-Replayed"), body: text ? (JSON.parse(text) as Record<string, unknown>) : null, text };
}

describe("Idempotency-Key", () => {
  it("POST generate: a replay answers the first 201 again and generates nothing", async () => {
    await seedRules();
    const { cookie } = await onboardedUser();
    const first = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" }, key: "gen-1" });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const again = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" }, key: "gen-1" });
    expect(again).toMatchObject({ status: 201, replayed: "true", text: first.text });
    expect(await AiGeneratedFlowModel.countDocuments()).toBe(1);
    // Without the key, the same request is a new one: the flow exists.
    expect((await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" } })).body).toMatchObject({ code: "FLOW_EXISTS" });
  });

  it("the same key with a different body is a 422 IDEMPOTENCY_KEY_REUSED; key order in the body does not matter", async () => {
    await seedRules();
    const { cookie } = await onboardedUser();
    const body = { flowType: "onboarding", customContext: "Warm tone" };
    expect((await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body, key: "k" })).status).toBe(201);
    const reordered = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { customContext: "Warm tone", flowType: "onboarding" }, key: "k" });
    expect(reordered).toMatchObject({ status: 201, replayed: "true" });
    const other = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { ...body, customContext: "Playful" }, key: "k" });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", errors: { "Idempotency-Key": expect.any(String) } });
  });

  it("POST regenerate: a replay keeps one new version", async () => {
    await seedRules();
    const { cookie } = await onboardedUser();
    const flow = (await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" } })).body as unknown as FlowView;
    const send = () =>
      post(regenerateRoute.action, `/api/ai-flows/${flow.id}/regenerate`, { cookie, body: { feedback: "Shorter, please." }, key: "regen-1", params: { id: flow.id } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, replayed: "true", text: first.text });
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(1);
    expect((await AiGeneratedFlowModel.findById(flow.id).lean())?.regenerationCount).toBe(1);
  });

  it("POST content: a replay answers the kept content; another user's same key is their own", async () => {
    await seedRules();
    const owner = await onboardedUser({ premium: true });
    const flow = (await post(generateRoute.action, "/api/ai-flows/generate", { cookie: owner.cookie, body: { flowType: "abandoned_cart" } })).body as unknown as FlowView;
    const write = (cookie: string) => post(contentRoute.action, `/api/ai-flows/${flow.id}/content`, { cookie, key: "content-1", params: { id: flow.id } });
    const first = await write(owner.cookie);
    expect(first.status).toBe(200);
    expect(await write(owner.cookie)).toMatchObject({ status: 200, replayed: "true", text: first.text });
    const stranger = await onboardedUser({ premium: true });
    expect(await write(stranger.cookie)).toMatchObject({ status: 404, replayed: null });
  });

  it("refuses a key that is empty, too long or not visible text, naming the header", async () => {
    await seedRules();
    const { cookie } = await onboardedUser();
    for (const key of ["", "x".repeat(256), "with space", "tab\there"]) {
      const answer = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" }, key });
      expect(answer.status, JSON.stringify(key)).toBe(422);
      expect(answer.body).toMatchObject({ code: "VALIDATION_FAILED", errors: { "Idempotency-Key": expect.any(String) } });
    }
    expect(await AiGeneratedFlowModel.countDocuments()).toBe(0);
  });

  it("answers 409 IDEMPOTENCY_IN_PROGRESS while the first request with the key is still being answered", async () => {
    const { user } = await onboardedUser();
    let finish: (response: Response) => void = () => undefined;
    const slow = () => new Promise<Response>((resolve) => (finish = resolve));
    const request = () => jsonRequest("/api/ai-flows/generate", { method: "POST", headers: { "Idempotency-Key": "busy" } });
    const never = () => Promise.reject(new Error("a request with a held key must not do the work"));
    const first = idempotent(request(), { userId: user.id, input: null }, slow);
    // The first request holds the key once its claim is written: wait for that state, not for time.
    while ((await IdempotencyKeyModel.countDocuments({ userId: user.id, status: null })) === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = await idempotent(request(), { userId: user.id, input: null }, never).catch((thrown: unknown) => thrown as Response);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS" });
    finish(apiJson({ done: true }, { status: 201 }));
    expect((await first).status).toBe(201);
    const replay = await idempotent(request(), { userId: user.id, input: null }, never);
    expect(replay.headers.get("Idempotency-Replayed")).toBe("true");
    expect(await replay.json()).toEqual({ done: true });
  });

  it("keeps an answer for 24 hours, and does not keep a 5xx (a retry does the work)", async () => {
    const { user } = await onboardedUser();
    let runs = 0;
    const work = async () => apiJson({ run: ++runs }, { status: 201 });
    const request = () => jsonRequest("/api/ai-flows/generate", { method: "POST", headers: { "Idempotency-Key": "clock" } });
    const t0 = new Date("2026-05-01T12:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const first = await idempotent(request(), { userId: user.id, input: { a: 1 } }, work, t0);
    expect(await first.json()).toEqual({ run: 1 });
    expect(await (await idempotent(request(), { userId: user.id, input: { a: 1 } }, work, at(IDEMPOTENCY_TTL_MS - 1))).json()).toEqual({ run: 1 });
    expect(await (await idempotent(request(), { userId: user.id, input: { a: 1 } }, work, at(IDEMPOTENCY_TTL_MS))).json()).toEqual({ run: 2 });

    let failures = 0;
    const failing = async () => {
      failures += 1;
      return apiJson({ message: "down" }, { status: 503 });
    };
    const retry = () => jsonRequest("/api/ai-flows/generate", { method: "POST", headers: { "Idempotency-Key": "retry" } });
    expect((await idempotent(retry(), { userId: user.id, input: null }, failing, t0)).status).toBe(503);
    expect((await idempotent(retry(), { userId: user.id, input: null }, failing, t0)).status).toBe(503);
    expect(failures).toBe(2);
  });
});
