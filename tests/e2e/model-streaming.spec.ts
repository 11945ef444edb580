import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { emptyAnswers } from "../../app/lib/questionnaire/fields";
import { generateOfflineDraft } from "../../app/services/ai/offline.server";
import { type OpenAiStub, startOpenAiStub } from "../support/openai-stub";

/**
 * With a model, the flow screen shows each step as the model writes it, before the flow is saved.
 * The model is the loopback stand-in, held after two steps (no timing in the test): the app server
 * here is one of its own, configured for that model, on E2E_PORT + 2000.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2000;
const ORIGIN = `http://localhost:${PORT}`;

let model: OpenAiStub;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  model = await startOpenAiStub();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-e2e-model-"));
  server = spawn(process.execPath, ["server/index.js", "build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-session-secret-with-enough-length",
      APP_URL: ORIGIN,
      OPENAI_API_KEY: "e2e-key",
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_MODEL: "stand-in",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${ORIGIN}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  model?.resume();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await model?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the flow screen shows the steps as the model writes them, then the saved flow", async ({ page }) => {
  const request = page.request;
  const document = (await (await request.get(`${ORIGIN}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody: { content: Record<string, { example: Record<string, unknown> }> } }>>;
  };
  const answers = document.paths["/api/onboarding"]!.post!.requestBody.content["application/json"]!.example;
  const registered = await request.post(`${ORIGIN}/api/auth/register`, {
    data: { firstName: "Dana", lastName: "Stream", companyName: "Stream Co", email: `stream.${Date.now()}@example.test`, password: "first-pass-123" },
  });
  expect(registered.status()).toBe(201);
  expect((await request.post(`${ORIGIN}/api/onboarding`, { data: answers })).status()).toBe(201);

  const planned = generateOfflineDraft({ flowType: "onboarding", business: { ...emptyAnswers(), ...answers }, rule: null, customContext: "" });
  // The third step's title marks where the stand-in holds its answer: written nowhere before it.
  const steps = planned.touchpoints.map((step, index) => (index === 2 ? { ...step, title: `Third: ${step.title}` } : step));
  const draft = { ...planned, touchpoints: steps };
  // The steps first, as the stand-in streams them (in the order of the schema the app sends).
  const { touchpoints, ...rest } = draft;
  const content = JSON.stringify({ touchpoints, ...rest });
  // Held inside the third step's title: the first two are on screen, the third not yet.
  model.script({ kind: "content", content, pauseAt: steps[2]!.title });

  await page.goto(`${ORIGIN}/flow-mappings?type=onboarding`);
  await page.getByRole("button", { name: "Generate Flow" }).click();
  const shown = page.getByTestId("streamed-step");
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(0)).toContainText(steps[0]!.title);
  await expect(shown.nth(1)).toContainText(steps[1]!.title);
  await expect(page.getByTestId("generation-progress")).toContainText("2 steps written so far");
  // Not saved yet: still the first-flow screen, no touchpoint list.
  await expect(page.getByTestId("generate-first-flow")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Touchpoints" })).toHaveCount(0);

  model.resume();
  await expect(page.getByRole("heading", { name: "Touchpoints" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("generation-progress")).toHaveCount(0);
  const saved = page.getByRole("list", { name: "Touchpoints" });
  for (const step of steps) await expect(saved).toContainText(step.title);
});
