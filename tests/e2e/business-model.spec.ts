import { expect, type Page } from "@playwright/test";

import { reviewShot, seedProfile } from "./support/accounts";
import { expectToast, registerByApi, test, waitForHydration, axeOn } from "./support/app";

/**
 * The business model on the dashboard's Business Profile card and the Onboarding Questions page:
 * the sentence, where it comes from, and its correction, with JavaScript and without.
 */

/** A bakery whose dropdown says eCommerce but whose words say pickup: the inference follows the words. */
const BAKERY = {
  companyName: "Crumb Bakery",
  productServiceDescription: "Sourdough and buns: pre-order online by Thursday, pick up on Saturday at the hatch. We don't deliver.",
};
const PICKUP = "Flowmap plans your flows for: pre-orders collected in person";
const APPOINTMENT = "Flowmap plans your flows for: appointments booked ahead";
const INFERRED = "(worked out from your answers)";
const CHOSEN = "(chosen by you)";

function section(page: Page) {
  return page.getByRole("region", { name: "Business model" });
}

async function expectSentence(page: Page, sentence: string, source: string) {
  await expect(section(page).getByText(sentence)).toHaveText(`${sentence} ${source}`);
}

async function correct(page: Page, label: string) {
  await section(page).getByLabel("Plan my flows for").selectOption({ label });
  await section(page).getByRole("button", { name: "Save", exact: true }).click();
}

async function apiModel(page: Page) {
  const body = (await (await page.request.get("/api/onboarding")).json()) as Record<string, unknown>;
  return { model: body.businessModel, source: body.businessModelSource, inferred: body.businessModelInferred };
}

test.describe("with JavaScript", () => {
  test("corrects the model on the dashboard in place, with a toast, and says when it takes effect", async ({ page }) => {
    await registerByApi(page.request);
    await seedProfile(page.request, BAKERY);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expectSentence(page, PICKUP, INFERRED);
    await expect(section(page).getByLabel("Plan my flows for")).toHaveValue("");
    await expect(section(page)).toContainText("Takes effect the next time you generate or regenerate a flow.");

    await page.evaluate(() => document.documentElement.setAttribute("data-e2e-mark", "kept"));
    await correct(page, "Appointments booked ahead");
    await expectToast(page, "Business model saved", {
      description: `${APPOINTMENT} ${CHOSEN}. It takes effect the next time you generate or regenerate a flow.`,
      variant: "success",
    });
    await expectSentence(page, APPOINTMENT, CHOSEN);
    await expect(section(page)).toContainText("From your answers alone: pre-orders collected in person");
    await expect(section(page).getByLabel("Plan my flows for")).toHaveValue("appointment");
    await reviewShot(page, "business-model-dashboard");
    // No page load: the mark on the document is still there.
    await expect(page.locator("html")).toHaveAttribute("data-e2e-mark", "kept");
    expect(await apiModel(page)).toEqual({ model: "appointment", source: "owner", inferred: "pickup" });

    const results = await axeOn(page).include("#business-model").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  test("on the Onboarding Questions page, going back to the answers keeps the answers being edited", async ({ page }) => {
    await registerByApi(page.request);
    await seedProfile(page.request, BAKERY);
    await page.request.patch("/api/onboarding", { data: { businessModel: "appointment" } });
    await page.goto("/onboarding/answers");
    await waitForHydration(page);
    await expectSentence(page, APPOINTMENT, CHOSEN);

    const journey = page.getByLabel(/customer journey/i).first();
    await journey.fill("Typed, not saved yet");
    await correct(page, "Work it out from my answers");
    await expectToast(page, "Business model saved", { description: `${PICKUP} ${INFERRED}` });
    await expectSentence(page, PICKUP, INFERRED);
    await expect(journey).toHaveValue("Typed, not saved yet");
    await reviewShot(page, "business-model-answers", { fullPage: false });
    expect(await apiModel(page)).toEqual({ model: "pickup", source: "inferred", inferred: "pickup" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain post on each screen saves and comes back showing the result", async ({ page }) => {
    await registerByApi(page.request);
    await seedProfile(page.request, BAKERY);

    await page.goto("/onboarding/answers");
    await expectSentence(page, PICKUP, INFERRED);
    await correct(page, "Memberships with regular attendance");
    await expect(page).toHaveURL(/\/onboarding\/answers#business-model$/);
    await expectToast(page, "Business model saved");
    await expectSentence(page, "Flowmap plans your flows for: memberships with regular attendance", CHOSEN);
    await expect(section(page).getByLabel("Plan my flows for")).toHaveValue("membership");

    await page.goto("/dashboard");
    await expectSentence(page, "Flowmap plans your flows for: memberships with regular attendance", CHOSEN);
    await correct(page, "Work it out from my answers");
    await expect(page).toHaveURL(/\/dashboard#business-model$/);
    await expectSentence(page, PICKUP, INFERRED);
    expect(await apiModel(page)).toEqual({ model: "pickup", source: "inferred", inferred: "pickup" });
  });
});
