/**
 * docs/api-read-modify-write.md holds a script that, for every single resource, reads it, changes
 * it and writes it back whole (PUT), reads it and sends it to PATCH, and then writes with the
 * first, stale ETag (412). Its types are generated from the OpenAPI document; the script is
 * compiled strictly against them (so a read's type fits the write's) and then run against the app
 * through the request boundary, with a typed openapi-fetch client.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { scriptOf, strictDiagnostics } from "../../support/doc-scripts";
import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin } = await import("../../support/factories");
const { onboardedUser, seedRules } = await import("../flows/helpers");
const { sendToApp } = await import("../../support/in-process-app");
const { SAME_ORIGIN } = await import("../../support/requests");
const { openApiDocument } = await import("~/web/openapi/document.server");
const { createBenchmarkAsAdmin } = await import("~/services/admin/benchmarks.server");
const { listFlowRulesForAdmin } = await import("~/services/admin/flow-rules.server");
const { generateFlow } = await import("~/services/flows/flows.server");
const { serviceUser } = await import("~/lib/user");

await useTestDatabase();

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = await fs.mkdtemp(path.join(root, "node_modules", ".cache", "flowmap-read-modify-write-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

interface RoundTrip {
  put: number;
  patch: number;
  stale: number;
  staleCode: string | undefined;
  staleTagIsCurrent: boolean;
  after: Record<string, unknown>;
}
type Script = Record<"questionnaire" | "touchpoint" | "benchmark" | "flowMapping" | "user", (api: unknown, id?: string) => Promise<RoundTrip>>;

let script: Script;
let diagnostics: string[];

beforeAll(async () => {
  await fs.writeFile(path.join(dir, "flowmap-api.d.ts"), astToString(await openapiTS(openApiDocument() as never)));
  const markdown = await fs.readFile(path.join(root, "docs", "api-read-modify-write.md"), "utf8");
  const shown = scriptOf(markdown, "docs/api-read-modify-write.md");
  const source = path.join(dir, "read-modify-write.ts");
  await fs.writeFile(source, shown);
  diagnostics = strictDiagnostics([source]);
  const compiled = ts.transpileModule(shown, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const runnable = path.join(dir, "read-modify-write.mjs");
  await fs.writeFile(runnable, compiled);
  script = (await import(/* @vite-ignore */ pathToFileURL(runnable).href)) as Script;
}, 60_000);

/** A typed client whose calls go through the request boundary and the app, signed in with `cookie`. */
function clientFor(cookie: string) {
  return createClient({
    baseUrl: SAME_ORIGIN,
    headers: { Cookie: cookie, Origin: SAME_ORIGIN },
    fetch: (request: Request) => sendToApp(request),
  });
}

function expectRoundTrip(result: RoundTrip) {
  expect(result.put, "GET → change → PUT").toBe(200);
  expect(result.patch, "GET → PATCH").toBe(200);
  expect(result.stale, "a stale If-Match").toBe(412);
  expect(result.staleCode).toBe("PRECONDITION_FAILED");
  expect(result.staleTagIsCurrent, "the 412 carries the current ETag").toBe(true);
}

describe("read, change, write back, with types generated from the document", () => {
  it("compiles strictly: every read fits its write", () => {
    expect(diagnostics).toEqual([]);
  });

  it("the questionnaire", async () => {
    const owner = await onboardedUser();
    const result = await script.questionnaire(clientFor(owner.cookie));
    expectRoundTrip(result);
    expect(result.after).toMatchObject({ brandVoicePositioning: "Warm and to the point", completionMethod: "manual" });
  });

  it("a touchpoint: a 1-hour timing with its description is written as sent", async () => {
    await seedRules();
    const owner = await onboardedUser();
    const flow = await generateFlow({ user: serviceUser(owner.user), input: { flowType: "onboarding" } });
    const result = await script.touchpoint(clientFor(owner.cookie), flow.touchpoints[0]!.id);
    expectRoundTrip(result);
    expect(result.after).toMatchObject({
      title: "Welcome, and one tip",
      timing: { type: "offset", minutes: 60, displayText: "An hour after they sign up" },
      offsetMinutes: 60,
      delayDays: 0,
    });
  });

  it("a benchmark, a flow-mapping rule and a user (Admin)", async () => {
    await seedRules();
    const admin = await createAdmin();
    const api = clientFor(admin.cookie);
    const created = await createBenchmarkAsAdmin({
      actor: admin.user,
      input: { benchmarkType: "Upsell Flows", performanceIndicator: "Open Rate (Email)", industryMedian: "40%", industry: "Fitness", businessType: "eCommerce" },
    });
    const benchmark = await script.benchmark(api, created.id);
    expectRoundTrip(benchmark);
    expect(benchmark.after).toMatchObject({ openRate: 44.5, industryMedian: "44.5%" });

    const { rows } = await listFlowRulesForAdmin({ search: "", sort: "flowName", dir: "asc", page: 1, pageSize: 1 });
    const rule = await script.flowMapping(api, rows[0]!.id);
    expectRoundTrip(rule);
    expect(rule.after).toMatchObject({ notes: "Checked", steps: expect.arrayContaining([expect.objectContaining({ stepNumber: 1, timing: { type: "offset", minutes: 90 } })]) });

    const someone = await onboardedUser();
    const user = await script.user(api, someone.user.id);
    expectRoundTrip(user);
    expect(user.after).toMatchObject({ id: someone.user.id, isPremium: true });
  });
});
