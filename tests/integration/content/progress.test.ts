import { beforeAll, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { useModelStandIn } = await import("../../support/model-stand-in");
const { browser, shown } = await import("../../support/no-script-browser");
const { contentAnswerFor, messageStart } = await import("../../support/content-answer");
const { call, onboardedUser, seedRules } = await import("../flows/helpers");
const { LEAF_AND_KETTLE } = await import("../../unit/flows/businesses");
const { contentFailureText } = await import("~/lib/content/content-progress");
const { FlowContentModel } = await import("~/models/flow-content.server");
const { FlowProgressModel } = await import("~/models/flow-progress.server");
const { offlineContentProvider } = await import("~/services/ai/content.server");
const { CONTENT_FAILED_MESSAGE, getFlowContent, writeFlowContent } = await import("~/services/flows/content.server");
const { generateFlow } = await import("~/services/flows/flows.server");
const { offlineProvider } = await import("~/services/ai/offline.server");
const progress = await import("~/services/flows/progress.server");
const contentApi = await import("~/routes/api+/ai-flows.$id.content");
const contentProgressApi = await import("~/routes/api+/ai-flow-content-writings.$id");
const generationProgressApi = await import("~/routes/api+/ai-flow-generations.$id");

await useTestDatabase({ clearBeforeEach: true });

/**
 * Content a model writes, followed as it is written: each touchpoint's message recorded as it
 * arrives, nothing stored until the whole answer is checked, the same progress for a reload, the
 * API's `Prefer: respond-async`, and the content page without JavaScript.
 */

/** How long a wait for a state may take on a busy machine (a bound, not a timing). */
const WAIT = { timeout: 15_000 };

const standIn = useModelStandIn();
let model: ReturnType<typeof standIn>;
beforeAll(() => {
  model = standIn();
});

/** A premium user with an abandoned-cart flow (emails and an SMS), written offline. */
async function premiumWithFlow() {
  await seedRules();
  const account = await onboardedUser({ premium: true, answers: LEAF_AND_KETTLE });
  const user = { id: account.user.id, isPremium: true };
  const flow = await generateFlow({ user, input: { flowType: "abandoned_cart" } }, { provider: offlineProvider });
  return { ...account, flow, user };
}

type Flow = Awaited<ReturnType<typeof premiumWithFlow>>["flow"];

const answerFor = (flow: Flow) => contentAnswerFor(flow).content;
const before = (content: string, flow: Flow, n: number) => messageStart(content, flow, n);

/** Content writing under way, the model held once it has written `whole` messages. */
async function heldAfter(whole: number) {
  const account = await premiumWithFlow();
  const content = answerFor(account.flow);
  model.script({ kind: "content", content, pauseAt: before(content, account.flow, whole) });
  const started = await progress.startContentWriting({ user: account.user, flowId: account.flow.id });
  if (!started.started) throw new Error("a model writes content in the background");
  await model.paused();
  const seen = await vi.waitFor(async () => {
    const read = await progress.getContentProgress({ user: account.user, id: started.progress.id });
    expect(read.messages).toHaveLength(whole);
    return read;
  }, WAIT);
  return { ...account, content, started, seen };
}

describe("content writing that reports its progress", () => {
  it("records each touchpoint's message as the model writes it, stores nothing until the whole answer is checked, then saves and drops the messages", async () => {
    const { flow, user, started, seen } = await heldAfter(2);
    expect(started.progress).toMatchObject({ kind: "content", state: "running", flowId: flow.id, messages: [] });
    expect(seen.state).toBe("running");
    expect(seen.messages.map((message) => [message.touchpointId, message.stepNumber])).toEqual(flow.touchpoints.slice(0, 2).map((tp) => [tp.id, tp.stepNumber]));
    expect(seen.messages[0]).toMatchObject({ subject: "A note from us, part 1", callToAction: "See what is next", sms: null });
    // A preview only: no content yet, and the same progress for a reload.
    await expect(getFlowContent({ user, flowId: flow.id })).rejects.toMatchObject({ kind: "not_found" });
    expect((await progress.latestContentProgress({ userId: user.id, flow }))?.id).toBe(started.progress.id);
    // The flow screen's progress is the flow's own: content writing is not a generation.
    expect(await progress.latestGenerationProgress({ userId: user.id, flowType: flow.flowType })).toBeNull();
    await expect(progress.getGenerationProgress({ userId: user.id, id: started.progress.id })).rejects.toMatchObject({ kind: "not_found" });

    // One writing of a flow's content at a time.
    await expect(progress.startContentWriting({ user, flowId: flow.id })).rejects.toMatchObject({ kind: "conflict", code: "GENERATION_IN_PROGRESS" });

    model.resume();
    await progress.backgroundGenerationsSettled();
    const done = await progress.getContentProgress({ user, id: started.progress.id });
    expect(done).toMatchObject({ state: "succeeded", messages: [], messagesShown: flow.touchpoints.length, error: null });
    const saved = await getFlowContent({ user, flowId: flow.id });
    expect(saved.touchpoints.map((tp) => tp.touchpointId)).toEqual(flow.touchpoints.map((tp) => tp.id));
    expect(saved.touchpoints[0]!.subject).toBe("A note from us, part 1");
    // The outcome is read once and forgotten.
    expect(await progress.dismissContentProgress({ userId: user.id, id: started.progress.id })).toMatchObject({ state: "succeeded" });
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
  });

  it("a failure after messages were shown keeps the previous content exactly and says so in plain words", async () => {
    const { flow, user } = await premiumWithFlow();
    await writeFlowContent({ user, flowId: flow.id }, { provider: offlineContentProvider });
    const previous = await FlowContentModel.findOne({ _id: flow.id }).lean();
    const content = answerFor(flow);
    // The connection drops after two messages, every time it is asked.
    model.script({ kind: "content", content, failAt: before(content, flow, 2) + 5 });
    const errors = vi.mocked(console.error);
    const started = await progress.startContentWriting({ user, flowId: flow.id });
    if (!started.started) throw new Error("a model writes content in the background");
    await progress.backgroundGenerationsSettled();
    expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([expect.stringContaining("[content] stub-model could not write flow")]);
    errors.mockClear();

    const failed = await progress.getContentProgress({ user, id: started.progress.id });
    expect(failed).toMatchObject({ state: "failed", messages: [], messagesShown: 2, error: { message: CONTENT_FAILED_MESSAGE } });
    expect(contentFailureText(failed, true)).toBe(
      `${CONTENT_FAILED_MESSAGE} The 2 messages shown while it was written were not saved. Your previous content is unchanged. Use the button above to write it again.`,
    );
    expect(await FlowContentModel.findOne({ _id: flow.id }).lean()).toEqual(previous);
  });

  it("a record whose process is gone reads as failed, interrupted", async () => {
    const { user, started } = await heldAfter(1);
    const gone = { self: { instanceId: "a-later-run", pid: process.pid, host: "elsewhere" }, soleInstance: true };
    expect(await progress.getContentProgress({ user, id: started.progress.id }, { owners: gone })).toMatchObject({
      state: "failed",
      messages: [],
      error: { code: "INTERRUPTED" },
    });
    model.resume();
    await progress.backgroundGenerationsSettled();
  });

  it("is checked before anything starts: premium, the flow's owner, and an instant writer still answers at once", async () => {
    const { flow, user } = await premiumWithFlow();
    await expect(progress.startContentWriting({ user: { ...user, isPremium: false }, flowId: flow.id })).rejects.toMatchObject({ kind: "premium_required" });
    const stranger = await onboardedUser({ premium: true });
    await expect(progress.startContentWriting({ user: { id: stranger.user.id, isPremium: true }, flowId: flow.id })).rejects.toMatchObject({ kind: "not_found" });
    const offline = await progress.startContentWriting({ user, flowId: flow.id }, { provider: offlineContentProvider });
    expect(offline.started).toBe(false);
    if (!offline.started) expect(offline.result.touchpoints).toHaveLength(flow.touchpoints.length);
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
  });
});

describe("POST /api/ai-flows/{id}/content with Prefer: respond-async, and GET /api/ai-flow-content-writings/{id}", () => {
  const postContent = (cookie: string | undefined, flowId: string, headers: Record<string, string> = { Prefer: "respond-async" }) =>
    contentApi.action({
      request: new Request(`http://localhost/api/ai-flows/${flowId}/content`, { method: "POST", headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } }),
      params: { id: flowId },
      context: {},
    } as never);
  const read = (cookie: string | undefined, id: string) => call(contentProgressApi.loader, `/api/ai-flow-content-writings/${id}`, { cookie, params: { id } });

  it("answers 202 with Location: the messages so far, then how it ended; the content is read as usual", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const content = answerFor(flow);
    model.script({ kind: "content", content, pauseAt: before(content, flow, 1) });
    const started = await postContent(cookie, flow.id);
    expect(started.status).toBe(202);
    const body = (await started.json()) as { id: string; kind: string; state: string };
    expect(body).toMatchObject({ kind: "content", state: "running" });
    expect(started.headers.get("Location")).toBe(`/api/ai-flow-content-writings/${body.id}`);
    expect(started.headers.get("Preference-Applied")).toBe("respond-async");

    await model.paused();
    const during = await vi.waitFor(async () => {
      const now = await read(cookie, body.id);
      expect((now.body as { messages: unknown[] }).messages).toHaveLength(1);
      return now;
    }, WAIT);
    expect(during.status).toBe(200);
    expect(during.body).toMatchObject({ state: "running", messages: [{ touchpointId: flow.touchpoints[0]!.id, stepNumber: 1, subject: "A note from us, part 1" }] });
    // Not a generation's resource.
    expect((await call(generationProgressApi.loader, `/api/ai-flow-generations/${body.id}`, { cookie, params: { id: body.id } })).status).toBe(404);

    model.resume();
    await progress.backgroundGenerationsSettled();
    expect((await read(cookie, body.id)).body).toMatchObject({ state: "succeeded", flowId: flow.id, messagesShown: flow.touchpoints.length });
    expect((await call(contentApi.loader, `/api/ai-flows/${flow.id}/content`, { cookie, params: { id: flow.id } })).status).toBe(200);
  });

  it("refuses what it must with a 4xx: signed out, not premium, not the owner, an unknown id, another method; no Prefer still waits", async () => {
    const { cookie, flow, user } = await premiumWithFlow();
    model.script({ kind: "content", content: answerFor(flow) });
    const started = await progress.startContentWriting({ user, flowId: flow.id });
    if (!started.started) throw new Error("a model writes content in the background");
    await progress.backgroundGenerationsSettled();
    const id = started.progress.id;

    expect((await read(undefined, id)).status).toBe(401);
    const stranger = await onboardedUser({ premium: true });
    expect((await read(stranger.cookie, id)).status).toBe(404);
    expect((await read(cookie, "no-such-writing")).status).toBe(404);
    expect((await postContent(stranger.cookie, flow.id)).status).toBe(404);
    const free = await onboardedUser({ premium: false });
    expect((await read(free.cookie, id)).status).toBe(402);
    expect((await postContent(free.cookie, flow.id)).status).toBe(402);
    expect((await postContent(undefined, flow.id)).status).toBe(401);
    const posted = await call(contentProgressApi.action as never, `/api/ai-flow-content-writings/${id}`, { method: "POST", cookie, params: { id } });
    expect(posted.status).toBe(405);

    // Without the preference the answer is the written content, as before.
    model.script({ kind: "content", content: answerFor(flow) });
    const waited = await postContent(cookie, flow.id, {});
    expect(waited.status).toBe(200);
    expect(((await waited.json()) as { flowId: string }).flowId).toBe(flow.id);
  });
});

describe("the content page without JavaScript while a model writes", () => {
  it("the form lands on a page that lists the messages so far and refreshes itself; a reload shows the same; then the content and Done", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const content = answerFor(flow);
    model.script({ kind: "content", content, pauseAt: before(content, flow, 2) });
    const page = browser(cookie);
    const address = `/flow-content?flow=${flow.id}`;

    const landed = await page.post("/flow-content", { intent: "generate-content", flowId: flow.id, from: address });
    expect(landed.status).toBe(200);
    await model.paused();
    const during = await vi.waitFor(async () => {
      const reloaded = await page.get(address);
      expect(shown(reloaded.html)).toContain(`2 of ${flow.touchpoints.length} messages written so far`);
      return reloaded.html;
    }, WAIT);
    // Each message with its step: an email's fields, or the text message.
    expect(shown(during)).toContain(`Email 1. ${flow.touchpoints[0]!.title} Subject A note from us, part 1 Preheader Here is what comes next.`);
    expect(shown(during)).toContain(`SMS 2. ${flow.touchpoints[1]!.title} ${flow.companyName}: a quick hello from us, step 2`);
    expect(shown(during)).not.toContain("A note from us, part 3");
    expect(during).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/?><\/noscript>/);
    expect(await FlowContentModel.findOne({ _id: flow.id }).lean()).toBeNull();

    model.resume();
    await progress.backgroundGenerationsSettled();
    const after = await page.get(address);
    expect(after.html).not.toContain('http-equiv="refresh"');
    expect(shown(after.html)).toContain("Content Generated");
    expect(shown(after.html)).toContain("A note from us, part 3");
    const read = await FlowProgressModel.findOne({}).lean();
    const done = await page.post(address, { intent: "dismiss-content-progress", progressId: String(read!._id), flowId: flow.id });
    expect(done.status).toBe(200);
    expect(shown(done.html)).not.toContain("Content Generated");
    expect(await FlowProgressModel.countDocuments({})).toBe(0);
  });

  it("a failure after messages were shown says they were not saved and the content is as it was", async () => {
    const { cookie, flow, user } = await premiumWithFlow();
    await writeFlowContent({ user, flowId: flow.id }, { provider: offlineContentProvider });
    const content = answerFor(flow);
    model.script({ kind: "content", content, failAt: before(content, flow, 1) + 5 });
    const page = browser(cookie);
    await page.post("/flow-content", { intent: "generate-content", flowId: flow.id, from: "/flow-content" });
    await progress.backgroundGenerationsSettled();
    vi.mocked(console.error).mockClear();

    const failed = await page.get(`/flow-content?flow=${flow.id}`);
    expect(shown(failed.html)).toContain(
      `Error Generating Content ${CONTENT_FAILED_MESSAGE} The message shown while it was written was not saved. Your previous content is unchanged.`,
    );
  });
});
