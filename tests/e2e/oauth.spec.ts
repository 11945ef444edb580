import { expect, type Page } from "@playwright/test";

import type { LoopbackProvider } from "../support/oauth-provider";
import { expectToast, registerByApi, newUser, test as appTest, waitForHydration } from "./support/app";
import { OAUTH_BUTTON_LABEL, oauthServerEnv } from "./support/oauth";
import { workerPorts } from "./support/server";

/**
 * The provider runs in the test worker, on the port the app server was configured for, so each
 * test can choose the identity it approves and read the requests it received.
 */
const test = appTest.extend<{ provider: LoopbackProvider }>({
  provider: async ({ loopback }, use, testInfo) => {
    // The app server's OAUTH_* settings (tests/e2e/support/server.ts) must describe this provider.
    expect(loopback.env()).toEqual(oauthServerEnv(workerPorts(testInfo.parallelIndex).oauth));
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    loopback.profile = { sub: `e2e-${tag}`, email: `oauth.${tag}@example.test`, email_verified: true, given_name: "Olive", family_name: "Auth" };
    loopback.requests.length = 0;
    loopback.failNextToken = undefined;
    await use(loopback);
  },
});

async function expectSignInOption(page: Page) {
  await expect(page.getByText("Or continue with")).toBeVisible();
  const link = page.getByRole("link", { name: OAUTH_BUTTON_LABEL });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/api/login");
  return link;
}

/** The provider saw a PKCE (S256) authorization request for this app, then the code exchange. */
function expectFullFlow(provider: LoopbackProvider, baseURL: string) {
  const authorize = provider.requests.find((r) => r.path === "/authorize");
  expect(authorize?.params).toMatchObject({
    response_type: "code",
    client_id: "flowmap-test-client",
    code_challenge_method: "S256",
    redirect_uri: new URL("/api/login/callback", baseURL).toString(),
  });
  expect(authorize?.params.state).toBeTruthy();
  expect(provider.requests.map((r) => r.path)).toEqual(["/authorize", "/token", "/userinfo"]);
}

async function expectSignedInAs(page: Page, firstName: string) {
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Welcome Back!", { variant: "success" });
  await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
  await expect(page.getByTestId("user-button")).toHaveAccessibleName(`User settings for ${firstName}`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`third-party sign-in, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the login page offers the provider, and it signs a new user in", async ({ page, provider, baseURL }) => {
      await page.goto("/login");
      const link = await expectSignInOption(page);
      if (javaScriptEnabled) await waitForHydration(page);
      await link.click();
      await expectSignedInAs(page, "Olive");
      expectFullFlow(provider, baseURL!);

      // A new account from the provider's profile, without a password of its own.
      await page.getByTestId("user-button").click();
      await expect(page.getByRole("heading", { level: 1, name: "User Settings" })).toBeVisible();
      await expect(page.getByText(provider.profile.email!, { exact: true })).toBeVisible();
      await expect(page.getByTestId("full-name")).toHaveText("Olive Auth");
      await expect(page.getByText("You sign in through a third-party provider")).toBeVisible();
    });

    test("a returning user gets the same account back", async ({ page, provider }) => {
      await page.goto("/api/login");
      await expectSignedInAs(page, "Olive");
      // Renamed in Flowmap; the provider still says 'Olive'.
      await page.goto("/user-settings?edit=name");
      await page.getByLabel("First name", { exact: true }).fill("Oona");
      await page.getByRole("button", { name: "Save Name" }).click();
      await expectToast(page, "Success", { description: "Your name has been updated successfully!" });
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

      provider.requests.length = 0;
      await page.goto("/login");
      await (await expectSignInOption(page)).click();
      await expectSignedInAs(page, "Oona");
      expect(provider.requests.map((r) => r.path)).toEqual(["/authorize", "/token", "/userinfo"]);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an email that already has a password account, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the provider sign-in is refused with what to do; the owner signs in with the password, connects the provider in settings, and then it signs in", async ({
      page,
      provider,
    }) => {
      const existing = await registerByApi(page.request, newUser({ firstName: "Priscilla" }));
      await page.context().clearCookies();
      provider.profile = { ...provider.profile, email: existing.email, email_verified: true, given_name: "Someone", family_name: "Else" };
      await page.goto("/login");
      if (javaScriptEnabled) await waitForHydration(page);
      await (await expectSignInOption(page)).click();
      await expect(page).toHaveURL(/\/login$/);
      await expectToast(page, "Sign-in failed", {
        description: "An account with this email exists: sign in with your password, then connect loopback in settings.",
        variant: "destructive",
      });
      await expect(page.getByTestId("user-button")).toHaveCount(0);

      // The owner signs in with their password…
      await page.getByLabel("Email", { exact: true }).fill(existing.email);
      await page.getByLabel("Password", { exact: true }).fill(existing.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectSignedInAs(page, "Priscilla");
      // …and connects the provider in User Settings.
      await page.goto("/user-settings");
      await expect(page.getByTestId("provider-status")).toContainText("Connect loopback to sign in with it as well.");
      provider.requests.length = 0;
      await page.getByRole("button", { name: "Connect loopback" }).click();
      await expect(page).toHaveURL(/\/user-settings$/);
      await expectToast(page, "Connected", { description: "You can now sign in with loopback.", variant: "success" });
      await expect(page.getByTestId("provider-status")).toHaveText("Connected: you can sign in with loopback.");
      expect(provider.requests.map((r) => r.path)).toEqual(["/authorize", "/token", "/userinfo"]);

      // From now on the provider signs the owner in to the same account.
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      await page.goto("/login");
      if (javaScriptEnabled) await waitForHydration(page);
      await (await expectSignInOption(page)).click();
      await expectSignedInAs(page, "Priscilla");
    });
  });
}

test.describe("third-party sign-in edge cases, JavaScript on", () => {
  test("a failed code exchange goes back to /login with an explanation", async ({ page, provider }) => {
    provider.failNextToken = "invalid_grant";
    await page.goto("/login");
    await waitForHydration(page);
    await (await expectSignInOption(page)).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "Sign-in failed", { variant: "destructive" });
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Flowmap" })).toBeVisible();
    await expect(page.getByTestId("user-button")).toHaveCount(0);
    expect(provider.requests.map((r) => r.path)).toEqual(["/authorize", "/token"]);

    // Trying again works.
    await (await expectSignInOption(page)).click();
    await expectSignedInAs(page, "Olive");
  });

  test("a signed-in user is not shown the login page", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
  });
});
