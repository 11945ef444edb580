import { expect } from "@playwright/test";

import { grantPremium, reviewShot } from "./support/accounts";
import { newUser, PREMIUM_BENEFITS, registerByApi, test } from "./support/app";

/** /user-settings tells a premium user what the plan includes, and offers no upgrade. */
for (const width of [1280, 375]) {
  test(`a premium user's plan at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const user = await registerByApi(page.request, newUser());
    await grantPremium(user.email);
    await page.goto("/user-settings");
    const plan = page.getByRole("region", { name: "Subscription" });
    await expect(plan).toContainText("Premium Plan");
    await expect(plan).toContainText("Your plan includes:");
    for (const benefit of PREMIUM_BENEFITS) await expect(plan).toContainText(benefit);
    await expect(plan).not.toContainText("Limited access");
    await expect(plan.getByRole("link", { name: "Upgrade to Premium" })).toHaveCount(0);
    await plan.scrollIntoViewIfNeeded();
    await reviewShot(page, `user-settings-premium-${width}`, { fullPage: false });
  });
}
