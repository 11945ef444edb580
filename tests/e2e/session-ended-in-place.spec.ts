import { expect, type Page } from "@playwright/test";

import { endSessionElsewhere } from "./support/accounts";
import { newUser, readAppearance, recordAppearance, registerByApi, signInAsAdmin, test, waitForHydration } from "./support/app";

/**
 * The session ends while a page stays open, and the page's next request is not a navigation: a
 * metric the dashboard saves by itself, an admin switch sent in place. The page says so in the
 * spec's words ('Unauthorized' / 'You are logged out. Logging in again...'), goes to sign-in, and
 * signing in comes back to the page.
 */

/** The toast is on screen for about 0.5 s before the sign-in page loads: the page notes it as it appears. */
const UNAUTHORIZED = { key: "unauthorized", selector: '[data-testid="toast"]', text: "Unauthorized", leaveBy: "page load" } as const;

async function expectToldThenSignIn(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === path);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Flowmap" })).toBeVisible();
  const toast = await readAppearance(page, UNAUTHORIZED.key);
  expect(toast.path).toBe(path.split("?")[0]);
  expect(toast.visible).toBe(true);
  expect(toast.variant).toBe("destructive");
  expect(toast.texts).toEqual(["Unauthorized", "You are logged out. Logging in again..."]);
}

/**
 * The session ends while a page stays open, and the page's next request is not a navigation: a
 * metric the dashboard saves by itself, an admin switch sent in place. The page says so in the
 * spec's words ('Unauthorized' / 'You are logged out. Logging in again...'), goes to sign-in, and
 * signing in comes back to the page.
 */

test("a metric saved after the session ended: 'Unauthorized', sign-in, and back to the dashboard", async ({ page, playwright, baseURL }) => {
  const user = await registerByApi(page.request, newUser());
  await recordAppearance(page, UNAUTHORIZED);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await endSessionElsewhere(page, playwright, baseURL);

  await page
    .locator("#benchmark-lead_nurture")
    .getByRole("spinbutton", { name: /^Open Rate/ })
    .fill("41.5");
  await expectToldThenSignIn(page, "/dashboard");

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
});

test("an admin switch sent after the session ended: 'Unauthorized', then sign-in that comes back to the table", async ({ page, playwright, baseURL, loopback }) => {
  const member = await registerByApi(page.context().request, newUser());
  await signInAsAdmin(page.request, loopback);
  await recordAppearance(page, UNAUTHORIZED);
  const tablePath = `/admin/users?q=${encodeURIComponent(member.email)}`;
  await page.goto(tablePath);
  await waitForHydration(page);
  const premium = page.getByRole("switch", { name: `Premium for ${member.email}` });
  await expect(premium).toBeVisible();
  await endSessionElsewhere(page, playwright, baseURL);

  await premium.click();
  await expectToldThenSignIn(page, tablePath);
});
