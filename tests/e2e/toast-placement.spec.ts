import { expect, type Locator, type Page } from "@playwright/test";

import { ERROR_TOAST_MIN_MS, toastDurationMs } from "../../app/lib/toast";
import { reviewShot, seedProfile, withDatabase } from "./support/accounts";
import { newUser, registerByApi, signInAsAdmin, test, uniqueEmail, waitForHydration } from "./support/app";

/**
 * A toast never lies over a primary button: it opens a strip at the top of the page and the page
 * (sticky header, dialogs included) moves down for it. Each screen with a primary button is
 * visited at 1280×800 and 375×800, a toast is made to appear the way a person makes it appear,
 * and every primary button on screen is measured against the toast.
 */

/** The filled call-to-action buttons and button links (the toast's own data-variant is not one). */
const PRIMARY = ["primary", "premium", "ai", "inverse", "destructive"].flatMap((variant) => [`button[data-variant="${variant}"]`, `a[data-variant="${variant}"]`]).join(", ");

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function primaryButtonsUnder(page: Page, toastBox: Box) {
  const viewport = page.viewportSize()!;
  const buttons = await page.locator(PRIMARY).evaluateAll((elements) =>
    elements
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { name: (el.textContent ?? "").trim(), x: box.x, y: box.y, width: box.width, height: box.height };
      }),
  );
  const onScreen = buttons.filter((b) => b.y + b.height > 0 && b.y < viewport.height && b.width > 0);
  return { onScreen, covered: onScreen.filter((b) => intersects(b, toastBox)).map((b) => `${b.name} at ${Math.round(b.x)},${Math.round(b.y)}`) };
}

/**
 * The toast on screen and no primary button within its box: as the page stands when the toast
 * appears, and again with the button that was pressed scrolled into view (a page may have moved
 * to the field at fault).
 */
async function expectNoPrimaryButtonUnderToast(page: Page, what: string, pressed: Locator) {
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  await expect(toast).toBeVisible();
  // Held open while it is measured (a toast stands still while hovered): a busy machine may
  // otherwise reach the measurement after a success toast's five seconds.
  await toast.hover();
  // The strip has opened and the page has moved below it.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--toast-space"))).not.toBe("");
  const toastBox = (await toast.boundingBox())!;
  const label = `${what}: primary buttons under the toast at ${Math.round(toastBox.x)},${Math.round(toastBox.y)} ${Math.round(toastBox.width)}×${Math.round(toastBox.height)}`;
  expect((await primaryButtonsUnder(page, toastBox)).covered, label).toEqual([]);
  await pressed.scrollIntoViewIfNeeded();
  await expect(pressed).toBeInViewport();
  // The toast stays at the top of the screen however far the page scrolls.
  await expect(toast).toBeInViewport({ ratio: 1 });
  const again = await primaryButtonsUnder(page, (await toast.boundingBox())!);
  expect(again.onScreen.length, `${what}: the pressed button is on screen`).toBeGreaterThan(0);
  expect(again.covered, `${label}, with the pressed button in view`).toEqual([]);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

for (const width of [1280, 375]) {
  test.describe(`toasts at ${width}×800`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the wizard's Complete Onboarding", async ({ page }) => {
      await registerByApi(page.request);
      await seedProfile(page.request);
      await open(page, "/onboarding?step=5");
      await expect(page.getByRole("button", { name: "Complete Onboarding" })).toBeVisible();
      await page.locator("main textarea").first().fill("");
      const complete = page.getByRole("button", { name: "Complete Onboarding" });
      await complete.click();
      await expectNoPrimaryButtonUnderToast(page, "onboarding wizard", complete);
      await reviewShot(page, `toast-wizard-${width}`, { fullPage: false });
    });

    test("the questionnaire's Create Account", async ({ page }) => {
      const taken = await registerByApi(page.request, newUser({ email: uniqueEmail("taken") }));
      await page.context().clearCookies();
      await page.goto("/questionnaire");
      await page.getByRole("radio", { name: "eCommerce" }).check();
      await page.getByLabel(/^Industry( \*)?$/).selectOption("E-commerce & Retail");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("radio", { name: "Email + SMS" }).check();
      await page.getByRole("radio", { name: "Known category with service innovation" }).check();
      await page.getByRole("radio", { name: "Service and product combinations" }).check();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
      await page.getByLabel(/^Your website address( \*)?$/).fill("https://www.bloom.example");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/step=7/);
      await waitForHydration(page);
      for (const [label, value] of [
        ["Company name", "Bloom & Co"],
        ["First name", "Dana"],
        ["Last name", "Tester"],
        ["Email", taken.email],
        ["Password", "long-enough-123"],
      ]) {
        await page.getByLabel(new RegExp(`^${label}( \\*)?$`)).fill(value!);
      }
      const create = page.getByRole("button", { name: "Create Account" });
      await create.click();
      await expectNoPrimaryButtonUnderToast(page, "Create Account refused", create);
      // A new address goes through, to the dashboard and its welcome toast.
      await page.getByLabel(/^Email( \*)?$/).fill(uniqueEmail("created"));
      await create.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectNoPrimaryButtonUnderToast(page, "dashboard after Create Account", page.getByRole("button", { name: "Start AI Research" }));
    });

    test("the dashboard's research card", async ({ page }) => {
      const user = await registerByApi(page.request);
      await withDatabase((db) =>
        db.collection("users").updateOne({ email: user.email }, { $set: { completionMethod: "ai", researchWebsiteUrl: "https://www.bloom.example:8080" } }),
      );
      await open(page, "/dashboard");
      const start = page.getByRole("button", { name: "Start AI Research" });
      await start.click();
      await expectNoPrimaryButtonUnderToast(page, "dashboard research failure", start);
      // Scrolled to the address form's button, a failure there too.
      await page.getByRole("textbox", { name: "Website address" }).fill("http://10.0.0.8/");
      await page.getByRole("button", { name: "Save and research" }).click();
      await expect(page.getByRole("textbox", { name: "Website address" })).toHaveAttribute("aria-invalid", "true");
      await start.click();
      await expectNoPrimaryButtonUnderToast(page, "dashboard research failure, again", page.getByRole("button", { name: "Save and research" }));
    });

    test("user settings' Change Password", async ({ page }) => {
      await registerByApi(page.request);
      await open(page, "/user-settings");
      await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("brand-new-secret");
      await page.getByLabel("Confirm new password", { exact: true }).fill("brand-new-secret");
      const change = page.getByRole("button", { name: "Change Password" });
      await change.click();
      await expectNoPrimaryButtonUnderToast(page, "user settings", change);
    });

    test("admin: the benchmark dialog's Add Benchmark and the flow-map dialog's Save Changes", async ({ page, loopback }) => {
      await signInAsAdmin(page.request, loopback);
      await open(page, "/admin/benchmarks?dialog=new");
      let dialog = page.getByRole("dialog", { name: "Add Benchmark" });
      await dialog.getByRole("textbox", { name: "Industry median" }).fill("1%");
      await dialog.getByRole("spinbutton", { name: "Open rate (%)" }).fill("150");
      await dialog.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
      await dialog.getByRole("button", { name: "Add Benchmark" }).click();
      await expectNoPrimaryButtonUnderToast(page, "Add Benchmark", page.getByRole("dialog", { name: "Add Benchmark" }).getByRole("button", { name: "Add Benchmark" }));
      await reviewShot(page, `toast-add-benchmark-${width}`, { fullPage: false });

      await open(page, "/admin/flow-maps");
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click();
      dialog = page.getByRole("dialog", { name: "Edit Flow Map" });
      await dialog.getByRole("textbox", { name: "Exit rules (JSON)" }).fill("{ not json");
      await dialog.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expectNoPrimaryButtonUnderToast(page, "flow-map Save Changes", page.getByRole("dialog", { name: "Edit Flow Map" }).getByRole("button", { name: "Save Changes" }));
      await reviewShot(page, `toast-flow-map-${width}`, { fullPage: false });
    });
  });
}

test.describe("an error toast's time (the page's clock is a fake one)", () => {
  const START = new Date("2026-03-02T09:00:00Z");
  const PAUSED = new Date("2026-03-02T09:01:00Z");

  test("closes by itself after a readable time, never while the pointer is on it or focus is in it", async ({ page }) => {
    await registerByApi(page.request);
    await page.clock.install({ time: START });
    await open(page, "/user-settings");
    // From here time moves only when the test says so.
    await page.clock.pauseAt(PAUSED);
    await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("brand-new-secret");
    await page.getByRole("button", { name: "Change Password" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
    await expect(toast).toHaveAttribute("data-variant", "destructive");

    // The pointer rests on it for a minute: it stays.
    await toast.hover();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    // Focus on its Dismiss button, pointer gone: it still stays.
    await toast.getByRole("button", { name: "Dismiss notification" }).focus();
    await page.mouse.move(5, 790);
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    // Both gone: it closes by itself, the page moving back up.
    await page.getByLabel("Current password", { exact: true }).focus();
    // What was left of its time (at least the resume minimum) runs on.
    await page.clock.runFor(ERROR_TOAST_MIN_MS);
    await expect(toast).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--toast-space"))).toBe("");
  });

  test("an error nobody touches closes after the error minimum, not before", async ({ page }) => {
    await registerByApi(page.request);
    await page.clock.install({ time: START });
    await open(page, "/user-settings");
    await page.clock.pauseAt(PAUSED);
    await page.mouse.move(5, 790);
    await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("brand-new-secret");
    await page.getByRole("button", { name: "Change Password" }).press("Enter");
    const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
    await expect(toast).toBeVisible();
    const [title, description] = await toast.locator("p").allTextContents();
    const duration = toastDurationMs({ title: title!, description, variant: "destructive" });
    expect(duration).toBeGreaterThanOrEqual(ERROR_TOAST_MIN_MS);
    await page.clock.runFor(duration - 1_000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toast).toHaveCount(0);
  });
});
