import { expect, type Locator, type Page } from "@playwright/test";

import { TIMING_NEGATIVE_MESSAGE } from "../../app/lib/timing-input";
import { reviewShot, seedProfile } from "./support/accounts";
import { newUser, registerByApi, test } from "./support/app";

/**
 * What a new user walks into, as they see it: the wizard after a finished profile, the Edit
 * Touchpoint dialog without JavaScript, at 1280 and 375 px.
 */

/** The element a person would hit at the centre of `target` is `target` itself or inside it: nothing lies over it. */
async function expectUncovered(target: Locator, what: string) {
  await expect(target).toBeInViewport();
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop, `${what} is not covered`).toBe(true);
}

async function generated(page: Page, flowType = "onboarding") {
  const response = await page.request.post("/api/ai-flows/generate", { data: { flowType } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; touchpoints: Array<{ id: string; title: string }> };
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("a refused touchpoint edit: the dialog's title and close link stay clear of the message, which the dialog repeats", async ({ page }) => {
        await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
        await seedProfile(page.request);
        const flow = await generated(page);
        const step = flow.touchpoints[1]!;
        await page.goto(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${step.id}`);
        const dialog = page.getByTestId("edit-dialog");
        await dialog.getByLabel("Amount").fill("-3");
        await dialog.getByRole("button", { name: "Save Changes" }).click();

        await expect(dialog).toContainText(TIMING_NEGATIVE_MESSAGE);
        // Nothing was left empty: the message does not ask to fill anything in.
        await expect(dialog.getByTestId("dialog-page-message")).toContainText("Please correct the touchpoint");
        await expect(dialog.getByTestId("dialog-page-message")).toBeVisible();
        await expectUncovered(dialog.getByRole("heading", { name: "Edit Touchpoint" }), "the title");
        await expectUncovered(dialog.getByRole("link", { name: "Close dialog" }), "the close link");
        await reviewShot(page, `edit-dialog-no-js-refused-${width}`, { fullPage: false });
      });
    });
  });
}
