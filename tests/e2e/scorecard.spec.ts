import fs from "node:fs";
import path from "node:path";

import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { newUser, registerByApi, test, upgradeDialog, waitForHydration, type TestUser, axeOn } from "./support/app";
import { grantPremium } from "./support/accounts";

/**
 * The premium Scorecard on the dashboard: a coffee roaster with a weak abandoned cart flow reads
 * its score and what to fix first, saves a better figure (with JavaScript and without) and sees
 * the score move with what changed; a free user gets the teaser and none of the figures.
 */

const SCREENSHOTS = process.env.SCORECARD_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The whole page, cut to the card (a full-page capture keeps the sticky header off the card).
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.getByTestId("scorecard-card").boundingBox();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true, clip: box ?? undefined });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A Food & Beverage eCommerce store that sends email and SMS, with its answers saved. */
async function onboard(request: APIRequestContext, companyName: string) {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `${companyName}: a real answer to ${field}`]));
  const response = await request.post("/api/onboarding", {
    data: { ...texts, companyName, businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Figures as the API takes them (integers × 100). */
async function saveFigures(request: APIRequestContext, figures: Record<string, unknown>) {
  const response = await request.post("/api/user-metrics", { data: figures });
  expect(response.status(), await response.text()).toBe(200);
}

async function enterFigures(request: APIRequestContext) {
  await saveFigures(request, { flowType: "onboarding", openRate: 4820, clickRate: 490, ctr: 1020, revenuePerRecipient: 210, unsubscribeRate: 31 });
  await saveFigures(request, { flowType: "abandoned_cart", openRate: 4530, clickRate: 410, ctr: 910, revenuePerRecipient: 145, unsubscribeRate: 28 });
}

/** A premium coffee roaster with its onboarding and abandoned cart flows, whose cart flow lost its SMS step. */
async function premiumRoaster(request: APIRequestContext): Promise<TestUser> {
  const user = await registerByApi(request, newUser({ companyName: "Harbor Coffee" }));
  await onboard(request, "Harbor Coffee");
  await grantPremium(user.email);
  for (const flowType of ["onboarding", "abandoned_cart"]) {
    const generated = await request.post("/api/ai-flows/generate", { data: { flowType } });
    expect(generated.status(), await generated.text()).toBe(201);
    if (flowType !== "abandoned_cart") continue;
    const flow = (await generated.json()) as { touchpoints: Array<{ id: string; stepType: string }> };
    const sms = flow.touchpoints.find((tp) => tp.stepType === "SMS");
    expect(sms, "the generated cart flow has an SMS step").toBeTruthy();
    expect((await request.delete(`/api/touchpoints/${sms!.id}`)).status()).toBe(200);
  }
  await enterFigures(request);
  return user;
}

async function overallScore(page: Page) {
  const value = await page.getByTestId("overall-score").getAttribute("data-score");
  return Number(value);
}

function firstRecommendation(page: Page) {
  return page.getByTestId("recommendation").first();
}

async function expectFirstRecommendation(page: Page) {
  const first = firstRecommendation(page);
  await expect(first.getByRole("heading", { level: 4 })).toHaveText("1. Abandoned Cart: revenue per recipient 60% below peers");
  await expect(first).toContainText("Abandoned cart revenue per recipient $1.45 against a median of $3.65 across all industries.");
  await expect(first).toContainText("You use SMS, but your abandoned cart flow has no SMS step.");
  await expect(first.getByTestId("impact")).toHaveText("At stake: About $2,200 more revenue per 1,000 recipients at the median.");
  await expect(first.getByRole("link", { name: /Regenerate it asking for “more SMS”/ })).toHaveAttribute("href", "/flow-mappings?type=abandoned_cart&dialog=regenerate");
}

test.describe("a premium user's scorecard with JavaScript", () => {
  test.describe.configure({ timeout: 90_000 });

  test("reads the score and what to fix first, saves a better figure and sees the score move", async ({ page }) => {
    await premiumRoaster(page.request);
    await page.goto("/dashboard");
    await waitForHydration(page);

    const card = page.getByTestId("scorecard-card");
    await expect(card.getByRole("heading", { name: "Your score and what to fix first" })).toBeVisible();
    await expect(page.getByTestId("overall-score")).toHaveAttribute("aria-label", /^Overall score \d+ out of 100: /);
    const before = await overallScore(page);
    await expect(card.getByTestId("flow-score-abandoned_cart")).toContainText("Abandoned Cart");
    await expectFirstRecommendation(page);
    await expect(page.getByTestId("recommendation")).toHaveCount(5);
    await expect(page.getByTestId("scorecard-change")).toHaveCount(0);
    // Premium users keep no upgrade prompt on the dashboard.
    await expect(page.getByRole("link", { name: "Get your custom score and recommendations" })).toHaveCount(0);

    const results = await axeOn(page).include("[data-testid='scorecard-card']").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
    await shot(page, "scorecard-js");

    // A better abandoned cart revenue figure, typed into the benchmark card, saves itself.
    const cart = page.getByTestId("benchmark-section-abandoned_cart");
    await cart.locator(":scope > summary").click();
    await cart.getByRole("spinbutton", { name: /^Revenue Per Recipient/ }).fill("3.8");
    await expect(cart.getByRole("status")).toHaveText("Saved");
    // The card refreshes itself from the API once the figure is saved...
    await expect(page.getByTestId("scorecard-refreshed")).toHaveText("Updated with the figures you just saved.");
    await expect(page.getByTestId("overall-score")).not.toHaveAttribute("data-score", String(before));
    const live = await overallScore(page);
    expect(live).toBeGreaterThan(before);

    // ...and the next page load says what changed since the scorecard shown before.
    await page.reload();
    await waitForHydration(page);
    const after = await overallScore(page);
    expect(after).toBe(live);
    await expect(page.getByTestId("scorecard-change")).toHaveText(
      new RegExp(`^Since \\d+ \\w+ \\d{4}: up ${after - before} points? \\(${before} → ${after}\\); Abandoned Cart \\d+ → \\d+`),
    );
    await expect(firstRecommendation(page)).not.toContainText("Abandoned cart revenue per recipient $1.45");
    await shot(page, "scorecard-changed");

    // The actions lead into the user's own flows.
    await page.getByTestId("recommendation").filter({ hasText: "No upsell flow yet" }).getByRole("link", { name: "Generate an upsell flow" }).click();
    await expect(page).toHaveURL(/\/flow-mappings\?type=upsell$/);
  });
});

test.describe("a premium user's scorecard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a section's Save button changes the score on the page it comes back to", async ({ page }) => {
    await premiumRoaster(page.request);
    await page.goto("/dashboard?open=abandoned_cart");
    await expectFirstRecommendation(page);
    const before = await overallScore(page);

    const cart = page.getByTestId("benchmark-section-abandoned_cart");
    await cart.getByRole("spinbutton", { name: /^Revenue Per Recipient/ }).fill("3.8");
    await cart.getByRole("button", { name: "Save Abandoned Cart metrics" }).click();
    await expect(page).toHaveURL(/\/dashboard\?open=abandoned_cart/);
    const after = await overallScore(page);
    expect(after).toBeGreaterThan(before);
    await expect(page.getByTestId("scorecard-change")).toContainText(`(${before} → ${after})`);

    // "How this score is made" is a native disclosure.
    await page.getByText("How this score is made").click();
    await expect(page.getByText("Revenue Per Recipient: 35%")).toBeVisible();
  });
});

test.describe("a free user", () => {
  test("gets the teaser and the upgrade dialog, and no scorecard figure in the page or the API", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "Harbor Coffee" }));
    await onboard(page.request, "Harbor Coffee");
    await enterFigures(page.request);

    const html = await (await page.request.get("/dashboard")).text();
    expect(html).toContain("Unlock your scorecard");
    for (const premiumOnly of ["scorecard-card", "overall-score", "flow-scores", "revenue_gap", "per 1,000 recipients", "against a median of"]) {
      expect(html, `the free dashboard carries ${premiumOnly}`).not.toContain(premiumOnly);
    }
    const api = await page.request.get("/api/scorecard");
    expect(api.status()).toBe(402);
    expect(await api.json()).toEqual({ message: expect.any(String), code: "PREMIUM_REQUIRED", requestId: expect.any(String) });

    await page.goto("/dashboard");
    await waitForHydration(page);
    const teaser = page.getByTestId("scorecard-teaser");
    await expect(teaser.getByRole("heading", { name: "Your score and what to fix first" })).toBeVisible();
    const results = await axeOn(page).include("[data-testid='scorecard-teaser']").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await teaser.getByRole("link", { name: "Unlock your scorecard" }).click();
    await expect(upgradeDialog(page).getByText("To upgrade, send us a message")).toBeVisible();
    if (SCREENSHOTS) {
      await page.getByRole("button", { name: "Maybe Later" }).click();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await teaser.screenshot({ path: path.join(SCREENSHOTS, `scorecard-teaser-${width}.png`) });
      }
    }
  });
});
