import { expect, type Page } from "@playwright/test";

import { html, startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { RICH_PAGE } from "../integration/research/pages";
import { reviewShot, withDatabase } from "./support/accounts";
import { expectToast, newUser, registerByApi, test, waitForHydration } from "./support/app";
import { workerPorts } from "./support/server";

/**
 * AI research can be repaired: the questionnaire refuses at step 4 an address research would
 * refuse, and the dashboard's research card says why a saved address cannot be read and takes
 * another one, saved and researched at once. With JavaScript on and off.
 */

const PORT_REFUSAL =
  "This address cannot be researched: only the standard web ports 80 and 443 are fetched. Enter your website's public address, like https://www.yourcompany.com.";

let site: FixtureSite;
test.beforeAll(async ({}, testInfo) => {
  site = await startFixtureSite({ "/": html(RICH_PAGE) }, { port: workerPorts(testInfo.parallelIndex).research });
});
test.afterAll(async () => {
  await site.close();
});

function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

/** An AI Quick Pass account saved before step 4 checked addresses: its website has a port. */
async function accountWithRefusedWebsite(page: Page, website = "https://www.bloom.example:8080") {
  const user = await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
  await withDatabase((db) => db.collection("users").updateOne({ email: user.email }, { $set: { completionMethod: "ai", researchWebsiteUrl: website, aiResearchCompleted: 0 } }));
  return user;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("step 4 refuses a website research could not read, saying why and what to enter", async ({ page }) => {
      await page.goto("/questionnaire");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("radio", { name: "eCommerce" }).check();
      await field(page, "Industry").selectOption("E-commerce & Retail");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("radio", { name: "Email + SMS" }).check();
      await page.getByRole("radio", { name: "Known category with service innovation" }).check();
      await page.getByRole("radio", { name: "Service and product combinations" }).check();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
      const website = field(page, "Your website address");
      await website.fill("https://www.bloom.example:8080");
      await page.getByRole("button", { name: "Next" }).click();

      await expect(page).toHaveURL(/step=4/);
      await expect(field(page, "Your website address")).toHaveAccessibleDescription(new RegExp(PORT_REFUSAL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await field(page, "Your website address").fill("https://www.bloom.example");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/step=7/);
    });

    test("the research card says why the saved address cannot be read, takes another and researches it", async ({ page }) => {
      await accountWithRefusedWebsite(page);
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      const card = page.getByTestId("research-card");
      await expect(card).toContainText(PORT_REFUSAL);
      const address = card.getByRole("textbox", { name: "Website address" });
      await expect(address).toHaveValue("https://www.bloom.example:8080");

      // Another refused address: the reason is at the field, what was typed stays.
      await address.fill("http://10.0.0.8/");
      await card.getByRole("button", { name: "Save and research" }).click();
      const refused = page.getByTestId("research-card").getByRole("textbox", { name: "Website address" });
      await expect(refused).toHaveAccessibleDescription(/This address cannot be researched: a private address \(10\.0\.0\.0\/8, 172\.16\.0\.0\/12 or 192\.168\.0\.0\/16\)\./);
      await expect(refused).toHaveValue("http://10.0.0.8/");

      await refused.fill(`${site.origin}/`);
      await page.getByTestId("research-card").getByRole("button", { name: "Save and research" }).click();
      await expectToast(page, "AI Research Complete!", { variant: "success" });
      await expect(page.getByTestId("research-card")).toHaveCount(0);
      // The answers the site supports are in the profile now.
      const answers = await (await page.request.get("/api/onboarding")).json();
      expect(JSON.stringify(answers)).toContain("small-batch stoneware");
    });
  });
}

test.describe("the dashboard with an error toast", () => {
  for (const width of [1280, 375]) {
    test(`at ${width} px: research fails, the toast says why and the card offers the way out`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await accountWithRefusedWebsite(page);
      await page.goto("/dashboard");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Start AI Research" }).click();
      await expectToast(page, "AI Research Failed", {
        description: "This address cannot be researched: only the standard web ports 80 and 443 are fetched.",
        variant: "destructive",
      });
      await expect(page.getByTestId("research-address").getByRole("textbox", { name: "Website address" })).toBeVisible();
      await reviewShot(page, `dashboard-error-toast-${width}`, { fullPage: false });
    });
  }
});
