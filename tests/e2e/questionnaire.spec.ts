import { expect, type Page } from "@playwright/test";

import { GENERAL_FIELDS, ONBOARDING_FIELDS } from "../../app/lib/questionnaire/fields";
import { QUESTIONS } from "../../app/lib/questionnaire/questions";
import { expectToast, newUser, registerByApi, test, uniqueEmail, waitForHydration, axeOn } from "./support/app";

/**
 * The public questionnaire's journeys: the service/retail
 * manual path, AI Quick Pass, the B2B waitlist, the back rules, the draft across a reload, a
 * taken email, and the manual path again with JavaScript off.
 */

const VALIDATION = "Please fill in all required fields before continuing.";
const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";

/** A control by its label; required questions add a ' *' (hidden from assistive technology) to theirs. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));
}

async function expectStep(page: Page, step: number, position: number, total: number, percent: number) {
  // Step 1 is also the plain /questionnaire.
  await expect(page).toHaveURL(new RegExp(step === 1 ? "/questionnaire(\\?step=1)?$" : `/questionnaire\\?step=${step}$`));
  await expect(page.getByTestId("step-indicator")).toHaveText(`Step ${position} of ${total}`);
  await expect(page.getByTestId("percent-complete")).toHaveText(`${percent}% complete`);
  await expect(page.getByRole("progressbar", { name: "Questionnaire progress" })).toHaveAttribute("aria-valuenow", String(percent));
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Next" }).click();
}

async function back(page: Page) {
  await page.getByRole("button", { name: "Back" }).click();
}

async function answerStep1(page: Page, businessType: string, industry: string) {
  await page.getByRole("radio", { name: businessType }).check();
  await field(page, "Industry").selectOption(industry);
}

async function answerStep2(page: Page) {
  await page.getByRole("checkbox", { name: "Short (0-4 days)" }).check();
  await page.getByRole("checkbox", { name: "Medium (5-14 days)" }).check();
  await page.getByRole("checkbox", { name: "Regular (Weekly)" }).check();
  await page.getByRole("checkbox", { name: "Event-driven with holiday rushes and special occasions" }).check();
  await page.getByRole("radio", { name: "Considered (1-7 days)" }).check();
}

async function answerStep3(page: Page) {
  await page.getByRole("radio", { name: "Email + SMS" }).check();
  await page.getByRole("radio", { name: "Known category with service innovation" }).check();
  await page.getByRole("radio", { name: "Service and product combinations" }).check();
}

async function answerTexts(page: Page, fields: readonly (keyof typeof QUESTIONS)[]) {
  for (const name of fields) await field(page, QUESTIONS[name].label).fill(`Our answer about ${name}`);
}

async function createAccount(page: Page, user: { companyName: string; firstName: string; lastName: string; email: string; password: string }) {
  await field(page, "Company name").fill(user.companyName);
  await field(page, "First name").fill(user.firstName);
  await field(page, "Last name").fill(user.lastName);
  await field(page, "Email").fill(user.email);
  await field(page, "Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** A marker on window that only survives client-side navigation: a full page load wipes it. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
}

test.describe("questionnaire with JavaScript", () => {
  test("B2C Service/Retail, manual: from the landing page, then every step to the dashboard without a page load", async ({ page }) => {
    const user = newUser({ email: uniqueEmail("manual"), password: "long-enough-123" });
    // The landing page loads no script: its link is a whole page load, into the app.
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Start Free Assessment" }).click();
    await expectStep(page, 1, 1, 6, 17);
    await waitForHydration(page);
    await markDocument(page);

    // Nothing chosen: the step stays, says why and puts the focus on the first problem.
    await next(page);
    await expectToast(page, "Validation Error", { description: VALIDATION, variant: "destructive" });
    const businessTypes = page.getByRole("group", { name: "Business type" });
    await expect(businessTypes).toContainText("This field is required");
    await expect(businessTypes.getByRole("radio").first()).toBeFocused();
    await expect(field(page, "Industry")).toHaveAttribute("aria-invalid", "true");

    // Choosing the business type updates the path shown in the header at once.
    await answerStep1(page, "B2C Service/Retail", "Fitness");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 7");
    await next(page);
    await expectStep(page, 2, 2, 7, 29);
    await expectToast(page, "Progress Saved");

    await answerStep2(page);
    await next(page);
    await expectStep(page, 3, 3, 7, 43);
    await answerStep3(page);
    await next(page);
    await expectStep(page, 4, 4, 7, 57);

    await expect(page.getByText("About 10 minutes")).toBeVisible();
    await expect(page.getByText("About 2 minutes")).toBeVisible();
    await page.getByRole("radio", { name: /Manual/ }).check();
    await expect(field(page, "Your website address")).toBeHidden();
    await next(page);
    await expectStep(page, 5, 5, 7, 71);
    await answerTexts(page, GENERAL_FIELDS);
    await next(page);
    await expectStep(page, 6, 6, 7, 86);
    await answerTexts(page, ONBOARDING_FIELDS);
    // The lead nurture questions are optional; one answered here is kept.
    await page.locator("summary", { hasText: "Lead nurture" }).click();
    await field(page, QUESTIONS.leadNurtureGoal.label).fill("Book a free trial class");
    await next(page);
    await expectStep(page, 7, 7, 7, 100);
    await expectSameDocument(page);

    await createAccount(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Success!", { variant: "success" });
    await expect(page.getByRole("heading", { name: "Scorecards", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(user.firstName);
    await expectSameDocument(page);

    // The answers were saved with the account.
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      email: user.email,
      companyName: user.companyName,
      completionMethod: "manual",
      onboardingResponse: { companyName: user.companyName, businessType: "B2C Service/Retail", industry: "Fitness", communicationChannels: "Email + SMS" },
    });
    // A signed-in user is sent on from the questionnaire.
    await page.goto("/questionnaire");
    await expect(page).toHaveURL(/\/onboarding\/answers$/);
  });

  test("AI Quick Pass: step 4 jumps to the account step", async ({ page }) => {
    const user = newUser({ email: uniqueEmail("ai"), password: "long-enough-123" });
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await answerStep1(page, "eCommerce", "E-commerce & Retail");
    await next(page);
    await expectStep(page, 3, 2, 6, 33);
    await answerStep3(page);
    await next(page);
    await expectStep(page, 4, 3, 6, 50);

    await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 4");
    const website = field(page, "Your website address");
    await expect(website).toBeVisible();
    await next(page);
    await expectToast(page, "Validation Error", { description: VALIDATION });
    await expect(page.getByText("Website URL is required for AI research")).toBeVisible();
    await expect(website).toBeFocused();
    await website.fill("not a website");
    await next(page);
    await expect(page.getByText("Please enter a valid website URL (e.g., https://www.yourcompany.com)")).toBeVisible();
    await website.fill("https://www.pulse-studio.example");
    await next(page);
    await expectStep(page, 7, 4, 4, 100);

    await createAccount(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Success!");
    const me = await (await page.request.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: user.email, completionMethod: "ai", researchWebsiteUrl: "https://www.pulse-studio.example", aiResearchCompleted: false });
  });

  test("B2B: step 1 goes to the waitlist at 20%, which thanks every sign-up and goes home", async ({ page, browser }) => {
    const email = uniqueEmail("b2b");
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await answerStep1(page, "B2B (Business-to-Business)", "B2B Services");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 2");
    await expect(page.getByTestId("percent-complete")).toHaveText("20% complete");
    await next(page);
    await expectStep(page, 9, 2, 2, 100);
    await expect(page.getByRole("heading", { name: "Join the B2B waitlist" })).toBeVisible();
    // Pre-filled from step 1.
    await expect(field(page, "Business type")).toHaveValue("B2B (Business-to-Business)");
    await expect(field(page, "Industry")).toHaveValue("B2B Services");

    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expectToast(page, "Validation Error", { description: VALIDATION });
    await expect(field(page, "First name")).toBeFocused();
    await field(page, "First name").fill("Grace");
    await field(page, "Last name").fill("Hopper");
    await field(page, "Email").fill("grace@");
    await field(page, "Company name").fill("Compilers Inc");
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Thank you!", { description: "B2B waitlist", variant: "success" });
    await expect(page.getByRole("banner").getByRole("link", { name: "Start Free Assessment" })).toBeVisible();

    // The same email again, from another browser: no second entry, the same thanks.
    const other = await browser.newPage();
    await other.goto("/questionnaire?step=9");
    await waitForHydration(other);
    await field(other, "First name").fill("Grace");
    await field(other, "Last name").fill("Hopper");
    await field(other, "Email").fill(email.toUpperCase());
    await field(other, "Company name").fill("Compilers Inc");
    await field(other, "Business type").selectOption("B2B (Business-to-Business)");
    await field(other, "Industry").selectOption("B2B Services");
    await other.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(other).toHaveURL(/\/$/);
    await expectToast(other, "Thank you!");
    await other.close();
  });

  test("a thanks that arrives with the whole landing page (which loads no script) fades out by itself", async ({ page }) => {
    await page.goto("/questionnaire?step=9");
    await waitForHydration(page);
    await field(page, "First name").fill("Ada");
    await field(page, "Last name").fill("Lovelace");
    await field(page, "Email").fill(uniqueEmail("b2b-document"));
    await field(page, "Company name").fill("Engines Ltd");
    await field(page, "Business type").selectOption("B2B (Business-to-Business)");
    await field(page, "Industry").selectOption("B2B Services");
    // A plain form post, as a browser sends it without the app's scripts: the answer is a whole
    // document, the visitor's landing page.
    await Promise.all([
      page.waitForURL(/\/$/),
      page.getByRole("button", { name: "Join Waitlist" }).evaluate((button: HTMLButtonElement) => {
        // form.submit() sends no submitter: the button's own name and value go in as a field.
        const intent = Object.assign(document.createElement("input"), { type: "hidden", name: button.name, value: button.value });
        button.form!.append(intent);
        button.form!.submit();
      }),
    ]);
    expect(await page.locator("script").count()).toBe(0);
    const toast = await expectToast(page, "Thank you!", { description: "B2B waitlist", variant: "success" });
    // Nothing could run its close button, so it is hidden and the toast leaves by itself.
    await expect(toast.getByRole("button")).toBeHidden();
    await expect(toast).toHaveCSS("animation-name", "toast-hide");
  });

  test("back: 3 → 1 for other types, 3 → 2 for service/retail, 7 → 4 with AI, 7 → 6 when manual, 9 → 1; answers kept", async ({ page }) => {
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await answerStep1(page, "Other", "Education");
    await next(page);
    await expectStep(page, 3, 2, 6, 33);
    // Back needs nothing filled in.
    await back(page);
    await expectStep(page, 1, 1, 6, 17);
    await expect(page.getByRole("radio", { name: "Other", exact: true })).toBeChecked();
    await expect(field(page, "Industry")).toHaveValue("Education");
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);

    await answerStep1(page, "B2C Service/Retail", "Fitness");
    await next(page);
    await answerStep2(page);
    await next(page);
    await expectStep(page, 3, 3, 7, 43);
    await back(page);
    await expectStep(page, 2, 2, 7, 29);
    await expect(page.getByRole("checkbox", { name: "Medium (5-14 days)" })).toBeChecked();
    await next(page);
    await answerStep3(page);
    await next(page);
    await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
    await field(page, "Your website address").fill("pulse.example.com");
    await next(page);
    await expectStep(page, 7, 5, 5, 100);
    await field(page, "First name").fill("Ada");
    await back(page);
    await expectStep(page, 4, 4, 5, 80);
    await expect(page.getByRole("radio", { name: /AI Quick Pass/ })).toBeChecked();
    await page.getByRole("radio", { name: /Manual/ }).check();
    await next(page);
    await expectStep(page, 5, 5, 7, 71);
    await page.goto("/questionnaire?step=7");
    await expect(field(page, "First name")).toHaveValue("Ada");
    await back(page);
    await expectStep(page, 6, 6, 7, 86);

    await page.goto("/questionnaire?step=9");
    await waitForHydration(page);
    await back(page);
    await expectStep(page, 1, 1, 7, 14);
  });

  test("the draft survives a reload and a return visit; another browser starts afresh", async ({ page, browser }) => {
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await answerStep1(page, "B2C Subscription", "Media & Content");
    await next(page);
    await expectToast(page, "Progress Saved", { variant: "success" });
    await expectStep(page, 3, 2, 6, 33);
    await page.getByRole("radio", { name: "Email only" }).check();

    await page.reload();
    await expectStep(page, 3, 2, 6, 33);
    await page.goto("/questionnaire?step=1");
    await expect(page.getByRole("radio", { name: "B2C Subscription" })).toBeChecked();
    await expect(field(page, "Industry")).toHaveValue("Media & Content");
    // Without ?step the visitor resumes where the draft says.
    await page.goto("/questionnaire");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 6");
    await expect(page.getByRole("heading", { name: "Communication and business assessment" })).toBeVisible();

    const draft = await (await page.request.get("/api/questionnaire/draft")).json();
    expect(draft).toEqual({ answers: { businessType: "B2C Subscription", industry: "Media & Content" }, step: 3 });

    const stranger = await browser.newPage();
    await stranger.goto("/questionnaire");
    await expect(stranger.getByTestId("step-indicator")).toHaveText("Step 1 of 6");
    await expect(stranger.getByRole("radio", { name: "B2C Subscription" })).not.toBeChecked();
    await stranger.close();
  });

  test("a taken email is refused on the email field and every answer stays", async ({ page }) => {
    // Someone already has this email (registering signs this browser in, so it signs out again).
    const existing = await registerByApi(page.request, newUser({ email: uniqueEmail("taken") }));
    await page.context().clearCookies();
    await page.goto("/questionnaire");
    await waitForHydration(page);
    await answerStep1(page, "eCommerce", "Fitness");
    await next(page);
    await answerStep3(page);
    await next(page);
    await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
    await field(page, "Your website address").fill("https://shop.example.com");
    await next(page);
    await expectStep(page, 7, 4, 4, 100);

    const mine = newUser({ email: existing.email, password: "long-enough-123" });
    await createAccount(page, mine);
    const email = field(page, "Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(EMAIL_TAKEN).first()).toBeVisible();
    await expect(email).toBeFocused();
    await expect(page).toHaveURL(/step=7$/);
    await expect(field(page, "Company name")).toHaveValue(mine.companyName);
    await expect(field(page, "First name")).toHaveValue(mine.firstName);

    // Everything is still there after a reload too (not the password).
    await page.reload();
    await expect(field(page, "Email")).toHaveValue(mine.email);
    await expect(field(page, "Password")).toHaveValue("");
    await page.goto("/questionnaire?step=4");
    await expect(field(page, "Your website address")).toHaveValue("https://shop.example.com");
    await page.goto("/questionnaire?step=7");
    await waitForHydration(page);
    await field(page, "Email").fill(uniqueEmail("fresh"));
    await field(page, "Password").fill(mine.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("is accessible and fits a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const step of [1, 2, 4, 6, 7, 9]) {
      await page.goto(`/questionnaire?step=${step}`);
      await waitForHydration(page);
      if (step === 4) await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
      if (step === 6) await page.locator("summary", { hasText: "Lead nurture" }).click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `step ${step} scrolls sideways`).toBeLessThanOrEqual(0);
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      const results = await axeOn(page).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `step ${step} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    // With errors showing, too.
    await page.goto("/questionnaire?step=5");
    await waitForHydration(page);
    await next(page);
    await expect(page.getByText("This field is required").first()).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});

test.describe("questionnaire without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the manual path works with plain form posts, from step 1 to the dashboard", async ({ page }) => {
    const user = newUser({ email: uniqueEmail("nojs"), password: "long-enough-123" });
    await page.goto("/questionnaire");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 6");

    // The server validates: the messages come back in the page, focus on the first problem.
    await next(page);
    // The banner at the form, and the same toast a browser with JavaScript shows.
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: VALIDATION })).toBeVisible();
    await expectToast(page, "Validation Error", { description: VALIDATION, variant: "destructive" });
    await expect(page.getByRole("group", { name: "Business type" })).toContainText("This field is required");
    await expect(page.getByRole("radio", { name: "B2B (Business-to-Business)" })).toBeFocused();

    await answerStep1(page, "B2C Service/Retail", "Healthcare & Wellness");
    await next(page);
    await expectStep(page, 2, 2, 7, 29);
    // The flash toast is rendered by the server.
    await expectToast(page, "Progress Saved");
    await answerStep2(page);
    await next(page);
    await expectStep(page, 3, 3, 7, 43);
    await back(page);
    await expectStep(page, 2, 2, 7, 29);
    await expect(page.getByRole("checkbox", { name: "Short (0-4 days)" })).toBeChecked();
    await next(page);
    await answerStep3(page);
    await next(page);
    await expectStep(page, 4, 4, 7, 57);
    await page.getByRole("radio", { name: /Manual/ }).check();
    await next(page);
    await expectStep(page, 5, 5, 7, 71);
    await answerTexts(page, GENERAL_FIELDS.slice(0, 11));
    await next(page);
    // One answer missing: refused, and everything typed is still there.
    await expect(page).toHaveURL(/step=5$/);
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: VALIDATION })).toBeVisible();
    await expect(field(page, QUESTIONS.purchaseMethod.label)).toBeFocused();
    await expect(field(page, QUESTIONS.companyWebsite.label)).toHaveValue("Our answer about companyWebsite");
    await answerTexts(page, GENERAL_FIELDS.slice(11));
    await next(page);
    await expectStep(page, 6, 6, 7, 86);
    await answerTexts(page, ONBOARDING_FIELDS);
    await next(page);
    await expectStep(page, 7, 7, 7, 100);
    await createAccount(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Success!");
    const me = await (await page.request.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: user.email, onboardingResponse: { businessType: "B2C Service/Retail", industry: "Healthcare & Wellness" } });
  });

  test("the website field of AI Quick Pass appears without JavaScript too", async ({ page }) => {
    await page.goto("/questionnaire?step=4");
    await expect(field(page, "Your website address")).toBeHidden();
    await page.getByRole("radio", { name: /AI Quick Pass/ }).check();
    await expect(field(page, "Your website address")).toBeVisible();
  });
});
