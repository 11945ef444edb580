import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { SiteFacts } from "~/services/research/extract";
import { answersFromModel } from "~/services/research/model.server";
import { generateOfflineDraft } from "~/services/ai/offline.server";
import { type ModelCallLine, modelCallStats, resetModelCallStats, typicalDurationMs } from "~/services/ai/model-calls.server";
import { createOpenAiProvider } from "~/services/ai/openai.server";
import { DomainError } from "~/services/domain-error";
import { generateFlow } from "~/services/flows/flows.server";
import { action, loader } from "~/routes/_app+/flow-mappings";
import { type GenerationProgressView, progressFailureText } from "~/lib/flows/generation-progress";
import { backgroundGenerationsSettled } from "~/services/flows/progress.server";

import { withEnv } from "../../support/env";
import { args, dataOf, formRequest, getRequest, settle, statusOf } from "../../support/requests";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub } from "../../support/openai-stub";
import { LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser } from "./helpers";

await useTestDatabase({ clearBeforeEach: true });

const KEY = "sk-test-secret-key-0123456789";
let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const provider = () => createOpenAiProvider({ apiKey: KEY, baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 });
const goodDraft = () => generateOfflineDraft({ flowType: "onboarding", business: LEDGERLY, rule: null, customContext: "" });

/** The model-call lines written to the server log (info and warn), parsed, with the raw text. */
let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetModelCallStats();
  info = vi.spyOn(console, "info").mockImplementation(() => undefined);
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  info.mockRestore();
  warn.mockRestore();
});

function modelLines(spy: ReturnType<typeof vi.spyOn>): Array<{ text: string; line: ModelCallLine }> {
  return spy.mock.calls
    .map((call: unknown[]) => String(call[0]))
    .filter((text: string) => text.startsWith('{"event":"model_call"'))
    .map((text: string) => ({ text, line: JSON.parse(text) as ModelCallLine }));
}

const generate = async (userId: string) => generateFlow({ user: { id: userId, isPremium: false }, input: { flowType: "onboarding" } }, { provider: provider() });

describe("every model call logs one line and counts its request", () => {
  it("an accepted plan: one info line with purpose, model, tokens, milliseconds and outcome; the counter and the typical wait follow", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "content", content: JSON.stringify(goodDraft()) });
    await generate(user.id);
    const lines = modelLines(info);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).not.toContain("\n");
    expect(lines[0]!.line).toMatchObject({ event: "model_call", purpose: "plan", model: "stub-model", promptTokens: 1, completionTokens: 1, outcome: "accepted" });
    expect(lines[0]!.line.ms).toBeGreaterThanOrEqual(0);
    expect(modelCallStats().purposes.find((p) => p.purpose === "plan")!.counts).toEqual({ accepted: 1, repaired: 0, refused: 0, failed: 0 });
    expect(typicalDurationMs("plan")).not.toBeNull();
  });

  it("a repaired plan: the first call logs needs_repair with the finding kinds, the repair logs 'repaired', and the repaired counter goes up", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    const invented = { ...draft, touchpoints: draft.touchpoints.map((tp, i) => (i === 0 ? { ...tp, callToAction: "Use code LEDGER30 for 30% off" } : tp)) };
    stub.script({ kind: "content", content: JSON.stringify(invented) }, { kind: "content", content: JSON.stringify(draft) });
    await generate(user.id);
    const lines = modelLines(info);
    expect(lines.map((l) => l.line)).toEqual([
      expect.objectContaining({ purpose: "plan", outcome: "needs_repair", findings: ["invented"] }),
      expect.objectContaining({ purpose: "repair", for: "plan", outcome: "repaired" }),
    ]);
    const all = lines.map((l) => l.text).join("\n");
    // Never the copy, the answers, the prompt or the key.
    for (const secret of ["LEDGER30", "Ledgerly", KEY, draft.touchpoints[1]!.title, "lifecycle"]) expect(all).not.toContain(secret);
    expect(modelCallStats().purposes.find((p) => p.purpose === "plan")!.counts).toEqual({ accepted: 0, repaired: 1, refused: 0, failed: 0 });
  });

  it("a plan still wrong after its repair: a warning line 'refused', counted as refused", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const draft = goodDraft();
    stub.script({ kind: "content", content: JSON.stringify({ ...draft, flowOverview: `${draft.flowOverview} Welcome to [Company].` }) });
    await expect(generate(user.id)).rejects.toBeInstanceOf(DomainError);
    expect(modelLines(warn).map((l) => l.line)).toEqual([expect.objectContaining({ purpose: "repair", for: "plan", outcome: "refused", findings: ["placeholder"] })]);
    expect(modelCallStats().purposes.find((p) => p.purpose === "plan")!.counts.refused).toBe(1);
  });

  it("a failing call: a warning line 'failed' with the HTTP status, counted as failed, and the user reads what failed and what to do", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "status", status: 503 });
    const error = await generate(user.id).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ kind: "upstream_failed", message: "Failed to generate AI flow. Please try again." });
    expect(modelLines(warn).map((l) => l.line)).toEqual([expect.objectContaining({ purpose: "plan", model: "stub-model", outcome: "failed", reason: "http_503" })]);
    expect(modelLines(info)).toEqual([]);
    expect(modelCallStats().purposes.find((p) => p.purpose === "plan")!.counts).toEqual({ accepted: 0, repaired: 0, refused: 0, failed: 1 });
    // A failed request is no measure of the usual wait.
    expect(typicalDurationMs("plan")).toBeNull();
  });

  it("through the Generate Flow form: the form returns at once, and a model failing with 502 leaves a failed progress the page shows, saying what failed and what to do, and a 'failed' line", async () => {
    const { cookie } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "status", status: 502 });
    const result = await withEnv({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: stub.baseURL, OPENAI_MODEL: "stub-model", OPENAI_TIMEOUT_MS: "1000" }, async () => {
      const posted = await settle(action(args(formRequest("/flow-mappings?type=onboarding", { intent: "generate" }, { cookie }))));
      await backgroundGenerationsSettled();
      return posted;
    });
    expect(statusOf(result)).toBe(302);
    const page = dataOf(await loader(args(getRequest("/flow-mappings?type=onboarding", { cookie })))) as { progress: GenerationProgressView | null };
    expect(page.progress).toMatchObject({ state: "failed", error: { code: "UPSTREAM_FAILED", message: "Failed to generate AI flow. Please try again." } });
    expect(progressFailureText(page.progress!)).toBe("Failed to generate AI flow. Please try again. No flow was saved.");
    expect(modelLines(warn).map((l) => l.line)).toEqual([expect.objectContaining({ purpose: "plan", outcome: "failed", reason: "http_502" })]);
  });

  it("a call that times out logs reason 'timeout'", async () => {
    const { user } = await onboardedUser({ answers: LEDGERLY });
    stub.script({ kind: "hang" });
    await expect(generate(user.id)).rejects.toBeInstanceOf(DomainError);
    expect(modelLines(warn).map((l) => l.line)).toEqual([expect.objectContaining({ purpose: "plan", outcome: "failed", reason: "timeout" })]);
  });

  it("research logs its purpose and never the page's facts", async () => {
    stub.script({ kind: "content", content: JSON.stringify({ companyName: "Quiet Harbor Yoga" }) });
    const none: string[] = [];
    const facts: SiteFacts = {
      url: "https://quiet-harbor.example",
      title: "Quiet Harbor Yoga",
      siteName: "Quiet Harbor Yoga",
      description: "A yoga studio",
      headings: none,
      paragraphs: ["Quiet Harbor Yoga studio"],
      ...{ about: none, pricing: none, faq: none, testimonials: none, audience: none, guarantees: none, offers: none, proof: none },
    };
    await answersFromModel(facts, { apiKey: KEY, baseURL: stub.baseURL, model: "stub-model", timeoutMs: 1000 });
    const lines = modelLines(info);
    expect(lines.map((l) => l.line)).toEqual([expect.objectContaining({ purpose: "research", outcome: "accepted" })]);
    expect(lines[0]!.text).not.toContain("Quiet Harbor");
  });
});
