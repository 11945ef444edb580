import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { expect } from "@playwright/test";

import { withDatabase } from "./support/accounts";
import { expectToast, newUser, registerByApi, test, uniqueEmail, upgradeDialog, waitForHydration, axeOn } from "./support/app";

/**
 * The dashboard's Email Benchmark card and AI Research card, with JavaScript (debounced saves,
 * scores, sections, upgrade dialog) and without it (section Save forms, the research form).
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The hue (0-360) of an element's text colour, to tell the green of a better score from the red of
 * a worse one (the stylesheet colours a score by its verdict).
 */
async function textHue(locator: Locator) {
  const rgb = await locator.evaluate((el) => {
    // The computed colour may be written in any CSS colour space: a canvas reads it back as sRGB.
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  const [r, g, b] = rgb.map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return null;
  const hue = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (hue * 60 + 360) % 360;
}

function section(page: Page, flowType: string) {
  return page.getByTestId(`benchmark-section-${flowType}`);
}

/** A section's row for one metric: the row that holds that metric's field. */
function metricRow(sectionOfFlow: Locator, key: string) {
  return sectionOfFlow.locator(".metric-rows > li").filter({ has: sectionOfFlow.page().locator(`input[name="${key}"]`) });
}

/** An AI Quick Pass account made through the questionnaire API; the session lands in `request`. */
async function registerAiUser(request: APIRequestContext, website: string) {
  const email = uniqueEmail("research");
  const response = await request.post("/api/questionnaire/submit", {
    data: {
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email + SMS",
      serviceInnovation: "Well-known service",
      upsellOpportunities: "Primarily products",
      completionMethod: "ai",
      researchWebsiteUrl: "https://www.harbor-goods.example",
      companyName: "Harbor Goods",
      firstName: "Rae",
      lastName: "Research",
      email,
      password: "long-enough-123",
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  // Sign-up refuses an address research cannot read: this one was saved before that rule.
  await withDatabase((db) => db.collection("users").updateOne({ email }, { $set: { researchWebsiteUrl: website } }));
  return email;
}

test.describe("Email Benchmark card with JavaScript", () => {
  test("sections toggle, a figure saves itself and survives a reload, scores are coloured", async ({ page }) => {
    // A long walk through the card (two saves, a reload, an accessibility scan) on a shared machine.
    test.setTimeout(90_000);
    await registerByApi(page.request, newUser());
    await page.goto("/dashboard");
    await waitForHydration(page);

    const lead = section(page, "lead_nurture");
    await expect(lead).toHaveAttribute("open", "");
    for (const flow of ["onboarding", "abandoned_cart", "upsell", "sunset"]) await expect(section(page, flow)).not.toHaveAttribute("open", "");
    await expect(page.locator("details[data-testid^='benchmark-section-'] > summary")).toHaveText([/Lead Nurture/, /Onboarding/, /Abandoned Cart/, /Upsell/, /Sunset/]);
    await expect(lead.locator(".metric-rows > li")).toHaveCount(7);
    await expect(metricRow(lead, "openRate").locator(".score")).toHaveText(/--/);

    // Each section toggles on its own.
    await section(page, "upsell").locator(":scope > summary").click();
    await expect(section(page, "upsell")).toHaveAttribute("open", "");
    await expect(lead).toHaveAttribute("open", "");
    await lead.locator(":scope > summary").click();
    await expect(lead).not.toHaveAttribute("open", "");
    await lead.locator(":scope > summary").click();

    // Typing saves after a pause; the score updates and is coloured with an icon.
    const open = lead.getByRole("spinbutton", { name: /^Open Rate/ });
    // The label holds its field and names it; the "%" drawn in the field is not read out.
    await expect(open).toHaveAccessibleName("Open Rate Higher is better");
    await open.fill("60.5");
    await expect(lead.getByRole("status")).toHaveText("Saved");
    const openScore = metricRow(lead, "openRate").locator(".score");
    await expect(openScore).toContainText("+8.5% (+16.3%)");
    await expect(openScore).toHaveAttribute("data-verdict", "better");
    // Green: a hue between yellow-green and cyan.
    expect(await textHue(openScore)).toBeGreaterThan(90);
    expect(await textHue(openScore)).toBeLessThan(180);

    const bounce = lead.getByRole("spinbutton", { name: /^Bounce Rate/ });
    await bounce.fill("2");
    await expect(lead.getByRole("status")).toHaveText("Saved");
    const bounceScore = metricRow(lead, "bounceRate").locator(".score");
    await expect(bounceScore).toHaveAttribute("data-verdict", "worse");
    // Red: a hue within 30 degrees of pure red.
    const bounceHue = (await textHue(bounceScore))!;
    expect(Math.min(bounceHue, 360 - bounceHue)).toBeLessThan(30);
    // Each figure beside its median as two bars: 60.5 against 52.04 fills the room, the median's is shorter.
    const openBars = metricRow(lead, "openRate").locator(":scope > i");
    await expect(openBars).toBeVisible();
    const [you, median] = await openBars.evaluate((el) => ["::before", "::after"].map((pseudo) => parseFloat(getComputedStyle(el, pseudo).width)));
    const room = await openBars.evaluate((el) => el.getBoundingClientRect().width);
    expect(you).toBeCloseTo(room, 0);
    expect(median! / you!).toBeCloseTo(52.04 / 60.5, 2);
    await expect(metricRow(lead, "clickRate").locator(":scope > i")).toHaveCount(0);

    // Out of range: a message, nothing saved.
    await lead.getByRole("spinbutton", { name: /^Click Rate/ }).fill("150");
    await expect(lead.getByText("Click Rate must be a percentage from 0 to 100.")).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(section(page, "lead_nurture").getByRole("spinbutton", { name: /^Open Rate/ })).toHaveValue("60.5");
    await expect(section(page, "lead_nurture").getByRole("spinbutton", { name: /^Bounce Rate/ })).toHaveValue("2");
    await expect(section(page, "lead_nurture").getByRole("spinbutton", { name: /^Click Rate/ })).toHaveValue("");
    const api = await (await page.request.get("/api/user-metrics")).json();
    expect(api).toEqual([expect.objectContaining({ flowType: "lead_nurture", openRate: 6050, bounceRate: 200, clickRate: null })]);

    await shot(page, "dashboard-benchmarks");
    const results = await axeOn(page).include("[data-testid='benchmark-card']").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("generate buttons: free flows go to flow mappings, premium flows open the upgrade dialog", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/");
    await waitForHydration(page);
    await section(page, "abandoned_cart").locator(":scope > summary").click();
    await section(page, "abandoned_cart").getByRole("link", { name: "Generate Abandoned Cart Flow" }).click();
    await expect(upgradeDialog(page).getByText("To upgrade, send us a message")).toBeVisible();
    await page.getByRole("button", { name: "Maybe Later" }).click();
    await expect(upgradeDialog(page)).toHaveCount(0);

    await page.getByRole("link", { name: "Get your custom score and recommendations" }).click();
    await expect(upgradeDialog(page).getByText("To upgrade, send us a message")).toBeVisible();
    await page.getByRole("button", { name: "Maybe Later" }).click();
    await page.getByRole("link", { name: "Upgrade to unlock your custom recommendations" }).click();
    await expect(upgradeDialog(page).getByText("To upgrade, send us a message")).toBeVisible();
    await page.getByRole("button", { name: "Maybe Later" }).click();

    await expect(section(page, "lead_nurture").getByRole("link", { name: "Generate Lead Nurture Flow" })).toHaveAttribute("href", "/flow-mappings?type=lead_nurture");
  });

  test("the AI Research card reports a refused website and stays", async ({ page }) => {
    await registerAiUser(page.request, "http://127.0.0.1/");
    await page.goto("/dashboard");
    await waitForHydration(page);
    const card = page.getByTestId("research-card");
    await expect(card).toContainText("30-60 seconds");
    await shot(page, "dashboard-research");
    await card.getByRole("button", { name: "Start AI Research" }).click();
    await expectToast(page, "AI Research Failed", { description: "loopback", variant: "destructive" });
    await expect(card).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a section's Save button stores the figures; bad input comes back with its message", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/");
    const upsell = section(page, "upsell");
    await upsell.locator(":scope > summary").click();
    await expect(upsell).toHaveAttribute("open", "");
    await upsell.getByRole("spinbutton", { name: /^Open Rate/ }).fill("40");
    await upsell.getByRole("spinbutton", { name: /^Revenue Per Recipient/ }).fill("0.5");
    await upsell.getByRole("button", { name: "Save Upsell metrics" }).click();
    await expect(page).toHaveURL(/\/\?open=upsell/);
    await expectToast(page, "Metrics saved");
    await expect(section(page, "upsell")).toHaveAttribute("open", "");
    await expect(section(page, "upsell").getByRole("spinbutton", { name: /^Open Rate/ })).toHaveValue("40");
    await expect(metricRow(section(page, "upsell"), "revenuePerRecipient").locator(".score")).toContainText("+$0.09");
    await expect(metricRow(section(page, "upsell"), "openRate").locator(".score")).toContainText("-12.0% (-23.1%)");

    // The browser's own range check is bypassed to show the server's answer.
    const lead = section(page, "lead_nurture");
    await lead.getByRole("spinbutton", { name: /^Spam Complaint Rate/ }).evaluate((input) => input.removeAttribute("max"));
    await lead.getByRole("spinbutton", { name: /^Spam Complaint Rate/ }).fill("101");
    await lead.getByRole("button", { name: "Save Lead Nurture metrics" }).click();
    await expect(page.getByText("Spam Complaint Rate must be a percentage from 0 to 100.")).toBeVisible();
    await expect(section(page, "lead_nurture").getByRole("spinbutton", { name: /^Spam Complaint Rate/ })).toHaveValue("101");
    await shot(page, "dashboard-nojs-error");
  });

  test("the research form posts and reports the refusal as a toast", async ({ page }) => {
    await registerAiUser(page.request, "http://10.0.0.5/");
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Start AI Research" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "AI Research Failed", { description: "private address" });
  });
});
