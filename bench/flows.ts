/**
 * Flows benchmark (the "flows" section of `npm run bench`, or `npx tsx bench/flows.ts`):
 *   - offline generation, server time: the whole generateFlow service call (rule lookup,
 *     generator, rules, insert) against the targets of ≤ 50 ms;
 *   - GET /api/flow-types/{type}/ai-flow through the route for a flow with 200 versions against
 *     one with 1 version: target ≤ 1.2× (versions are not read with the flow).
 * In-process, on the embedded engine in a temporary directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import mongoose from "mongoose";

import { startEngine } from "@flowmap/engine";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { removeFlow } from "~/models/ai-generated-flow.server";
import { insertFlowRuleIfMissing } from "~/models/flow-rule.server";
import { upsertResponseForUser } from "~/models/questionnaire-response.server";
import { createUser } from "~/models/user.server";
import { loader as byTypeLoader } from "~/routes/api+/flow-types.$flowType.ai-flow";
import { generateOfflineDraft } from "~/services/ai/offline.server";
import { startUserSession } from "~/web/auth/session-cookie.server";
import { generateFlow, regenerateFlow } from "~/services/flows/flows.server";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

const GENERATIONS = 60;
const READS = 400;
const VERSIONS = 200;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

const ANSWERS = {
  ...emptyAnswers(),
  companyName: "Leaf & Kettle",
  businessType: "eCommerce",
  communicationChannels: "Email + SMS",
  primaryTargetAudience: "Busy professionals who want better tea at home",
  productServiceDescription: "Single-estate loose-leaf teas shipped fresh every month",
  onboardingSpecialOffers: "15% off the first order",
  availableProofMaterials: "4.8 stars from 2,300 reviews",
  guarantees_q8: "Free returns within 30 days",
  topReasonsNotToBuy: "Loose-leaf looks fiddly",
  brandVoicePositioning: "Calm and knowledgeable",
  onboardingGoal: "First order within two weeks",
};

async function userWithOnboarding(label: string) {
  const user = await createUser({ email: `${label}.${Date.now()}@example.com`, firstName: "Bench", lastName: label, companyName: "Leaf & Kettle" });
  await upsertResponseForUser(user.id, ANSWERS);
  const { setCookie } = await startUserSession(user.id);
  return { user, cookie: setCookie.split(";")[0]! };
}

async function timeByType(cookie: string): Promise<number> {
  const request = new Request("http://127.0.0.1/api/flow-types/lead_nurture/ai-flow", { headers: { Cookie: cookie, Accept: "application/json" } });
  const started = performance.now();
  const response = await byTypeLoader({ request, params: { flowType: "lead_nurture" }, context: {} });
  await response.text();
  if (response.status !== 200) throw new Error(`by-type answered ${response.status}`);
  return performance.now() - started;
}

export async function runFlowsBench(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "flowmap-bench-flows-"));
  const engine = await startEngine({ dbPath: dir, port: 0, log: () => {} });
  try {
    await mongoose.connect(engine.uri, { dbName: "bench_flows" });
    await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
    for (const rule of DEFAULT_FLOW_RULES) await insertFlowRuleIfMissing(rule);

    // Offline generation: the pure generator, and the whole service call with its database work.
    const pure: number[] = [];
    for (let i = 0; i < GENERATIONS; i++) {
      const started = performance.now();
      generateOfflineDraft({ flowType: "lead_nurture", business: ANSWERS, rule: null, customContext: "" });
      pure.push(performance.now() - started);
    }
    const generator = await userWithOnboarding("gen");
    const service: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < GENERATIONS; i++) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const flow = await generateFlow({ user: { id: generator.user.id, isPremium: false }, input: { flowType: "lead_nurture" } });
      const used = process.cpuUsage(cpuStart);
      service.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
      await removeFlow({ flowId: flow.id, userId: generator.user.id });
    }

    // by-type with 1 version against 200 versions.
    const one = await userWithOnboarding("one");
    const many = await userWithOnboarding("many");
    const oneFlow = await generateFlow({ user: { id: one.user.id, isPremium: false }, input: { flowType: "lead_nurture" } });
    await regenerateFlow({ user: { id: one.user.id, isPremium: false }, flowId: oneFlow.id, input: { feedback: "friendlier" } });
    const manyFlow = await generateFlow({ user: { id: many.user.id, isPremium: false }, input: { flowType: "lead_nurture" } });
    const feedbacks = ["friendlier", "more urgency", "add a 10% discount", "Mention our tasting events"];
    for (let i = 0; i < VERSIONS; i++) {
      await regenerateFlow({ user: { id: many.user.id, isPremium: false }, flowId: manyFlow.id, input: { feedback: feedbacks[i % feedbacks.length]! } });
    }
    for (let i = 0; i < 50; i++) {
      await timeByType(one.cookie);
      await timeByType(many.cookie);
    }
    const oneTimes: number[] = [];
    const manyTimes: number[] = [];
    for (let i = 0; i < READS; i++) {
      oneTimes.push(await timeByType(one.cookie));
      manyTimes.push(await timeByType(many.cookie));
    }
    const ratio = median(manyTimes) / median(oneTimes);
    const generationMs = median(service);
    return [
      `(machine load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while measuring)`,
      `Offline generation, server time (generateFlow: rule, generator, rules, insert; ${GENERATIONS} runs): median ${generationMs.toFixed(1)} ms, p95 ${p95(service).toFixed(1)} ms (target ≤ 50 ms) ${generationMs <= 50 ? "OK" : "OVER"}`,
      `  CPU time of the app and the in-process engine per generation: median ${median(cpu).toFixed(1)} ms (wall time above includes waiting for the shared cores and the journal's fsync)`,
      `  the generator alone: median ${median(pure).toFixed(2)} ms`,
      `GET /api/flow-types/{flowType}/ai-flow (route, ${READS} reads each): 1 version ${median(oneTimes).toFixed(2)} ms, ${VERSIONS} versions ${median(manyTimes).toFixed(2)} ms, ratio ${ratio.toFixed(2)} (target ≤ 1.2) ${ratio <= 1.2 ? "OK" : "OVER"}`,
    ];
  } finally {
    await mongoose.disconnect();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runFlowsBench()
    .then((lines) => console.log(lines.join("\n")))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
