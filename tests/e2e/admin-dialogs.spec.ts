import { expect, type Locator, type Page } from "@playwright/test";

import { reviewShot } from "./support/accounts";
import { signInAsAdmin, test, waitForHydration } from "./support/app";

/**
 * The admin form dialogs keep their Cancel and Save row on screen below the fields: the fields
 * scroll, and a field reached by keyboard or scrolling is never left under the footer.
 */

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, "the element has a box on screen").not.toBeNull();
  return box!;
}

/** Every field named `label` in the dialog, once focused, is wholly on screen above the footer. */
async function expectFieldsAboveFooter(page: Page, dialog: Locator, label: string) {
  // The row that holds Cancel and the submit button.
  const footer = dialog.getByRole("link", { name: "Cancel" }).locator("..");
  const viewport = page.viewportSize()!;
  const fields = dialog.getByLabel(label, { exact: true });
  const count = await fields.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    // Scrolled into view the way the browser does when Tab reaches it (the least scroll that shows it).
    await field.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
    const [fieldBox, footerBox, titleBox] = [await boxOf(field), await boxOf(footer), await boxOf(dialog.getByRole("heading").first())];
    expect(fieldBox.y, `${label} #${index + 1} starts below the dialog's title`).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
    expect(fieldBox.y + fieldBox.height, `${label} #${index + 1} ends above the footer`).toBeLessThanOrEqual(footerBox.y + 0.5);
    expect(footerBox.y + footerBox.height, "the footer is on screen").toBeLessThanOrEqual(viewport.height + 0.5);
  }
  // The buttons are reachable with the dialog scrolled anywhere.
  await expect(footer.getByRole("button", { name: /Add Flow Map|Save Changes|Add Benchmark/ })).toBeInViewport({ ratio: 1 });
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`admin dialogs at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 800 } });

      test("the flow-map dialog's Notes fields show above Save and Cancel", async ({ page, loopback }) => {
        await signInAsAdmin(page.request, loopback);
        await page.goto("/admin/flow-maps?dialog=new");
        if (javaScriptEnabled) await waitForHydration(page);
        const dialog = page.getByRole("dialog", { name: "Add Flow Map" });
        await expect(dialog.getByRole("heading", { name: "Add Flow Map" })).toBeVisible();
        await expectFieldsAboveFooter(page, dialog, "Notes");
        await dialog
          .getByLabel("Notes", { exact: true })
          .first()
          .evaluate((el) => el.scrollIntoView({ block: "nearest" }));
        await reviewShot(page, `flow-map-dialog-notes-${width}-${javaScriptEnabled ? "js" : "nojs"}`, { fullPage: false });
      });

      test("the benchmark dialog's last field shows above Add Benchmark", async ({ page, loopback }) => {
        await signInAsAdmin(page.request, loopback);
        await page.goto("/admin/benchmarks?dialog=new");
        if (javaScriptEnabled) await waitForHydration(page);
        const dialog = page.getByRole("dialog", { name: "Add Benchmark" });
        await expectFieldsAboveFooter(page, dialog, "Revenue/recipient ($)");
      });
    });
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`adding a benchmark, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the peer group is chosen from the questionnaire's lists, and a duplicate is refused at the field", async ({ page, loopback }) => {
      await signInAsAdmin(page.request, loopback);
      // Any peer group will do; the database outlives a run, so the row may already be there.
      const industries = ["Fitness", "Food & Beverage", "Education", "Media & Content", "Travel & Hospitality"];
      const industry = industries[Math.floor(Math.random() * industries.length)]!;
      const row = { benchmarkType: "Upsell Flows", performanceIndicator: "Spam Complaint Rate (Email)", industryMedian: "0.01%", industry, businessType: "B2C Subscription" };
      const seeded = await page.request.post("/api/benchmarks", { data: row });
      expect([201, 409], await seeded.text()).toContain(seeded.status());

      await page.goto("/admin/benchmarks?dialog=new");
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Add Benchmark" });
      const industrySelect = dialog.getByRole("combobox", { name: "Industry", exact: true });
      const typeSelect = dialog.getByRole("combobox", { name: "Business type", exact: true });
      await expect(industrySelect.locator("option")).toContainText(["All industries", "Technology & Software", "Fitness", "Other/General"]);
      await expect(typeSelect.locator("option")).toContainText(["All", "B2C Subscription", "eCommerce", "Other"]);

      await dialog.getByRole("combobox", { name: "Benchmark type" }).selectOption(row.benchmarkType);
      await dialog.getByRole("combobox", { name: "Performance indicator" }).selectOption(row.performanceIndicator);
      await dialog.getByRole("textbox", { name: "Industry median" }).fill("0.02%");
      await industrySelect.selectOption(industry);
      await typeSelect.selectOption(row.businessType);
      await dialog.getByRole("button", { name: "Add Benchmark" }).click();

      // The message is at the field (its description, read with it), the dialog keeps the choices.
      const indicator = page.getByRole("dialog", { name: "Add Benchmark" }).getByRole("combobox", { name: "Performance indicator" });
      await expect(indicator).toHaveAccessibleDescription(/already exists\. Edit that row, or choose another indicator, industry or business type\./);
      await expect(indicator).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("dialog", { name: "Add Benchmark" }).getByRole("combobox", { name: "Industry", exact: true })).toHaveValue(industry);
      await expect(page.getByRole("dialog", { name: "Add Benchmark" }).getByRole("textbox", { name: "Industry median" })).toHaveValue("0.02%");
    });
  });
}
