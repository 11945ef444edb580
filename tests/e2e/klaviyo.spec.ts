import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { TEXT_FIELDS } from "../../app/lib/questionnaire/fields";
import { type KlaviyoStandIn, startKlaviyoStandIn } from "../support/klaviyo-stand-in";
import { expectToast, newUser, registerByApi, test as base, waitForHydration, axeOn } from "./support/app";
import { workerPorts } from "./support/server";
import { threeFlows } from "../support/klaviyo-accounts";
import { grantPremium } from "./support/accounts";

/**
 * Klaviyo in the browser, with JavaScript on and off: connecting a private key on User Settings
 * (a wrong key first), then sending a flow from the flow screen as a draft; and the import of the
 * account's flows that connecting starts, its mapping corrected, and the dashboard card's figures
 * from Klaviyo; and the premium scorecard on those figures: the flow types the account lacks first,
 * one sent as a draft from there, and a flow that trails its peers opened for regeneration with a
 * suggested note. Against the loopback stand-in Klaviyo, which checks every request against
 * Klaviyo's published documents.
 */

const test = base.extend<object, { klaviyo: KlaviyoStandIn }>({
  klaviyo: [
    async ({}, use, workerInfo) => {
      const standIn = await startKlaviyoStandIn({ port: workerPorts(workerInfo.parallelIndex).klaviyo });
      try {
        await use(standIn);
      } finally {
        await standIn.close();
      }
    },
    { scope: "worker" },
  ],
});

async function userWithFlow(request: APIRequestContext) {
  const user = await registerByApi(request, newUser({ companyName: "Harbor Coffee" }));
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `Harbor Coffee: ${field}`]));
  const onboarded = await request.post("/api/onboarding", {
    data: {
      ...texts,
      companyName: "Harbor Coffee",
      companyWebsite: "https://harbor-coffee.example",
      businessType: "eCommerce",
      industry: "Food & Beverage",
      communicationChannels: "Email + SMS",
    },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(201);
  const generated = await request.post("/api/ai-flows/generate", { data: { flowType: "onboarding" } });
  expect(generated.status(), await generated.text()).toBe(201);
  return { user, flow: (await generated.json()) as { id: string; touchpoints: Array<{ stepType: string }> } };
}

/** No serious accessibility problem (axe runs only with JavaScript on: it hangs without). */
async function axe(page: Page, javaScriptEnabled: boolean, context: string) {
  if (!javaScriptEnabled) return;
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    context,
  ).toEqual([]);
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";

  test.describe(`Klaviyo with JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("connect a key on User Settings, then send a flow from the flow screen as a draft", async ({ page, klaviyo }) => {
      test.setTimeout(90_000);
      const key = `pk_e2e_${mode}_${Date.now().toString(36)}0123456789`;
      klaviyo.addKey(key);
      const flowsBefore = klaviyo.flows.size;
      const { flow } = await userWithFlow(page.request);

      await open(page, "/user-settings", javaScriptEnabled);
      const section = page.getByTestId("klaviyo-section");
      await expect(section.getByRole("heading", { name: "Klaviyo" })).toBeVisible();
      await expect(section).toContainText("flows:write");

      // A key Klaviyo does not know: told so on the form, nothing stored, the key not shown back.
      await section.getByLabel("Private API key", { exact: true }).fill("pk_unknown_0123456789abcdef");
      await section.getByRole("button", { name: "Connect Klaviyo" }).click();
      await expect(section.getByText(/Klaviyo did not accept this key/).first()).toBeVisible();
      // The server never sends the key back: a reloaded page (no JavaScript) shows the field empty;
      // with JavaScript the field keeps what was typed, so a typo can be fixed.
      if (!javaScriptEnabled) await expect(section.getByLabel("Private API key", { exact: true })).toHaveValue("");
      await section.getByLabel("Private API key", { exact: true }).fill("");

      await section.getByLabel("Private API key", { exact: true }).fill(key);
      await section.getByRole("button", { name: "Connect Klaviyo" }).click();
      await expectToast(page, "Klaviyo connected", { variant: "success" });
      // Connecting imports the account's flows and shows them; the account is on User Settings.
      await expect(page).toHaveURL(/\/klaviyo-flows$/);
      await open(page, "/user-settings", javaScriptEnabled);
      await expect(page.getByTestId("klaviyo-account")).toContainText("Newsletter");
      await expect(page.getByTestId("klaviyo-account")).toContainText(`pk_…${key.slice(-4)}`);
      await axe(page, javaScriptEnabled, "user settings, Klaviyo connected");
      expect(await page.content()).not.toContain(key);

      // From the flow screen to the send page.
      await open(page, "/flow-mappings?type=onboarding", javaScriptEnabled);
      await page.getByTestId("send-to-klaviyo-link").click();
      await expect(page).toHaveURL(new RegExp(`/send-to-klaviyo/${flow.id}$`));
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Send to Klaviyo", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Trigger")).toHaveValue("list:LstNews1");
      await expect(page.getByTestId("klaviyo-outline-note")).toContainText("Every step will arrive as an outline");

      await page.getByTestId("send-to-klaviyo").click();
      await expectToast(page, "Sent to Klaviyo as a draft", { variant: "success" });
      const latest = page.getByTestId("klaviyo-latest-send");
      await expect(latest).toContainText("Sent as a draft on");
      const created = [...klaviyo.flows.keys()].at(-1)!;
      expect(klaviyo.flows.size).toBe(flowsBefore + 1);
      await expect(latest.getByRole("link", { name: "Open it in Klaviyo" })).toHaveAttribute("href", `https://www.klaviyo.com/flow/${created}/edit`);
      await expect(latest).toContainText("nothing sends until you set the messages live in Klaviyo");
      await expect(page.getByTestId("send-to-klaviyo")).toHaveText(/Send again as a new draft/);
      await axe(page, javaScriptEnabled, "send to Klaviyo, after a send");

      // Every request the app made matched Klaviyo's published contract, and made drafts only.
      expect(klaviyo.violations).toEqual([]);
      const definition = (klaviyo.flows.get(created) as { definition: { actions: Array<{ type: string; data: { status?: string } }> } }).definition;
      expect(definition.actions.filter((a) => a.type !== "time-delay").every((a) => a.data.status === "draft")).toBe(true);

      // Disconnect: the send page then asks to connect first.
      await open(page, "/user-settings", javaScriptEnabled);
      await page.getByRole("button", { name: "Disconnect Klaviyo" }).click();
      await expectToast(page, "Klaviyo disconnected");
      await open(page, `/send-to-klaviyo/${flow.id}`, javaScriptEnabled);
      await expect(page.getByRole("link", { name: "Connect Klaviyo" })).toBeVisible();
    });

    test("connecting imports the account's flows; the mapping is corrected and the card shows where its figures come from", async ({ page, klaviyo }) => {
      test.setTimeout(90_000);
      klaviyo.account.flows = threeFlows();
      const key = `pk_import_${mode}_${Date.now().toString(36)}0123456789`;
      klaviyo.addKey(key);
      await userWithFlow(page.request);

      await open(page, "/user-settings", javaScriptEnabled);
      const section = page.getByTestId("klaviyo-section");
      await expect(section).toContainText("flows:read");
      await section.getByLabel("Private API key", { exact: true }).fill(key);
      await section.getByRole("button", { name: "Connect Klaviyo" }).click();
      await expectToast(page, "Klaviyo connected", { variant: "success" });
      await expect(page).toHaveURL(/\/klaviyo-flows$/);
      if (javaScriptEnabled) await waitForHydration(page);

      const welcome = page.getByLabel("Welcome Series counts as");
      const postPurchase = page.getByLabel("Post-Purchase Thank You counts as");
      await expect(welcome).toHaveValue("match");
      await expect(welcome.locator("option:checked")).toHaveText(/Onboarding \(Flowmap's match/);
      await expect(page.getByLabel("Abandoned Checkout counts as").locator("option:checked")).toHaveText(/Abandoned Cart/);
      await axe(page, javaScriptEnabled, "Klaviyo flows");

      await welcome.selectOption("lead_nurture");
      await postPurchase.selectOption("none");
      await page.getByTestId("klaviyo-save-mapping").click();
      await expectToast(page, "Mapping saved", { variant: "success" });
      await expect(page.getByLabel("Welcome Series counts as")).toHaveValue("lead_nurture");
      await expect(page.getByLabel("Post-Purchase Thank You counts as")).toHaveValue("none");
      await expect(page.getByTestId("klaviyo-figures")).toContainText("Upsell: no flow of this type in your account");

      // The dashboard's Lead Nurture section (open by default) now carries the welcome flow's figures.
      await open(page, "/dashboard", javaScriptEnabled);
      await expect(page.getByTestId("benchmark-source-lead_nurture")).toContainText("From Klaviyo · last 90 days · 1 flow · updated");
      await expect(page.getByTestId("benchmark-section-lead_nurture").getByRole("spinbutton", { name: /Open Rate/ })).toHaveAttribute("placeholder", "51.11");
      expect(klaviyo.violations).toEqual([]);
    });

    test("the scorecard lists what the account lacks first, sends one as a draft, and opens a trailing flow's regeneration with a note", async ({ page, klaviyo }) => {
      test.setTimeout(90_000);
      klaviyo.account.flows = threeFlows();
      const key = `pk_score_${mode}_${Date.now().toString(36)}0123456789`;
      klaviyo.addKey(key);
      const { user } = await userWithFlow(page.request);
      await grantPremium(user.email);
      // A welcome click rate well under any peer median, typed over Klaviyo's.
      const typed = await page.request.post("/api/user-metrics", { data: { flowType: "onboarding", clickRate: 50 } });
      expect(typed.status(), await typed.text()).toBe(200);
      const connected = await page.request.put("/api/integrations/klaviyo", { data: { apiKey: key } });
      expect(connected.status(), await connected.text()).toBe(200);
      const flowsBefore = klaviyo.flows.size;

      await open(page, "/dashboard", javaScriptEnabled);
      const card = page.getByTestId("scorecard-card");
      const gaps = card.getByTestId("scorecard-klaviyo-gaps");
      // The account's three flows count as onboarding, abandoned cart and upsell: lead nurture and sunset are lacking.
      await expect(gaps.getByTestId("klaviyo-gap")).toHaveCount(2);
      await expect(gaps.locator("[data-flow-type=lead_nurture]")).toContainText("No Lead Nurture flow in Klaviyo");
      await expect(gaps.locator("[data-flow-type=sunset]").getByTestId("klaviyo-gap-stake")).toContainText("At stake:");
      // They come before the score itself.
      const gapsBox = await gaps.boundingBox();
      const scoreBox = await card.getByTestId("overall-score").boundingBox();
      expect(gapsBox!.y).toBeLessThan(scoreBox!.y);
      await axe(page, javaScriptEnabled, "Scorecard with Klaviyo gaps");

      await gaps.getByRole("button", { name: "Generate Sunset and send to Klaviyo as a draft" }).click();
      await expectToast(page, "Sent to Klaviyo as a draft", { variant: "success" });
      await expect(page).toHaveURL(/\/send-to-klaviyo\//);
      expect(klaviyo.flows.size).toBe(flowsBefore + 1);

      // The welcome flow trails on click rate: its link opens the regenerate dialog with a note naming it.
      await open(page, "/dashboard", javaScriptEnabled);
      const suggestion = page.getByTestId("regenerate-suggestion-onboarding");
      await expect(suggestion).toContainText("click rate");
      await suggestion.click();
      await expect(page).toHaveURL(/dialog=regenerate/);
      if (javaScriptEnabled) await waitForHydration(page);
      const note = page.getByTestId("regenerate-dialog").getByLabel("Your feedback");
      await expect(note).toHaveValue(/Click Rate 0\.5% is \d+% below the median/);
      await expect(note).toHaveValue(/make the button clearer and lead with one offer/);
      expect(klaviyo.violations).toEqual([]);
    });
  });
}
