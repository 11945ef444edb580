/**
 * The model path (the "model-path" section of `npm run bench`, or `npx tsx bench/model-path.ts`):
 * the production build against a stand-in model on loopback that streams at a real model's pace
 * (the first token after 0.8 s, then 40 tokens a second; tests/support/openai-stub.ts). For each
 * run, a new account presses Generate (POST /api/ai-flows/generate with Prefer: respond-async,
 * the same service the Generate form starts) and reads the progress the way the flow screen
 * does, every PROGRESS_POLL_MS:
 *   - time to the first step on screen: from the press to the first read that shows a step
 *     (target FIRST_STEP_TARGET_MS);
 *   - time to the whole flow: to the read that says the flow is saved.
 * Then the account, made premium, presses Generate Full Email Content for that flow
 * (POST /api/ai-flows/{id}/content with Prefer: respond-async) and reads its progress the way the
 * content page does:
 *   - content: time to the first message on screen, and to the whole content saved.
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import { PROGRESS_POLL_MS } from "~/lib/flows/generation-progress";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { contentAnswerFor, type FlowToWrite } from "../tests/support/content-answer";
import { REAL_MODEL_PACE, startOpenAiStub } from "../tests/support/openai-stub";
import { registerBenchUser, serveBuild } from "./http";
import { grantPremium } from "./signed-in";
import { FIRST_STEP_TARGET_MS } from "./targets";

const RUNS = 5;

interface Run {
  firstStepMs: number;
  wholeMs: number;
  steps: number;
  outcome: string;
  content: Followed;
}

/** A progress followed from the press: when the first item was on screen, when it ended, and how. */
interface Followed {
  firstMs: number;
  wholeMs: number;
  shown: number;
  outcome: string;
}

/** Reads a progress resource every PROGRESS_POLL_MS, as a screen does, until it has ended. */
async function follow(url: string, headers: Record<string, string>, pressed: number, items: "steps" | "messages"): Promise<Followed> {
  let firstMs = Number.NaN;
  let progress: Record<string, unknown> = {};
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
    progress = await json(await fetch(url, { headers }));
    if (Number.isNaN(firstMs) && (progress[items] as unknown[]).length > 0) firstMs = performance.now() - pressed;
    if (progress.state !== "running") break;
  }
  return { firstMs, wholeMs: performance.now() - pressed, shown: progress[items === "steps" ? "stepsShown" : "messagesShown"] as number, outcome: progress.state as string };
}

const seconds = (ms: number) => (Number.isNaN(ms) ? "never" : `${(ms / 1000).toFixed(2)} s`);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function json(response: Response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function runModelPathBench(): Promise<string[]> {
  const model = await startOpenAiStub({ pace: REAL_MODEL_PACE });
  const app = await serveBuild({ OPENAI_API_KEY: "bench-key", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "stand-in" });
  try {
    const document = await json(await fetch(`${app.url}/api/openapi.json`));
    const paths = document.paths as Record<string, Record<string, { requestBody: { content: Record<string, { example: Record<string, unknown> }> } }>>;
    const answers = paths["/api/onboarding"]!.post!.requestBody.content["application/json"]!.example;
    const draft = generateOfflineDraft({ flowType: "onboarding", business: { ...emptyAnswers(), ...answers }, rule: null, customContext: "" });

    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const email = `model.${index}.${Date.now()}@example.com`;
      const cookie = await registerBenchUser(app.url, { firstName: "Bench", lastName: `Model ${index}`, email });
      const headers = { Cookie: cookie, Accept: "application/json", "Content-Type": "application/json" };
      await json(await fetch(`${app.url}/api/onboarding`, { method: "POST", headers, body: JSON.stringify(answers) }));

      model.script({ kind: "content", content: JSON.stringify(draft) });
      const pressed = performance.now();
      const started = await fetch(`${app.url}/api/ai-flows/generate`, {
        method: "POST",
        headers: { ...headers, Prefer: "respond-async" },
        body: JSON.stringify({ flowType: "onboarding" }),
      });
      if (started.status !== 202) throw new Error(`generate answered ${started.status}: ${await started.text()}`);
      const location = started.headers.get("Location")!;
      await started.text();
      const generation = await follow(`${app.url}${location}`, headers, pressed, "steps");
      const flowId = String((await json(await fetch(`${app.url}${location}`, { headers }))).flowId);

      await grantPremium(app, email);
      const flow = (await json(await fetch(`${app.url}/api/ai-flows/${flowId}`, { headers }))) as unknown as FlowToWrite;
      model.script({ kind: "content", content: contentAnswerFor(flow).content });
      const writePressed = performance.now();
      const writing = await fetch(`${app.url}/api/ai-flows/${flowId}/content`, { method: "POST", headers: { ...headers, Prefer: "respond-async" } });
      if (writing.status !== 202) throw new Error(`content answered ${writing.status}: ${await writing.text()}`);
      const writingAt = writing.headers.get("Location")!;
      await writing.text();
      const content = await follow(`${app.url}${writingAt}`, headers, writePressed, "messages");
      runs.push({ firstStepMs: generation.firstMs, wholeMs: generation.wholeMs, steps: generation.shown, outcome: generation.outcome, content });
    }

    const firsts = runs.map((run) => run.firstStepMs).filter((ms) => !Number.isNaN(ms));
    const firstMedian = firsts.length ? median(firsts) : Number.NaN;
    const lines = [
      `Model path against a stand-in model streaming at a real model's pace (first token ${REAL_MODEL_PACE.firstTokenMs} ms, ${REAL_MODEL_PACE.tokensPerSecond} tokens/s), production build, the progress read every ${PROGRESS_POLL_MS} ms as the screen reads it, ${RUNS} runs:`,
      ...runs.map(
        (run, index) =>
          `  run ${index + 1}: first step on screen ${seconds(run.firstStepMs)}, whole flow ${seconds(run.wholeMs)} (${run.steps} steps, ${run.outcome}); content: first message on screen ${seconds(run.content.firstMs)}, whole content ${seconds(run.content.wholeMs)} (${run.content.shown} messages, ${run.content.outcome})`,
      ),
      `  median time to the first step: ${(firstMedian / 1000).toFixed(2)} s (target <= ${FIRST_STEP_TARGET_MS / 1000} s: ${firstMedian <= FIRST_STEP_TARGET_MS ? "met" : "NOT met"})`,
      `  median time to the whole flow: ${(median(runs.map((run) => run.wholeMs)) / 1000).toFixed(2)} s`,
      `  content: median time to the first message on screen: ${seconds(median(runs.map((run) => run.content.firstMs)))}; to the whole content: ${seconds(median(runs.map((run) => run.content.wholeMs)))}`,
    ];
    return lines;
  } finally {
    await app.stop();
    await model.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runModelPathBench()) console.log(line);
}
