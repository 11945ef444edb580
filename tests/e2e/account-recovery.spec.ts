import { expect } from "@playwright/test";

import { expectToast, newUser, registerByApi, test, waitForHydration } from "./support/app";

/**
 * Without JavaScript: "Forgot password?" from the sign-in page (the test server has no mail
 * transport, so the page tells the operator the link went to the server log), and "Delete my
 * account" on User Settings, refused with a wrong password and done with the right one.
 */
test.describe("account recovery and deletion, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Forgot password? asks for the email and answers the same for any address", async ({ page, request }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

    const user = await registerByApi(request, newUser());
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer = page.getByTestId("reset-requested");
    await expect(answer).toContainText("If an account uses that email, a link to choose a new password is on its way.");
    await expect(page.getByTestId("reset-log-note")).toContainText("the link was written to the server log");
    const known = (await answer.textContent()) ?? "";

    await page.getByLabel("Email").fill("nobody.at.all@example.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toHaveText(known);

    // A link that was never issued says so, with the way to a new one.
    await page.goto("/reset-password?token=never-issued");
    await expect(page.getByTestId("reset-link-invalid")).toContainText("not valid any more");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("Delete my account: a wrong password is refused at the field, the right one deletes and signs out", async ({ page }) => {
    const user = await registerByApi(page.request, newUser({ firstName: "Dee" }));
    await page.goto("/user-settings");
    const section = page.getByRole("region", { name: "Delete my account" });
    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("region", { name: "Delete my account" }).getByLabel("Your password")).toHaveAccessibleDescription(/Current password is incorrect/);

    await page.getByRole("region", { name: "Delete my account" }).getByLabel("Your password").fill(user.password);
    await page.getByRole("region", { name: "Delete my account" }).getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Account deleted");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    const signIn = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(signIn.status()).toBe(401);
  });
});

test.describe("a reset link that does not work, JavaScript on", () => {
  test("the page still says why once it is running, at 1280 and 375 px", async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/reset-password?token=never-issued");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "This link does not work any more" })).toBeVisible();
      await expect(page.getByTestId("reset-link-invalid")).toHaveText(
        "This password reset link is not valid any more: it was used, it expired (links work for 1 hour), or it was never issued. Ask for a new one.",
      );
      await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
    }
  });
});
