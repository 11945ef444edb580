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
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import { PROGRESS_POLL_MS } from "~/lib/flows/generation-progress";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { REAL_MODEL_PACE, startOpenAiStub } from "../tests/support/openai-stub";
import { registerBenchUser, serveBuild } from "./http";
import { FIRST_STEP_TARGET_MS } from "./targets";

const RUNS = 5;

interface Run {
  firstStepMs: number;
  wholeMs: number;
  steps: number;
  outcome: string;
}

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
    model.script({ kind: "content", content: JSON.stringify(draft) });

    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const cookie = await registerBenchUser(app.url, { firstName: "Bench", lastName: `Model ${index}`, email: `model.${index}.${Date.now()}@example.com` });
      const headers = { Cookie: cookie, Accept: "application/json", "Content-Type": "application/json" };
      await json(await fetch(`${app.url}/api/onboarding`, { method: "POST", headers, body: JSON.stringify(answers) }));

      const pressed = performance.now();
      const started = await fetch(`${app.url}/api/ai-flows/generate`, {
        method: "POST",
        headers: { ...headers, Prefer: "respond-async" },
        body: JSON.stringify({ flowType: "onboarding" }),
      });
      if (started.status !== 202) throw new Error(`generate answered ${started.status}: ${await started.text()}`);
      const location = started.headers.get("Location")!;
      await started.text();
      let firstStepMs = Number.NaN;
      let progress: Record<string, unknown> = {};
      // As the screen does: a read every PROGRESS_POLL_MS until the flow is saved (or the run failed).
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
        progress = await json(await fetch(`${app.url}${location}`, { headers }));
        if (Number.isNaN(firstStepMs) && (progress.steps as unknown[]).length > 0) firstStepMs = performance.now() - pressed;
        if (progress.state !== "running") break;
      }
      runs.push({ firstStepMs, wholeMs: performance.now() - pressed, steps: progress.stepsShown as number, outcome: progress.state as string });
    }

    const firsts = runs.map((run) => run.firstStepMs).filter((ms) => !Number.isNaN(ms));
    const firstMedian = firsts.length ? median(firsts) : Number.NaN;
    const lines = [
      `Model path against a stand-in model streaming at a real model's pace (first token ${REAL_MODEL_PACE.firstTokenMs} ms, ${REAL_MODEL_PACE.tokensPerSecond} tokens/s), production build, the progress read every ${PROGRESS_POLL_MS} ms as the screen reads it, ${RUNS} runs:`,
      ...runs.map(
        (run, index) =>
          `  run ${index + 1}: first step on screen ${Number.isNaN(run.firstStepMs) ? "never" : `${(run.firstStepMs / 1000).toFixed(2)} s`}, whole flow ${(run.wholeMs / 1000).toFixed(2)} s (${run.steps} steps, ${run.outcome})`,
      ),
      `  median time to the first step: ${(firstMedian / 1000).toFixed(2)} s (target <= ${FIRST_STEP_TARGET_MS / 1000} s: ${firstMedian <= FIRST_STEP_TARGET_MS ? "met" : "NOT met"})`,
      `  median time to the whole flow: ${(median(runs.map((run) => run.wholeMs)) / 1000).toFixed(2)} s`,
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
