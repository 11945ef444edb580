import type { Locator, Page } from "@playwright/test";

import { expect } from "@playwright/test";

import { expectToast, newUser, registerByApi, test, waitForHydration } from "./support/app";

/** Every visible control on screen (outside the notifications region) with its box. */
async function controlBoxes(page: Page) {
  return page.evaluate(() => {
    const region = document.querySelector('[aria-label="Notifications"]');
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="progressbar"], [data-testid="step-indicator"]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !region?.contains(el))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const visible = r.width > 0 && r.height > 0 && style.visibility !== "hidden" && r.bottom > 0 && r.top < innerHeight;
        return { visible, label: (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().slice(0, 40), x: r.x, y: r.y, w: r.width, h: r.height };
      })
      .filter((b) => b.visible);
  });
}

async function expectToastCoversNothing(page: Page, toast: Locator) {
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  const overlapping = (await controlBoxes(page)).filter((c) => c.x < box.x + box.width && c.x + c.w > box.x && c.y < box.y + box.height && c.y + c.h > box.y);
  expect(overlapping.map((c) => c.label)).toEqual([]);
}

test.describe("toasts never cover a control (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the answers page's validation toast leaves the top Save Changes button free", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding/answers");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Save Changes" }).first().click();
    const toast = await expectToast(page, "Validation Error");
    await expectToastCoversNothing(page, toast);
    // A toast is announced, never focused: the keyboard stays where the user was.
    await expect(toast).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Notifications"]') ?? null)).toBeNull();
  });

  test("'Progress Saved' leaves the questionnaire's step counter and percent readable", async ({ page }) => {
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await page.getByRole("group", { name: "Business type" }).getByLabel("eCommerce").check();
    await page.getByLabel("Industry").selectOption("Fitness");
    await page.getByRole("button", { name: "Next" }).click();
    const toast = await expectToast(page, "Progress Saved");
    await expectToastCoversNothing(page, toast);
  });
});

test.describe("account details", () => {
  test("after a successful password change the password fields are empty again", async ({ page }) => {
    const user = await registerByApi(page.request, newUser());
    await page.goto("/user-settings");
    await waitForHydration(page);
    await page.getByLabel("Current password", { exact: true }).fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("second-pass-456");
    await page.getByLabel("Confirm new password", { exact: true }).fill("second-pass-456");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Success", { description: "Your password has been changed successfully!" });
    await expect(page.getByLabel("Current password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm new password", { exact: true })).toHaveValue("");
  });

  test("a first name that starts with an emoji shows that emoji as the initial", async ({ page }) => {
    await registerByApi(page.request, newUser({ firstName: "😀Bob" }));
    await page.goto("/dashboard");
    const settings = page.getByTestId("user-button");
    await expect(settings).toContainText("😀");
    expect(await settings.innerText()).not.toContain("\uFFFD");
  });
});

test.describe("a phone-sized screen (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu names the user and the plan the header has no room for", async ({ page }) => {
    await registerByApi(page.request, newUser({ firstName: "Priya" }));
    await page.goto("/dashboard");
    // Opened once the page is live: a menu opened before hydration is closed again by it.
    await waitForHydration(page);
    await expect(page.getByTestId("user-button").getByText("Free Plan")).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    const account = page.getByTestId("menu-account");
    await expect(account).toBeVisible();
    await expect(account).toContainText("Priya");
    await expect(account).toContainText("Free Plan");
  });
});

test.describe("the onboarding wizard keeps its progress", () => {
  async function answerStep1(page: Page, type: string) {
    await page.getByLabel("Company name").fill("Keepsake Studio");
    await page.getByLabel("Business type").selectOption(type);
    await page.getByLabel("Industry").selectOption("Fitness");
  }

  test("with JavaScript: each step has its address; reload, Back and a second tab keep the answers", async ({ page, context }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding");
    await waitForHydration(page);
    await answerStep1(page, "eCommerce");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page.getByTestId("wizard-step")).toHaveText("Step 2 of 5");
    await expect(page).toHaveURL(/\/onboarding\?step=2$/);

    await page.reload();
    await expect(page.getByTestId("wizard-step")).toHaveText("Step 2 of 5");

    const second = await context.newPage();
    await second.goto("/onboarding");
    await expect(second.getByTestId("wizard-step")).toHaveText("Step 2 of 5");
    await second.close();

    await page.goBack();
    await expect(page.getByTestId("wizard-step")).toHaveText("Step 1 of 5");
    await expect(page.getByLabel("Company name")).toHaveValue("Keepsake Studio");
    await expect(page.getByLabel("Business type")).toHaveValue("eCommerce");
  });

  test("the step-2 dot is named after the business type as soon as it is chosen", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding");
    await waitForHydration(page);
    const dots = page.getByRole("list", { name: "Onboarding progress" });
    await expect(dots).toContainText("Step 2: Communication & Goals");
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await expect(dots).toContainText("Step 2: Service Business Details");
  });
});

test.describe("the onboarding wizard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a step's address is a plain page a reload shows again, answers kept", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding");
    await page.getByLabel("Company name").fill("Keepsake Studio");
    await page.getByLabel("Business type").selectOption("eCommerce");
    await page.getByLabel("Industry").selectOption("Fitness");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/\/onboarding\?step=2$/);
    await page.reload();
    await expect(page.getByTestId("wizard-step")).toHaveText("Step 2 of 5");
    await page.goto("/onboarding?step=1");
    await expect(page.getByLabel("Company name")).toHaveValue("Keepsake Studio");
  });
});

test.describe("the questionnaire opened on a later step", () => {
  test("the service step of a new visitor counts on the service path", async ({ page }) => {
    await page.goto("/questionnaire?step=2");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 7");
    await page.goto("/questionnaire?step=5");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 4 of 6");
  });
});

test.describe("a refused form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the questionnaire's banner carries the 'Validation Error' title the toast has", async ({ page }) => {
    await page.goto("/questionnaire");
    await page.getByRole("button", { name: "Next" }).click();
    const banner = page.getByRole("main").getByRole("alert").first();
    await expect(banner).toContainText("Validation Error");
    await expect(banner).toContainText("Please fill in all required fields before continuing.");
  });

  test("the answers page says why it refused a save", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding/answers");
    await page.getByRole("main").getByRole("button", { name: "Save Changes" }).first().click();
    const banner = page.getByRole("main").getByRole("alert").first();
    await expect(banner).toContainText("Validation Error");
    await expect(banner).toContainText("Please fill in all required fields before submitting.");
  });

  test("the waitlist marks each of its six required fields", async ({ page }) => {
    await page.goto("/questionnaire?step=9");
    const form = page.getByRole("main");
    for (const label of ["First name", "Last name", "Email", "Company name"]) {
      await expect(form.locator("label", { hasText: label }).first()).toContainText("*");
    }
    await expect(form.locator('label:has-text("*"), legend:has-text("*")')).toHaveCount(6);
  });
});

test.describe("a slow page load after a click", () => {
  test("shows the navigation progress bar until the page is there", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/dashboard");
    await waitForHydration(page);
    // Hold the next page's data, as a slow network would.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.getByRole("complementary").getByRole("link", { name: "User Settings", exact: true }).click();
    const bar = page.getByRole("progressbar", { name: "Loading the page" });
    await expect(bar).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
});
