import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

import { emptyAnswers } from "../../app/lib/questionnaire/fields";
import { generateOfflineDraft } from "../../app/services/ai/offline.server";
import { contentAnswerFor, messageStart } from "../support/content-answer";
import { type OpenAiStub, startOpenAiStub } from "../support/openai-stub";
import { expectToast, waitForHydration } from "./support/app";
import { grantPremium } from "./support/accounts";
import { startAppServer, workerPorts, type AppServer } from "./support/server";

/**
 * With a model, the flow screen shows each step as the model writes it, before the flow is saved.
 * The model is the loopback stand-in, held after two steps (no timing in the test): the app server
 * here is one of its own, configured for that model, on the worker's model port (E2E_PORT + 2000
 * + the worker's parallel index, see tests/e2e/support/server.ts).
 */

let ORIGIN: string;
let model: OpenAiStub;
let server: AppServer | undefined;
let dataDir: string;

test.beforeAll(async ({}, testInfo) => {
  model = await startOpenAiStub();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-e2e-model-"));
  server = await startAppServer({
    port: workerPorts(testInfo.parallelIndex).model,
    dataDir,
    env: {
      SESSION_SECRET: "e2e-session-secret-with-enough-length",
      OPENAI_API_KEY: "e2e-key",
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_MODEL: "stand-in",
    },
  });
  ORIGIN = server.origin;
});

test.afterAll(async () => {
  model?.resume();
  await server?.stop();
  await model?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new user, signed in on `request` (the page's own), onboarded with the document's example answers; the answers and the address. */
async function signUp(request: APIRequestContext) {
  const document = (await (await request.get(`${ORIGIN}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody: { content: Record<string, { example: Record<string, unknown> }> } }>>;
  };
  const answers = document.paths["/api/onboarding"]!.post!.requestBody.content["application/json"]!.example;
  const email = `stream.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;
  const registered = await request.post(`${ORIGIN}/api/auth/register`, {
    data: {
      firstName: "Dana",
      lastName: "Stream",
      companyName: "Stream Co",
      email,
      password: "first-pass-123",
    },
  });
  expect(registered.status()).toBe(201);
  expect((await request.post(`${ORIGIN}/api/onboarding`, { data: answers })).status()).toBe(201);
  return { answers, email };
}

/**
 * A plan for the business as the stand-in streams it (its steps first, in the order of the schema
 * the app sends), every title marked with `mark`; the third's marked title is where the stand-in
 * holds its answer, written nowhere before it.
 */
function answersAs(answers: Record<string, unknown>, mark: string) {
  const planned = generateOfflineDraft({ flowType: "onboarding", business: { ...emptyAnswers(), ...answers }, rule: null, customContext: "" });
  const steps = planned.touchpoints.map((step, index) => ({ ...step, title: index === 2 ? `${mark}: ${step.title}` : `${mark} ${index + 1} ${step.title}` }));
  const { touchpoints: _planned, ...rest } = planned;
  return { steps, content: JSON.stringify({ touchpoints: steps, ...rest }) };
}

/** A user with a first flow the stand-in wrote, whole, through the API. */
async function withFlow(page: Page) {
  const { answers } = await signUp(page.request);
  model.script({ kind: "content", content: answersAs(answers, "First").content });
  const generated = await page.request.post(`${ORIGIN}/api/ai-flows/generate`, { data: { flowType: "onboarding" } });
  expect(generated.status()).toBe(201);
  const regenerated = answersAs(answers, "New");
  // A regeneration's answer: the flow (its steps first) and the reply to the note.
  return { steps: regenerated.steps, content: `{"flow":${regenerated.content},"explanation":"Warmer, as asked."}` };
}

/**
 * A premium user with a flow the stand-in wrote, and the content the stand-in will write for it:
 * every touchpoint's message, in step order, and where the third one begins (the first two are
 * whole there).
 */
async function withFlowToWrite(page: Page) {
  const { answers, email } = await signUp(page.request);
  await grantPremium(email, { dataDir });
  model.script({ kind: "content", content: answersAs(answers, "Written").content });
  const generated = await page.request.post(`${ORIGIN}/api/ai-flows/generate`, { data: { flowType: "onboarding" } });
  expect(generated.status()).toBe(201);
  const flow = (await generated.json()) as { id: string; companyName: string; touchpoints: Array<{ id: string; stepType: string; stepNumber: number }> };
  const { touchpoints: messages, content } = contentAnswerFor(flow);
  return { flow, messages, content, third: messageStart(content, flow, 2) };
}

test("the content page shows each touchpoint's message as the model writes it, the same after a reload, then the saved content", async ({ page }) => {
  const { flow, messages, content, third } = await withFlowToWrite(page);
  model.script({ kind: "content", content, pauseAt: third });

  await page.goto(`${ORIGIN}/flow-content?flow=${flow.id}`);
  await waitForHydration(page);
  await page.getByTestId("generate-content").click();
  const shown = page.getByTestId("streamed-message");
  await expect(shown).toHaveCount(2);
  await expect(page.getByTestId("content-progress")).toContainText(`2 of ${flow.touchpoints.length} messages written so far`);
  await expect(shown.nth(0)).toContainText(messages[0]!.subject ?? messages[0]!.sms!);
  // Nothing stored yet.
  await expect(page.getByRole("heading", { name: "No content for this version yet" })).toBeVisible();

  // A reload returns to the same progress.
  await page.reload();
  await expect(page.getByTestId("streamed-message")).toHaveCount(2);
  await waitForHydration(page);

  model.resume();
  await expect(page.getByTestId("content-written")).toContainText("Content Generated", { timeout: 15_000 });
  await expect(page.getByTestId("content-progress")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No content for this version yet" })).toHaveCount(0);
  const cards = page.getByTestId("touchpoint-content");
  await expect(cards.nth(2)).toContainText(messages[2]!.subject ?? messages[2]!.sms!);
});

test("the flow screen shows the steps as the model writes them, then the saved flow", async ({ page }) => {
  const { answers } = await signUp(page.request);
  const { steps, content } = answersAs(answers, "Third");
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

test("the Regenerate dialog shows the new steps as the model writes them, the flow as it was behind it, then the new version", async ({ page }) => {
  const { steps, content } = await withFlow(page);
  model.script({ kind: "content", content, pauseAt: steps[2]!.title });

  await page.goto(`${ORIGIN}/flow-mappings?type=onboarding&dialog=regenerate`);
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Regenerate Flow" });
  await dialog.getByLabel("Your feedback").fill("Make it warmer.");
  await dialog.getByRole("button", { name: "Regenerate Flow" }).click();

  const shown = dialog.getByTestId("streamed-step");
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(0)).toContainText(steps[0]!.title);
  await expect(shown.nth(1)).toContainText(steps[1]!.title);
  await expect(dialog.getByTestId("generation-progress")).toContainText("2 steps written so far");
  // Nothing stored yet: the saved flow behind the (modal) dialog is the first one.
  const saved = page.getByRole("list", { name: "Touchpoints", includeHidden: true });
  await expect(saved).toContainText("First 1 ");
  await expect(saved).not.toContainText(steps[0]!.title);

  // A reload returns to the same progress.
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Regenerate Flow" }).getByTestId("streamed-step")).toHaveCount(2);
  await waitForHydration(page);

  model.resume();
  await expectToast(page, "Flow Regenerated Successfully!", { description: "The previous flow was saved as version 1.", variant: "success" });
  await expect(page.getByRole("dialog", { name: "Regenerate Flow" })).toBeHidden();
  for (const step of steps) await expect(saved).toContainText(step.title);
  await expect(page.getByTestId("version-count")).toHaveText("1");
  await expect(page.getByTestId("regeneration-outcome")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the content page lists the messages written so far, refreshing itself, then the content and Done", async ({ page }) => {
    const { flow, messages, content, third } = await withFlowToWrite(page);
    model.script({ kind: "content", content, pauseAt: third });

    await page.goto(`${ORIGIN}/flow-content?flow=${flow.id}`);
    await page.getByTestId("generate-content").click();
    // The page refreshes itself until the messages so far are there.
    await expect(page.getByTestId("streamed-message")).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByTestId("streamed-message").nth(1)).toContainText(messages[1]!.subject ?? messages[1]!.sms!);
    await expect(page.getByRole("heading", { name: "No content for this version yet" })).toBeVisible();

    model.resume();
    const written = page.getByTestId("content-written");
    await expect(written).toContainText("Content Generated", { timeout: 15_000 });
    await expect(page.getByTestId("touchpoint-content").nth(2)).toContainText(messages[2]!.subject ?? messages[2]!.sms!);
    await written.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("content-written")).toHaveCount(0);
    await expect(page.getByTestId("touchpoint-content").nth(0)).toContainText(messages[0]!.subject ?? messages[0]!.sms!);
  });

  test("the Regenerate dialog's page shows the steps so far, refreshing itself, then the new version and Done", async ({ page }) => {
    const { steps, content } = await withFlow(page);
    model.script({ kind: "content", content, pauseAt: steps[2]!.title });

    await page.goto(`${ORIGIN}/flow-mappings?type=onboarding&dialog=regenerate`);
    const dialog = page.getByRole("dialog", { name: "Regenerate Flow" });
    await dialog.getByLabel("Your feedback").fill("Make it warmer.");
    await dialog.getByRole("button", { name: "Regenerate Flow" }).click();

    // The page refreshes itself until the steps so far are there.
    await expect(dialog.getByTestId("streamed-step")).toHaveCount(2, { timeout: 15_000 });
    await expect(dialog.getByTestId("streamed-step").nth(1)).toContainText(steps[1]!.title);
    await expect(page.getByRole("list", { name: "Touchpoints" })).toContainText("First 1 ");

    model.resume();
    const outcome = dialog.getByTestId("regeneration-outcome");
    await expect(outcome).toContainText("The previous flow was saved as version 1.", { timeout: 15_000 });
    await outcome.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog", { name: "Regenerate Flow" })).toHaveCount(0);
    for (const step of steps) await expect(page.getByRole("list", { name: "Touchpoints" })).toContainText(step.title);
  });
});
