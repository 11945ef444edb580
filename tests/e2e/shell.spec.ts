import { expect, type Locator, type Page } from "@playwright/test";

import { TOOLTIP_DELAY_MS } from "../../app/lib/tooltip-timing";
import { test, PREMIUM_BENEFITS, SUPPORT_EMAIL, desktopNav, flowContentLink, newUser, registerByApi, signInAsAdmin, upgradeDialog, waitForHydration, axeOn } from "./support/app";

const MAIN_NAV: Array<[label: string, href: string]> = [
  ["User Settings", "/user-settings"],
  ["Onboarding Questions", "/onboarding/answers"],
  ["Scorecards", "/dashboard"],
  ["Flow Mappings", "/flow-mappings"],
];

const ADMIN_NAV: Array<[label: string, href: string]> = [
  ["Admin Settings", "/admin"],
  ["Onboarding", "/admin/onboarding"],
  ["Benchmarks", "/admin/benchmarks"],
  ["Flow Maps", "/admin/flow-maps"],
];

const TOOLTIP_TEXT = "Premium feature: upgrade to unlock";

async function expectHeader(page: Page, { initial, name }: { initial: string; name: string }) {
  const button = page.getByTestId("user-button");
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute("href", "/user-settings");
  await expect(button).toHaveAccessibleName(`User settings for ${name}`);
  const spans = button.locator(":scope > span");
  await expect(spans.first()).toHaveText(initial);
  await expect(button.getByText(name, { exact: true })).toBeVisible();
  await expect(button.getByText("Free Plan", { exact: true })).toBeVisible();
}

async function expectMainNav(nav: Locator) {
  await expect(nav).toBeVisible();
  for (const [label, href] of MAIN_NAV) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  // Locked: a link to the same page with ?upgrade=1, never to a Flow Content page.
  await expect(flowContentLink(nav)).toHaveAttribute("href", /^\/dashboard\?upgrade=1$/);
  await expect(flowContentLink(nav)).toContainText("Locked");
}

async function expectAdminGroup(nav: Locator, present: boolean) {
  const group = nav.getByRole("list", { name: "Admin Panel" });
  if (!present) {
    await expect(nav.getByText("Admin Panel")).toHaveCount(0);
    await expect(group).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Admin Settings" })).toHaveCount(0);
    return;
  }
  await expect(nav.getByText("Admin Panel", { exact: true })).toBeVisible();
  for (const [label, href] of ADMIN_NAV) {
    await expect(group.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
}

async function expectDialogContent(dialog: Locator) {
  // The dialog element itself has no box (its panel is fixed-positioned): check its content.
  await expect(dialog).toHaveCount(1);
  await expect(dialog.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(3);
  for (const benefit of PREMIUM_BENEFITS) await expect(dialog.getByRole("listitem").filter({ hasText: benefit })).toBeVisible();
  const mail = dialog.getByRole("link", { name: SUPPORT_EMAIL });
  await expect(mail).toBeVisible();
  await expect(mail).toHaveAttribute("href", new RegExp(`^mailto:${SUPPORT_EMAIL.replace(/\./g, "\\.")}(\\?|$)`));
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`app shell, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the header shows the initial, first name and plan; the sidebar has every item and no admin group", async ({ page }) => {
      const user = await registerByApi(page.request, newUser({ firstName: "Priya", lastName: "Shah" }));
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
      await expectHeader(page, { initial: "P", name: user.firstName });

      const nav = desktopNav(page);
      await expectMainNav(nav);
      await expectAdminGroup(nav, false);
      // The small-screen copy of the sidebar is not on screen at desktop width.
      await expect(page.getByText("Menu", { exact: true })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);

      // The shell is the same on / (the signed-in dashboard) and a sidebar link really navigates.
      await page.goto("/");
      await expectHeader(page, { initial: "P", name: user.firstName });
      if (javaScriptEnabled) await waitForHydration(page);
      await nav.getByRole("link", { name: "User Settings", exact: true }).click();
      await expect(page).toHaveURL(/\/user-settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
      await expect(page.getByTestId("role")).toHaveText("User");
    });

    test("an admin sees the Admin Panel group and can open Admin Settings", async ({ page, loopback }) => {
      await signInAsAdmin(page.request, loopback);
      await page.goto("/dashboard");
      await expectHeader(page, { initial: "A", name: "Ada" });
      const nav = desktopNav(page);
      await expectMainNav(nav);
      await expectAdminGroup(nav, true);
      if (javaScriptEnabled) await waitForHydration(page);
      await nav.getByRole("link", { name: "Admin Settings", exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Settings" })).toBeVisible();
      await expect(page.getByText("Total Users")).toBeVisible();
    });

    test("at 375 px wide the sidebar folds into a Menu disclosure that opens the navigation", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await registerByApi(page.request, newUser({ firstName: "Mo" }));
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
      await expect(page.getByRole("complementary")).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(page.getByTestId("user-button")).toBeVisible();
      await expectNoSidewaysScroll(page);

      if (javaScriptEnabled) await waitForHydration(page);
      const summary = page.locator("summary", { hasText: "Menu" });
      await expect(summary).toBeVisible();
      await summary.click();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeVisible();
      await expect(page.locator("details", { has: summary })).toHaveAttribute("open", "");
      for (const [label, href] of MAIN_NAV) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
        await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
      await expect(flowContentLink(nav)).toBeVisible();
      await expectNoSidewaysScroll(page);

      await nav.getByRole("link", { name: "User Settings", exact: true }).click();
      await expect(page).toHaveURL(/\/user-settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
      // The page was chosen: the menu has closed.
      await expect(page.locator("details", { has: summary })).not.toHaveAttribute("open", "");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    });
  });
}

test.describe("upgrade dialog and tooltip, JavaScript on", () => {
  test("Flow Content opens the upgrade dialog in place and Maybe Later closes it", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const before = page.url();
    const dialog = upgradeDialog(page);
    await expect(dialog).toHaveCount(0);

    await flowContentLink(desktopNav(page)).click();
    await expectDialogContent(dialog);
    expect(page.url()).toBe(before);

    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(before);
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
  });

  test("Upgrade to Premium on user settings opens the same dialog; Escape closes it", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/user-settings");
    await waitForHydration(page);
    await expect(page.getByText("Limited access to premium features")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Upgrade to Premium" }).click();
    const dialog = upgradeDialog(page);
    await expectDialogContent(dialog);
    await expect(page).toHaveURL(/\/user-settings$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("opening /dashboard?upgrade=1 shows the dialog, and Maybe Later drops the parameter", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/dashboard?upgrade=1");
    await waitForHydration(page);
    const dialog = upgradeDialog(page);
    await expectDialogContent(dialog);
    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("hovering Flow Content shows the premium tooltip after the hover delay, on a fake clock", async ({ page }) => {
    await page.clock.install();
    await registerByApi(page.request);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const link = flowContentLink(desktopNav(page));
    const tooltip = desktopNav(page).getByRole("tooltip");
    await expect(tooltip).toHaveText(TOOLTIP_TEXT);
    await expect(link).toHaveAccessibleDescription(TOOLTIP_TEXT);
    // Closed, the text is only there for screen readers.
    await expect(tooltip).toHaveClass(/\bsr-only\b/);

    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await link.hover();
    await page.clock.runFor(TOOLTIP_DELAY_MS - 1);
    await expect(tooltip).toHaveClass(/\bsr-only\b/);
    await page.clock.runFor(1);
    await expect(tooltip).not.toHaveClass(/\bsr-only\b/);
    await expect(tooltip).toBeVisible();
    const box = await tooltip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(50);

    // Moving away hides it again, at once.
    await page.mouse.move(900, 600);
    await expect(tooltip).toHaveClass(/\bsr-only\b/);
  });

  test("the dashboard and user settings have no serious or critical accessibility violations", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/user-settings");
    await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);

    // With the Edit Name form and the upgrade dialog open as well.
    await page.getByRole("link", { name: "Edit Name" }).click();
    await expect(page.getByLabel("First name", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(upgradeDialog(page).getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("upgrade dialog and tooltip, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Flow Content adds ?upgrade=1, the dialog is server-rendered and Maybe Later goes back", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/dashboard");
    const dialog = upgradeDialog(page);
    await expect(dialog).toHaveCount(0);

    await flowContentLink(desktopNav(page)).click();
    await expect(page).toHaveURL(/\/dashboard\?upgrade=1$/);
    await expectDialogContent(dialog);

    await dialog.getByRole("link", { name: "Maybe Later" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
  });

  test("Upgrade to Premium on user settings works as a plain link", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/user-settings");
    await page.getByRole("main").getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/user-settings\?upgrade=1$/);
    const dialog = upgradeDialog(page);
    await expectDialogContent(dialog);
    await dialog.getByRole("link", { name: "Maybe Later" }).click();
    await expect(page).toHaveURL(/\/user-settings$/);
    await expect(dialog).toHaveCount(0);
  });

  test("the locked item still tells assistive technology why", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/dashboard");
    await expect(flowContentLink(desktopNav(page))).toHaveAccessibleDescription(TOOLTIP_TEXT);
  });
});
