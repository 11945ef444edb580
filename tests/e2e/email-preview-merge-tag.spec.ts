import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { FIRST_NAME_TAG, PREVIEW_FIRST_NAME } from "../../app/lib/content/merge-tags";
import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { newUser, registerByApi, test, waitForHydration } from "./support/app";
import { grantPremium } from "./support/accounts";

/**
 * The email preview shows the first-name tag as a reader sees it (a name, marked), never the raw
 * `{{ first_name… }}`, and a note beside it says what the copy holds there and why; with
 * JavaScript and without.
 */

async function premiumWithFlow(request: APIRequestContext) {
  const companyName = "Harbor Coffee";
  const user = await registerByApi(request, newUser({ companyName }));
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `${companyName}: ${field}`]));
  const onboarding = await request.post("/api/onboarding", {
    data: { ...texts, companyName, businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" },
  });
  expect(onboarding.status(), await onboarding.text()).toBe(201);
  await grantPremium(user.email);
  const generated = await request.post("/api/ai-flows/generate", { data: { flowType: "lead_nurture" } });
  expect(generated.status(), await generated.text()).toBe(201);
  return (await generated.json()) as { id: string };
}

async function expectReaderView(page: Page) {
  const cards = page.getByTestId("touchpoint-content");
  await expect(cards.first()).toBeVisible();
  const frame = page.frameLocator('[data-testid="email-preview"]').first();
  // The greeting reads with a name, marked as the reader's own, and the raw tag is nowhere in the preview.
  const name = frame.locator('span[title="The reader\'s first name"]').first();
  await expect(name).toHaveText(PREVIEW_FIRST_NAME);
  await expect(frame.locator("body")).toContainText(new RegExp(`\\b${PREVIEW_FIRST_NAME},`));
  await expect(frame.locator("body")).not.toContainText("{{");
  await expect(frame.locator("body")).not.toContainText("first_name");
  // Beside it, the tag the copy holds, explained.
  const note = page.getByTestId("merge-tag-note").first();
  await expect(note).toBeVisible();
  await expect(note).toContainText(`“${PREVIEW_FIRST_NAME}” stands for each reader's first name.`);
  await expect(note.locator("code")).toHaveText(FIRST_NAME_TAG);
  await expect(note).toContainText("a contact without a first name reads “there”");
  // The note sits right under the preview it explains.
  const previewBox = (await page.getByTestId("email-preview").first().boundingBox())!;
  const noteBox = (await note.boundingBox())!;
  expect(noteBox.y).toBeGreaterThanOrEqual(previewBox.y + previewBox.height - 1);
  expect(noteBox.y - (previewBox.y + previewBox.height)).toBeLessThan(40);
}

test.describe("with JavaScript", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the email preview shows a name where the first-name tag stands, with the tag explained beside it", async ({ page }) => {
    const flow = await premiumWithFlow(page.request);
    await page.goto("/flow-content");
    await waitForHydration(page);
    await page.getByTestId("generate-content").click();
    await expect(page).toHaveURL(new RegExp(`/flow-content\\?flow=${flow.id}$`));
    await expectReaderView(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });

  test("the email preview shows a name where the first-name tag stands, with the tag explained beside it", async ({ page }) => {
    const flow = await premiumWithFlow(page.request);
    await page.goto("/flow-content");
    await page.getByTestId("generate-content").click();
    await expect(page).toHaveURL(new RegExp(`/flow-content\\?flow=${flow.id}$`));
    await expectReaderView(page);
  });
});
