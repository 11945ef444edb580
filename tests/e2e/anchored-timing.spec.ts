import { expect, type Page } from "@playwright/test";

import { seedProfile } from "./support/accounts";
import { expectToast, newUser, registerByApi, test, waitForHydration, axeOn } from "./support/app";

/**
 * Editing a step timed from the real event, in the browser, with JavaScript and without: the card
 * and the wait before it name the appointment, the Edit Touchpoint dialog shows the timing as
 * amount, unit, before or after and what it is measured from, refuses what does not add up with
 * the reason at the field, and saves a new timing the card then reads.
 */

interface Touchpoint {
  id: string;
  title: string;
  primaryGoal: string;
  keyMessages: string;
  callToAction: string;
}

/** A signed-in clinic with an onboarding flow whose second step goes 2 hours before the appointment (set through the API). */
async function clinicWithAnchoredStep(page: Page) {
  await registerByApi(page.request, newUser({ companyName: "Derma Clinic" }));
  await seedProfile(page.request, { companyName: "Derma Clinic", communicationChannels: "Email only" });
  const generated = await page.request.post("/api/ai-flows/generate", { data: { flowType: "onboarding", customContext: "" } });
  expect(generated.status(), await generated.text()).toBe(201);
  const flow = (await generated.json()) as { touchpoints: Touchpoint[] };
  const second = flow.touchpoints[1]!;
  const { title, primaryGoal, keyMessages, callToAction } = second;
  const timing = { type: "relative_event", event: "appointment", direction: "before", minutes: 120 };
  const put = await page.request.put(`/api/touchpoints/${second.id}`, { data: { title, primaryGoal, keyMessages, callToAction, timing } });
  expect(put.status(), await put.text()).toBe(200);
  const read = await page.request.get(`/api/touchpoints/${second.id}`);
  expect(((await read.json()) as { timing: unknown }).timing).toEqual(timing);
  return second;
}

function card(page: Page, title: string) {
  return page.getByTestId("touchpoint-card").filter({ has: page.getByRole("heading", { name: title }) });
}

async function editAnchoredStep(page: Page, step: Touchpoint, { hydrated = false } = {}) {
  await page.goto("/flow-mappings?type=onboarding");
  if (hydrated) await waitForHydration(page);
  await expect(card(page, step.title)).toContainText("2 hours before the appointment");
  await expect(page.getByTestId("anchor-card").first()).toContainText("Then, 2 hours before the appointment");

  await card(page, step.title)
    .getByRole("link", { name: `Edit ${step.title}` })
    .click();
  const edit = page.getByRole("dialog", { name: "Edit Touchpoint" });
  await expect(edit.getByTestId("timing-now")).toContainText("Now: 2 hours before the appointment.");
  await expect(edit.getByLabel("Amount")).toHaveValue("2");
  await expect(edit.getByLabel("Unit")).toHaveValue("hours");
  await expect(edit.getByLabel("Before or after")).toHaveValue("before");
  await expect(edit.getByLabel("Measured from")).toHaveValue("appointment");

  // Before the trigger cannot be: the reason is at the field, nothing is saved.
  await edit.getByLabel("Measured from").selectOption("trigger");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toContainText("A step cannot go before the trigger");
  await expect(edit.getByLabel("Before or after")).toHaveAttribute("aria-invalid", "true");
  return edit;
}

test.describe("a step timed from the appointment, with JavaScript", () => {
  test("shows it, refuses a timing before the trigger, and saves 3 days after the appointment", async ({ page }) => {
    const step = await clinicWithAnchoredStep(page);
    const edit = await editAnchoredStep(page, step, { hydrated: true });
    const results = await axeOn(page).include("[data-testid=edit-dialog]").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    await edit.getByLabel("Measured from").selectOption("appointment");
    await edit.getByLabel("Amount").fill("3");
    await edit.getByLabel("Unit").selectOption("days");
    await edit.getByLabel("Before or after").selectOption("after");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Touchpoint Updated");
    await expect(edit).toBeHidden();
    await expect(card(page, step.title)).toContainText("3 days after the appointment");
  });
});

test.describe("a step timed from the appointment, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same dialog is a form post: the refusal in the page, then the evening before at 18:00", async ({ page }) => {
    const step = await clinicWithAnchoredStep(page);
    const edit = await editAnchoredStep(page, step);
    await edit.getByLabel("Measured from").selectOption("appointment");
    await edit.getByLabel("Amount").fill("1");
    await edit.getByLabel("Unit").selectOption("days");
    await edit.getByLabel("Before or after").selectOption("before");
    await edit.getByLabel("Time of day (optional)").fill("18:00");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Touchpoint Updated");
    await expect(card(page, step.title)).toContainText("1 day before the appointment at 18:00");
  });
});
