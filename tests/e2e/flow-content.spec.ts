import fs from "node:fs";
import path from "node:path";

import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { parse as parseCsv } from "csv-parse/sync";

import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { desktopNav, expectToast, flowContentLink, newUser, registerByApi, test, upgradeDialog, waitForHydration, axeOn } from "./support/app";
import { grantPremium } from "./support/accounts";

/**
 * The Flow Content page (premium): writing a flow's content, the email preview in a sandboxed
 * frame, the SMS preview and its count, copy buttons, export downloads with JavaScript on and
 * off, hostile answers staying inert, and the upgrade dialog for everyone else.
 */

const SCREENSHOTS = process.env.CONTENT_SCREENSHOTS_DIR;
const INJECTION = `<script>alert("pwned")</script><img src=x onerror=alert(2)>`;

const ANSWERS: Record<string, string> = {
  companyWebsite: "https://harbor-coffee.example",
  primaryTargetAudience: "Home baristas who want fresh beans without a trip to the shop",
  productServiceDescription: "Small-batch coffee roasted to order and delivered within 48 hours",
  primaryProblemSolved: "Stale supermarket coffee",
  competitiveDifferentiation: "Roasted the day it ships, never sooner",
  brandVoicePositioning: "Warm, knowledgeable and down to earth",
  socialProofCredentials: "4.9 stars from 3,100 subscribers",
  specificLeadOffer: "Free shipping on your first bag",
  topReasonsNotToBuy: "Worry the roast will not suit their taste",
  guarantees_q8: "If you don't love it, the next bag is on us",
};

async function seedOnboarding(request: APIRequestContext, answers: Record<string, string>, companyName: string) {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, answers[field] ?? `${companyName}: ${field}`]));
  const response = await request.post("/api/onboarding", {
    data: { ...texts, companyName, businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function premiumWithFlow(request: APIRequestContext, { answers = ANSWERS, companyName = "Harbor Coffee" } = {}) {
  const user = await registerByApi(request, newUser({ companyName }));
  await seedOnboarding(request, answers, companyName);
  await grantPremium(user.email);
  const generated = await request.post("/api/ai-flows/generate", { data: { flowType: "lead_nurture" } });
  expect(generated.status(), await generated.text()).toBe(201);
  const flow = (await generated.json()) as { id: string; touchpoints: Array<{ stepType: string; title: string }> };
  return { user, flow };
}

/**
 * axe on the page itself: the email previews are sandboxed frames that may run no script, so axe
 * (which runs inside each frame) cannot enter them and is told not to.
 */
async function axe(page: Page, context: string) {
  const results = await axeOn(page, { iframes: false }).setLegacyMode(true).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    context,
  ).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-top.png`) });
  await page.getByTestId("sms-bubble").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-sms.png`) });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The to-fill list at the top of the content page: its heading counts the items, each links to its steps. */
async function expectToFillList(page: Page) {
  const list = page.getByTestId("to-fill");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(/^\d+ things? to fill before you send$/);
  const items = list.getByRole("listitem");
  const count = await items.count();
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(`${count} ${count === 1 ? "thing" : "things"} to fill before you send`);
  // The footer's postal address (the answers give none) is in every email; a button link to fill names its page.
  const address = items.filter({ hasText: "[add: your postal address]" });
  await expect(address).toHaveCount(1);
  await expect(address).toContainText(/in Step \d+ \(footer\)/);
  await expect(items.filter({ hasText: /^\[Link: your [^\]]+\]/ }).first()).toContainText("(button link)");
  // A step link goes to that step's card.
  const link = address.getByRole("link").first();
  const target = (await link.getAttribute("href"))!;
  expect(target).toMatch(/^#touchpoint-/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target)).toBeInViewport();
  await expect(page.locator(target).getByTestId("button-link")).toBeVisible();
}

/** The flow's HTML export through its form, for the chosen email platform: the footers carry its unsubscribe tag. */
async function downloadHtmlFor(page: Page, platform: string, tag: string) {
  await page.getByTestId("export-menu").locator("summary").click();
  const menu = page.getByTestId("export-menu");
  await menu.getByLabel("Unsubscribe links for").selectOption({ label: platform });
  const [download] = await Promise.all([page.waitForEvent("download"), menu.getByRole("button", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("harbor-coffee-lead-nurture.html");
  const html = fs.readFileSync((await download.path())!, "utf8");
  expect(html).toContain(`<a href="${tag}"`);
  expect(html).toContain("Unsubscribe at any time with the link in this footer.");
  await menu.locator("summary").click();
}

test.describe("with JavaScript", () => {
  // Writing content and exporting do real work on a shared, busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("a premium user writes a flow's content, previews it, copies a field and downloads an export", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { flow } = await premiumWithFlow(page.request);
    expect(flow.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(true);

    await page.goto("/dashboard");
    await waitForHydration(page);
    await flowContentLink(desktopNav(page)).click();
    await expect(page).toHaveURL(/\/flow-content$/);
    await expect(page.getByRole("heading", { level: 1, name: "Flow Content" })).toBeVisible();
    await expect(page.getByText("No content for this version yet")).toBeVisible();
    await axe(page, "before writing");

    await page.getByTestId("generate-content").click();
    await expectToast(page, "Content Generated", { variant: "success" });
    await expect(page).toHaveURL(new RegExp(`/flow-content\\?flow=${flow.id}$`));
    const cards = page.getByTestId("touchpoint-content");
    await expect(cards).toHaveCount(flow.touchpoints.length);

    // The email preview: the HTML body in a frame that may run nothing.
    const preview = page.getByTestId("email-preview").first();
    await expect(preview).toHaveAttribute("sandbox", "");
    const subject = await cards.first().locator("h4", { hasText: "Subject" }).locator("xpath=../..").locator("p").first().innerText();
    await expect(page.frameLocator('[data-testid="email-preview"]').first().getByText("Harbor Coffee", { exact: true }).first()).toBeVisible();

    // The SMS preview with its count.
    const bubble = page.getByTestId("sms-bubble").first();
    await expect(bubble).toContainText(/^Harbor Coffee: /);
    await expect(bubble).toContainText(/Reply STOP to opt out$/);
    await expect(page.getByTestId("sms-count").first()).toHaveText(/^\d+ \/ 160 characters · GSM-7 · 1 segment$/);

    // Copy the subject line.
    await cards.first().getByRole("button", { name: "Copy subject" }).click();
    await expect(cards.first().getByRole("button", { name: "Copy subject" })).toContainText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(subject);
    await axe(page, "with content");

    // Export: a real download named after the company and the flow type.
    await page.getByTestId("export-menu").locator("summary").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByTestId("export-menu")
        .getByRole("link", { name: /Markdown/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("harbor-coffee-lead-nurture.md");
    const markdown = fs.readFileSync((await download.path())!, "utf8");
    expect(markdown).toContain("# Harbor Coffee: Lead Nurture flow");
    expect(markdown).toContain(flow.touchpoints[0]!.title.replace(/[\\`*_[\]<>|~]/g, "\\$&"));
    expect(markdown).toContain("**Subject:**");

    // Last, the layout at two widths: nothing is clicked after the viewport changes (a resized
    // page with sandboxed previews can stall a click's wait for a steady frame on a loaded machine).
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "flow-content-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "flow-content-375");
  });

  test("the page lists what is left to fill, linked to its steps, and the HTML export writes the chosen platform's unsubscribe links", async ({ page }) => {
    await premiumWithFlow(page.request);
    await page.goto("/flow-content");
    await waitForHydration(page);
    await expect(page.getByTestId("to-fill")).toHaveCount(0);
    await page.getByTestId("generate-content").click();
    await expectToast(page, "Content Generated", { variant: "success" });
    await expectToFillList(page);
    await axe(page, "with the to-fill list");
    await downloadHtmlFor(page, "Mailchimp", "*|UNSUB|*");
  });

  test("Generate Full Email Content on the flow screen shows its progress and lands on the written content", async ({ page }) => {
    const { flow } = await premiumWithFlow(page.request);
    await page.goto("/flow-mappings?type=lead_nurture");
    await waitForHydration(page);
    // Hold the post until the pending state has been seen, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/flow-content**", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const button = page.getByTestId("generate-content");
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(/Writing content…/);
    release();
    await expect(page).toHaveURL(new RegExp(`/flow-content\\?flow=${flow.id}$`));
    await expectToast(page, "Content Generated", { variant: "success" });
    await expect(page.getByTestId("touchpoint-content")).toHaveCount(flow.touchpoints.length);
    await expect(page.getByTestId("outdated-badge")).toHaveCount(0);
  });

  test("hostile answers stay text in the preview and on the page", async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await premiumWithFlow(page.request, {
      answers: { ...ANSWERS, specificLeadOffer: INJECTION, socialProofCredentials: INJECTION, primaryTargetAudience: INJECTION },
      companyName: "Evil <b>Co</b>",
    });
    await page.goto("/flow-content");
    await waitForHydration(page);
    await page.getByTestId("generate-content").click();
    await expectToast(page, "Content Generated");
    const frames = page.frameLocator('[data-testid="email-preview"]');
    await expect(frames.first().getByText("Evil <b>Co</b>", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(INJECTION).first()).toBeAttached();
    expect(dialogs).toBe(0);
    await expect(page.locator("img[src=x]")).toHaveCount(0);
  });

  test("a free user gets the upgrade dialog from the sidebar and from the address", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/dashboard");
    await waitForHydration(page);
    await flowContentLink(desktopNav(page)).click();
    await expect(upgradeDialog(page).getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto("/flow-content");
    await expect(page).toHaveURL(/\/dashboard\?upgrade=1$/);
    await expect(upgradeDialog(page).getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });

  test("the form writes the content, and the export links download", async ({ page }) => {
    const { flow } = await premiumWithFlow(page.request);
    await page.goto("/flow-content");
    await expect(page.getByRole("button", { name: /Copy/ })).toHaveCount(0);
    await page.getByTestId("generate-content").click();
    await expect(page).toHaveURL(new RegExp(`/flow-content\\?flow=${flow.id}$`));
    await expect(page.getByTestId("touchpoint-content")).toHaveCount(flow.touchpoints.length);
    await expect(page.getByTestId("sms-count").first()).toContainText("1 segment");
    await expect(page.getByTestId("email-preview").first()).toHaveAttribute("sandbox", "");

    await page.getByTestId("export-menu").locator("summary").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-menu").getByRole("link", { name: /CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe("harbor-coffee-lead-nurture.csv");
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parseCsv(bytes.toString("utf8"), { bom: true });
    expect(rows).toHaveLength(flow.touchpoints.length + 1);
    expect(rows.slice(1).map((row) => row[rows[0]!.indexOf("Title")])).toEqual(flow.touchpoints.map((tp) => tp.title));
    expect(rows[1]![rows[0]!.indexOf("Subject")]).not.toBe("");

    // Close the flow's menu first: an open menu lies over the one above it.
    await page.getByTestId("export-menu").locator("summary").click();
    await page.getByTestId("export-all-menu").locator("summary").click();
    const [all] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-all-menu").getByRole("link", { name: /JSON/ }).click()]);
    expect(all.suggestedFilename()).toBe("harbor-coffee-flows.json");
    const parsed = JSON.parse(fs.readFileSync((await all.path())!, "utf8"));
    expect(parsed.flows).toHaveLength(1);
    expect(parsed.includesContent).toBe(true);
  });

  test("the page lists what is left to fill, its step links work, and the HTML export's platform choice is a plain form", async ({ page }) => {
    await premiumWithFlow(page.request);
    await page.goto("/flow-content");
    await page.getByTestId("generate-content").click();
    await expect(page.getByTestId("touchpoint-content").first()).toBeVisible();
    await expectToFillList(page);
    await downloadHtmlFor(page, "HubSpot", "{{ unsubscribe_link }}");
  });
});
