import { expect, type Page } from "@playwright/test";

import { newUser, registerByApi, test, waitForHydration } from "./support/app";

/**
 * API access tokens on /user-settings: create one (shown once), call the API with it from a
 * client that has no cookie, see its last use in the list, revoke it, and the token is refused.
 * With JavaScript and without.
 */
for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";

  test.describe(`API access tokens, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    const visit = async (page: Page, url: string) => {
      await page.goto(url);
      if (javaScriptEnabled) await waitForHydration(page);
    };

    test("create a token, use it from a script, revoke it", async ({ page, request }) => {
      const user = await registerByApi(page.request, newUser({ firstName: "Toby" }));
      await visit(page, "/user-settings");
      const section = page.getByRole("region", { name: "API access tokens" });
      await expect(section.getByText("You have no access tokens.")).toBeVisible();

      // A blank name is refused at the field.
      await section.getByRole("button", { name: "Create token" }).click();
      await expect(section.getByLabel("Token name")).toHaveAccessibleDescription(/Token name is required/);

      await section.getByLabel("Token name").fill("Reporting script");
      await section.getByRole("button", { name: "Create token" }).click();
      const shown = section.getByLabel("Your new access token");
      await expect(shown).toHaveValue(/^fmp_/);
      await expect(section.getByText("you won’t be able to see it again", { exact: false })).toBeVisible();
      const token = await shown.inputValue();

      // `request` shares nothing with the page: the token alone signs the call in.
      const me = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ email: user.email, firstName: "Toby" });

      // Shown once: a fresh load lists the token (now used) without its secret.
      await visit(page, "/user-settings");
      await expect(section.getByLabel("Your new access token")).toHaveCount(0);
      const row = section.getByRole("row", { name: /Reporting script/ });
      await expect(row).toBeVisible();
      await expect(row).not.toContainText("Never");
      expect(await page.content()).not.toContain(token);

      // Revoking asks first; Cancel keeps the token.
      await row.getByRole("link", { name: "Revoke Reporting script" }).click();
      const confirm = page.getByTestId("revoke-token-dialog");
      await expect(confirm).toContainText("Revoke “Reporting script”?");
      await confirm.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(row).toBeVisible();
      await row.getByRole("link", { name: "Revoke Reporting script" }).click();
      await page.getByTestId("revoke-token-dialog").getByRole("button", { name: "Revoke Token" }).click();
      await expect(section.getByText("You have no access tokens.")).toBeVisible();
      const refused = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
    });
  });
}
