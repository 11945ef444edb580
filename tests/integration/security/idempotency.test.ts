/**
 * The Idempotency-Key store under attack: it stays bounded (per owner, in total, large answers by
 * reference or not at all, keyed requests rate-limited), a key left unanswered by a dead process
 * or by work past its timeout is released, a replay passes the same checks as a fresh request,
 * only answers of requests that ran are kept, and the scope is the method and normalised path.
 * Time is the wrapper's injectable clock; a dead owner is a real process of this host that ended.
 */
import { spawn } from "node:child_process";
import os from "node:os";

import { describe, expect, it } from "vitest";

import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { ApiTokenModel } from "~/models/api-token.server";
import { IdempotencyKeyModel, evictOldestAnswers } from "~/models/idempotency-key.server";
import { UserModel } from "~/models/user.server";
import * as contentRoute from "~/routes/api+/ai-flows.$id.content";
import * as regenerateRoute from "~/routes/api+/ai-flows.$id.regenerate";
import * as generateRoute from "~/routes/api+/ai-flows.generate";
import * as tokensRoute from "~/routes/api+/user.tokens";
import { isDomainError } from "~/services/domain-error";
import { apiJson } from "~/web/api.server";
import {
  IDEMPOTENCY_ANSWERS_PER_OWNER,
  IDEMPOTENT_REQUESTS_PER_MINUTE,
  IDEMPOTENCY_WORK_TIMEOUT_MS,
  idempotent,
  MAX_KEPT_ANSWER_BYTES,
  normalisedPath,
} from "~/web/idempotency.server";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createUser } from "../../support/factories";
import { args, jsonRequest } from "../../support/requests";
import { onboardedUser, seedRules } from "../flows/helpers";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });
await useTestDatabase({ clearBeforeEach: true });

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;

async function post(handler: Handler, path: string, { cookie, body, key, params = {} }: { cookie: string; body?: unknown; key: string; params?: Record<string, string> }) {
  const response = await handler(args(jsonRequest(path, { method: "POST", cookie, body, headers: { "Idempotency-Key": key } }), params));
  const text = await response.text();
  return { status: response.status, replayed: response.headers.get("Idempotency-Replayed"), body: text ? (JSON.parse(text) as Record<string, unknown>) : null, text };
}

const T0 = new Date("2030-01-01T00:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const keyed = (key: string, path = "/api/user-metrics") => jsonRequest(path, { method: "POST", headers: { "Idempotency-Key": key } });

/** A counted piece of work answering `size` bytes of JSON. */
function counted(size = 20) {
  const work = async () => {
    work.runs += 1;
    return apiJson({ run: work.runs, pad: "x".repeat(Math.max(0, size - 20)) }, { status: 201 });
  };
  work.runs = 0;
  return work;
}

/** The pid of a process of this host that has ended. */
async function deadPid() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

describe("the store is bounded", () => {
  it(`keeps at most ${IDEMPOTENCY_ANSWERS_PER_OWNER} answers per owner, the oldest going first`, async () => {
    const { user } = await createUser();
    const work = counted();
    const extra = 5;
    // Spread over time, within the keyed-request rate limit.
    const spacing = Math.ceil((2 * 60_000) / IDEMPOTENT_REQUESTS_PER_MINUTE);
    for (let i = 0; i < IDEMPOTENCY_ANSWERS_PER_OWNER + extra; i++) await idempotent(keyed(`k-${i}`), { userId: user.id, input: null }, work, at(i * spacing));
    expect(await IdempotencyKeyModel.countDocuments({ userId: user.id })).toBe(IDEMPOTENCY_ANSWERS_PER_OWNER);
    const later = at((IDEMPOTENCY_ANSWERS_PER_OWNER + extra) * spacing);
    // The newest is replayed; the oldest was evicted, so it runs again.
    const newest = await idempotent(keyed(`k-${IDEMPOTENCY_ANSWERS_PER_OWNER + extra - 1}`), { userId: user.id, input: null }, work, later);
    expect(newest.headers.get("Idempotency-Replayed")).toBe("true");
    const runs = work.runs;
    await idempotent(keyed("k-0"), { userId: user.id, input: null }, work, later);
    expect(work.runs).toBe(runs + 1);
  }, 120_000);

  it("keeps at most the total in all, the oldest of anyone's going first; unanswered keys are never evicted", async () => {
    const owners = ["a", "b", "c"];
    for (const [i, userId] of owners.entries()) {
      for (let n = 0; n < 3; n++) {
        await IdempotencyKeyModel.create({ _id: `${userId}-${n}`, userId, requestHash: "h", status: 201, body: "{}", expiresAt: at(86_400_000), createdAt: at(i * 10 + n) });
      }
    }
    await IdempotencyKeyModel.create({ _id: "busy", userId: "a", requestHash: "h", status: null, workUntil: at(60_000), expiresAt: at(86_400_000), createdAt: at(-1) });
    await evictOldestAnswers({ userId: "c", perUser: 2, total: 5 });
    const left = (await IdempotencyKeyModel.find({}, { _id: 1 }).lean()).map((doc) => doc._id).sort();
    // c kept its 2 newest; then the oldest answers of anyone went until at most 5 records were left, the unanswered key kept.
    expect(left).toEqual(["b-1", "b-2", "busy", "c-1", "c-2"]);
  });

  it("keeps a large answer by reference (a replay reads it again), or not at all; never in full", async () => {
    const { user } = await createUser();
    const big = MAX_KEPT_ANSWER_BYTES + 1000;
    const work = counted(big);
    const first = await idempotent(keyed("big"), { userId: user.id, input: null }, work, T0);
    expect((await first.text()).length).toBeGreaterThan(MAX_KEPT_ANSWER_BYTES);
    // Without a way to read it again it is not kept: a retry runs again.
    await idempotent(keyed("big"), { userId: user.id, input: null }, work, at(1000));
    expect(work.runs).toBe(2);
    expect(await IdempotencyKeyModel.countDocuments({ userId: user.id })).toBe(0);

    let rereads = 0;
    const byReference = {
      referenceOf: (answer: unknown) => ({ run: (answer as { run: number }).run }),
      reread: async (reference: { run: number }) => {
        rereads += 1;
        return apiJson({ reread: reference.run }, { status: 201 });
      },
    };
    await idempotent(keyed("big-ref"), { userId: user.id, input: null, byReference }, work, at(2000));
    const stored = await IdempotencyKeyModel.findOne({ userId: user.id }).lean();
    expect(stored?.body).toBeNull();
    expect((stored?.reference ?? "").length).toBeLessThan(200);
    const replay = await idempotent(keyed("big-ref"), { userId: user.id, input: null, byReference }, work, at(3000));
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotency-Replayed")).toBe("true");
    expect(await replay.json()).toEqual({ reread: 3 });
    expect(rereads).toBe(1);
    expect(work.runs).toBe(3);
  });

  it(`counts keyed requests, replays included: past ${IDEMPOTENT_REQUESTS_PER_MINUTE} a minute a 429 with Retry-After`, async () => {
    const { user } = await createUser();
    const work = counted();
    for (let i = 0; i < IDEMPOTENT_REQUESTS_PER_MINUTE; i++) await idempotent(keyed(i % 2 ? "same" : `k-${i}`), { userId: user.id, input: null }, work, at(i));
    const refused = await idempotent(keyed("one-more"), { userId: user.id, input: null }, work, at(IDEMPOTENT_REQUESTS_PER_MINUTE)).catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.kind).toBe("rate_limited");
    expect(isDomainError(refused) && refused.retryAfterSeconds).toBeGreaterThan(0);
    // A minute on, keyed requests get through again; a request without a key was never counted.
    expect((await idempotent(keyed("one-more"), { userId: user.id, input: null }, work, at(61_000))).status).toBe(201);
  });

  it("stores answers sealed: the kept body is not the answer's text", async () => {
    const { user } = await createUser();
    await idempotent(keyed("sealed"), { userId: user.id, input: null }, async () => apiJson({ token: "fm_secret-shown-once" }, { status: 201 }), T0);
    const stored = await IdempotencyKeyModel.findOne({ userId: user.id }).lean();
    expect(stored?.body).toBeTruthy();
    expect(stored?.body).not.toContain("fm_secret");
    const replay = await idempotent(keyed("sealed"), { userId: user.id, input: null }, () => Promise.reject(new Error("not again")), at(1));
    expect(await replay.json()).toEqual({ token: "fm_secret-shown-once" });
  });
});

describe("a key left unanswered", () => {
  it("by a process that is gone (kill -9) is released: the retry runs, instead of 409 for a day", async () => {
    const { user } = await createUser();
    const dead = { instanceId: "crashed", pid: await deadPid(), host: os.hostname() };
    const never = () => new Promise<Response>(() => undefined);
    // The crashed process claimed the key and never answered.
    void idempotent(keyed("crash"), { userId: user.id, input: null, owners: { self: dead } }, never, T0);
    while ((await IdempotencyKeyModel.countDocuments({ userId: user.id, status: null })) === 0) await new Promise((resolve) => setImmediate(resolve));
    const work = counted();
    const retry = await idempotent(keyed("crash"), { userId: user.id, input: null }, work, at(1000));
    expect(retry.status).toBe(201);
    expect(work.runs).toBe(1);
  });

  it("by a previous run of an app that owns its database alone (the embedded engine) is released, whatever its pid", async () => {
    const { user } = await createUser();
    const previous = { instanceId: "previous-run", pid: process.pid, host: os.hostname() };
    void idempotent(keyed("restart"), { userId: user.id, input: null, owners: { self: previous } }, () => new Promise<Response>(() => undefined), T0);
    while ((await IdempotencyKeyModel.countDocuments({ userId: user.id, status: null })) === 0) await new Promise((resolve) => setImmediate(resolve));
    const work = counted();
    expect((await idempotent(keyed("restart"), { userId: user.id, input: null, owners: { soleInstance: true } }, work, at(1000))).status).toBe(201);
    expect(work.runs).toBe(1);
  });

  it("by a live process is in progress (409) until its work's timeout, then released", async () => {
    const { user } = await createUser();
    // Another instance on this host, whose process is running.
    const live = { instanceId: "other", pid: process.ppid, host: os.hostname() };
    const never = () => new Promise<Response>(() => undefined);
    void idempotent(keyed("slow"), { userId: user.id, input: null, owners: { self: live, isRunning: () => true } }, never, T0);
    while ((await IdempotencyKeyModel.countDocuments({ userId: user.id, status: null })) === 0) await new Promise((resolve) => setImmediate(resolve));
    const work = counted();
    const owners = { isRunning: () => true };
    const busy = await idempotent(keyed("slow"), { userId: user.id, input: null, owners }, work, at(IDEMPOTENCY_WORK_TIMEOUT_MS - 1)).catch(
      (thrown: unknown) => thrown as Response,
    );
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS" });
    const released = await idempotent(keyed("slow"), { userId: user.id, input: null, owners }, work, at(IDEMPOTENCY_WORK_TIMEOUT_MS));
    expect(released.status).toBe(201);
    expect(work.runs).toBe(1);
  });
});

describe("a replay", () => {
  it("passes the premium check first: premium turned off, the replayed content write is a 402, not the kept 200", async () => {
    await seedRules();
    const owner = await onboardedUser({ premium: true });
    const flow = (await post(generateRoute.action, "/api/ai-flows/generate", { cookie: owner.cookie, body: { flowType: "abandoned_cart" }, key: "g" })).body!;
    const write = () => post(contentRoute.action, `/api/ai-flows/${String(flow.id)}/content`, { cookie: owner.cookie, key: "content", params: { id: String(flow.id) } });
    expect((await write()).status).toBe(200);
    await UserModel.updateOne({ _id: owner.user.id }, { $set: { isPremium: false } });
    const replay = await write();
    expect(replay).toMatchObject({ status: 402, replayed: null, body: { code: "PREMIUM_REQUIRED" } });
    // The premium flow type's regenerate and generate too.
    const regenerate = await post(regenerateRoute.action, `/api/ai-flows/${String(flow.id)}/regenerate`, {
      cookie: owner.cookie,
      body: { feedback: "Shorter." },
      key: "r",
      params: { id: String(flow.id) },
    });
    expect(regenerate.status).toBe(402);
    expect(await post(generateRoute.action, "/api/ai-flows/generate", { cookie: owner.cookie, body: { flowType: "abandoned_cart" }, key: "g" })).toMatchObject({
      status: 402,
      replayed: null,
    });
  });

  it("of a large answer kept by reference reads the resource as it is now", async () => {
    await seedRules();
    const owner = await onboardedUser({ premium: true });
    const flow = (await post(generateRoute.action, "/api/ai-flows/generate", { cookie: owner.cookie, body: { flowType: "abandoned_cart" }, key: "g" })).body!;
    const write = () => post(contentRoute.action, `/api/ai-flows/${String(flow.id)}/content`, { cookie: owner.cookie, key: "content", params: { id: String(flow.id) } });
    const first = await write();
    const again = await write();
    expect(again).toMatchObject({ status: 200, replayed: "true" });
    expect(again.body).toEqual(first.body);
  });
});

describe("only answers of requests that ran are kept", () => {
  it("a 409 caused by the current state is not kept: after onboarding, the same key generates", async () => {
    await seedRules();
    const { user, cookie } = await createUser();
    const refused = await post(generateRoute.action, "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" }, key: "early" });
    expect(refused).toMatchObject({ status: 409, body: { code: "ONBOARDING_REQUIRED" } });
    expect(await IdempotencyKeyModel.countDocuments({ userId: user.id })).toBe(0);
    const onboarded = await onboardedUser();
    const fresh = await post(generateRoute.action, "/api/ai-flows/generate", { cookie: onboarded.cookie, body: { flowType: "onboarding" }, key: "early" });
    expect(fresh.status).toBe(201);
    expect(await AiGeneratedFlowModel.countDocuments()).toBe(1);
  });

  it("a 422 is not kept: the same key with a corrected body runs (no IDEMPOTENCY_KEY_REUSED)", async () => {
    const { user, cookie } = await createUser();
    const bad = await post(tokensRoute.action, "/api/user/tokens", { cookie, body: { name: "" }, key: "tok" });
    expect(bad.status).toBe(422);
    const good = await post(tokensRoute.action, "/api/user/tokens", { cookie, body: { name: "Reporting" }, key: "tok" });
    expect(good.status).toBe(201);
    // And a retry of the good one is its replay: one token, the same secret.
    const again = await post(tokensRoute.action, "/api/user/tokens", { cookie, body: { name: "Reporting" }, key: "tok" });
    expect(again).toMatchObject({ status: 201, replayed: "true", text: good.text });
    expect(await ApiTokenModel.countDocuments({ userId: user.id })).toBe(1);
  });
});

describe("the scope of a key", () => {
  it("is the method and the normalised path: case and trailing or repeated slashes do not make another", async () => {
    expect(normalisedPath("/API/AI-Flows/Generate/")).toBe("/api/ai-flows/generate");
    expect(normalisedPath("//api//user-metrics")).toBe("/api/user-metrics");
    const { user } = await createUser();
    const work = counted();
    await idempotent(keyed("scope", "/api/ai-flows/generate"), { userId: user.id, input: null }, work, T0);
    for (const path of ["/api/ai-flows/generate/", "/API/AI-FLOWS/GENERATE", "/api//ai-flows/generate//"]) {
      const again = await idempotent(keyed("scope", path), { userId: user.id, input: null }, work, at(1));
      expect(again.headers.get("Idempotency-Replayed"), path).toBe("true");
    }
    expect(work.runs).toBe(1);
    // Another path is another scope.
    await idempotent(keyed("scope", "/api/user-metrics"), { userId: user.id, input: null }, work, at(2));
    expect(work.runs).toBe(2);
  });
});
