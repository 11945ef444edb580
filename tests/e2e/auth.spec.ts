import { expect, type Page } from "@playwright/test";

import { endSessionElsewhere } from "./support/accounts";
import {
  desktopNav,
  expectErrorToast,
  expectToast,
  newUser,
  readAppearance,
  recordAppearance,
  registerByApi,
  signInByApi,
  test,
  waitForHydration,
  type TestUser,
  axeOn,
} from "./support/app";

const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";
const INVALID_CREDENTIALS = "Invalid email or password.";

/** An input found by its exact label (the show/hide buttons are labelled 'Show password' …). */
function input(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function fillRegistration(page: Page, user: TestUser, confirm = user.password) {
  await input(page, "First name").fill(user.firstName);
  await input(page, "Last name").fill(user.lastName);
  await input(page, "Company (optional)").fill(user.companyName);
  await input(page, "Email").fill(user.email);
  await input(page, "Password").fill(user.password);
  await input(page, "Confirm password").fill(confirm);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await input(page, "Email").fill(email);
  await input(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * The field's error is shown and tied to the input (aria-invalid + aria-describedby). The error
 * ends the field's description: a field with a rule shown up front (the password's) reads the
 * rule first, then the error.
 */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = input(page, label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(`(^|\\. )${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  // On the form itself (a refused form's message may also be in a toast).
  await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
}

async function expectFormError(page: Page, message: string) {
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(message);
}

async function expectDashboard(page: Page, firstName: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
  await expect(page.getByTestId("user-button")).toContainText(firstName);
  await expect(page.getByTestId("user-button")).toContainText("Free Plan");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  /** With JavaScript, wait for hydration so that the JavaScript code paths are the ones tested. */
  const visit = async (page: Page, url: string) => {
    await page.goto(url);
    if (javaScriptEnabled) await waitForHydration(page);
  };

  test.describe(`account journey, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("register, rename, change password, log out and sign in with the new password", async ({ page }) => {
      test.slow();
      const user = newUser({ firstName: "Jamie", lastName: "Rivera" });
      const newPassword = "second-pass-456";

      // Register: signed in at once, the dashboard with the success toast.
      await visit(page, "/register");
      await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
      await fillRegistration(page, user);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, "Account Created Successfully!", { variant: "success" });
      await expectDashboard(page, "Jamie");

      // User settings through the header button.
      await page.getByTestId("user-button").click();
      await expect(page).toHaveURL(/\/user-settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
      await expect(page.getByText(user.email, { exact: true })).toBeVisible();
      await expect(page.getByTestId("full-name")).toHaveText("Jamie Rivera");
      await expect(page.getByTestId("role")).toHaveText("User");

      // Edit Name toggles to the form; saving shows the toast and the header follows.
      await page.getByRole("link", { name: "Edit Name" }).click();
      await expect(page).toHaveURL(/\/user-settings\?edit=name$/);
      await expect(input(page, "First name")).toHaveValue("Jamie");
      await expect(input(page, "Last name")).toHaveValue("Rivera");
      await input(page, "First name").fill("Morgan");
      await input(page, "Last name").fill("Lee");
      await page.getByRole("button", { name: "Save Name" }).click();
      await expectToast(page, "Success", { description: "Your name has been updated successfully!", variant: "success" });
      await expect(page).toHaveURL(/\/user-settings$/);
      await expect(page.getByTestId("full-name")).toHaveText("Morgan Lee");
      await expect(page.getByRole("link", { name: "Edit Name" })).toBeVisible();
      await expect(page.getByTestId("user-button")).toHaveAccessibleName("User settings for Morgan");
      await expect(page.getByTestId("user-button")).toContainText("M");

      // Change password: a wrong current password is an error on that field.
      await input(page, "Current password").fill("not-my-password");
      await input(page, "New password").fill(newPassword);
      await input(page, "Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expectFieldError(page, "Current password", "Current password is incorrect");
      if (javaScriptEnabled) await expectErrorToast(page, "Current password is incorrect");

      // The right one changes it. (Without JavaScript the page is rendered again, and the server
      // never echoes a password back into it.)
      if (!javaScriptEnabled) await expect(input(page, "New password")).toHaveValue("");
      await input(page, "Current password").fill(user.password);
      await input(page, "New password").fill(newPassword);
      await input(page, "Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Change Password" }).click();
      await expectToast(page, "Success", { description: "Your password has been changed successfully!", variant: "success" });
      await expect(input(page, "Current password")).not.toHaveAttribute("aria-invalid", "true");

      // Logout (a whole page load): back on the landing page, signed out. That page loads no
      // script (docs/decisions/087), so its Sign In link is a page load too.
      await page.getByRole("button", { name: "Logout" }).click();
      // waitForURL waits for the landing page's load event, so the script count below is final.
      await page.waitForURL(/\/$/);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page.getByTestId("user-button")).toHaveCount(0);
      expect(await page.locator("script").count()).toBe(0);

      // The old password no longer works; the new one does.
      await banner.getByRole("link", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/login$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByText("Or continue with")).toBeVisible();
      await signInThroughForm(page, user.email, user.password);
      await expectFormError(page, INVALID_CREDENTIALS);
      await signInThroughForm(page, user.email, newPassword);
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, "Welcome Back!", { variant: "success" });
      await expectDashboard(page, "Morgan");

      // /dashboard is the same screen.
      await visit(page, "/dashboard");
      await expectDashboard(page, "Morgan");
    });

    test("registration shows the spec's validation messages", async ({ page }) => {
      await visit(page, "/register");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectFieldError(page, "First name", "First name is required");
      await expectFieldError(page, "Last name", "Last name is required");
      await expectFieldError(page, "Email", "Invalid email address");
      await expectFieldError(page, "Password", "Password must be at least 6 characters");
      await expectFieldError(page, "Confirm password", "Please confirm your password");
      // The company is optional.
      await expect(input(page, "Company (optional)")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/register$/);

      await fillRegistration(page, newUser({ email: "not-an-email", password: "12345" }), "12345");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectFieldError(page, "Email", "Invalid email address");
      await expectFieldError(page, "Password", "Password must be at least 6 characters");
      await expect(input(page, "First name")).not.toHaveAttribute("aria-invalid", "true");

      await fillRegistration(page, newUser({ firstName: "Val" }), "does-not-match");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectFieldError(page, "Confirm password", "Passwords don't match");
      await expect(input(page, "Email")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByTestId("user-button")).toHaveCount(0);
    });

    test("a taken email is an error on the email field", async ({ page }) => {
      const existing = await registerByApi(page.request);
      await page.context().clearCookies();
      await visit(page, "/register");
      await fillRegistration(page, newUser({ email: existing.email.toUpperCase() }));
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectFieldError(page, "Email", EMAIL_TAKEN);
      if (javaScriptEnabled) await expectErrorToast(page, EMAIL_TAKEN);
      await expect(page).toHaveURL(/\/register$/);
      // What was typed survives; a page rendered by the server never echoes the passwords.
      await expect(input(page, "First name")).toHaveValue("Dana");
      await expect(input(page, "Email")).toHaveValue(existing.email.toUpperCase());
      if (!javaScriptEnabled) await expect(input(page, "Password")).toHaveValue("");
    });

    test("a bad sign-in says 'Invalid email or password.' and a missing password is required", async ({ page }) => {
      const user = await registerByApi(page.request);
      await page.context().clearCookies();
      await visit(page, "/login");
      await input(page, "Email").fill(user.email);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectFieldError(page, "Password", "Password is required");

      await signInThroughForm(page, user.email, "wrong-password");
      await expectFormError(page, INVALID_CREDENTIALS);
      if (javaScriptEnabled) await expectErrorToast(page, INVALID_CREDENTIALS);
      await expect(input(page, "Email")).toHaveValue(user.email);
      if (!javaScriptEnabled) await expect(input(page, "Password")).toHaveValue("");
      await expect(page).toHaveURL(/\/login$/);

      await signInThroughForm(page, uniqueUnknownEmail(), "whatever-123");
      await expectFormError(page, INVALID_CREDENTIALS);
      await expect(page.getByTestId("user-button")).toHaveCount(0);
    });

    test("a signed-out visit to /user-settings signs in and comes back", async ({ page }) => {
      const user = await registerByApi(page.request);
      await page.context().clearCookies();
      await visit(page, "/user-settings");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser-settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to Flowmap" })).toBeVisible();
      // A first visit is not a session that ended: no 'Unauthorized' toast.
      await expect(page.getByTestId("toast")).toHaveCount(0);
      await signInThroughForm(page, user.email, user.password);
      await expect(page).toHaveURL(/\/user-settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
      await expectToast(page, "Welcome Back!", { variant: "success" });
    });

    test("a visitor's sign-in link to register keeps the way back", async ({ page }) => {
      await visit(page, "/login?redirectTo=%2Fuser-settings");
      await page.getByRole("link", { name: "create an account" }).click();
      await expect(page).toHaveURL(/\/register\?redirectTo=%2Fuser-settings$/);
      const user = newUser({ firstName: "Robin" });
      await fillRegistration(page, user);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(/\/user-settings$/);
      await expectToast(page, "Account Created Successfully!", { variant: "success" });
      await expect(page.getByTestId("full-name")).toHaveText(`Robin ${user.lastName}`);
    });
  });
}

function uniqueUnknownEmail() {
  return `nobody.${Date.now().toString(36)}@example.test`;
}

test.describe("password visibility, JavaScript on", () => {
  test("each password field has its own show/hide toggle", async ({ page }) => {
    await page.goto("/register");
    await waitForHydration(page);
    const password = input(page, "Password");
    const confirm = input(page, "Confirm password");
    await password.fill("secret-one");
    await confirm.fill("secret-two");
    await expect(password).toHaveAttribute("type", "password");

    const show = page.getByRole("button", { name: "Show password", exact: true });
    await expect(show).toHaveText("Show");
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await show.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("secret-one");
    const hide = page.getByRole("button", { name: "Hide password", exact: true });
    await expect(hide).toHaveText("Hide");
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    // The other field is untouched.
    await expect(confirm).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show confirm password" }).click();
    await expect(confirm).toHaveAttribute("type", "text");
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(confirm).toHaveAttribute("type", "text");

    await page.goto("/login");
    await waitForHydration(page);
    await input(page, "Password").fill("login-secret");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(input(page, "Password")).toHaveAttribute("type", "text");
    await expect(input(page, "Password")).toHaveValue("login-secret");
  });
});

test.describe("sign-in pages, JavaScript on", () => {
  test("login and registration have no serious or critical accessibility violations, errors shown or not", async ({ page }) => {
    const check = async () => {
      await waitForHydration(page);
      const results = await axeOn(page).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    };
    await page.goto("/login");
    await check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(input(page, "Password")).toHaveAttribute("aria-invalid", "true");
    await check();
    await page.goto("/register");
    await check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(input(page, "First name")).toHaveAttribute("aria-invalid", "true");
    await check();
  });
});

test.describe("password visibility, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("without JavaScript there is no toggle and the password stays masked", async ({ page }) => {
    await page.goto("/register");
    await expect(input(page, "Password")).toHaveAttribute("type", "password");
    await expect(input(page, "Confirm password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: /^(Show|Hide) / })).toHaveCount(0);
  });
});

test.describe("admin area for a non-admin", () => {
  const ACCESS_DENIED = { key: "denied", selector: "main", text: "Access Denied", leaveBy: "client navigation" } as const;

  async function expectDeniedThenHome(page: Page) {
    // The page is left for / about 0.5 s after it showed 'Access Denied'.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    const denied = await readAppearance(page, ACCESS_DENIED.key);
    expect(denied.path).toBe("/admin");
    expect(denied.visible).toBe(true);
    expect(denied.texts).toEqual(expect.arrayContaining(["Access Denied", "Admin access required"]));
    // A lower bound only: how long the next page takes depends on how busy the machine is.
    expect(denied.shownForMs).toBeGreaterThanOrEqual(450);
  }

  test("JavaScript on: 'Access Denied', then home after about 0.5 s", async ({ page }) => {
    await registerByApi(page.request);
    await recordAppearance(page, ACCESS_DENIED);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expectDeniedThenHome(page);
  });

  test("JavaScript on: a client-side visit is denied the same way", async ({ page }) => {
    await registerByApi(page.request);
    await recordAppearance(page, ACCESS_DENIED);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/admin";
      a.textContent = "admin";
      a.id = "to-admin";
      document.getElementById("main")!.appendChild(a);
    });
    await page.locator("#to-admin").click();
    await expectDeniedThenHome(page);
  });

  test.describe("JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("'Access Denied', then home, as with JavaScript", async ({ page }) => {
      await registerByApi(page.request);
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(403);
      // What the browser showed before it moved on: the message, and its own refresh to the home page.
      const html = await response!.text();
      expect(html).toContain("Access Denied");
      expect(html).toContain("Admin access required");
      expect(html).toMatch(/<meta http-equiv="refresh" content="1;url=\/"/);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    });
  });
});

test.describe("session ended under an open page, JavaScript on", () => {
  const UNAUTHORIZED = { key: "unauthorized", selector: '[data-testid="toast"]', text: "Unauthorized", leaveBy: "page load" } as const;

  /** The toast was shown on the open page for about 0.5 s, then the sign-in page loaded. */
  async function expectLoggedOutThenLogin(page: Page, redirectTo: string) {
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(redirectTo)}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Flowmap" })).toBeVisible();
    const toast = await readAppearance(page, UNAUTHORIZED.key);
    expect(toast.path).toBe(redirectTo);
    expect(toast.visible).toBe(true);
    expect(toast.variant).toBe("destructive");
    expect(toast.texts).toEqual(["Unauthorized", "You are logged out. Logging in again..."]);
    // The page waits about 0.5 s before it leaves (a lower bound the app keeps); how much longer
    // the sign-in page takes to arrive depends on how busy the machine is, so there is no upper one.
    expect(toast.shownForMs).toBeGreaterThanOrEqual(450);
  }

  test("a password change on another device ends this session: toast, then the sign-in page", async ({ page, browser }) => {
    const user = await registerByApi(page.request);
    await recordAppearance(page, UNAUTHORIZED);
    await page.goto("/user-settings");
    await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
    await waitForHydration(page);

    // Another device signs in as the same user and changes the password.
    const other = await browser.newContext();
    try {
      await signInByApi(other.request, user.email, user.password);
      const otherPage = await other.newPage();
      await otherPage.goto("/user-settings");
      await input(otherPage, "Current password").fill(user.password);
      await input(otherPage, "New password").fill("changed-elsewhere-1");
      await input(otherPage, "Confirm new password").fill("changed-elsewhere-1");
      await otherPage.getByRole("button", { name: "Change Password" }).click();
      await expectToast(otherPage, "Success", { description: "Your password has been changed successfully!" });
    } finally {
      await other.close();
    }

    // The first page is still on screen; its next navigation finds the session gone.
    await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
    await desktopNav(page).getByRole("link", { name: "Scorecards", exact: true }).click();
    await expectLoggedOutThenLogin(page, "/dashboard");

    // Signing in again (with the new password) goes back where the user was heading.
    await signInThroughForm(page, user.email, "changed-elsewhere-1");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Welcome Back!");
  });

  test("a session logged out with a copied cookie: toast, then the sign-in page", async ({ page, playwright, baseURL }) => {
    await registerByApi(page.request);
    await recordAppearance(page, UNAUTHORIZED);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    await waitForHydration(page);

    // Signed out from another client (a GET would need a browser's word that it is this site's own link).
    await endSessionElsewhere(page, playwright, baseURL);

    await desktopNav(page).getByRole("link", { name: "User Settings", exact: true }).click();
    await expectLoggedOutThenLogin(page, "/user-settings");
  });
});

test.describe("session ended, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a page load with a stale cookie goes to sign-in with the 'Unauthorized' toast", async ({ page, browser }) => {
    const user = await registerByApi(page.request);
    await page.goto("/user-settings");
    await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();

    const other = await browser.newContext({ javaScriptEnabled: false });
    try {
      await signInByApi(other.request, user.email, user.password);
      const change = await other.request.put("/api/user/password", { data: { currentPassword: user.password, newPassword: "changed-elsewhere-2" } });
      expect(change.status(), await change.text()).toBe(200);
    } finally {
      await other.close();
    }

    await desktopNav(page).getByRole("link", { name: "Scorecards", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expectToast(page, "Unauthorized", { description: "You are logged out. Logging in again...", variant: "destructive" });
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Flowmap" })).toBeVisible();
    // The stale cookie is gone: the next visit is a plain redirect, without the toast.
    await page.goto("/user-settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser-settings$/);
    await expect(page.getByTestId("toast")).toHaveCount(0);

    await signInThroughForm(page, user.email, "changed-elsewhere-2");
    await expect(page).toHaveURL(/\/user-settings$/);
    await expectToast(page, "Welcome Back!");
  });
});
