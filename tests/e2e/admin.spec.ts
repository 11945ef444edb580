import { expect, request as playwrightRequest, type Locator, type Page } from "@playwright/test";

import { expectNoSidewaysScroll, expectToast, newUser, registerByApi, signInAsAdmin, test, uniqueEmail, waitForHydration, axeOn } from "./support/app";

/**
 * The admin area: create, edit and delete on each table, granting premium, the onboarding
 * answers view and Access Denied, each with JavaScript on and off. Screens are also photographed
 * at 1280 and 375 px (test-results/admin-screens) for review.
 */

const TEXTS = {
  companyWebsite: "https://studio.example",
} as Record<string, string>;

/** Where the review screenshots go (outside test-results, which every run empties). */
const SCREENS_DIR = process.env.ADMIN_SCREENS_DIR ?? "test-results/admin-screens";

function suffix() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** After a success: the toast is checked, then taken off the page so it cannot cover anything. */
async function expectSuccess(page: Page, title: string, javaScriptEnabled: boolean) {
  const toast = await expectToast(page, title, { variant: "success" });
  if (javaScriptEnabled) {
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  } else {
    // The flash toast is shown once: loading the same address again shows the page without it.
    await page.reload();
  }
}

function dialog(page: Page, name: string): Locator {
  return page.getByRole("dialog", { name });
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

async function search(page: Page, text: string) {
  await page.getByRole("search").getByRole("searchbox").fill(text);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}

async function answersFor(baseURL: string | undefined, companyName: string) {
  const context = await playwrightRequest.newContext({ baseURL });
  await registerByApi(context, newUser({ email: uniqueEmail("profile") }));
  const fields = [
    "companyWebsite",
    "primaryTargetAudience",
    "targetAudienceAge",
    "businessOperationDescription",
    "productServiceDescription",
    "primaryProblemSolved",
    "competitiveDifferentiation",
    "customerJourney",
    "brandVoicePositioning",
    "customerFeedback",
    "frequentQuestionsConcerns",
    "salesCycleLength",
    "purchaseMethod",
    "onboardingStage",
    "onboardingGoal",
    "onboardingProcessSteps",
    "keyUserKnowledgeElements",
    "availableProofMaterials",
    "onboardingBottlenecks",
    "onboardingSpecialOffers",
    "leadToClientJourney",
    "leadAcquisitionMethod",
    "specificLeadOffer",
    "crucialLeadInformation",
    "socialProofCredentials",
    "topReasonsNotToBuy",
    "competitiveAdvantageReasons",
    "guarantees_q8",
    "leadNurtureGoal",
  ];
  const texts = Object.fromEntries(fields.map((field) => [field, TEXTS[field] ?? `Answer about ${field}`]));
  const response = await context.post("/api/onboarding", {
    data: { companyName, businessType: "eCommerce", industry: "E-commerce & Retail", communicationChannels: "Email + SMS", ...texts },
  });
  expect(response.status(), await response.text()).toBe(201);
  await context.dispose();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";

  test.describe(`admin tables with JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test.beforeEach(async ({ page, loopback }) => {
      // Each journey is a dozen page loads; on a shared two-core machine that outgrows 30 s.
      test.setTimeout(90_000);
      await signInAsAdmin(page.request, loopback);
    });

    test("benchmarks: create (refused, then saved), edit and delete", async ({ page }) => {
      // The peer group comes from the questionnaire's lists; no other browser test uses this industry.
      const industry = "Healthcare & Wellness";
      await open(page, "/admin/benchmarks", javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Manage Benchmarks" })).toBeVisible();

      await page.getByRole("link", { name: "Add Benchmark" }).click();
      const add = dialog(page, "Add Benchmark");
      await expect(add.getByRole("heading", { name: "Add Benchmark" })).toBeVisible();
      await add.getByLabel("Benchmark type").selectOption("Upsell Flows");
      await add.getByLabel("Performance indicator").selectOption("Bounce Rate (Email)");
      await add.getByLabel("Industry median").fill("0.45%");
      await add.getByLabel("Industry", { exact: true }).selectOption(industry);
      await add.getByLabel("Business type").selectOption("B2C Transactional");
      await add.getByLabel("Open rate (%)").fill("21.5");
      await add.getByLabel("Revenue/recipient ($)").fill("-1");
      // The browser's own min check would stop the post: the server's message is what is tested.
      await add.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
      await add.getByRole("button", { name: "Add Benchmark" }).click();
      const refusedDialog = dialog(page, "Add Benchmark");
      await expect(refusedDialog.getByText("Revenue per recipient cannot be negative")).toBeVisible();
      if (javaScriptEnabled) await expect(page.getByTestId("toast")).toContainText("Revenue per recipient cannot be negative");
      // What was typed is still there.
      await expect(refusedDialog.getByLabel("Industry", { exact: true })).toHaveValue(industry);
      await refusedDialog.getByLabel("Revenue/recipient ($)").fill("1.5");
      await refusedDialog.getByRole("button", { name: "Add Benchmark" }).click();
      await expectSuccess(page, "Benchmarks item created successfully", javaScriptEnabled);
      await expect(dialog(page, "Add Benchmark")).toHaveCount(0);

      await search(page, "Healthcare");
      const row = page.getByRole("row").filter({ hasText: industry });
      await expect(row).toHaveCount(1);
      // The figure fields share one column: the ones the row has, named.
      await expect(row).toContainText("Open 21.50%");
      await expect(row).toContainText("Rev. $1.50");

      await row.getByRole("link", { name: /^Edit/ }).click();
      const edit = dialog(page, "Edit Benchmark");
      await expect(edit.getByLabel("Open rate (%)")).toHaveValue("21.50");
      await edit.getByLabel("Industry median").fill("0.50%");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expectSuccess(page, "Benchmarks item updated successfully", javaScriptEnabled);
      await expect(page.getByRole("row").filter({ hasText: industry })).toContainText("0.50%");
      await expect(page).toHaveURL(/q=/);

      await page
        .getByRole("row")
        .filter({ hasText: industry })
        .getByRole("link", { name: /^Delete/ })
        .click();
      await dialog(page, "Delete Benchmark").getByRole("button", { name: "Delete" }).click();
      await expectSuccess(page, "Benchmarks item deleted successfully", javaScriptEnabled);
      await expect(page.getByText("No benchmarks found")).toBeVisible();
    });

    test("flow maps: create with the step editor (timing order refused), edit and delete", async ({ page }) => {
      const name = `Spring welcome ${suffix()}`;
      await open(page, "/admin/flow-maps", javaScriptEnabled);
      await page.getByRole("link", { name: "Add Flow Map" }).click();
      let editor = dialog(page, "Add Flow Map");
      await editor.getByLabel("Flow name").fill(name);
      await editor.getByLabel("Flow type").selectOption("onboarding");
      await editor.getByLabel("Business type").fill("eCommerce");
      await editor.getByLabel("Trigger").fill("Joins the list");
      const fillStep = async (step: Locator, title: string) => {
        await step.getByLabel("Title").fill(title);
        await step.getByLabel("Goal").fill(`Goal of ${title}`);
        await step.getByLabel("Key messages").fill(`Messages of ${title}`);
        await step.getByLabel("Call to action").fill(`Act on ${title}`);
      };
      await fillStep(editor.getByRole("listitem", { name: "Step 1" }), "Welcome");
      await editor.getByRole("button", { name: "Add step" }).click();
      editor = dialog(page, "Add Flow Map");
      const second = editor.getByRole("listitem", { name: "Step 2" });
      await expect(second).toBeVisible();
      await expect(editor.getByRole("listitem", { name: "Step 1" }).getByLabel("Title")).toHaveValue("Welcome");
      await fillStep(second, "Day two tips");
      await second.getByLabel("Amount").fill("2");
      await second.getByLabel("Unit").selectOption("days");

      // Moving the 2-day step first breaks the timing order: the server says so at the step.
      await second.getByRole("button", { name: "Move step 2 up" }).click();
      editor = dialog(page, "Add Flow Map");
      await expect(editor.getByRole("listitem", { name: "Step 1" }).getByLabel("Title")).toHaveValue("Day two tips");
      await editor.getByRole("button", { name: "Add Flow Map" }).click();
      editor = dialog(page, "Add Flow Map");
      await expect(editor.getByText("Step 2 is timed before step 1: put the steps in time order")).toBeVisible();

      await editor.getByRole("listitem", { name: "Step 2" }).getByRole("button", { name: "Move step 2 up" }).click();
      editor = dialog(page, "Add Flow Map");
      await expect(editor.getByRole("listitem", { name: "Step 1" }).getByLabel("Title")).toHaveValue("Welcome");
      await editor.getByRole("button", { name: "Add Flow Map" }).click();
      await expectSuccess(page, "Flow Maps item created successfully", javaScriptEnabled);

      await search(page, name);
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Onboarding");
      await expect(row.getByRole("cell").nth(4)).toHaveText("2");

      await row.getByRole("link", { name: /^Edit/ }).click();
      editor = dialog(page, "Edit Flow Map");
      await expect(editor.getByRole("listitem", { name: "Step 2" }).getByLabel("Amount")).toHaveValue("2");
      await editor.getByLabel("Flow name").fill(`${name} v2`);
      await editor.getByRole("button", { name: "Remove step 2" }).click();
      editor = dialog(page, "Edit Flow Map");
      await expect(editor.getByRole("listitem")).toHaveCount(1);
      await editor.getByRole("button", { name: "Save Changes" }).click();
      await expectSuccess(page, "Flow Maps item updated successfully", javaScriptEnabled);
      const edited = page.getByRole("row").filter({ hasText: `${name} v2` });
      await expect(edited.getByRole("cell").nth(4)).toHaveText("1");

      await edited.getByRole("link", { name: /^Delete/ }).click();
      await dialog(page, "Delete Flow Map").getByRole("button", { name: "Delete" }).click();
      await expectSuccess(page, "Flow Maps item deleted successfully", javaScriptEnabled);
      await expect(page.getByText("No flow maps found")).toBeVisible();
    });

    test("users: granting premium applies to the user's next request; revoking takes it back", async ({ page, baseURL }) => {
      const customer = await playwrightRequest.newContext({ baseURL });
      const account = await registerByApi(customer, newUser({ email: uniqueEmail("customer") }));
      const plan = async () => ((await (await customer.get("/api/auth/user")).json()) as { isPremium: boolean }).isPremium;
      expect(await plan()).toBe(false);

      await open(page, "/admin/users", javaScriptEnabled);
      await search(page, account.email);
      const toggle = page.getByRole("switch", { name: `Premium for ${account.email}` });
      await expect(toggle).toHaveAttribute("aria-checked", "false");
      await toggle.click();
      await expectSuccess(page, "Premium turned on", javaScriptEnabled);
      await expect(page.getByRole("switch", { name: `Premium for ${account.email}` })).toHaveAttribute("aria-checked", "true");
      expect(await plan()).toBe(true);

      await page.getByRole("switch", { name: `Premium for ${account.email}` }).click();
      await expectSuccess(page, "Premium turned off", javaScriptEnabled);
      expect(await plan()).toBe(false);
      await customer.dispose();
    });

    test("onboarding: a row opens the full answers, read only", async ({ page, baseURL }) => {
      const company = `Glow Studio ${suffix()}`;
      await answersFor(baseURL, company);
      await open(page, "/admin/onboarding", javaScriptEnabled);
      await search(page, company);
      const row = page.getByRole("row").filter({ hasText: company });
      await expect(row).toContainText("Email + SMS");
      await row.getByRole("link", { name: /^View/ }).click();
      const view = dialog(page, company);
      await expect(view.getByText("https://studio.example")).toBeVisible();
      await expect(view.getByText("Answer about leadNurtureGoal")).toBeVisible();
      await expect(view.locator("input, textarea, select")).toHaveCount(0);
      await view.getByRole("link", { name: "Close", exact: true }).click();
      await expect(dialog(page, company)).toHaveCount(0);
    });

    test("a signed-in user who is not Admin gets Access Denied on every admin screen", async ({ page }) => {
      await page.context().clearCookies();
      await registerByApi(page.request, newUser({ email: uniqueEmail("member") }));
      for (const path of ["/admin", "/admin/benchmarks", "/admin/flow-maps", "/admin/onboarding", "/admin/users"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        if (!javaScriptEnabled) await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      }
    });
  });
}

test.describe("admin screens", () => {
  test("dashboard tiles all lead somewhere and the screens pass axe", async ({ page, loopback }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page.request, loopback);
    await open(page, "/admin", true);
    for (const [tile, heading] of [
      ["Manage Benchmarks", "Manage Benchmarks"],
      ["Manage Flow Maps", "Manage Flow Maps"],
      ["View Onboarding", "View Onboarding"],
      ["User Management", "User Management"],
    ]) {
      await page.getByRole("link", { name: new RegExp(`^${tile}`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const results = await axeOn(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await open(page, "/admin", true);
    }
  });

  test("every admin screen opens, and at 375 px none scrolls sideways (photographed at 1280 and 375 px)", async ({ page, loopback }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page.request, loopback);
    const shots = ["/admin", "/admin/benchmarks", "/admin/benchmarks?dialog=new", "/admin/flow-maps", "/admin/flow-maps?dialog=new", "/admin/onboarding", "/admin/users"];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of shots) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await waitForHydration(page);
        if (width === 375) await expectNoSidewaysScroll(page);
        const name = path.replace(/[/?=]+/g, "-").replace(/^-/, "");
        await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: width === 1280 });
      }
    }
  });
});
