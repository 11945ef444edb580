import fs from "node:fs";
import path from "node:path";

import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { withDatabase } from "./support/accounts";
import { expectNoSidewaysScroll, expectToast, newUser, registerByApi, test, upgradeDialog as upgradeDialogRoot, waitForHydration, axeOn } from "./support/app";

/**
 * The /flow-mappings screen, with JavaScript and without: generate, regenerate with feedback,
 * versions, compare, roll back, conversation, edit and delete touchpoints, delete the flow,
 * premium flow types, the onboarding prompt, the progress bar on a fake clock, and axe.
 */

const SCREENSHOTS = process.env.FLOW_SCREENSHOTS_DIR;

/** A plausible plant shop, so the generated flows read like a real one. */
const ANSWERS: Record<string, string> = {
  companyWebsite: "https://bloom.example",
  primaryTargetAudience: "Urban apartment dwellers who want easy-care houseplants",
  targetAudienceAge: "25-44",
  productServiceDescription: "Houseplants, pots and plant-care kits delivered to the door",
  primaryProblemSolved: "Keeping plants alive without a garden or expert knowledge",
  brandVoicePositioning: "Warm, expert and a little playful",
  onboardingGoal: "A second order within 30 days",
  onboardingSpecialOffers: "10% off the second order",
  leadNurtureGoal: "First purchase within two weeks",
  competitiveDifferentiation: "Every plant is nursery-grown, potted and guaranteed for 30 days",
  socialProofCredentials: "4.8 stars from 2,300 reviews",
  topReasonsNotToBuy: "Worry that the plant will die; delivery damage",
  frequentQuestionsConcerns: "How much light does it need? Is it pet-safe?",
  availableProofMaterials: "Customer photos and reviews",
  guarantees_q8: "30-day healthy plant guarantee",
  specificLeadOffer: "Free plant-care guide",
};

/** A complete business profile (the flows are written from it). */
async function seedOnboarding(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ANSWERS[field] ?? `Bloom & Co's answer about ${field}`]));
  const response = await request.post("/api/onboarding", {
    data: {
      ...texts,
      companyName: "Bloom & Co",
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email + SMS",
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function signedInWithProfile(page: Page, { onboarding = true } = {}) {
  const user = await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
  if (onboarding) await seedOnboarding(page.request);
  return user;
}

/** Premium is set by the provider's staff; the test does it in the running server's database. */
async function makePremium(email: string) {
  const result = await withDatabase((db) => db.collection("users").updateOne({ email }, { $set: { isPremium: 1 } }));
  expect(result.matchedCount).toBe(1);
}

/** The upgrade dialog's root has no box of its own: its heading shows whether it is on screen. */
function upgradeDialog(page: Page): Locator {
  return upgradeDialogRoot(page).getByRole("heading", { name: "Upgrade to Premium" });
}

/** Generates the flow through the page's own form post (what the Generate Flow button sends). */
async function generateByForm(request: APIRequestContext, type = "onboarding") {
  const response = await request.post(`/flow-mappings?type=${type}`, { form: { intent: "generate" }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
}

async function axe(page: Page, context: string) {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    context,
  ).toEqual([]);
}

/** Screenshots for looking at the screen (set FLOW_SCREENSHOTS_DIR); dialogs are taken as the viewport shows them. */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

function touchpointCards(page: Page): Locator {
  return page.getByTestId("touchpoint-card");
}

async function dismissToast(page: Page) {
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  if ((await toast.count()) === 0) return;
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast).toHaveCount(0);
}

async function expectToastAndDismiss(page: Page, title: string, options: Parameters<typeof expectToast>[2] = {}) {
  await expectToast(page, title, options);
  await dismissToast(page);
}

/** Holds the page's POSTs to /flow-mappings until released (to see pending states). */
async function holdActions(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/flow-mappings.data",
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    },
  );
  return release;
}

// Long journeys on a shared, slow machine: each test gets room.
test.describe.configure({ timeout: 120_000 });

// A console error in the page fails the test (the browser's own note of a 4xx answer aside: the
// tests provoke those on purpose).
const consoleErrors = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
});
test.afterEach(({ page }) => {
  expect(consoleErrors.get(page) ?? [], "console errors in the page").toEqual([]);
});

test.describe("flow mappings with JavaScript", () => {
  test("generate the first flow: empty state, pending state, toast, card, timeline and touchpoints", async ({ page }) => {
    await signedInWithProfile(page);
    await page.goto("/flow-mappings");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bloom & Co Flow mappings");
    await expect(page.getByRole("navigation", { name: "Flow type" }).getByRole("link", { name: /^Onboarding/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Generate Your First Onboarding Flow" })).toBeVisible();
    await expect(page.getByText("This may take 1-3 minutes")).toBeVisible();
    await axe(page, "empty state");
    await shot(page, "empty-1280");

    const release = await holdActions(page);
    await page.getByRole("button", { name: "Generate Flow" }).click();
    await expect(page.getByRole("button", { name: "Generating…" })).toBeDisabled();
    await expect(page.getByTestId("generating")).toBeVisible();
    release();

    await expectToast(page, "Flow Generated Successfully!", { variant: "success" });
    const card = page.getByTestId("flow-card");
    await expect(card).toContainText("Bloom & Co");
    await expect(card).toContainText("Onboarding Flow");
    await expect(card).toContainText("Current Version");
    await expect(card.getByTestId("previous-versions")).toHaveText("0");
    const count = await touchpointCards(page).count();
    expect(count).toBeGreaterThan(1);
    await expect(card.getByTestId("touchpoint-count")).toHaveText(String(count));
    // Step numbers in order, channels labelled, a wait card where a later step waits.
    for (let index = 0; index < count; index++) await expect(touchpointCards(page).nth(index)).toContainText(`Step ${index + 1}`);
    await expect(page.getByTestId("wait-card").first()).toContainText(/^Wait \d/);
    for (const label of ["Primary goal", "Key messages", "Call to action"]) await expect(touchpointCards(page).first()).toContainText(label);
    // The timeline: one node per touchpoint, an SVG image with a text alternative.
    const timeline = page.getByTestId("flow-timeline");
    await expect(timeline.getByTestId("timeline-node")).toHaveCount(count);
    await expect(timeline.getByRole("img", { name: /Onboarding flow timeline/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Versions" }).or(page.getByRole("link", { name: /^Versions/ }))).toBeVisible();
    await dismissToast(page);
    // Without premium, Generate Full Email Content opens the upgrade dialog.
    await page.getByRole("link", { name: "Generate Full Email Content" }).click();
    await expect(upgradeDialog(page)).toBeVisible();
    await upgradeDialogRoot(page).getByRole("button", { name: "Maybe Later" }).click();
    await expect(upgradeDialog(page)).toBeHidden();
    await axe(page, "flow");
    await shot(page, "flow-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    // Nothing but the timeline scrolls sideways on a phone.
    await expectNoSidewaysScroll(page);
    await shot(page, "flow-375");
    if (SCREENSHOTS) {
      await page.getByTestId("flow-timeline").screenshot({ path: path.join(SCREENSHOTS, "timeline-375.png") });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId("flow-timeline").screenshot({ path: path.join(SCREENSHOTS, "timeline-1280.png") });
    }
  });

  test("regenerate with feedback, versions, compare, roll back and the conversation", async ({ page }) => {
    await signedInWithProfile(page);
    await generateByForm(page.request);
    await page.goto("/flow-mappings?type=onboarding");
    await waitForHydration(page);

    // Empty histories first.
    await page.getByRole("link", { name: /^Versions/ }).click();
    const versions = page.getByRole("dialog", { name: "Flow Version History" });
    await expect(versions.getByText("No previous versions available")).toBeVisible();
    await expect(versions.getByText("Versions are created when you regenerate flows")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(versions).toBeHidden();
    await expect(page).toHaveURL(/\?type=onboarding$/);
    await expect(page.getByRole("link", { name: /^Versions/ })).toBeFocused();
    // Keyboard only: Enter opens, focus moves inside, the close button works from the keyboard.
    await page.getByRole("link", { name: "Conversation" }).focus();
    await page.keyboard.press("Enter");
    const conversation = page.getByRole("dialog", { name: "Conversation History" });
    await expect(conversation.getByText("No conversation history available")).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await expect(conversation.getByText("Messages are saved when you regenerate flows")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(conversation.getByRole("button", { name: "Close dialog" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(conversation).toBeHidden();
    await expect(page.getByRole("link", { name: "Conversation" })).toBeFocused();

    const firstTitles = await touchpointCards(page).locator("h3").allTextContents();
    await page.getByRole("link", { name: "Regenerate" }).click();
    const regenerate = page.getByRole("dialog", { name: "Regenerate Flow" });
    const feedback = regenerate.getByLabel("Your feedback");
    await expect(feedback).toBeFocused();
    const confirm = regenerate.getByRole("button", { name: "Regenerate Flow" });
    await expect(confirm).toBeDisabled();
    await feedback.fill("   ");
    await expect(confirm).toBeDisabled();
    await feedback.fill("Make it shorter and add an SMS reminder.");
    await expect(confirm).toBeEnabled();
    await axe(page, "regenerate dialog");
    await shot(page, "regenerate-1280", { fullPage: false });
    await confirm.click();
    await expectToast(page, "Flow Regenerated Successfully!", { description: "The previous flow was saved as version 1.", variant: "success" });
    await expect(regenerate).toBeHidden();
    await expect(page.getByTestId("version-count")).toHaveText("1");
    await dismissToast(page);

    await page.getByRole("link", { name: /^Versions/ }).click();
    await expect(versions.getByTestId("version-row")).toHaveCount(1);
    await expect(versions.getByTestId("version-row")).toContainText("Version 1");
    await expect(versions).toContainText("Current Version");
    await axe(page, "versions dialog");
    await shot(page, "versions-1280", { fullPage: false });

    await versions.getByRole("link", { name: /Compare with current/ }).click();
    const compare = page.getByRole("dialog", { name: "Version 1 compared with current" });
    await expect(compare).toBeVisible();
    await expect(compare.getByTestId("compare-overview")).toBeVisible();
    await expect(compare.getByTestId("compare-row").first()).toBeVisible();
    await axe(page, "compare dialog");
    await shot(page, "compare-1280", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, "compare-375", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await compare.getByRole("button", { name: "Rollback to version 1" }).click();
    await expectToast(page, "Rollback Successful!", { variant: "success" });
    await expect(compare).toBeHidden();
    await expect(touchpointCards(page).locator("h3")).toHaveText(firstTitles);
    // The replaced content was saved too: two earlier versions now.
    await expect(page.getByTestId("version-count")).toHaveText("2");
    await dismissToast(page);

    await page.getByRole("link", { name: "Conversation" }).click();
    const messages = conversation.getByTestId("message");
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(0)).toContainText("You");
    await expect(messages.nth(0)).toContainText("Make it shorter and add an SMS reminder.");
    await expect(messages.nth(1)).toContainText("AI Assistant");
    await expect(messages.nth(2)).toContainText("System");
    await expect(messages.nth(2)).toContainText("Rolled back to version 1");
    await axe(page, "conversation dialog");
    await shot(page, "conversation-1280", { fullPage: false });
  });

  test("edit a touchpoint after a validation error, delete a touchpoint, delete the flow", async ({ page }) => {
    await signedInWithProfile(page);
    await generateByForm(page.request);
    await page.goto("/flow-mappings?type=onboarding");
    await waitForHydration(page);
    const before = await touchpointCards(page).count();
    const first = touchpointCards(page).first();
    const firstTitle = (await first.locator("h3").textContent()) ?? "";

    await first.getByRole("link", { name: `Edit ${firstTitle}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Touchpoint" });
    await expect(edit.getByLabel("Title")).toBeFocused();
    await expect(edit.getByLabel("Title")).toHaveValue(firstTitle);
    await edit.getByLabel("Title").fill("   ");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(edit).toContainText("All touchpoint fields are required.");
    await expectToastAndDismiss(page, "Please fill all required fields", { description: "All touchpoint fields are required.", variant: "destructive" });
    await axe(page, "edit dialog with an error");
    await shot(page, "edit-error-1280", { fullPage: false });

    await edit.getByLabel("Title").fill("Welcome to Bloom");
    await edit.getByLabel("Call to action").fill("Start shopping");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToastAndDismiss(page, "Touchpoint Updated", { variant: "success" });
    await expect(edit).toBeHidden();
    await expect(touchpointCards(page).first().locator("h3")).toHaveText("Welcome to Bloom");
    await expect(touchpointCards(page).first()).toContainText("Start shopping");

    await touchpointCards(page).first().getByRole("link", { name: "Delete Welcome to Bloom" }).click();
    const deleteTouchpoint = page.getByRole("dialog", { name: "Delete Touchpoint" });
    await axe(page, "delete touchpoint dialog");
    await deleteTouchpoint.getByRole("button", { name: "Cancel" }).click();
    await expect(deleteTouchpoint).toBeHidden();
    await expect(touchpointCards(page)).toHaveCount(before);
    await touchpointCards(page).first().getByRole("link", { name: "Delete Welcome to Bloom" }).click();
    await deleteTouchpoint.getByRole("button", { name: "Delete Touchpoint" }).click();
    await expectToastAndDismiss(page, "Touchpoint Deleted", { variant: "success" });
    await expect(touchpointCards(page)).toHaveCount(before - 1);
    await expect(touchpointCards(page).first()).toContainText("Step 1");
    await expect(page.getByText("Welcome to Bloom")).toHaveCount(0);

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    const deleteFlow = page.getByRole("dialog", { name: "Delete Flow" });
    await axe(page, "delete flow dialog");
    await shot(page, "delete-flow-1280", { fullPage: false });
    await deleteFlow.getByRole("button", { name: "Delete Flow" }).click();
    await expectToast(page, "Flow Deleted", { variant: "success" });
    await expect(page.getByRole("heading", { name: "Generate Your First Onboarding Flow" })).toBeVisible();
  });

  test("a note nothing in which can be acted on changes nothing, says so with what to try, and keeps the note in the dialog", async ({ page }) => {
    await signedInWithProfile(page);
    await generateByForm(page.request);
    await page.goto("/flow-mappings?type=onboarding&dialog=regenerate");
    await waitForHydration(page);
    const firstTitles = await touchpointCards(page).locator("h3").allTextContents();
    const dialog = page.getByRole("dialog", { name: "Regenerate Flow" });
    const feedback = dialog.getByLabel("Your feedback");
    await feedback.fill("Please make it pop.");
    await dialog.getByRole("button", { name: "Regenerate Flow" }).click();
    await expectToast(page, "Flow Not Changed", { description: "no version was saved", variant: "default" });
    const unchanged = dialog.getByTestId("regenerate-unchanged");
    await expect(unchanged).toContainText("Nothing was changed");
    await expect(unchanged).toContainText("The AI said:");
    await expect(unchanged).toContainText("Try naming one change to the steps");
    await expect(dialog).toBeVisible();
    await expect(feedback).toHaveValue("Please make it pop.");
    await expect(dialog.getByRole("button", { name: "Regenerate Flow" })).toBeEnabled();
    await expect(page.getByTestId("version-count")).toHaveText("0");
    await expect(touchpointCards(page).locator("h3")).toHaveText(firstTitles);
    await expect(page.getByTestId("flow-card")).toContainText("Your note: Please make it pop.");
    await axe(page, "regenerate dialog, nothing changed");
    await dismissToast(page);

    await feedback.fill("Shorter, please.");
    await dialog.getByRole("button", { name: "Regenerate Flow" }).click();
    await expectToast(page, "Flow Regenerated Successfully!", { description: "The previous flow was saved as version 1.", variant: "success" });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("version-count")).toHaveText("1");
  });

  test("the regeneration progress bar on a fake clock: 800 ms ticks below 10, cap 90, 100 on success, reset after 1000 ms", async ({ page }) => {
    // Every random draw is 0.5, so each tick adds exactly 5.
    await page.addInitScript(() => {
      Math.random = () => 0.5;
    });
    await page.clock.install();
    await signedInWithProfile(page);
    await generateByForm(page.request);
    await page.goto("/flow-mappings?type=onboarding&dialog=regenerate");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Regenerate Flow" });
    await dialog.getByLabel("Your feedback").fill("Warmer tone, please.");
    const release = await holdActions(page);
    await page.clock.pauseAt(Date.now() + 60_000);

    await dialog.getByRole("button", { name: "Regenerate Flow" }).click();
    const bar = dialog.getByRole("progressbar", { name: /Regenerating your flow/ });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await page.clock.runFor(799);
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await page.clock.runFor(1);
    await expect(bar).toHaveAttribute("aria-valuenow", "5");
    await page.clock.runFor(800);
    await expect(bar).toHaveAttribute("aria-valuenow", "10");
    await page.clock.runFor(800 * 16);
    await expect(bar).toHaveAttribute("aria-valuenow", "90");
    await page.clock.runFor(800 * 10);
    await expect(bar).toHaveAttribute("aria-valuenow", "90");

    release();
    await expect(dialog.getByRole("progressbar", { name: "Flow regenerated" })).toHaveAttribute("aria-valuenow", "100");
    await expectToast(page, "Flow Regenerated Successfully!");
    await page.clock.runFor(999);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(1);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\?type=onboarding$/);
  });

  test("a free user's premium type: crown, banner, Upgrade and a 402 that opens the upgrade dialog", async ({ page }) => {
    await signedInWithProfile(page);
    await page.goto("/flow-mappings");
    await waitForHydration(page);
    const selector = page.getByRole("navigation", { name: "Flow type" });
    await expect(selector.getByRole("link")).toHaveCount(5);
    await expect(selector.getByRole("link", { name: /Abandoned Cart.*premium/ })).toBeVisible();
    await selector.getByRole("link", { name: /^Abandoned Cart/ }).click();
    await expect(page).toHaveURL(/\?type=abandoned_cart$/);
    const banner = page.getByTestId("premium-banner");
    await expect(banner).toContainText("Premium Flow Type");
    await expect(banner).toContainText("Abandoned Cart flows are available with a premium subscription");
    await axe(page, "premium banner");
    await shot(page, "premium-banner-1280");

    await banner.getByRole("link", { name: "Upgrade" }).click();
    await expect(upgradeDialog(page)).toBeVisible();
    await upgradeDialogRoot(page).getByRole("button", { name: "Maybe Later" }).click();
    await expect(upgradeDialog(page)).toBeHidden();

    // The server refuses the premium generation (402) and the upgrade dialog opens.
    await page.getByRole("button", { name: "Generate Flow" }).click();
    await expect(upgradeDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/type=abandoned_cart&upgrade=1/);
    await expect(page.getByTestId("flow-card")).toHaveCount(0);

    // The type survives a reload and the back button.
    await page.goto("/flow-mappings?type=upsell");
    await expect(page.getByTestId("premium-banner")).toContainText("Upsell flows");
    await page.goBack();
    await expect(page.getByTestId("premium-banner")).toContainText("Abandoned Cart flows");
  });

  test("a premium user generates a premium flow like a free one", async ({ page }) => {
    const user = await signedInWithProfile(page);
    await makePremium(user.email);
    await page.goto("/flow-mappings?type=upsell");
    await waitForHydration(page);
    await expect(page.getByTestId("premium-banner")).toHaveCount(0);
    await page.getByRole("button", { name: "Generate Flow" }).click();
    await expectToast(page, "Flow Generated Successfully!");
    await expect(page.getByTestId("flow-card")).toContainText("Upsell Flow");
  });

  test("'Complete Onboarding Required' without a business profile", async ({ page }) => {
    await signedInWithProfile(page, { onboarding: false });
    await page.goto("/flow-mappings?type=lead_nurture");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bloom & Co Flow mappings");
    const prompt = page.getByTestId("onboarding-required");
    await expect(prompt.getByRole("heading", { name: "Complete Onboarding Required" })).toBeVisible();
    await axe(page, "onboarding required");
    await shot(page, "onboarding-required-1280");
    await prompt.getByRole("link", { name: "Start Onboarding" }).click();
    await expect(page).toHaveURL(/\/onboarding\?step=1$/);
  });

  test("a generation under way shows after a reload and in a second tab, and a second one is refused", async ({ page, context }) => {
    await signedInWithProfile(page);
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
    // Another tab's generation, as the server records it while the generator works.
    const claim = {
      _id: `generate:${me.id}:lead_nurture`,
      userId: me.id,
      flowType: "lead_nurture",
      kind: "generate",
      startedAt: new Date(),
      expiresAt: new Date(Date.now() + 600_000),
    };
    await withDatabase((db) => db.collection<{ _id: string }>("ai_flow_generations").insertOne(claim));

    await page.goto("/flow-mappings?type=lead_nurture");
    await waitForHydration(page);
    await expect(page.getByTestId("generating")).toContainText("Your Lead Nurture flow is being generated");
    await expect(page.getByRole("button", { name: "Generating…" })).toBeDisabled();
    const second = await context.newPage();
    await second.goto("/flow-mappings?type=lead_nurture");
    await expect(second.getByRole("button", { name: "Generating…" })).toBeDisabled();
    const refused = await second.request.post("/flow-mappings?type=lead_nurture", { form: { intent: "generate" }, maxRedirects: 0 });
    expect(refused.status()).toBe(409);

    // When it ends, the open page notices by itself.
    await withDatabase((db) => db.collection<{ _id: string }>("ai_flow_generations").deleteOne({ _id: claim._id }));
    await expect(page.getByRole("button", { name: "Generate Flow" })).toBeEnabled({ timeout: 15_000 });
  });
});

test.describe("flow mappings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every action is a form post: generate, regenerate, versions, compare, roll back, conversation", async ({ page }) => {
    await signedInWithProfile(page);
    await page.goto("/flow-mappings");
    await page.getByRole("button", { name: "Generate Flow" }).click();
    await expectToast(page, "Flow Generated Successfully!");
    await expect(page.getByTestId("flow-card")).toContainText("Onboarding Flow");
    const firstTitles = await touchpointCards(page).locator("h3").allTextContents();

    await page.getByRole("link", { name: "Regenerate" }).click();
    await expect(page).toHaveURL(/dialog=regenerate/);
    const regenerate = page.getByRole("dialog", { name: "Regenerate Flow" });
    await regenerate.getByRole("button", { name: "Regenerate Flow" }).click();
    await expect(regenerate).toContainText("Feedback Required");
    await expect(regenerate).toContainText("Please provide feedback to improve your flow.");
    // A note nothing in which can be acted on: the dialog stays open with the note and says so.
    await regenerate.getByLabel("Your feedback").fill("Please make it pop.");
    await regenerate.getByRole("button", { name: "Regenerate Flow" }).click();
    const unchanged = regenerate.getByTestId("regenerate-unchanged");
    await expect(unchanged).toContainText("Nothing was changed");
    await expect(unchanged).toContainText("no version was saved");
    await expect(unchanged).toContainText("Try naming one change to the steps");
    await expect(regenerate.getByLabel("Your feedback")).toHaveValue("Please make it pop.");
    await expect(touchpointCards(page).locator("h3")).toHaveText(firstTitles);
    await expect(page.getByTestId("version-count")).toHaveText("0");
    await expect(page.getByTestId("flow-card")).toContainText("Your note: Please make it pop.");

    await regenerate.getByLabel("Your feedback").fill("Shorter, please.");
    await regenerate.getByRole("button", { name: "Regenerate Flow" }).click();
    await expectToast(page, "Flow Regenerated Successfully!");
    await expect(page).toHaveURL(/\?type=onboarding$/);
    await expect(page.getByTestId("version-count")).toHaveText("1");

    await page.getByRole("link", { name: /^Versions/ }).click();
    const versions = page.getByRole("dialog", { name: "Flow Version History" });
    await expect(versions.getByTestId("version-row")).toHaveCount(1);
    await versions.getByRole("link", { name: /Compare with current/ }).click();
    await expect(page).toHaveURL(/dialog=compare&version=/);
    const compare = page.getByRole("dialog", { name: "Version 1 compared with current" });
    await expect(compare.getByTestId("compare-row").first()).toBeVisible();
    await compare.getByRole("link", { name: "← Back to versions" }).click();
    await versions.getByRole("button", { name: /Rollback/ }).click();
    await expectToast(page, "Rollback Successful!");
    await expect(touchpointCards(page).locator("h3")).toHaveText(firstTitles);

    await page.getByRole("link", { name: "Conversation" }).click();
    const conversation = page.getByRole("dialog", { name: "Conversation History" });
    await expect(conversation.getByTestId("message")).toHaveCount(5);
    await expect(conversation.getByTestId("message").first()).toContainText("Please make it pop.");
    await conversation.getByRole("link", { name: "Close dialog" }).click();
    await expect(conversation).toHaveCount(0);

    // Switching type is a link.
    await page
      .getByRole("navigation", { name: "Flow type" })
      .getByRole("link", { name: /^Lead Nurture/ })
      .click();
    await expect(page).toHaveURL(/\?type=lead_nurture$/);
    await expect(page.getByRole("heading", { name: "Generate Your First Lead Nurture Flow" })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, "nojs-lead-nurture-375");
  });

  test("edit with a validation error first, delete a touchpoint, delete the flow; premium opens the upgrade dialog", async ({ page }) => {
    await signedInWithProfile(page);
    await generateByForm(page.request);
    await page.goto("/flow-mappings?type=onboarding");
    const before = await touchpointCards(page).count();
    const firstTitle = (await touchpointCards(page).first().locator("h3").textContent()) ?? "";

    await touchpointCards(page)
      .first()
      .getByRole("link", { name: `Edit ${firstTitle}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Touchpoint" });
    await edit.getByLabel("Key messages").fill(" ");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByLabel("Key messages")).toHaveAttribute("aria-invalid", "true");
    await expect(edit).toContainText("All touchpoint fields are required.");
    await edit.getByLabel("Key messages").fill("Thanks for joining; here is how to start.");
    await edit.getByLabel("Amount").fill("0");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Touchpoint Updated");
    await expect(touchpointCards(page).first()).toContainText("Thanks for joining; here is how to start.");

    await touchpointCards(page)
      .first()
      .getByRole("link", { name: /^Delete / })
      .click();
    await page.getByRole("dialog", { name: "Delete Touchpoint" }).getByRole("button", { name: "Delete Touchpoint" }).click();
    await expectToast(page, "Touchpoint Deleted");
    await expect(touchpointCards(page)).toHaveCount(before - 1);

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete Flow" }).getByRole("button", { name: "Delete Flow" }).click();
    await expectToast(page, "Flow Deleted");
    await expect(page.getByRole("heading", { name: "Generate Your First Onboarding Flow" })).toBeVisible();

    await page.goto("/flow-mappings?type=sunset");
    await expect(page.getByTestId("premium-banner")).toContainText("Sunset flows are available with a premium subscription");
    await page.getByRole("button", { name: "Generate Flow" }).click();
    await expect(upgradeDialog(page)).toBeVisible();
  });
});
