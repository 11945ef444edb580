import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { ADMIN_EMAIL, expectToast, newUser, registerByApi, signInAsAdmin, test, waitForHydration } from "./support/app";

/**
 * Addresses and open dialogs that name something another tab (or the Back button) made stale: a
 * deleted touchpoint, a version or flow that is not there, an admin row that is gone. The user
 * keeps the screen and is told what happened; never the 404 page. With and without JavaScript.
 */

const TOUCHPOINT_GONE = "This touchpoint no longer exists (it may have been deleted in another tab). The flow below is up to date.";

async function userWithFlow(request: APIRequestContext) {
  await registerByApi(request, newUser({ companyName: "Bloom & Co" }));
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `Bloom & Co's answer about ${field}`]));
  const onboarding = await request.post("/api/onboarding", {
    data: { ...texts, companyName: "Bloom & Co", businessType: "eCommerce", industry: "E-commerce & Retail", communicationChannels: "Email only" },
  });
  expect(onboarding.status(), await onboarding.text()).toBe(201);
  const generated = await request.post("/api/ai-flows/generate", { data: { flowType: "onboarding", customContext: "" } });
  expect(generated.status(), await generated.text()).toBe(201);
  return (await generated.json()) as { id: string; touchpoints: Array<{ id: string; title: string }> };
}

async function expectFlowNot404(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Bloom & Co Flow mappings" })).toBeVisible();
  await expect(page.getByTestId("touchpoint-card").first()).toBeVisible();
  await expect(page.getByText("404 Page Not Found")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/flow-mappings\?type=onboarding$/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`stale addresses, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("delete a touchpoint, then Back: the flow with 'Touchpoint Not Found'", async ({ page }) => {
      const flow = await userWithFlow(page.request);
      const target = flow.touchpoints[1]!;
      await page.goto("/flow-mappings?type=onboarding");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: `Delete ${target.title}` }).click();
      await page.getByRole("dialog", { name: "Delete Touchpoint" }).getByRole("button", { name: "Delete Touchpoint" }).click();
      await expectToast(page, "Touchpoint Deleted");
      await expect(page.getByTestId("touchpoint-card")).toHaveCount(flow.touchpoints.length - 1);

      await page.goBack();
      await expectToast(page, "Touchpoint Not Found", { description: TOUCHPOINT_GONE, variant: "destructive" });
      await expectFlowNot404(page);
    });

    test("save a touchpoint another tab deleted: the flow with 'Failed to Update Touchpoint'", async ({ page, context }) => {
      const flow = await userWithFlow(page.request);
      const target = flow.touchpoints[0]!;
      await page.goto(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${target.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const edit = page.getByRole("dialog", { name: "Edit Touchpoint" });
      await edit.getByLabel("Title").fill("A better welcome");

      // Another tab of the same browser deletes it meanwhile.
      const other = await context.newPage();
      await other.goto(`/flow-mappings?type=onboarding&dialog=delete-touchpoint&touchpoint=${target.id}`);
      // Scripts arrive after the first paint (decision 118): click once the tab is hydrated, as on the first tab,
      // so the delete is the fetch the test means and not a native post racing the dialog's hydration.
      if (javaScriptEnabled) await waitForHydration(other);
      await other.getByRole("dialog", { name: "Delete Touchpoint" }).getByRole("button", { name: "Delete Touchpoint" }).click();
      await expectToast(other, "Touchpoint Deleted");
      await other.close();

      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Failed to Update Touchpoint", { description: TOUCHPOINT_GONE, variant: "destructive" });
      await expectFlowNot404(page);
      await expect(page.getByText("A better welcome")).toHaveCount(0);
    });

    test("a compare address with a version that is not there, and a dialog of a flow that is not there", async ({ page }) => {
      await userWithFlow(page.request);
      await page.goto("/flow-mappings?type=onboarding&dialog=compare&version=000000000000000000000000");
      await expectToast(page, "Version Not Found", { description: "This version no longer exists. Open Versions to choose another.", variant: "destructive" });
      await expectFlowNot404(page);

      await page.goto("/flow-mappings?type=lead_nurture&dialog=regenerate");
      await expectToast(page, "Flow Not Found", { variant: "destructive" });
      await expect(page).toHaveURL(/\/flow-mappings\?type=lead_nurture$/);
      await expect(page.getByRole("heading", { name: "Generate Your First Lead Nurture Flow" })).toBeVisible();
    });

    test("an admin edits a benchmark another tab deleted: the table with the reason", async ({ page, loopback }) => {
      await signInAsAdmin(page.request, loopback);
      const created = await page.request.post("/api/benchmarks", {
        data: {
          benchmarkType: "Upsell Flows",
          performanceIndicator: "Spam Complaint Rate (Email)",
          industryMedian: "33.30%",
          industry: "Travel & Hospitality",
          businessType: "B2C Transactional",
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await page.goto(`/admin/benchmarks?dialog=edit&id=${id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Edit Benchmark" });
      // The dialog's root has no box of its own: its heading shows that it is on screen.
      await expect(dialog.getByRole("heading", { name: "Edit Benchmark" })).toBeVisible();

      const removed = await page.request.delete(`/api/benchmarks/${id}`);
      expect(removed.status(), ADMIN_EMAIL).toBeLessThan(300);
      await dialog.getByRole("button", { name: /^Save/ }).click();
      await expectToast(page, "Error", { description: "Benchmark not found.", variant: "destructive" });
      await expect(page.getByRole("heading", { level: 1, name: "Manage Benchmarks" })).toBeVisible();
      await expect(page.getByText("404 Page Not Found")).toHaveCount(0);

      // Back to (or a link to) the dialog of the deleted row: the table, told why.
      await page.goto(`/admin/benchmarks?dialog=delete&id=${id}`);
      await expectToast(page, "Error", { description: "It may have been deleted in another tab", variant: "destructive" });
      await expect(page).toHaveURL(/\/admin\/benchmarks$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}
