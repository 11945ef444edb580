import { expect, type Locator, type Page } from "@playwright/test";

import { LEAD_NURTURE_FIELDS } from "../../app/lib/questionnaire/fields";
import { TIMING_NEGATIVE_MESSAGE } from "../../app/lib/timing-input";
import { grantPremium, reviewShot, seedProfile, withDatabase } from "./support/accounts";
import { expectErrorToast, newUser, registerByApi, signInAsAdmin, test, waitForHydration } from "./support/app";

/**
 * What a new user walks into, as they see it: the wizard after a finished profile, the
 * scorecard's sentences, the Edit Touchpoint dialog without JavaScript, the account menu, at 1280
 * and 375 px.
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

    test("the wizard after a finished questionnaire opens where an answer is still needed, marks it, and never stands in the way of flows", async ({ page }) => {
      await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
      // What the questionnaire leaves: no day-to-day description, no lead nurture answers.
      await seedProfile(page.request);
      const blanked = await page.request.patch("/api/onboarding", {
        data: { businessOperationDescription: "", ...Object.fromEntries(LEAD_NURTURE_FIELDS.map((field) => [field, ""])) },
      });
      expect(blanked.status(), await blanked.text()).toBe(200);
      await page.goto("/onboarding");
      await expect(page).toHaveURL(/\/onboarding\?step=3$/);
      await expect(page.getByTestId("wizard-step")).toHaveText("Step 3 of 5");
      const notice = page.getByTestId("wizard-profile-notice");
      await expect(notice).toContainText("1 answer on this step is still needed (marked below): the messages of every flow are written from these.");
      const needed = page.locator("[data-needed]");
      await expect(needed).toHaveCount(1);
      await expect(needed.getByText("Still needed")).toBeVisible();
      await expect(needed.getByRole("textbox")).toHaveValue("");
      // Answers already given stay filled.
      await expect(page.getByLabel(/website/i).first()).not.toHaveValue("");
      await reviewShot(page, `wizard-after-questionnaire-${width}`);

      await notice.getByRole("link", { name: "generate them now on Flow Mappings" }).click();
      await expect(page).toHaveURL(/\/flow-mappings/);
      await expect(page.getByRole("button", { name: "Generate Flow" })).toBeVisible();
    });

    test("the scorecard says a figure above its median is above it, and counts a flow's figures one way", async ({ page }) => {
      const user = await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
      await seedProfile(page.request);
      await grantPremium(user.email);
      await generated(page, "onboarding");
      await generated(page, "lead_nurture");
      const save = async (data: Record<string, unknown>) => expect((await page.request.post("/api/user-metrics", { data })).status()).toBe(200);
      // Clicks far below the median, revenue per recipient far above it.
      await save({ flowType: "onboarding", clickRate: 10, revenuePerRecipient: 999, openRate: 4000 });
      // One figure, near its median: nothing to say about it but that it is alone.
      await save({ flowType: "lead_nurture", bounceRate: 30 });
      await page.goto("/dashboard");
      const card = page.getByTestId("scorecard-card");
      await expect(card).toContainText(/revenue per recipient \(\$9\.99\) is \d+% above the median \(\$[\d.]+\), so there is no revenue gap for Flowmap to price/);
      await expect(card).not.toContainText("already matches");
      await expect(card.getByTestId("flow-score-lead_nurture")).toContainText("1 of 3 figures");
      await expect(card).toContainText("but only 1 of the 3 figures a score needs");
      await card.scrollIntoViewIfNeeded();
      await reviewShot(page, `scorecard-${width}`);
    });

    test("the account menu in the header signs out", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await page.goto("/dashboard");
      await waitForHydration(page);
      const menu = page.getByTestId("account-menu");
      await menu.getByLabel("Account menu").click();
      await expect(menu.getByRole("link", { name: "User Settings" })).toBeVisible();
      await menu.getByRole("button", { name: "Sign out" }).click();
      await expect(page).not.toHaveURL(/\/dashboard/);
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });

    test("a new attempt at changing the password takes the old refusal's toast away", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await page.goto("/user-settings");
      await waitForHydration(page);
      await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("a-new-password-1");
      await page.getByLabel("Confirm new password", { exact: true }).fill("a-new-password-1");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expectErrorToast(page, "Current password is incorrect");
      await page.getByLabel("Confirm new password", { exact: true }).fill("something-else-2");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Passwords don't match")).toBeVisible();
      await expect(page.getByRole("region", { name: "Notifications" })).not.toContainText("Current password is incorrect");
    });

    test("a failed website research keeps its reason and what to do on the card after a reload", async ({ page }) => {
      const user = await registerByApi(page.request, newUser());
      await seedProfile(page.request);
      // An AI Quick Pass user whose address research refuses (loopback).
      await withDatabase((db) =>
        db.collection("users").updateOne({ email: user.email }, { $set: { completionMethod: "ai", researchWebsiteUrl: "http://[::1]/", aiResearchCompleted: 0 } }),
      );
      await page.goto("/dashboard");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Start AI Research" }).click();
      await expectErrorToast(page, "loopback");
      const kept = page.getByTestId("research-last-failure");
      await expect(kept).toContainText("The last research did not finish:");
      await expect(kept).toContainText("What to do: Correct the website address below");
      await page.reload();
      await expect(page.getByTestId("research-last-failure")).toContainText("loopback");
    });

    test("a figure typed finer than hundredths is said to be kept rounded", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await seedProfile(page.request);
      await page.goto("/dashboard?open=onboarding#benchmark-onboarding");
      await waitForHydration(page);
      const section = page.getByTestId("benchmark-section-onboarding");
      await section.getByLabel(/Spam Complaint Rate/).fill("0.012");
      await expect(section.getByTestId("rounded-onboarding-spamComplaintRate")).toHaveText("Kept as 0.01%: figures are stored to 2 decimals.");
      await expect(section.getByLabel(/Spam Complaint Rate/)).toHaveAttribute("step", "0.01");
    });

    test("the admin benchmarks table: no column lies under the actions, and rows stand apart", async ({ page, loopback }) => {
      await signInAsAdmin(page.request, loopback);
      await page.goto("/admin/benchmarks");
      const table = page.getByRole("table");
      await expect(table).toBeVisible();
      const rows = table.locator("tbody tr");
      await expect(rows.first()).toBeVisible();
      const overlaps = await rows.first().evaluate((row) => {
        const cells = Array.from(row.children) as HTMLElement[];
        const actions = cells[cells.length - 1]!.getBoundingClientRect();
        return cells
          .slice(0, -1)
          .filter((cell) => cell.getBoundingClientRect().right > actions.left + 1 && cell.getBoundingClientRect().left < actions.right)
          .map((cell) => cell.textContent);
      });
      if (width >= 1280) expect(overlaps, "cells under the actions column").toEqual([]);
      else {
        // On a phone each row says its indicator and median beside the flow: no two rows read alike.
        await expect(rows.first().getByTestId("row-summary")).toBeVisible();
        const firstCells = await rows.locator("td:first-child, th:first-child").allInnerTexts();
        expect(firstCells.length).toBeGreaterThan(1);
        expect(new Set(firstCells).size).toBe(firstCells.length);
      }
      await reviewShot(page, `admin-benchmarks-${width}`, { fullPage: false });
    });

    test("a timeline wider than its room says it scrolls, and its far edge is shaded", async ({ page }) => {
      const user = await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
      await seedProfile(page.request);
      await grantPremium(user.email);
      await generated(page, "sunset");
      await page.goto("/flow-mappings?type=sunset");
      const scroller = page.getByTestId("flow-timeline").getByRole("group");
      const overflows = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      if (overflows) {
        await expect(page.getByTestId("timeline-scroll-hint")).toBeVisible();
        const background = await scroller.evaluate((element) => getComputedStyle(element).backgroundImage);
        expect(background).toContain("radial-gradient");
      }
      // The first title stands clear of the trigger's line (the Trigger pill is centred on it).
      const svg = page.getByTestId("flow-timeline").locator("svg");
      const triggerX = await svg.getByText("Trigger", { exact: true }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.left + box.width / 2;
      });
      const firstTitleLeft = await svg
        .getByTestId("timeline-title")
        .first()
        .evaluate((el) => el.getBoundingClientRect().left);
      expect(firstTitleLeft).toBeGreaterThan(triggerX + 2);
      await page.getByTestId("flow-timeline").scrollIntoViewIfNeeded();
      await reviewShot(page, `timeline-${width}`, { fullPage: false });
    });

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

      test("a B2B draft opened at ?step=5 counts the company questions on their own path, not as 'Step 1 of 2'", async ({ page }) => {
        await page.goto("/questionnaire");
        await page.getByRole("radio", { name: "B2B (Business-to-Business)" }).check();
        await page.getByLabel("Industry").selectOption("B2B Services");
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 2");
        await page.goto("/questionnaire?step=5");
        await expect(page.getByTestId("step-indicator")).toHaveText("Step 5 of 7");
        await expect(page.getByTestId("percent-complete")).toHaveText("71% complete");
      });

      test("the account menu opens and signs out", async ({ page }) => {
        await registerByApi(page.request, newUser());
        await page.goto("/dashboard");
        const menu = page.getByTestId("account-menu");
        await menu.getByLabel("Account menu").click();
        await menu.getByRole("button", { name: "Sign out" }).click();
        await expect(page).not.toHaveURL(/\/dashboard/);
        expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      });
    });
  });
}
