import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { QUESTIONS } from "../../app/lib/questionnaire/questions";
import { desktopNav, expectToast, newUser, registerByApi, test, waitForHydration, axeOn } from "./support/app";

/**
 * The onboarding wizard, the Onboarding Questions page and the dashboard's Business Profile card,
 * with JavaScript and without.
 */

const STEP_3 = [
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
] as const;
const STEP_4 = [
  "onboardingStage",
  "onboardingGoal",
  "onboardingProcessSteps",
  "keyUserKnowledgeElements",
  "availableProofMaterials",
  "onboardingBottlenecks",
  "onboardingSpecialOffers",
] as const;
const STEP_5 = [
  "leadToClientJourney",
  "leadAcquisitionMethod",
  "specificLeadOffer",
  "crucialLeadInformation",
  "socialProofCredentials",
  "topReasonsNotToBuy",
  "competitiveAdvantageReasons",
  "guarantees_q8",
  "leadNurtureGoal",
] as const;
type TextField = (typeof STEP_3)[number] | (typeof STEP_4)[number] | (typeof STEP_5)[number];

const STEP_INVALID = "Please fill in all required fields before proceeding.";
const SUBMIT_INVALID = "Please fill in all required fields before submitting.";

const answerOf = (field: string) => (field === "companyWebsite" ? "https://glow.example" : `My answer to ${field}`);

function question(page: Page, field: TextField) {
  return page.getByLabel(QUESTIONS[field].label);
}

function group(page: Page, name: string): Locator {
  return page.getByRole("group", { name });
}

async function fillText(page: Page, fields: readonly TextField[]) {
  for (const field of fields) await question(page, field).fill(answerOf(field));
}

function main(page: Page) {
  return page.getByRole("main");
}

/** A refused step without JavaScript: the banner reads like the toast, title and message. */
async function expectRefusal(page: Page, message: string) {
  const alert = main(page).getByRole("alert");
  await expect(alert).toContainText("Validation Error");
  await expect(alert).toContainText(message);
}

async function expectStep(page: Page, step: number, title: string) {
  await expect(page.getByTestId("wizard-step")).toHaveText(`Step ${step} of 5`);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  const dots = page.getByRole("list", { name: "Onboarding progress" }).getByRole("listitem");
  await expect(dots).toHaveCount(5);
  await expect(dots.nth(step - 1)).toHaveAttribute("aria-current", "step");
}

/** The whole questionnaire through the API (the Onboarding Questions page's starting point in several tests). */
async function seedOnboarding(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const texts = Object.fromEntries([...STEP_3, ...STEP_4, ...STEP_5].map((field) => [field, answerOf(field)]));
  const response = await request.post("/api/onboarding", {
    data: {
      companyName: "Acme Goods",
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email only",
      ...texts,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Checks the toast, then closes it (it would stay while the pointer is on it). */
async function expectToastAndDismiss(page: Page, title: string, options: Parameters<typeof expectToast>[2] = {}) {
  await expectToast(page, title, options);
  await dismissToast(page);
}

async function dismissToast(page: Page) {
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast).toHaveCount(0);
}

async function expectProfileCard(page: Page, rows: { company: string; type: string; industry: string; channels: string }) {
  const card = page.getByTestId("business-profile");
  await expect(card.getByRole("heading", { name: "Business Profile" })).toBeVisible();
  for (const [label, value] of [
    ["Company", rows.company],
    ["Business type", rows.type],
    ["Industry", rows.industry],
    ["Communication channels", rows.channels],
  ]) {
    await expect(card.locator("div", { has: page.getByText(label, { exact: true }) }).locator("dd")).toHaveText(value);
  }
  await expect(card.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/onboarding/answers");
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Marks the document; the mark survives client-side navigation and is gone after a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-e2e-mark", "kept"));
}
async function expectSameDocument(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-e2e-mark", "kept");
}

/**
 * Holds back the data request of one route module (client-side navigation or a form post with
 * JavaScript) until released; the layout's data still arrives.
 */
async function holdData(page: Page, pathname: string, routeId: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `${pathname}.data` && (url.searchParams.get("_routes") ?? routeId) === routeId,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test.describe("onboarding wizard with JavaScript", () => {
  test("B2C Service/Retail: Next is held back until each step is valid, Complete fills the dashboard card", async ({ page }) => {
    test.slow();
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/dashboard");
    await waitForHydration(page);
    // Before onboarding the card prompts for it.
    await expect(page.getByTestId("business-profile")).toContainText("Complete your business profile");
    await page.getByRole("link", { name: "Start Onboarding" }).click();
    await expect(page).toHaveURL(/\/onboarding\?step=1$/);
    await markDocument(page);

    // Step 1: Next with nothing filled in stays on step 1 with the spec's toast and the errors.
    await expectStep(page, 1, "Business Information");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectToast(page, "Validation Error", { description: STEP_INVALID, variant: "destructive" });
    await expectStep(page, 1, "Business Information");
    const company = page.getByLabel("Company name");
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(company).toHaveAccessibleDescription("This field is required");
    await expect(company).toBeFocused();
    await expect(page.getByLabel("Business type")).toHaveAttribute("aria-invalid", "true");
    await dismissToast(page);

    await company.fill("Glow Studio");
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await page.getByLabel("Industry").selectOption("Fitness");
    // Enter in a field is Next Step, never Previous.
    await company.press("Enter");

    // Step 2, the service/retail variant: the service details are required.
    await expectStep(page, 2, "Service Business Details");
    await expect(page.getByRole("heading", { level: 2, name: "Service Business Details" })).toBeFocused();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectToast(page, "Validation Error", { description: STEP_INVALID });
    await expectStep(page, 2, "Service Business Details");
    for (const name of ["How far ahead do customers book?", "How often do customers come back?", "How does demand vary through the year?"]) {
      await expect(group(page, name)).toHaveAccessibleDescription("Please select at least one option");
    }
    await expect(group(page, "How long does a purchase decision take?")).toHaveAccessibleDescription("This field is required");
    await expect(group(page, "How far ahead do customers book?").getByLabel("Short (0-4 days)")).toBeFocused();
    await dismissToast(page);

    await group(page, "How far ahead do customers book?").getByLabel("Short (0-4 days)").check();
    await group(page, "How far ahead do customers book?").getByLabel("Medium (5-14 days)").check();
    await group(page, "How often do customers come back?").getByLabel("Regular (Weekly)").check();
    await group(page, "How long does a purchase decision take?").getByLabel("Quick (2-24 hours)").check();
    await group(page, "How does demand vary through the year?").getByLabel("Steady demand with consistent patterns").check();
    await group(page, "Which channels do you use to reach customers?").getByLabel("Email + SMS").check();
    await group(page, "What is your primary conversion goal?").getByLabel("First Booking").check();
    await page.getByRole("button", { name: "Next Step" }).click();

    // Step 3: a blank answer holds Next back.
    await expectStep(page, 3, "General Business Information");
    await fillText(page, STEP_3.slice(0, -1));
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectToast(page, "Validation Error", { description: STEP_INVALID });
    await expect(question(page, "purchaseMethod")).toHaveAttribute("aria-invalid", "true");
    await expect(question(page, "purchaseMethod")).toBeFocused();
    await dismissToast(page);
    await fillText(page, ["purchaseMethod"]);
    await page.getByRole("button", { name: "Next Step" }).click();

    // Step 4, then Previous keeps what was typed on both steps.
    await expectStep(page, 4, "Onboarding Questions");
    await fillText(page, STEP_4);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 3, "General Business Information");
    await expect(question(page, "customerJourney")).toHaveValue(answerOf("customerJourney"));
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 2, "Service Business Details");
    await expect(group(page, "How far ahead do customers book?").getByLabel("Medium (5-14 days)")).toBeChecked();
    await page.getByRole("button", { name: "Next Step" }).click();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectStep(page, 4, "Onboarding Questions");
    await expect(question(page, "onboardingGoal")).toHaveValue(answerOf("onboardingGoal"));
    await page.getByRole("button", { name: "Next Step" }).click();

    // Step 5: Complete with a blank answer is refused with the submit message.
    await expectStep(page, 5, "Lead Nurture Questions");
    await expect(page.getByRole("button", { name: "Next Step" })).toHaveCount(0);
    await fillText(page, STEP_5.slice(1));
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await expectToast(page, "Validation Error", { description: SUBMIT_INVALID, variant: "destructive" });
    await expect(question(page, "leadToClientJourney")).toBeFocused();
    await dismissToast(page);
    await fillText(page, ["leadToClientJourney"]);
    // Every step so far changed without a page load.
    await expectSameDocument(page);

    // 'Saving...' while the save is under way (the request is held back to see it).
    const release = await holdData(page, "/onboarding", "routes/_app+/onboarding._index");
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToastAndDismiss(page, "Success", { description: "Onboarding completed successfully!", variant: "success" });
    await expectProfileCard(page, { company: "Glow Studio", type: "B2C Service/Retail", industry: "Fitness", channels: "Email + SMS" });
    await expectSameDocument(page);
  });

  test("another business type gets the communication step; a saved profile is prefilled and updated", async ({ page }) => {
    test.slow();
    await registerByApi(page.request);
    await seedOnboarding(page.request, { companyName: "Acme Goods", businessType: "eCommerce", industry: "E-commerce & Retail" });
    await page.goto("/onboarding");
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 1, name: "Update your business profile" })).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue("Acme Goods");
    await expect(page.getByLabel("Business type")).toHaveValue("eCommerce");
    await page.getByLabel("Company name").fill("Acme Outlet");
    await page.getByRole("button", { name: "Next Step" }).click();

    await expectStep(page, 2, "Communication & Goals");
    await expect(group(page, "How far ahead do customers book?")).toHaveCount(0);
    await expect(group(page, "Which channels do you use to reach customers?").getByLabel("Email only")).toBeChecked();
    await group(page, "Which channels do you use to reach customers?").getByLabel("Email + SMS").check();
    for (const step of [3, 4, 5]) {
      await page.getByRole("button", { name: "Next Step" }).click();
      await expect(page.getByTestId("wizard-step")).toHaveText(`Step ${step} of 5`);
    }
    await expect(question(page, "leadNurtureGoal")).toHaveValue(answerOf("leadNurtureGoal"));
    await page.getByRole("button", { name: "Complete Onboarding" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToastAndDismiss(page, "Success", { description: "Profile updated successfully!", variant: "success" });
    await expectProfileCard(page, { company: "Acme Outlet", type: "eCommerce", industry: "E-commerce & Retail", channels: "Email + SMS" });
  });

  test("the dashboard card shows a skeleton while it loads, then fresh data", async ({ page }) => {
    await registerByApi(page.request);
    await seedOnboarding(page.request, { companyName: "Skeleton Co" });
    await page.goto("/user-settings");
    await waitForHydration(page);

    const release = await holdData(page, "/dashboard", "routes/_app+/dashboard");
    await desktopNav(page).getByRole("link", { name: "Scorecards" }).click();
    await expect(page.getByTestId("business-profile-skeleton")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Scorecards" })).toBeVisible();
    release();
    await expect(page.getByTestId("business-profile-skeleton")).toHaveCount(0);
    await expectProfileCard(page, { company: "Skeleton Co", type: "eCommerce", industry: "E-commerce & Retail", channels: "Email only" });
  });

  test("the wizard has no serious accessibility problems and fits a 375 px phone", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page.getByLabel("Company name")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page);
    await dismissToast(page);

    await page.getByLabel("Company name").fill("Glow");
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await page.getByLabel("Industry").selectOption("Fitness");
    await page.getByRole("button", { name: "Next Step" }).click();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(group(page, "How far ahead do customers book?")).toHaveAccessibleDescription("Please select at least one option");
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe("onboarding wizard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step is a form post; the answers travel along; Complete fills the dashboard card", async ({ page }) => {
    test.slow();
    await registerByApi(page.request, newUser({ companyName: "" }));
    await page.goto("/onboarding");

    await expectStep(page, 1, "Business Information");
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectStep(page, 1, "Business Information");
    await expectRefusal(page, STEP_INVALID);
    await expect(page.getByLabel("Company name")).toHaveAccessibleDescription("This field is required");
    await expect(page.getByLabel("Company name")).toBeFocused();

    await page.getByLabel("Company name").fill("Quiet Studio");
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await page.getByLabel("Industry").selectOption("Healthcare & Wellness");
    await page.getByRole("button", { name: "Next Step" }).click();

    await expectStep(page, 2, "Service Business Details");
    await group(page, "How far ahead do customers book?").getByLabel("Long (15+ days)").check();
    await page.getByRole("button", { name: "Next Step" }).click();
    // Refused by the server: still step 2, what was ticked is still ticked.
    await expectStep(page, 2, "Service Business Details");
    await expectRefusal(page, STEP_INVALID);
    await expect(group(page, "How often do customers come back?")).toHaveAccessibleDescription("Please select at least one option");
    await expect(group(page, "How far ahead do customers book?").getByLabel("Long (15+ days)")).toBeChecked();
    await group(page, "How often do customers come back?").getByLabel("Monthly").check();
    await group(page, "How long does a purchase decision take?").getByLabel("Considered (1-7 days)").check();
    await group(page, "How does demand vary through the year?").getByLabel("Event-driven with holiday rushes and special occasions").check();
    await group(page, "Which channels do you use to reach customers?").getByLabel("Email only").check();
    await page.getByRole("button", { name: "Next Step" }).click();

    await expectStep(page, 3, "General Business Information");
    await fillText(page, STEP_3);
    await page.getByRole("button", { name: "Next Step" }).click();
    await expectStep(page, 4, "Onboarding Questions");
    await fillText(page, STEP_4);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 3, "General Business Information");
    await expect(question(page, "salesCycleLength")).toHaveValue(answerOf("salesCycleLength"));
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(question(page, "onboardingStage")).toHaveValue(answerOf("onboardingStage"));
    await page.getByRole("button", { name: "Next Step" }).click();

    await expectStep(page, 5, "Lead Nurture Questions");
    await page.getByRole("button", { name: "Complete Onboarding" }).click();
    await expectRefusal(page, SUBMIT_INVALID);
    await expect(question(page, "leadToClientJourney")).toBeFocused();
    await fillText(page, STEP_5);
    await page.getByRole("button", { name: "Complete Onboarding" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Success", { description: "Onboarding completed successfully!" });
    await expectProfileCard(page, { company: "Quiet Studio", type: "B2C Service/Retail", industry: "Healthcare & Wellness", channels: "Email only" });
  });
});

test.describe("Onboarding Questions page with JavaScript", () => {
  test("skeletons while loading; sections follow the business type; save, update and reset with the spec's toasts", async ({ page }) => {
    test.slow();
    await registerByApi(page.request);
    await seedOnboarding(page.request, { companyName: "Acme Goods", businessType: "eCommerce", industry: "Fitness" });
    await page.goto("/dashboard");
    await waitForHydration(page);

    // Edit Profile: the page shows at once, with skeletons until the answers arrive.
    const release = await holdData(page, "/onboarding/answers", "routes/_app+/onboarding.answers");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Onboarding Questions" })).toBeVisible();
    await expect(page.getByText("Edit Profile", { exact: true })).toBeVisible();
    await expect(page.getByTestId("answers-skeleton")).toBeVisible();
    release();
    await expect(page.getByTestId("answers-skeleton")).toHaveCount(0);

    const headings = main(page).getByRole("heading", { level: 2 });
    await expect(headings).toHaveText([
      // The business model its flows are planned for, above the answers (business-model.spec.ts).
      "Business model",
      "Basic Information",
      "Communication & Goals",
      "Business Assessment",
      "General Business Information",
      "Onboarding Strategy Questions",
      "Lead Nurture Questions",
    ]);
    await expect(page.getByLabel("Company name")).toHaveValue("Acme Goods");
    // The shorter industry list, with the saved industry kept although the list lacks it.
    const industries = await page.getByLabel("Industry").locator("option").allTextContents();
    expect(industries).toEqual([
      "Select your industry",
      "Technology & Software",
      "Professional Services",
      "E-commerce & Retail",
      "Financial Services",
      "Healthcare & Wellness",
      "Education & Training",
      "Travel & Hospitality",
      "B2B Services",
      "Media & Content",
      "Other/General",
      "Fitness",
    ]);
    await expect(page.getByLabel("Industry")).toHaveValue("Fitness");
    await expect(group(page, "How new is your service to customers?")).toBeVisible();
    await expect(group(page, "Where are your upsell opportunities?")).toBeVisible();

    // The sections switch as soon as the business type changes.
    await expect(group(page, "How far ahead do customers book?")).toBeHidden();
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await expect(main(page).getByRole("heading", { level: 2, name: "Service Business Details" })).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 2, name: "Communication & Goals" })).toHaveCount(0);
    await expect(group(page, "How far ahead do customers book?")).toBeVisible();

    // Saving (the bottom button) checks the service/retail rules.
    await page.getByLabel("Company name").fill("Acme Studio");
    await main(page).getByRole("button", { name: "Save Changes" }).last().click();
    await expectToast(page, "Validation Error", { description: SUBMIT_INVALID, variant: "destructive" });
    await expect(group(page, "How far ahead do customers book?")).toHaveAccessibleDescription("Please select at least one option");
    await expect(group(page, "How far ahead do customers book?").getByLabel("Short (0-4 days)")).toBeFocused();
    await dismissToast(page);

    await group(page, "How far ahead do customers book?").getByLabel("Short (0-4 days)").check();
    await group(page, "How often do customers come back?").getByLabel("High Frequency (2+ times/week)").check();
    await group(page, "How long does a purchase decision take?").getByLabel("Impulse (0-2 hours)").check();
    await group(page, "How does demand vary through the year?").getByLabel("High demand periods with limited availability").check();
    await group(page, "How new is your service to customers?").getByLabel("Brand new category").check();
    await question(page, "customerJourney").fill("");
    // The top Save Changes submits the same form.
    await main(page).getByRole("button", { name: "Save Changes" }).first().click();
    await expectToastAndDismiss(page, "Success", { description: "Onboarding answers updated successfully!", variant: "success" });
    await expect(page.getByLabel("Company name")).toHaveValue("Acme Studio");

    // Reset returns to the last saved values.
    await page.getByLabel("Company name").fill("Unsaved edit");
    await page.getByLabel("Business type").selectOption("Other");
    await expect(main(page).getByRole("heading", { level: 2, name: "Communication & Goals" })).toBeVisible();
    await page.getByRole("button", { name: "Reset" }).click();
    await expectToastAndDismiss(page, "Form Reset", { description: "Form has been reset to last saved values" });
    await expect(page.getByLabel("Company name")).toHaveValue("Acme Studio");
    await expect(page.getByLabel("Business type")).toHaveValue("B2C Service/Retail");
    await expect(main(page).getByRole("heading", { level: 2, name: "Service Business Details" })).toBeVisible();

    // What was saved is what the server has, and the dashboard shows it.
    await page.reload();
    await expect(group(page, "How often do customers come back?").getByLabel("High Frequency (2+ times/week)")).toBeChecked();
    await expect(group(page, "How new is your service to customers?").getByLabel("Brand new category")).toBeChecked();
    await expect(question(page, "customerJourney")).toHaveValue("");
    await waitForHydration(page);
    await desktopNav(page).getByRole("link", { name: "Scorecards" }).click();
    await expectProfileCard(page, { company: "Acme Studio", type: "B2C Service/Retail", industry: "Fitness", channels: "Email only" });
  });

  test("a first save says 'saved'; Reset with nothing saved goes back to the defaults", async ({ page }) => {
    await registerByApi(page.request, newUser({ companyName: "Fresh Co" }));
    await page.goto("/onboarding/answers");
    await waitForHydration(page);
    await expect(page.getByLabel("Company name")).toHaveValue("Fresh Co");

    await page.getByLabel("Company name").fill("Changed");
    await page.getByRole("button", { name: "Reset" }).click();
    await expectToastAndDismiss(page, "Form Reset", { description: "Form has been reset to default values" });
    await expect(page.getByLabel("Company name")).toHaveValue("Fresh Co");

    await page.getByLabel("Business type").selectOption("B2C Subscription");
    await page.getByLabel("Industry").selectOption("Media & Content");
    await main(page).getByRole("button", { name: "Save Changes" }).first().click();
    await expectToastAndDismiss(page, "Success", { description: "Onboarding answers saved successfully!", variant: "success" });
  });

  test("the answers page has no serious accessibility problems and fits a 375 px phone", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/onboarding/answers");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await main(page).getByRole("button", { name: "Save Changes" }).first().click();
    await expect(page.getByLabel("Industry")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe("Onboarding Questions page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("saves, shows the service details after switching type and saving, and resets to the saved values", async ({ page }) => {
    await registerByApi(page.request);
    await seedOnboarding(page.request, { companyName: "Static Co" });
    await page.goto("/onboarding/answers");
    await expect(main(page).getByRole("heading", { level: 2, name: "Communication & Goals" })).toBeVisible();
    await expect(group(page, "How far ahead do customers book?")).toBeHidden();

    await page.getByLabel("Company name").fill("Static Studio");
    await question(page, "brandVoicePositioning").fill("Calm and precise");
    await main(page).getByRole("button", { name: "Save Changes" }).first().click();
    await expectToast(page, "Success", { description: "Onboarding answers updated successfully!" });
    await expect(page.getByLabel("Company name")).toHaveValue("Static Studio");
    await expect(question(page, "brandVoicePositioning")).toHaveValue("Calm and precise");

    // Switching to B2C Service/Retail: the service details appear after saving, with their errors.
    await page.getByLabel("Business type").selectOption("B2C Service/Retail");
    await main(page).getByRole("button", { name: "Save Changes" }).last().click();
    await expect(main(page).getByRole("heading", { level: 2, name: "Service Business Details" })).toBeVisible();
    await expect(group(page, "How far ahead do customers book?")).toHaveAccessibleDescription("Please select at least one option");
    await expect(group(page, "How far ahead do customers book?").getByLabel("Short (0-4 days)")).toBeFocused();
    await expect(page.getByLabel("Business type")).toHaveValue("B2C Service/Retail");

    // Reset: the server reloads the saved answers.
    await page.getByRole("button", { name: "Reset" }).click();
    await expectToast(page, "Form Reset", { description: "Form has been reset to last saved values" });
    await expect(page.getByLabel("Business type")).toHaveValue("eCommerce");
    await expect(main(page).getByRole("heading", { level: 2, name: "Communication & Goals" })).toBeVisible();
  });
});
