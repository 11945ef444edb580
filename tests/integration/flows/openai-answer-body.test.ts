import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { FlowGenerationModel } from "~/models/flow-generation.server";
import { MAX_MODEL_ANSWER_BYTES } from "~/services/ai/openai-client.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import type { SiteFacts } from "~/services/research/extract";
import { answersFromModel } from "~/services/research/model.server";
import { DomainError } from "~/services/domain-error";
import { generateFlow, regenerateFlow } from "~/services/flows/flows.server";
import { offlineProvider } from "~/services/ai/offline.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub, type StubAnswer } from "../../support/openai-stub";
import { LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser } from "./helpers";

/**
 * The model's timeout covers the answer's body, not only its headers, and the answer's size is
 * capped. A stub that stalls or drips forever can only be ended by the client, so each test waits
 * for the 502 and never races a clock; the timeout is small so the wait is short.
 */
await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const TIMEOUT_MS = 300;
/**
 * The provider with a small timeout, for answers that never end (the test waits for the 502).
 * Should the answer's headers come late on a busy machine, the SDK's own timeout and its retry
 * end the call instead: the same 502, so nothing below depends on which came first.
 */
const provider = (timeoutMs = TIMEOUT_MS) => createOpenAiProvider({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs });
const ENDED_BY_TIMEOUT = new RegExp(`did not finish its answer within ${TIMEOUT_MS} ms|timed out`);
/** Far longer than reading 4 MB takes: the size cap, not the clock, ends these. */
const ROOMY_TIMEOUT_MS = 60_000;
const HUGE = 200 * 1024 * 1024;

async function failure(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** The messages of an error and its causes, outermost first. */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(" <- ");
}

async function expectNothingStored() {
  expect(await AiGeneratedFlowModel.countDocuments({})).toBe(0);
  expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
  expect(await AiFlowMessageModel.countDocuments({})).toBe(0);
  expect(await FlowGenerationModel.countDocuments({})).toBe(0);
}

const ENDLESS: Array<[string, StubAnswer]> = [
  ["200 and the headers, then a body that stalls", { kind: "stall-after-headers" }],
  ["a body dripped a byte at a time, never ending", { kind: "drip", everyMs: 20 }],
];

describe("the model's answer body", () => {
  it.each(ENDLESS)("%s → 502 once the timeout has passed, the connection closed, nothing stored", async (_name, answer) => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script(answer);
    const error = await failure(generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "Failed to generate AI flow. Please try again." });
    expect(causes(error)).toMatch(ENDED_BY_TIMEOUT);
    // At most the one retry, and no connection is left open.
    expect(stub.requests.length).toBeLessThanOrEqual(2);
    for (let i = 0; i < stub.requests.length; i++) await stub.answerClosed(i);
    await expectNothingStored();
  });

  it("a regeneration whose answer stalls after the headers → 502, the flow as it was", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    const before = await AiGeneratedFlowModel.findById(flow.id).lean();
    stub.script({ kind: "stall-after-headers" });
    const error = await failure(regenerateFlow({ user: { id: user.id, isPremium: false }, flowId: flow.id, input: { feedback: "shorter" } }, { provider: provider() }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "There was an error regenerating your flow. Please try again." });
    expect(await AiGeneratedFlowModel.findById(flow.id).lean()).toEqual(before);
    expect(await AiFlowVersionModel.countDocuments({})).toBe(0);
    expect(await FlowGenerationModel.countDocuments({})).toBe(0);
  });

  it.each([
    ["sent chunked", false],
    ["announced in Content-Length", true],
  ])("a 200 MB answer %s is refused while it arrives → 502, nothing stored", async (_name, declareLength) => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "huge", bytes: HUGE, declareLength });
    const error = await failure(generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider(ROOMY_TIMEOUT_MS) }));
    expect(error).toMatchObject({ kind: "upstream_failed", message: "Failed to generate AI flow. Please try again." });
    expect(causes(error)).toContain("The model's answer is larger than 4 MB.");
    await stub.answerClosed(0);
    // Reading stopped at the cap: what the stub got to send is the cap plus what the sockets
    // buffer (a few MB on loopback), far from the 200 MB it had.
    expect(stub.bodyBytesSent[0]).toBeLessThan(MAX_MODEL_ANSWER_BYTES + 48 * 1024 * 1024);
    expect(stub.requests).toHaveLength(1);
    await expectNothingStored();
  });

  it("website research gets the same bounds (it falls back on its own when the model fails)", async () => {
    stub.script({ kind: "stall-after-headers" });
    const settings = { apiKey: "test-key", baseURL: stub.baseURL, model: "stub-model", timeoutMs: TIMEOUT_MS };
    const facts: SiteFacts = {
      url: "http://127.0.0.1/",
      title: "Ledgerly",
      siteName: "Ledgerly",
      description: "",
      headings: [],
      paragraphs: [],
      about: [],
      pricing: [],
      faq: [],
      testimonials: [],
      audience: [],
      guarantees: [],
      offers: [],
      proof: [],
    };
    const error = await answersFromModel(facts, settings).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(causes(error)).toMatch(ENDED_BY_TIMEOUT);
  });
});
